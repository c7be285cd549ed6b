package tournaments

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/results"
	"github.com/openroom/openroom/sandbox"
	"github.com/openroom/openroom/tournaments/bots"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testLimits are small, so that the attacks end fast and light.
var testLimits = sandbox.Limits{Memory: 64 << 20, Procs: 32, Files: 64, Disk: 16 << 20, Tmp: 16 << 20}

// limitedSandbox is the sandbox with testLimits, watched every 50ms.
func limitedSandbox(t *testing.T) *sandbox.Sandbox {
	t.Helper()
	sb := testSandbox(t)
	sb.Limits = sandbox.NewConfiner(testLimits)
	sb.Limits.SetInterval(50 * time.Millisecond)
	t.Log(sb.Limits.Describe())
	return sb
}

// A bot that breaks a limit at one table is killed, again at each
// restart, and its boards there are its faults with the limit as the
// reason; the other table, where it plays, finishes every board.
func TestLimitsKillTheBotNotTheEvent(t *testing.T) {
	if testing.Short() {
		t.Skip("starts bot processes")
	}
	for _, tc := range []struct {
		attack, want string
		memory       int64 // over testLimits, if not 0
	}{
		// Each copy of a race-instrumented test binary takes tens of MiB:
		// memory must not be the first limit the fork bomb meets.
		{"forkbomb", "killed: process limit 32", 1 << 30},
		{"memhog", "killed: memory limit 64 MiB", 0},
		{"diskfill", "killed: folder limit 16 MiB", 0},
		{"bigfile", "killed: file size limit 16 MiB", 0},
		{"tmpfill", "killed: /tmp limit 16 MiB", 0},
	} {
		t.Run(tc.attack, func(t *testing.T) {
			sb := limitedSandbox(t)
			if tc.memory != 0 {
				l := testLimits
				l.Memory = tc.memory
				sb.Limits = sandbox.NewConfiner(l)
				sb.Limits.SetInterval(50 * time.Millisecond)
			}
			// The hog bounds itself (512 MiB), so a watcher may catch it;
			// the fork bomb's bound is too large for a shared machine.
			if tc.attack == "forkbomb" && !sb.Limits.ProcsEnforced() {
				t.Skip("no cgroup or rlimit bounds the processes here: no fork bomb")
			}
			ev := commandEvent(t, "attack", tc.attack)
			runner := protoRunner(t)
			runner.Sandbox = sb
			out := runEvent(t, ev, Options{Runner: runner})
			assert.Equal(t, 8, out.Played, "every board-room is scored")
			faults := 0
			for _, r := range readRecords(t, ev.Out) {
				if r.Room == RoomClosed {
					assert.True(t, r.Complete(), "board %d of the closed room, where the bot plays, is played out", r.Board)
					continue
				}
				require.False(t, r.Complete(), "board %d of the open room", r.Board)
				faults++
				assert.Equal(t, results.KindDisconnect, r.Termination.Kind)
				assert.Contains(t, r.Termination.Detail, tc.want)
				assert.True(t, strings.HasPrefix(r.Termination.Seat, "E") || strings.HasPrefix(r.Termination.Seat, "W"), "team B sits E-W in the open room: %s", r.Termination.Seat)
			}
			assert.Equal(t, 4, faults)
			assert.Equal(t, 4, out.Report.Matches[0].Adjusted)
		})
	}
}

// The bot runs under its rlimits from its first instruction: open files,
// no core dumps, the largest file, and (for a harness that is not root,
// where no cgroup bounds the processes) the processes of its user
// namespace.
func TestLimitsRlimitsHoldFromTheStart(t *testing.T) {
	sb := limitedSandbox(t)
	t.Setenv(botModeEnv, "attack")
	dir := filepath.Join(t.TempDir(), "open")
	spec := bots.Spec{Name: "rl", Kind: bots.KindCommand, Command: []string{os.Args[0], "rlimits", "{host}", "{port}", "{seat}", "{name}"}}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var log syncBuf
	p := bots.Start(ctx, spec, engine.North, "A", "127.0.0.1", "1", bots.ProcessOptions{BotDir: dir, Sandbox: sb, Logf: log.logf})
	var limits []byte
	require.Eventually(t, func() bool {
		var err error
		limits, err = os.ReadFile(filepath.Join(dir, "limits"))
		return err == nil && len(limits) > 0
	}, 10*time.Second, 20*time.Millisecond, "no limits written: %s", log.String())
	cancel()
	waitClosed(t, p.Done(), "supervisor end")
	t.Logf("%s", limits)
	want := map[string]string{"Max open files": "64 64", "Max core file size": "0 0", "Max file size": "16777216 16777216"}
	if strings.HasPrefix(sb.Limits.Mechanisms().Procs, sandbox.MechRlimit) {
		want["Max processes"] = "32 32"
	}
	for name, v := range want {
		assert.Regexp(t, "(?m)^"+name+` +`+strings.ReplaceAll(v, " ", " +")+" ", string(limits))
	}
}

// Run as root, the limit tests run again as nobody, where no cgroup can
// be made: the rlimits and watchers must then kill each attack.
func TestLimitsUnprivileged(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("starts bot processes")
	}
	if os.Geteuid() != 0 {
		t.Skip("needs root to become nobody")
	}
	setpriv, err := exec.LookPath("setpriv")
	if err != nil {
		t.Skip("no setpriv")
	}
	limitedSandbox(t) // skips without a sandbox
	// A copy of the test binary that nobody can run, in a folder nobody
	// can write as its temporary folder.
	dir := t.TempDir()
	require.NoError(t, os.Chmod(dir, 0o777|os.ModeSticky))
	for d := filepath.Dir(dir); d != "/" && d != "."; d = filepath.Dir(d) {
		if fi, err := os.Stat(d); err == nil && fi.Mode().Perm()&0o001 == 0 {
			require.NoError(t, os.Chmod(d, fi.Mode().Perm()|0o011))
		}
	}
	bin := filepath.Join(dir, "tournaments.test")
	data, err := os.ReadFile(os.Args[0])
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(bin, data, 0o755))
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, setpriv, "--reuid", "65534", "--regid", "65534", "--clear-groups",
		bin, "-test.count=1", "-test.v", "-test.run", "^(TestLimitsKillTheBotNotTheEvent|TestLimitsRlimitsHoldFromTheStart)$")
	cmd.Env = append(os.Environ(), "TMPDIR="+dir, "HOME="+dir)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	s := string(out)
	assert.Contains(t, s, "processes and threads 32 (rlimit NPROC in the bot's user namespace)")
	assert.Contains(t, s, "memory 64 MiB (watcher")
	assert.NotContains(t, s, "--- SKIP")
	for _, attack := range []string{"forkbomb", "memhog", "diskfill", "bigfile", "tmpfill"} {
		assert.Contains(t, s, "--- PASS: TestLimitsKillTheBotNotTheEvent/"+attack)
	}
	assert.Contains(t, s, "--- PASS: TestLimitsRlimitsHoldFromTheStart")
}
