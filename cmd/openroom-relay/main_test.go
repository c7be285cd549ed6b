package main

import (
	"bufio"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/openroom/openroom/sandbox"
	"github.com/stretchr/testify/require"
)

// botEnv makes the test binary a bot that sends one line on its seat.
const botEnv = "OPENROOM_RELAY_TEST_BOT"

func TestMain(m *testing.M) {
	if os.Getenv(botEnv) != "" {
		nc, err := net.Dial("tcp", net.JoinHostPort(os.Args[1], os.Args[2]))
		if err != nil {
			os.Exit(1)
		}
		_, _ = nc.Write([]byte("hello from the sandbox\r\n"))
		time.Sleep(time.Minute)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// The program built from this folder is a working relay: the sandbox
// checks itself with it, and a bot's line reaches its seat through it.
func TestRelayProgram(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the sandbox needs Linux")
	}
	if _, err := exec.LookPath("bwrap"); err != nil {
		if os.Getenv("OPENROOM_REQUIRE_SANDBOX") != "" {
			t.Fatal("bubblewrap (bwrap) is not installed, and OPENROOM_REQUIRE_SANDBOX is set")
		}
		t.Skip("bubblewrap (bwrap) is not installed")
	}
	relay := filepath.Join(t.TempDir(), "openroom-relay")
	out, err := exec.Command("go", "build", "-o", relay, ".").CombinedOutput()
	require.NoError(t, err, "%s", out)
	sb, err := sandbox.Find(t.Context(), []string{relay})
	require.NoError(t, err)
	t.Setenv(botEnv, "1")
	conns := make(chan net.Conn, 1)
	p, err := sb.Start(sandbox.Bot{Argv: []string{os.Args[0], sandbox.Host, sandbox.Port}, Dir: t.TempDir(), Seat: func(nc net.Conn) { conns <- nc }})
	require.NoError(t, err)
	defer func() {
		p.Kill()
		_ = p.Wait()
	}()
	select {
	case nc := <-conns:
		defer nc.Close()
		require.NoError(t, nc.SetDeadline(time.Now().Add(10*time.Second)))
		line, err := bufio.NewReader(nc).ReadString('\n')
		require.NoError(t, err)
		require.Equal(t, "hello from the sandbox\r\n", line)
	case <-time.After(10 * time.Second):
		t.Fatal("the bot's connection did not reach its seat")
	}
}
