package sandbox

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The test binary is the relay ("-relay ARGS...") and the bots
// ($SANDBOX_TEST_BOT): see testBot.
const botEnv = "SANDBOX_TEST_BOT"

// readEnv lists the files the "read" bot reads; not on its command line,
// where a file's folder would be bound (see readable).
const readEnv = "SANDBOX_TEST_READ"

func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == "-relay" {
		os.Exit(RelayMain(os.Args[2:]))
	}
	if mode := os.Getenv(botEnv); mode != "" {
		os.Exit(testBot(mode, os.Args[1:]))
	}
	os.Exit(m.Run())
}

// testBot is a bot:
//
//	echo HOST PORT     send "hello", then each line it reads back, forever
//	term               wait for SIGTERM, then leave "stopped" in its folder
//	exit N             exit with status N
//	read               print each file of $SANDBOX_TEST_READ (or why not),
//	                   try to overwrite it
func testBot(mode string, args []string) int {
	switch mode {
	case "echo":
		c, err := net.Dial("tcp", net.JoinHostPort(args[0], args[1]))
		if err != nil {
			fmt.Fprintln(os.Stderr, "echo bot:", err)
			return 1
		}
		r := bufio.NewReader(c)
		fmt.Fprintf(c, "hello\n")
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return 0
			}
			if _, err := c.Write([]byte(line)); err != nil {
				return 0
			}
		}
	case "exit":
		var n int
		fmt.Sscan(args[0], &n)
		return n
	case "term":
		return termBot()
	case "read":
		for _, p := range filepath.SplitList(os.Getenv(readEnv)) {
			b, err := os.ReadFile(p)
			fmt.Printf("%s: %q %v\n", p, b, err)
			if werr := os.WriteFile(p, []byte("overwritten"), 0o644); werr == nil {
				fmt.Printf("%s: WRITTEN\n", p)
			}
		}
		return 0
	}
	return 64
}

// requireSandbox returns the sandbox of the tests, skipping the test
// without bubblewrap (failing it if $OPENROOM_REQUIRE_SANDBOX is set).
func requireSandbox(tb testing.TB) *Sandbox {
	tb.Helper()
	sb, err := Find(context.Background(), []string{os.Args[0], "-relay"})
	if err != nil {
		if os.Getenv("OPENROOM_REQUIRE_SANDBOX") != "" {
			tb.Fatalf("OPENROOM_REQUIRE_SANDBOX is set: %v", err)
		}
		tb.Skipf("no sandbox here: %v", err)
	}
	return sb
}

// echoSeat starts the echo bot in sb and returns its connection.
func echoSeat(tb testing.TB, sb *Sandbox) (*Process, net.Conn, *bufio.Reader) {
	tb.Helper()
	tb.Setenv(botEnv, "echo")
	conns := make(chan net.Conn, 1)
	var log bytes.Buffer
	p, err := sb.Start(Bot{Argv: []string{os.Args[0], Host, Port}, Dir: tb.TempDir(), Stderr: &log, Seat: func(nc net.Conn) { conns <- nc }})
	require.NoError(tb, err)
	tb.Cleanup(func() {
		p.Kill()
		_ = p.Wait()
	})
	select {
	case nc := <-conns:
		tb.Cleanup(func() { nc.Close() })
		require.NoError(tb, nc.SetDeadline(time.Now().Add(20*time.Second)))
		return p, nc, bufio.NewReader(nc)
	case <-time.After(20 * time.Second):
		tb.Fatalf("the bot did not reach its seat: %s", log.String())
	}
	return nil, nil, nil
}

