package bots

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/openroom/openroom/sandbox"
)

// The test binary is also the bots these tests start and the sandbox's
// relay (see testBot and testSandbox).
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == relayArg {
		os.Exit(sandbox.RelayMain(os.Args[2:]))
	}
	if mode := os.Getenv(botModeEnv); mode != "" {
		os.Exit(testBot(mode, os.Args[1:]))
	}
	os.Exit(m.Run())
}

// botModeEnv makes the test binary act as a bot process (see testBot).
const botModeEnv = "BOTS_TEST_BOT"

// testBot is the test binary acting as a bot process:
//
//	crash                       exit at once with status 1
//	sleep                       wait to be stopped
//	dump FILE ARGS...           write the arguments to FILE, then wait
//	term                        wait for SIGTERM, then leave a file in
//	                            $OPENROOM_BOT_DIR (see termBot)
func testBot(mode string, args []string) int {
	switch mode {
	case "crash":
		return 1
	case "dump":
		if len(args) > 0 {
			_ = os.WriteFile(args[0], []byte(strings.Join(args, "\n")), 0o644)
		}
		time.Sleep(time.Minute)
	case "sleep":
		time.Sleep(time.Minute)
	case "term":
		return termBot()
	}
	return 0
}

// relayArg makes the test binary the sandbox's relay (see TestMain).
const relayArg = "-sandbox-relay"

// testSandbox returns a sandbox whose relay is the test binary. Without
// bubblewrap the test is skipped, or fails if $OPENROOM_REQUIRE_SANDBOX is
// set (as CI sets it).
func testSandbox(t testing.TB) *sandbox.Sandbox {
	t.Helper()
	sb, err := sandbox.Find(context.Background(), []string{os.Args[0], relayArg})
	if err != nil {
		if os.Getenv("OPENROOM_REQUIRE_SANDBOX") != "" {
			t.Fatalf("OPENROOM_REQUIRE_SANDBOX is set: %v", err)
		}
		t.Skipf("no sandbox here: %v", err)
	}
	return sb
}

func waitClosed(t *testing.T, c <-chan struct{}, what string) {
	t.Helper()
	select {
	case <-c:
	case <-time.After(10 * time.Second):
		t.Fatalf("timed out waiting for %s", what)
	}
}

// fmtSscanf finds "pid N" in a supervisor log.
func fmtSscanf(log string, pid *int) (int, error) {
	i := strings.Index(log, "pid ")
	if i < 0 {
		return 0, errors.New("no pid yet")
	}
	return fmt.Sscanf(log[i:], "pid %d", pid)
}

// syncBuf is a goroutine-safe log.
type syncBuf struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func (s *syncBuf) logf(format string, args ...any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.b.WriteString(strings.TrimSpace(fmt.Sprintf(format, args...)) + "\n")
}

// termBot writes "ready" to its own folder once it listens for SIGTERM,
// waits for it, then writes "stopped" there.
func termBot() int {
	c := make(chan os.Signal, 1)
	signal.Notify(c, syscall.SIGTERM)
	// Say that the handler is in place, so the test sends SIGTERM after
	// it rather than after a guess of how long that takes.
	if err := os.WriteFile(filepath.Join(os.Getenv(DirEnv), "ready"), nil, 0o644); err != nil {
		return 1
	}
	select {
	case <-c:
	case <-time.After(time.Minute):
		return 1
	}
	if err := os.WriteFile(filepath.Join(os.Getenv(DirEnv), "stopped"), []byte("SIGTERM"), 0o644); err != nil {
		return 1
	}
	return 0
}
