package tournaments

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/openroom/openroom/sandbox"
	"github.com/openroom/openroom/tournaments/bots"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The spy bot's instructions, in its environment: what it tries to read.
const (
	spyOutEnv     = "SPY_OUT"     // the event's output folder
	spyEventEnv   = "SPY_EVENT"   // the event file
	spyHarnessEnv = "SPY_HARNESS" // the harness's pid
)

// spyReport is the file a spy bot writes in its own folder.
const spyReport = "spy-report.txt"

// spyBot tries to read the event's results, its PBN files, the other bots' logs, the event file
// (with the seed) and the harness's command line, and writes one line per
// attempt to its own folder ($OPENROOM_BOT_DIR/spy-report.txt):
// "READ path: content" for what it could read, "DENIED path: why" for the
// rest; then it plays a session like the "play" bot. (It spies first:
// the harness stops it as soon as its table ends.)
func spyBot(args []string) int {
	var rep strings.Builder
	try := func(path string) {
		b, err := os.ReadFile(path)
		if err != nil {
			fmt.Fprintf(&rep, "DENIED %s: %v\n", path, err)
			return
		}
		fmt.Fprintf(&rep, "READ %s: %q\n", path, b)
	}
	own := os.Getenv(bots.DirEnv)
	out := os.Getenv(spyOutEnv)
	try(filepath.Join(out, ResultsFile))
	for _, pattern := range []string{"*.pbn", "*.txt", "logs/*.log", "logs/*/*"} {
		names, _ := filepath.Glob(filepath.Join(out, pattern))
		for _, n := range names {
			if own == "" || !strings.HasPrefix(n, own+string(filepath.Separator)) {
				try(n)
			}
		}
	}
	if entries, err := os.ReadDir(out); err == nil {
		for _, e := range entries {
			fmt.Fprintf(&rep, "LISTED %s\n", filepath.Join(out, e.Name()))
		}
	}
	try(os.Getenv(spyEventEnv))
	try("/proc/" + os.Getenv(spyHarnessEnv) + "/cmdline")
	try("/proc/" + strconv.Itoa(os.Getppid()) + "/cmdline")
	// Every process it can see: the harness's seed may be on a command line.
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, p := range procs {
		try(p)
	}
	if own == "" {
		fmt.Fprintln(os.Stderr, "spy: no", bots.DirEnv)
		return 1
	}
	if err := os.WriteFile(filepath.Join(own, spyReport), []byte(rep.String()), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "spy:", err)
		return 1
	}
	return testBot("play", args)
}

// spyEvent writes an event file (outside /tmp, which a sandbox replaces
// anyway, so that it is the hiding of the event's own files that is
// tested) whose team B is the spy bot, and plants a PBN file in its
// output folder.
func spyEvent(t *testing.T, seed string) *Event {
	t.Helper()
	base := t.TempDir()
	if fi, err := os.Stat("/var/tmp"); err == nil && fi.IsDir() {
		d, err := os.MkdirTemp("/var/tmp", "openroom-spy-")
		require.NoError(t, err)
		t.Cleanup(func() { os.RemoveAll(d) })
		base = d
	}
	t.Setenv(botModeEnv, "spy")
	src := fmt.Sprintf("name = \"spy\"\nconcurrency = 1\nout = \"out\"\n[boards]\nseed = %q\ncount = 2\n"+
		"[bots.spy]\ncommand = %q\n[teams.A]\nbots = [\"builtin:random\"]\n[teams.B]\nbots = [\"spy\"]\n",
		seed, os.Args[0]+" {host} {port} {seat} {name}")
	path := filepath.Join(base, "spy.toml")
	require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
	f, err := LoadFile(path)
	require.NoError(t, err)
	ev, err := Resolve(f)
	require.NoError(t, err)
	ev.Clocks.Action = 10 * time.Second
	require.NoError(t, os.MkdirAll(ev.Out, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(ev.Out, "earlier.pbn"), []byte("[Event \"PBN-SECRET\"]\n"), 0o644))
	t.Setenv(spyOutEnv, ev.Out)
	t.Setenv(spyEventEnv, path)
	t.Setenv(spyHarnessEnv, strconv.Itoa(os.Getpid()))
	return ev
}

