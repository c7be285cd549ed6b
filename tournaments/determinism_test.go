package tournaments

import (
	"context"
	"crypto/sha256"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/internal/cputime"
	"github.com/openroom/openroom/player"
	"github.com/openroom/openroom/refbot"
	"github.com/openroom/openroom/refbot/simulate"
	"github.com/openroom/openroom/tournaments/bots"
	"github.com/openroom/openroom/tournaments/shards"
)

// cpuTime is the process's CPU time, which benchmarks on a machine shared
// with other work compare where wall time cannot.
var cpuTime = cputime.Process

// lightRefbots seats the built-in bots with their level's settings, the
// node limits divided by div (and under the race detector the worlds by
// four) so that a test of every level stays cheap (the decisions are
// shaped by the same code and counts as the level's, only smaller), and
// no clock cap: the safety net
// binds on a machine as slow as the race detector on a shared machine
// makes this one, and the test is of what the counts decide.
func lightRefbots(div uint64) bots.PlayerFactory {
	return func(spec bots.Spec, team string) (player.Player, error) {
		if spec.Builtin != bots.BuiltinRefbot {
			return bots.NewBuiltin(spec, team)
		}
		l, err := refbot.ParseLevel(spec.Level)
		if err != nil {
			return nil, err
		}
		p := l.Params()
		p.Nodes /= div
		p.LeadNodes /= div
		if underRace {
			// Fewer worlds too: sampling them is most of what is left.
			p.Worlds, p.LeadWorlds = max(p.Worlds/4, 2), p.LeadWorlds/4
		}
		p.ClockCap, p.LeadClockCap = 0, 0
		opts := []refbot.Option{refbot.WithParams(p)}
		if underRace && l == refbot.Expert {
			// Expert's judgement by simulation solves whole deals: a few
			// layouts still make its calls depend on the seed alone.
			opts = append(opts, refbot.WithJudgement(simulate.Config{Worlds: 3, Attempts: 50, Margin: 1}))
		}
		return refbot.New(l, refbot.TeamSeed(team), opts...), nil
	}
}

// eatCPUs keeps n goroutines busy until stop is closed, as a researcher's
// other work on the machine would.
func eatCPUs(n int, stop <-chan struct{}) *sync.WaitGroup {
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sum := sha256.Sum256([]byte{byte(i)})
			for {
				select {
				case <-stop:
					return
				default:
				}
				for range 1000 {
					sum = sha256.Sum256(sum[:])
				}
			}
		}()
	}
	return &wg
}

// TestSameSeedSameGameUnderLoad plays one short event of each level twice
// with the same seed: on one table at a time, and on four at once beside
// busy goroutines eating the CPUs. Every record must be the same (auction,
// play, score), as a seeded event is an experiment that is rerun,
// sharded and merged: a bot's decisions may depend on what its seat has
// seen, the seed and the level's settings, never on the machine's speed
// at the moment.
func TestSameSeedSameGameUnderLoad(t *testing.T) {
	t.Parallel()
	// Two boards, each its own table in each room: four tables, as
	// many as the loaded run plays at once.
	boards, div := 2, uint64(32)
	if testing.Short() || underRace {
		div = 128
	}
	for _, tc := range []struct{ a, b string }{
		{"refbot:expert", "refbot:medium"},
		{"refbot:hard", "refbot:easy"},
	} {
		t.Run(tc.a+"-vs-"+tc.b, func(t *testing.T) {
			play := func(concurrency int, busy bool) []string {
				body := fmt.Sprintf("name = \"det\"\nsegment = 1\nconcurrency = %d\n[boards]\nseed = \"same-seed\"\ncount = %d\n"+
					"[teams.A]\nbots = [\"builtin:%s\"]\n[teams.B]\nbots = [\"builtin:%s\"]\n", concurrency, boards, tc.a, tc.b)
				f, err := ParseFile([]byte(body), "det.toml")
				require.NoError(t, err)
				f.Out = t.TempDir()
				ev, err := Resolve(f)
				require.NoError(t, err)
				if busy {
					stop := make(chan struct{})
					wg := eatCPUs(runtime.GOMAXPROCS(0), stop)
					defer func() { close(stop); wg.Wait() }()
				}
				out := runEvent(t, ev, Options{Runner: SimRunner{NewPlayer: lightRefbots(div)}})
				require.Equal(t, 2*boards, out.Played)
				require.False(t, out.ClockCapped.Any(), "%s", out.ClockCapped)
				var recs []string
				for _, r := range readRecords(t, ev.Out) {
					require.Empty(t, r.ClockCapped)
					recs = append(recs, fmt.Sprintf("%s %s %d: %v %v %s %v", r.Match, r.Room, r.Board, r.Auction, r.Play, r.Contract, *r.ScoreNS))
				}
				return recs
			}
			quiet := play(1, false)
			loaded := play(4, true)
			assert.Equal(t, strings.Join(quiet, "\n"), strings.Join(loaded, "\n"))
		})
	}
}