func TestBotReachesItsSeatThroughTheRelay(t *testing.T) {
	sb := requireSandbox(t)
	_, nc, r := echoSeat(t, sb)
	line, err := r.ReadString('\n')
	require.NoError(t, err)
	assert.Equal(t, "hello\n", line)
	_, err = nc.Write([]byte("one line\n"))
	require.NoError(t, err)
	line, err = r.ReadString('\n')
	require.NoError(t, err)
	assert.Equal(t, "one line\n", line)
	_, isTCP := nc.(*net.TCPConn)
	assert.True(t, isTCP, "the harness holds the bot's own TCP connection, not a copy through the relay")
}

func TestSandboxPassesTheBotsExitStatus(t *testing.T) {
	sb := requireSandbox(t)
	t.Setenv(botEnv, "exit")
	p, err := sb.Start(Bot{Argv: []string{os.Args[0], "7"}})
	require.NoError(t, err)
	var ee *exec.ExitError
	require.ErrorAs(t, p.Wait(), &ee)
	assert.Equal(t, 7, ee.ExitCode())
}

func TestSandboxedBotGetsTheInterrupt(t *testing.T) {
	sb := requireSandbox(t)
	t.Setenv(botEnv, "term")
	dir := t.TempDir()
	p, err := sb.Start(Bot{Argv: []string{os.Args[0]}, Dir: dir})
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		_, err := os.Stat(filepath.Join(dir, "stopped.ready"))
		return err == nil
	}, 20*time.Second, 10*time.Millisecond, "the bot installs its handler")
	p.Interrupt()
	done := make(chan error, 1)
	go func() { done <- p.Wait() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		p.Kill()
		t.Fatal("the bot did not stop")
	}
	b, err := os.ReadFile(filepath.Join(dir, "stopped"))
	require.NoError(t, err, "the bot did not see SIGTERM")
	assert.Equal(t, "SIGTERM", string(b))
}

func TestConfineRunsBeforeTheBot(t *testing.T) {
	sb := requireSandbox(t)
	t.Setenv(botEnv, "exit")
	var got [2]int
	released := false
	sb.confine = func(bwrapPID, childPID int) (func(), error) {
		got = [2]int{bwrapPID, childPID}
		return func() { released = true }, nil
	}
	p, err := sb.Start(Bot{Argv: []string{os.Args[0], "0"}})
	require.NoError(t, err)
	require.NoError(t, p.Wait())
	assert.Equal(t, p.Pid(), got[0])
	assert.NotZero(t, got[1])
	assert.True(t, released)

	sb.confine = func(int, int) (func(), error) { return nil, fmt.Errorf("no cgroup") }
	_, err = sb.Start(Bot{Argv: []string{os.Args[0], "0"}})
	assert.ErrorContains(t, err, "no cgroup")
}

func TestCommandLine(t *testing.T) {
	sb := &Sandbox{Bwrap: "bwrap", Relay: []string{"/opt/tm", "sandbox-relay"}, Hide: []string{"/opt/bots/out"}}
	dir := t.TempDir()
	a := strings.Join(sb.command(Bot{Argv: []string{"/opt/bots/bot", "x"}, Dir: dir, Mounts: []string{"/srv/models"}}, "", []string{"--check"}), " ")
	for _, want := range []string{
		"--unshare-user", "--unshare-net", "--unshare-pid", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup",
		"--disable-userns", "--cap-drop ALL", "--info-fd 3", "--block-fd 4",
		"--ro-bind /usr /usr", "--tmpfs /tmp", "--ro-bind /opt/tm " + relayPath,
		"--ro-bind /opt/bots /opt/bots", "--ro-bind /srv/models /srv/models",
		"--bind " + dir + " " + dir, "--chdir " + dir,
		"-- " + relayPath + " sandbox-relay --check -- /opt/bots/bot x",
	} {
		assert.Contains(t, a, want)
	}
	assert.NotContains(t, a, "--ro-bind / /")
}