// spyReports plays the spy event and returns the reports of its four
// spies (two per room), by folder.
func spyReports(t *testing.T, ev *Event, sb *sandbox.Sandbox) map[string]string {
	t.Helper()
	logs := filepath.Join(ev.Out, "logs")
	if sb != nil {
		sb.Hide = ev.Secrets()
	}
	runner := &ProtocolRunner{LogDir: logs, Sandbox: sb, Logf: t.Logf, StartTimeout: 20 * time.Second, Backoff: 10 * time.Millisecond}
	out := runEvent(t, ev, Options{Runner: runner, MatchWriters: []MatchWriter{WritePBN}})
	assert.Equal(t, 4, out.Played, "the spies play every board")
	for _, r := range readRecords(t, ev.Out) {
		assert.True(t, r.Complete(), "board %d %s: the spies play legally: %+v", r.Board, r.Room, r.Termination)
	}
	reps := map[string]string{}
	names, err := filepath.Glob(filepath.Join(logs, "*", spyReport))
	require.NoError(t, err)
	for _, n := range names {
		b, err := os.ReadFile(n)
		require.NoError(t, err)
		reps[filepath.Base(filepath.Dir(n))] = string(b)
	}
	require.Len(t, reps, 4, "every spy's own folder is kept: %v", names)
	return reps
}

func TestSandboxHidesTheEventFromCommandBots(t *testing.T) {
	if testing.Short() {
		t.Skip("starts bot processes")
	}
	sb := testSandbox(t)
	const seed = "spy-secret-seed-5c1f"
	ev := spyEvent(t, seed)
	harness, err := os.ReadFile("/proc/self/cmdline")
	require.NoError(t, err)
	for dir, rep := range spyReports(t, ev, sb) {
		for _, line := range strings.Split(strings.TrimSpace(rep), "\n") {
			assert.False(t, strings.HasPrefix(line, "READ "+ev.Out), "%s: a sandboxed bot read the event's files: %s", dir, line)
			// Only the way to its own folder is there.
			if strings.HasPrefix(line, "LISTED ") {
				assert.Equal(t, "LISTED "+filepath.Join(ev.Out, "logs"), line, "%s: a sandboxed bot listed the output folder", dir)
			}
			assert.False(t, strings.HasPrefix(line, "READ "+ev.Source), "%s: a sandboxed bot read the event file: %s", dir, line)
		}
		assert.NotContains(t, rep, seed, "%s: a sandboxed bot found the seed", dir)
		assert.NotContains(t, rep, "PBN-SECRET", dir)
		assert.NotContains(t, rep, fmt.Sprintf("%q", harness), "%s: a sandboxed bot read the harness's command line", dir)
		assert.Contains(t, rep, "DENIED "+filepath.Join(ev.Out, ResultsFile), dir)
		assert.Contains(t, rep, "DENIED /proc/"+strconv.Itoa(os.Getpid())+"/cmdline", dir)
	}
}

// Without the sandbox the same spy reads everything: what the test above
// shows hidden is really there to find.
func TestSpyReadsEverythingUnsandboxed(t *testing.T) {
	if testing.Short() {
		t.Skip("starts bot processes")
	}
	const seed = "spy-secret-seed-5c1f"
	ev := spyEvent(t, seed)
	harness, err := os.ReadFile("/proc/self/cmdline")
	require.NoError(t, err)
	reps := spyReports(t, ev, nil)
	closed := 0
	for dir, rep := range reps {
		assert.Contains(t, rep, seed, "%s: the event file", dir)
		assert.Contains(t, rep, "PBN-SECRET", dir)
		assert.Contains(t, rep, "READ "+filepath.Join(ev.Out, ResultsFile), dir)
		assert.Contains(t, rep, fmt.Sprintf("%q", harness), "%s: the harness's command line", dir)
		if strings.Contains(dir, "closed") {
			closed++
			// The closed room plays after the open room: its spies read
			// the open room's deals.
			assert.Contains(t, rep, `\"room\":\"open\"`, dir)
			assert.Contains(t, rep, "READ "+filepath.Join(ev.Out, "logs", "A-v-B_open_1-East.log"), "%s: another bot's log", dir)
		}
	}
	assert.Equal(t, 2, closed)
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