// refbotEventFile is a team match of two built-in bots, one board a table.
func refbotEventFile(t *testing.T, a, b string, boards int) *File {
	t.Helper()
	body := fmt.Sprintf("name = \"rb\"\nsegment = 1\nconcurrency = 2\n[boards]\nseed = \"shards\"\ncount = %d\n"+
		"[teams.A]\nbots = [\"builtin:%s\"]\n[teams.B]\nbots = [\"builtin:%s\"]\n", boards, a, b)
	f, err := ParseFile([]byte(body), "rb.toml")
	require.NoError(t, err)
	return f
}

// runWith plays shard k of n of the event file into dir (n = 0: the whole
// event) with the players of newPlayer.
func runWith(t *testing.T, f *File, k, n int, dir string, newPlayer bots.PlayerFactory) *RunResult {
	t.Helper()
	f.Out = dir
	ev, err := Resolve(f)
	require.NoError(t, err)
	opt := Options{Runner: SimRunner{NewPlayer: newPlayer}}
	if n > 0 {
		require.NoError(t, ev.SetShard(shards.Shard{K: k, N: n}))
		opt.Manifest, err = NewManifest(f, ev)
		require.NoError(t, err)
	}
	out, err := Run(context.Background(), ev, opt)
	require.NoError(t, err)
	return out
}

// TestRefbotShardsMergeToTheWholeRun plays an event of hard against medium
// whole, and in three shards played at once, and requires the merged
// shards' records to be the whole run's: the bots' decisions do not depend
// on which boards a process played before, nor on how many ran beside it.
func TestRefbotShardsMergeToTheWholeRun(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	div := uint64(32)
	if testing.Short() || underRace {
		div = 128
	}
	bots := lightRefbots(div)
	whole := filepath.Join(root, "whole")
	runWith(t, refbotEventFile(t, "refbot:hard", "refbot:medium", 3), 0, 0, whole, bots)
	var dirs []string
	var wg sync.WaitGroup
	for k := range 3 {
		d := filepath.Join(root, fmt.Sprintf("shard-%d", k))
		dirs = append(dirs, d)
		f := refbotEventFile(t, "refbot:hard", "refbot:medium", 3)
		wg.Add(1)
		go func() {
			defer wg.Done()
			runWith(t, f, k, 3, d, bots)
		}()
	}
	wg.Wait()
	_, res := mergeInto(t, filepath.Join(root, "merged"), dirs...)
	assert.Equal(t, 6, res.Records)
	assert.Equal(t, recordsByRoom(t, filepath.Join(whole, ResultsFile)), recordsByRoom(t, filepath.Join(root, "merged", ResultsFile)))
}

// TestClockCappedBoardsAreReported checks what happens when the clock
// binds: the board's record names the seats and their decisions, the run
// counts them, and a shard's manifest carries the count for merge.
func TestClockCappedBoardsAreReported(t *testing.T) {
	t.Parallel()
	capped := func(spec bots.Spec, team string) (player.Player, error) {
		if spec.Builtin != bots.BuiltinRefbot {
			return bots.NewBuiltin(spec, team)
		}
		p := refbot.Medium.Params()
		p.Nodes, p.ClockCap = 20_000, time.Nanosecond // every searched decision passes the cap
		return refbot.New(refbot.Medium, refbot.TeamSeed(team), refbot.WithParams(p)), nil
	}
	dir := t.TempDir()
	out := runWith(t, refbotEventFile(t, "refbot:medium", "random", 2), 0, 2, dir, capped)
	require.True(t, out.ClockCapped.Any())
	boards, decisions := 0, 0
	for _, r := range readRecords(t, dir) {
		for _, c := range r.ClockCapped {
			side := []string{"N", "S"} // team A, refbot's, in the open room
			if r.Room == "closed" {
				side = []string{"E", "W"}
			}
			assert.Contains(t, side, c.Seat, "board %d %s: only refbot's seats", r.Board, r.Room)
			assert.Positive(t, c.Decisions)
		}
		if len(r.ClockCapped) > 0 {
			boards++
		}
		decisions += r.ClockCappedDecisions()
	}
	assert.Equal(t, bots.ClockCapTally{Boards: boards, Decisions: decisions}, out.ClockCapped)
	m, err := readManifest(dir)
	require.NoError(t, err)
	require.NotNil(t, m.ClockCapped)
	assert.Equal(t, out.ClockCapped, *m.ClockCapped)
	assert.Contains(t, out.ClockCapped.String(), "not reproducible")

	// A resumed run counts the board-rooms on disk.
	again := runWith(t, refbotEventFile(t, "refbot:medium", "random", 2), 0, 2, dir, capped)
	assert.Equal(t, 0, again.Played)
	assert.Equal(t, out.ClockCapped, again.ClockCapped)
}
