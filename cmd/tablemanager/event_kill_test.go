//go:build unix

package main

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/player"
	"github.com/openroom/openroom/player/playertest"
	"github.com/openroom/openroom/protocol"
	"github.com/openroom/openroom/results"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The test binary doubles as tablemanager ("-tmmain ARGS...") and as a
// slow bot process ("-tmbot HOST PORT SEAT TEAM").
func TestMain(m *testing.M) {
	if len(os.Args) > 1 {
		switch os.Args[1] {
		case "-tmmain":
			os.Args = append(os.Args[:1], os.Args[2:]...)
			main()
		case "-tmbot":
			os.Exit(eventSlowBot(os.Args[2:]))
		case relayCommand:
			main()
		case "-tmattack":
			os.Exit(attackBot(os.Args[2:]))
		}
	}
	os.Exit(m.Run())
}

// eventSlowBot plays a session with the random bot, pausing before each action.
func eventSlowBot(args []string) int {
	if len(args) != 4 {
		fmt.Fprintln(os.Stderr, "slow bot: want HOST PORT SEAT TEAM")
		return 64
	}
	seat, err := engine.ParseSeat(args[2])
	if err != nil {
		fmt.Fprintln(os.Stderr, "slow bot:", err)
		return 64
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	bot := playertest.Slow{Player: player.Random{Seed: args[3]}, Think: 2 * time.Millisecond}
	_, err = protocol.RunSession(ctx, protocol.DialTCP(net.JoinHostPort(args[0], args[1])), protocol.ClientConfig{Team: args[3], Seat: seat}, bot, 5*time.Second)
	if err != nil {
		fmt.Fprintln(os.Stderr, "slow bot:", err)
		return 1
	}
	return 0
}

// eventBoardsOf reads a results file sorted by board-room, keeping what the
// bots decided and what it scored.
func eventBoardsOf(t *testing.T, path string) []string {
	t.Helper()
	recs, _, err := results.ReadFile(path)
	require.NoError(t, err)
	var out []string
	for _, r := range recs {
		out = append(out, fmt.Sprintf("%s %s %d %s %v %v %v %v", r.Match, r.Room, r.Board, r.Deal, r.Auction, r.Play, *r.ScoreNS, r.Players))
	}
	sort.Strings(out)
	return out
}

func TestRunResumesAfterTheProcessIsKilled(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("starts processes")
	}
	bot := os.Args[0] + " -tmbot {host} {port} {seat} {name}"
	// Unsandboxed: this is about resuming, and a machine without
	// bubblewrap (which .ci/run installs, make test does not) would refuse
	// the command bot; the sandbox has tests of its own.
	args := func(out string) []string {
		return []string{"run", "--team", "A=builtin:random", "--team", "B=" + bot, "--boards", "24", "--segment", "6", "--seed", "kill", "--concurrency", "2", "--quiet", "--unsandboxed", "--out", out}
	}
	killed := t.TempDir()
	cmd := exec.Command(os.Args[0], append([]string{"-tmmain"}, args(killed)...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	path := filepath.Join(killed, "results.jsonl")
	deadline := time.Now().Add(30 * time.Second)
	for {
		b, _ := os.ReadFile(path)
		if bytes.Count(b, []byte("\n")) >= 10 {
			break
		}
		if time.Now().After(deadline) {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
			t.Fatalf("too few results in time; stderr: %s", stderr.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
	require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
	_ = cmd.Wait()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Less(t, bytes.Count(b, []byte("\n")), 48, "killed mid-event")

	code, resumed, errs := runCmd(t, "", args(killed)...)
	require.Equal(t, exitOK, code, errs)
	assert.NotContains(t, resumed, "incomplete")

	fresh := t.TempDir()
	code, whole, errs := runCmd(t, "", args(fresh)...)
	require.Equal(t, exitOK, code, errs)
	strip := func(s string) string { return s[:strings.LastIndex(s, "Results:")] }
	assert.Equal(t, strip(whole), strip(resumed), "the resumed event reports what an uninterrupted one does")
	assert.Equal(t, eventBoardsOf(t, filepath.Join(fresh, "results.jsonl")), eventBoardsOf(t, path))
}
