package tournaments

import (
	"strings"
	"testing"
	"time"

	"github.com/openroom/openroom/results"
	"github.com/openroom/openroom/sandbox"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testLimits are small, so that the attacks end fast and light.
var testLimits = sandbox.Limits{Memory: 64 << 20, Procs: 32, Files: 64, Disk: 16 << 20, Tmp: 16 << 20}

// limitedSandbox is the sandbox with testLimits, watched every 50ms.
func limitedSandbox(t *testing.T) *Sandbox {
	t.Helper()
	sb, err := FindSandbox(t.Context())
	if err != nil {
		t.Skipf("no sandbox here: %v", err)
	}
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
	}{
		{"forkbomb", "killed: process limit 32"},
		{"memhog", "killed: memory limit 64 MiB"},
		{"diskfill", "killed: folder limit 16 MiB"},
		{"bigfile", "killed: file size limit 16 MiB"},
		{"tmpfill", "killed: /tmp limit 16 MiB"},
	} {
		t.Run(tc.attack, func(t *testing.T) {
			sb := limitedSandbox(t)
			switch {
			case tc.attack == "forkbomb" && !sb.Limits.ProcsEnforced():
				t.Skip("no cgroup or rlimit bounds the processes here: no fork bomb")
			case tc.attack == "memhog" && !sb.Limits.MemoryEnforced():
				t.Skip("no cgroup bounds the memory here")
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
