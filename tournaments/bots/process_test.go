//go:build unix

package bots

import (
	"context"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/openroom/openroom/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBotProcessCrashingIsRestartedThenGivenUp(t *testing.T) {
	t.Setenv(botModeEnv, "crash")
	spec := Spec{Name: "crasher", Kind: KindCommand, Command: []string{os.Args[0], "{port}"}}
	var log syncBuf
	p := Start(context.Background(), spec, engine.East, "A", "127.0.0.1", "1", ProcessOptions{Restarts: 2, Backoff: time.Millisecond, Logf: log.logf})
	waitClosed(t, p.GaveUp(), "give-up")
	waitClosed(t, p.Done(), "supervisor end")
	assert.Equal(t, 3, p.Starts(), "the first start and two restarts")
	require.Error(t, p.Err())
	assert.Contains(t, p.Err().Error(), `bot "crasher" at East failed 3 times`)
	assert.Contains(t, p.Err().Error(), "exit status 1")
	assert.Contains(t, log.String(), "failure 3 of 3 allowed")
}

func TestBotProcessCommandNotFound(t *testing.T) {
	t.Parallel()
	spec := Spec{Name: "ghost", Kind: KindCommand, Command: []string{"/nonexistent/bot-binary", "{port}"}}
	p := Start(context.Background(), spec, engine.North, "A", "h", "1", ProcessOptions{Restarts: 1, Backoff: time.Millisecond})
	waitClosed(t, p.GaveUp(), "give-up")
	require.Error(t, p.Err())
	assert.Contains(t, p.Err().Error(), "start /nonexistent/bot-binary")
	assert.Equal(t, 2, p.Starts())
}

func TestBotProcessGetsOnlyItsCommandLineAndIsStopped(t *testing.T) {
	t.Setenv(botModeEnv, "dump")
	dump := t.TempDir() + "/args"
	spec := Spec{Name: "dumper", Kind: KindCommand, Command: []string{os.Args[0], dump, "--host={host}", "{port}", "{seat}", "{name}"}}
	ctx, cancel := context.WithCancel(context.Background())
	p := Start(ctx, spec, engine.West, "Team B", "127.0.0.1", "4567", ProcessOptions{Restarts: 1, ReturnGrace: time.Millisecond})
	var got []byte
	require.Eventually(t, func() bool {
		b, err := os.ReadFile(dump)
		got = b
		return err == nil && len(b) > 0
	}, 10*time.Second, 5*time.Millisecond)
	assert.Equal(t, strings.Join([]string{dump, "--host=127.0.0.1", "4567", "West", "Team B"}, "\n"), string(got))
	assert.Equal(t, []string{os.Args[0], dump, "--host=127.0.0.1", "4567", "West", "Team B"}, p.argv)

	// The seat is lost and not taken again: the process is stopped and
	// started again.
	require.NoError(t, os.Remove(dump))
	p.SeatLost()
	require.Eventually(t, func() bool { _, err := os.Stat(dump); return err == nil }, 10*time.Second, 5*time.Millisecond)
	assert.Equal(t, 2, p.Starts())

	cancel()
	waitClosed(t, p.Done(), "supervisor end")
	select {
	case <-p.GaveUp():
		t.Fatal("a bot stopped by its table is not given up")
	default:
	}
}

// A bot that reconnects by itself within the grace is left running; one
// that stays away is restarted.
func TestBotProcessBackAtTheTableIsLeftRunning(t *testing.T) {
	t.Setenv(botModeEnv, "sleep")
	spec := Spec{Name: "returner", Kind: KindCommand, Command: []string{os.Args[0]}}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var log syncBuf
	p := Start(ctx, spec, engine.North, "A", "h", "1", ProcessOptions{Restarts: 1, ReturnGrace: 20 * time.Millisecond, Logf: log.logf})
	require.Eventually(t, func() bool { return strings.Contains(log.String(), "started, pid") }, 10*time.Second, 5*time.Millisecond)

	p.SeatLost()
	p.SeatReady()
	require.Eventually(t, func() bool { return strings.Contains(log.String(), "left running") }, 10*time.Second, 5*time.Millisecond)
	assert.Equal(t, 1, p.Starts(), "a bot back at the table is not restarted")

	p.SeatLost()
	require.Eventually(t, func() bool { return p.Starts() == 2 }, 10*time.Second, 5*time.Millisecond)
	assert.Contains(t, log.String(), "stopped after the table lost its seat")
	assert.Equal(t, 1, strings.Count(log.String(), "left running"))

	cancel()
	waitClosed(t, p.Done(), "supervisor end")
}

func TestBotProcessKilledOnExit(t *testing.T) {
	t.Setenv(botModeEnv, "sleep")
	spec := Spec{Name: "sleeper", Kind: KindCommand, Command: []string{os.Args[0]}}
	ctx, cancel := context.WithCancel(context.Background())
	var log syncBuf
	p := Start(ctx, spec, engine.South, "A", "h", "1", ProcessOptions{Logf: log.logf})
	var pid int
	require.Eventually(t, func() bool {
		_, err := fmtSscanf(log.String(), &pid)
		return err == nil && pid > 0
	}, 10*time.Second, 5*time.Millisecond)
	cancel()
	waitClosed(t, p.Done(), "supervisor end")
	assert.Error(t, syscall.Kill(pid, 0), "the bot process %d must be gone", pid)
}