func TestMountsAreReadOnlyAndNothingElseIsThere(t *testing.T) {
	sb := requireSandbox(t)
	t.Setenv(botEnv, "read")
	mounted, other, own := t.TempDir(), t.TempDir(), t.TempDir()
	for _, d := range []string{mounted, other} {
		require.NoError(t, os.WriteFile(filepath.Join(d, "f"), []byte("content"), 0o644))
	}
	t.Setenv(readEnv, strings.Join([]string{filepath.Join(mounted, "f"), filepath.Join(other, "f"), filepath.Join(own, "f")}, string(os.PathListSeparator)))
	var out bytes.Buffer
	p, err := sb.Start(Bot{Argv: []string{os.Args[0]},
		Dir: own, Mounts: []string{mounted}, Stdout: &out, Stderr: &out})
	require.NoError(t, err)
	require.NoError(t, p.Wait(), out.String())
	got := out.String()
	assert.Contains(t, got, filepath.Join(mounted, "f")+`: "content" <nil>`)
	assert.NotContains(t, got, filepath.Join(mounted, "f")+": WRITTEN", "a mount is read-only")
	assert.Contains(t, got, filepath.Join(other, "f")+`: "" open`, "what is not mounted is not there")
	assert.Contains(t, got, filepath.Join(own, "f")+": WRITTEN", "its own folder is writable")
	b, err := os.ReadFile(filepath.Join(mounted, "f"))
	require.NoError(t, err)
	assert.Equal(t, "content", string(b))
}

// A script named on the command line (python3 /opt/bot/client.py) is
// there to run: its folder is bound read-only.
func TestScriptFolderIsThere(t *testing.T) {
	sb := requireSandbox(t)
	t.Setenv(botEnv, "read")
	script := filepath.Join(t.TempDir(), "client.py")
	require.NoError(t, os.WriteFile(script, []byte("print()"), 0o644))
	t.Setenv(readEnv, script)
	var out bytes.Buffer
	p, err := sb.Start(Bot{Argv: []string{os.Args[0], script}, Stdout: &out, Stderr: &out})
	require.NoError(t, err)
	require.NoError(t, p.Wait(), out.String())
	assert.Contains(t, out.String(), script+`: "print()" <nil>`)
	assert.NotContains(t, out.String(), "WRITTEN")
}

// termBot waits for SIGTERM, then writes "stopped" to its own folder.
func termBot() int {
	return waitTerm(filepath.Join(os.Getenv(BotDirEnv), "stopped"))
}

// waitTerm waits for SIGTERM (having left file.ready once it listens for
// it), then writes "SIGTERM" to file.
func waitTerm(file string) int {
	c := make(chan os.Signal, 1)
	signal.Notify(c, syscall.SIGTERM)
	if err := os.WriteFile(file+".ready", nil, 0o644); err != nil {
		return 1
	}
	select {
	case <-c:
	case <-time.After(time.Minute):
		return 1
	}
	if err := os.WriteFile(file, []byte("SIGTERM"), 0o644); err != nil {
		return 1
	}
	return 0
}

// A bot whose folder is already over its limit when it starts (its run
// before filled it) is killed by the watcher's first look, which may come
// before the bot runs: either way the error names the limit.
func TestFolderFullAtStartNamesTheLimit(t *testing.T) {
	sb := requireSandbox(t)
	sb.Limits = NewConfiner(Limits{Memory: Unlimited, Procs: Unlimited, Files: Unlimited, Disk: 1 << 20, Tmp: Unlimited})
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "full"), make([]byte, 2<<20), 0o644))
	t.Setenv(botEnv, "term")
	for range 5 {
		p, err := sb.Start(Bot{Argv: []string{os.Args[0]}, Dir: dir})
		if err == nil {
			done := make(chan error, 1)
			go func() { done <- p.Wait() }()
			select {
			case err = <-done:
			case <-time.After(20 * time.Second):
				p.Kill()
				t.Fatal("the bot over its folder limit was not killed")
			}
		}
		var limit *LimitError
		require.ErrorAs(t, err, &limit)
		assert.Equal(t, "folder", limit.Limit)
	}
}
