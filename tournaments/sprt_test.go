package tournaments

import (
	"context"
	"encoding/json"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/player"
	"github.com/openroom/openroom/player/playertest"
	"github.com/openroom/openroom/results"
	"github.com/openroom/openroom/sprt"
	"github.com/openroom/openroom/tournaments/bots"
	"github.com/openroom/openroom/tournaments/report"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var sprtReal = flag.Bool("sprt.real", false, "TestSPRTRealMatch: play refbot expert against the random bot over the protocol (make sprt-match, minutes)")

// sprtFile parses an event file of a match between teams A and B with a
// sequential test; body holds the [sprt] table and anything else.
func sprtFile(t *testing.T, botA, botB, body string) *File {
	t.Helper()
	src := "name = \"seq\"\nsegment = 16\n" + body + "\n[teams.A]\nbots = [\"" + botA + "\"]\n[teams.B]\nbots = [\"" + botB + "\"]\n"
	f, err := ParseFile([]byte(src), "seq.toml")
	require.NoError(t, err)
	f.Out = t.TempDir()
	return f
}

func sprtEvent(t *testing.T, botA, botB, body string) *Event {
	t.Helper()
	ev, err := Resolve(sprtFile(t, botA, botB, body))
	require.NoError(t, err)
	return ev
}

func TestSPRTConfig(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	pbnDeal := func(board int, deal string) string {
		return "[Board \"" + string(rune('0'+board)) + "\"]\n[Deal \"" + deal + "\"]\n\n"
	}
	const d1 = "N:AKQJ.T98.765.432 T987.AKQ.J32.JT9 65432.J7.AKQ.AKQ .65432.T984.8765"
	const d2 = "N:T987.AKQ.J32.JT9 AKQJ.T98.765.432 65432.J7.AKQ.AKQ .65432.T984.8765"
	twice := filepath.Join(dir, "twice.pbn")
	require.NoError(t, os.WriteFile(twice, []byte(pbnDeal(1, d1)+pbnDeal(2, d2)+pbnDeal(3, d1)), 0o644))
	once := filepath.Join(dir, "once.pbn")
	require.NoError(t, os.WriteFile(once, []byte(pbnDeal(1, d1)+pbnDeal(2, d2)), 0o644))

	def := sprt.Params{IMP0: 0, IMP1: 0.5, Alpha: 0.05, Beta: 0.05, MinBoards: 128}
	tests := []struct {
		name     string
		body     string
		teams    int // 0: two
		want     *sprt.Params
		perMatch int
		err      string // "file:line: ..." part
	}{
		{"none", "[boards]\nseed = 1\n", 0, nil, defaultCount, ""},
		{"defaults", "[sprt]\nimp0 = 0\nimp1 = 0.5\n[boards]\nseed = 1\n", 0, &def, defaultSPRTBoards, ""},
		{"all keys", "[sprt]\nimp0 = -0.5\nimp1 = 1\nalpha = 0.01\nbeta = 0.1\nmin_boards = 0\n[boards]\nseed = 1\ncount = 300\n", 0,
			&sprt.Params{IMP0: -0.5, IMP1: 1, Alpha: 0.01, Beta: 0.1}, 300, ""},
		{"small cap, small minimum", "[sprt]\nimp0 = 0\nimp1 = 0.5\nmin_boards = 64\n[boards]\nseed = 1\ncount = 100\n", 0,
			&sprt.Params{IMP1: 0.5, Alpha: 0.05, Beta: 0.05, MinBoards: 64}, 100, ""},
		{"no imp1", "[sprt]\nimp0 = 0\n[boards]\nseed = 1\n", 0, nil, 0, "seq.toml:3: sprt: imp1 is missing"},
		{"bad alpha", "[sprt]\nimp0 = 0\nimp1 = 0.5\nalpha = 1.5\n[boards]\nseed = 1\n", 0, nil, 0, "seq.toml:6: sprt: alpha 1.5: want a probability between 0 and 1"},
		{"imp1 below imp0", "[sprt]\nimp0 = 1\nimp1 = 0.5\n[boards]\nseed = 1\n", 0, nil, 0, "seq.toml:5: sprt: imp1 0.5: want more than imp0 1"},
		{"negative minimum", "[sprt]\nimp0 = 0\nimp1 = 0.5\nmin_boards = -1\n[boards]\nseed = 1\n", 0, nil, 0, "seq.toml:6: sprt: min_boards -1"},
		{"unknown key", "[sprt]\nimp0 = 0\nimp1 = 0.5\nelo0 = 1\n", 0, nil, 0, `seq.toml:6: unknown key "sprt.elo0"`},
		{"text value", "[sprt]\nimp0 = \"zero\"\nimp1 = 0.5\n", 0, nil, 0, "seq.toml:4"},
		{"cap below minimum", "[sprt]\nimp0 = 0\nimp1 = 0.5\n[boards]\nseed = 1\ncount = 100\n", 0, nil, 0,
			"seq.toml:8: sprt: 100 boards (the cap) are fewer than min_boards 128: the test could never decide"},
		{"round robin", "[sprt]\nimp0 = 0\nimp1 = 0.5\n[boards]\nseed = 1\n", 3, nil, 0, "seq.toml:3: sprt: a sequential test is for a team match of two teams, not a round robin"},
		{"repeated deal", "[sprt]\nimp0 = 0\nimp1 = 0.5\nmin_boards = 2\n[boards]\npbn = \"" + twice + "\"\n", 0, nil, 0,
			"seq.toml:7: sprt: boards 1 and 3 have the same deal"},
		{"pbn without repeats", "[sprt]\nimp0 = 0\nimp1 = 0.5\nmin_boards = 2\n[boards]\npbn = \"" + once + "\"\n", 0,
			&sprt.Params{IMP1: 0.5, Alpha: 0.05, Beta: 0.05, MinBoards: 2}, 2, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			body := tc.body
			if tc.teams == 3 {
				body += "\n[teams.C]\nbots = [\"builtin:random\"]\n"
			}
			f, err := ParseFile([]byte("name = \"seq\"\n\n"+body+"\n[teams.A]\nbots = [\"builtin:random\"]\n[teams.B]\nbots = [\"builtin:random\"]\n"), "seq.toml")
			if err == nil {
				f.Out = t.TempDir()
				var ev *Event
				ev, err = Resolve(f)
				if err == nil && tc.err == "" {
					assert.Equal(t, tc.want, ev.SPRT)
					assert.Equal(t, tc.perMatch, ev.PerMatch)
					return
				}
			}
			require.Error(t, err)
			require.NotEmpty(t, tc.err, "unexpected error %v", err)
			assert.Contains(t, err.Error(), tc.err)
		})
	}
}

func TestSPRTConfigOf(t *testing.T) {
	t.Parallel()
	p := sprt.Params{IMP0: -1, IMP1: 2, Alpha: 0.01, Beta: 0.2, MinBoards: 7}
	got, err := SPRTConfigOf(p).params()
	require.NoError(t, err)
	assert.Equal(t, p, got)
}

// synthetic returns the records of a match A-v-B whose board b gives the
// home team imps[b-1] IMPs (open room N-S score against closed room 0),
// and the IMPs as engine.IMPs computes them.
func synthetic(ev *Event, diffs []int) ([]results.Record, []int) {
	var recs []results.Record
	var imps []int
	for i, d := range diffs {
		open, closed := d, 0
		for _, room := range []struct {
			name  string
			score int
		}{{RoomOpen, open}, {RoomClosed, closed}} {
			s := room.score
			recs = append(recs, results.Record{Event: ev.Name, Match: "A-v-B", Room: room.name, Board: i + 1, ScoreNS: &s,
				Termination: results.Termination{Kind: results.KindNormal}})
		}
		imps = append(imps, engine.IMPs(d))
	}
	return recs, imps
}

// scoreDiffs draws n N-S score differences like a real match's: mostly
// equal, often a trick (±20..±50), now and then a game or slam swing.
func scoreDiffs(rng *rand.Rand, n int, bias float64) []int {
	swings := []int{0, 0, 0, 0, 10, 20, 30, 50, 100, 140, 420, 620, 790, 1430}
	out := make([]int, n)
	for i := range out {
		d := swings[rng.IntN(len(swings))]
		if rng.Float64() >= 0.5+bias {
			d = -d
		}
		out[i] = d
	}
	return out
}

func TestDecideSPRT(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		bias float64
		min  int
	}{
		{"strong", 0.2, 128}, {"weak", -0.2, 128}, {"even", 0, 128}, {"strong, no minimum", 0.2, 0}, {"slightly better", 0.06, 64},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ev := sprtEvent(t, "builtin:random", "builtin:random", "[boards]\nseed = 1\ncount = 300\n[sprt]\nimp0 = 0\nimp1 = 0.5\nmin_boards = "+itoa(tc.min))
			rng := rand.New(rand.NewPCG(uint64(len(tc.name)), 3))
			recs, imps := synthetic(ev, scoreDiffs(rng, 300, tc.bias))

			// The verdict a test fed the boards in order comes to.
			want, err := sprt.New(*ev.SPRT)
			require.NoError(t, err)
			for _, x := range imps {
				want.Add(x)
			}
			want.End()
			wr := want.Result()
			t.Logf("%s after %d boards", wr.Verdict, wr.Boards)

			got := decideSPRT(ev, recs)
			require.NotNil(t, got)
			assert.Equal(t, wr, *got)

			// Any order of the records, and records of boards after the
			// decision, give the same verdict.
			for range 5 {
				shuffled := append([]results.Record(nil), recs...)
				rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
				assert.Equal(t, wr, *decideSPRT(ev, shuffled))
			}
			if wr.Verdict.Decided() {
				assert.Equal(t, wr, *decideSPRT(ev, recs[:2*wr.Boards]), "the boards up to the decision decide it")
				assert.Equal(t, sprt.Continue, decideSPRT(ev, recs[:2*wr.Boards-1]).Verdict, "one room short of the decision")
			}
			// The report carries it.
			assert.Equal(t, wr, *ScoreEvent(ev, recs).SPRT)
		})
	}
}

func itoa(n int) string { return sprintf("%d", n) }

func TestDecideSPRTPrefix(t *testing.T) {
	t.Parallel()
	ev := sprtEvent(t, "builtin:random", "builtin:random", "[boards]\nseed = 1\ncount = 20\n[sprt]\nimp0 = 0\nimp1 = 0.5\nmin_boards = 4")
	diffs := make([]int, 20)
	for i := range diffs {
		diffs[i] = 620 // +12 IMPs every board: H1 at board 4
	}
	recs, _ := synthetic(ev, diffs)

	// Board 2's closed room is missing: the prefix is board 1 alone,
	// whatever comes later.
	gap := append(append([]results.Record(nil), recs[:3]...), recs[4:]...)
	r := decideSPRT(ev, gap)
	assert.Equal(t, sprt.Continue, r.Verdict)
	assert.Equal(t, 1, r.Boards)

	r = decideSPRT(ev, recs)
	assert.Equal(t, sprt.AcceptH1, r.Verdict)
	assert.Equal(t, 4, r.Boards)

	// A board-room's first record counts (as in ScoreEvent); other
	// events' records and unknown boards are ignored.
	dup := recs[0]
	s := -2000
	dup.ScoreNS = &s
	other := recs[0]
	other.Event = "other"
	stray := recs[0]
	stray.Board = 99
	r2 := decideSPRT(ev, append(append([]results.Record(nil), recs...), dup, other, stray))
	assert.Equal(t, *r, *r2)

	// No board decides before the minimum; all 20 without a decision:
	// inconclusive.
	evEven := sprtEvent(t, "builtin:random", "builtin:random", "[boards]\nseed = 1\ncount = 20\n[sprt]\nimp0 = -0.5\nimp1 = 0.5\nmin_boards = 4")
	even := make([]int, 20)
	for i := range even {
		even[i] = []int{620, -620}[i%2]
	}
	recs, _ = synthetic(evEven, even)
	r = decideSPRT(evEven, recs)
	assert.Equal(t, sprt.Inconclusive, r.Verdict)
	assert.Equal(t, 20, r.Boards)
	assert.Equal(t, sprt.Continue, decideSPRT(evEven, recs[:39]).Verdict)

	// An event without a test has none.
	assert.Nil(t, decideSPRT(testEvent(t, ScheduleMatch, 2, 4, 16, ""), recs))
}

// sprtRun runs an event to its end, collecting the progress reports.
func sprtRun(t *testing.T, ev *Event, runner TableRunner) (*RunResult, []Progress) {
	t.Helper()
	var progress []Progress
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	out, err := Run(ctx, ev, Options{Runner: runner, Progress: func(p Progress) { progress = append(progress, p) }})
	require.NoError(t, err)
	return out, progress
}

func TestRunStopsOnSPRT(t *testing.T) {
	t.Parallel()
	// refbot easy is far stronger than the random bot: H1 at the
	// minimum of 128 boards, well before the cap of 400.
	ev := sprtEvent(t, "builtin:refbot:easy", "builtin:random", "concurrency = 2\n[boards]\nseed = 5\ncount = 400\n[sprt]\nimp0 = 0\nimp1 = 0.5")
	out, progress := sprtRun(t, ev, SimRunner{})
	rep := out.Report
	require.NotNil(t, rep.SPRT)
	assert.Equal(t, sprt.AcceptH1, rep.SPRT.Verdict)
	assert.Equal(t, 128, rep.SPRT.Boards)
	assert.Greater(t, rep.SPRT.Mean, 5.0)

	recs := readRecords(t, ev.Out)
	assert.GreaterOrEqual(t, len(recs), 2*128)
	assert.Equal(t, len(recs), out.Played)
	// The progress showed the test as it went, the last one decided.
	require.NotEmpty(t, progress)
	assert.Equal(t, sprt.Continue, progress[0].SPRT.Verdict)
	decidedAt := -1
	for i, p := range progress {
		if p.SPRT.Verdict.Decided() && decidedAt < 0 {
			decidedAt = i
		}
	}
	require.GreaterOrEqual(t, decidedAt, 2*128-1)
	// No board started once it decided: the table that decided stopped,
	// and each other table in play finished at most the board it was on.
	// How far one room ran ahead of the other before that depends on the
	// scheduler, not on the test.
	assert.LessOrEqual(t, len(progress)-decidedAt-1, ev.Concurrency-1, "board-rooms recorded after the decision")

	// The summary ends with the verdict; summary.json holds it.
	var b strings.Builder
	require.NoError(t, rep.WriteSummary(&b))
	sum := b.String()
	assert.Contains(t, sum, "ended by the sequential test")
	assert.Contains(t, sum, "\nBoards: 128, IMPs/board: +")
	assert.True(t, strings.HasSuffix(sum, "\nSPRT ([0.00, 0.50]) completed - H1 was accepted\n"), sum)
	require.NoError(t, WriteSummaryFile(rep))
	txt, err := os.ReadFile(filepath.Join(ev.Out, "summary.txt"))
	require.NoError(t, err)
	assert.Contains(t, string(txt), sum)
	var js struct {
		SPRT struct {
			Verdict string `json:"verdict"`
			Boards  int    `json:"boards"`
		} `json:"sprt"`
	}
	raw, err := os.ReadFile(filepath.Join(ev.Out, report.SummaryJSONFile))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(raw, &js))
	assert.Equal(t, "H1", js.SPRT.Verdict)
	assert.Equal(t, 128, js.SPRT.Boards)

	// A rerun finds the test decided and plays nothing.
	again, _ := sprtRun(t, ev, TableRunnerFunc(func(context.Context, TableJob, func(results.Record) error) error {
		t.Error("a decided test played a table")
		return nil
	}))
	assert.Equal(t, 0, again.Played)
	assert.Equal(t, len(recs), again.Resumed)
	assert.Equal(t, *rep.SPRT, *again.Report.SPRT)
}

func TestRunSPRTResumeSameVerdict(t *testing.T) {
	t.Parallel()
	// Interrupted after some boards and resumed, the test decides as an
	// uninterrupted one does.
	body := "concurrency = 2\n[boards]\nseed = 8\ncount = 200\n[sprt]\nimp0 = 0\nimp1 = 0.5\nmin_boards = 32"
	whole := sprtEvent(t, "builtin:refbot:easy", "builtin:random", body)
	ref, _ := sprtRun(t, whole, SimRunner{})

	ev := sprtEvent(t, "builtin:refbot:easy", "builtin:random", body)
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	_, err := Run(ctx, ev, Options{Runner: SimRunner{}, Progress: func(Progress) {
		if n++; n == 20 {
			cancel()
		}
	}})
	require.ErrorIs(t, err, ErrInterrupted)
	out, _ := sprtRun(t, ev, SimRunner{})
	assert.Greater(t, out.Resumed, 0)
	assert.Equal(t, *ref.Report.SPRT, *out.Report.SPRT)
	assert.True(t, out.Report.SPRT.Verdict.Decided())
}

func TestRunSPRTAllTied(t *testing.T) {
	t.Parallel()
	// Two identical deterministic bots tie every board: with symmetric
	// hypotheses the LLR stays 0 and the cap ends the test.
	ev := sprtEvent(t, "builtin:random", "builtin:refbot:easy", "concurrency = 2\n[boards]\nseed = 2\ncount = 40\n[sprt]\nimp0 = -0.5\nimp1 = 0.5\nmin_boards = 32")
	instant := SimRunner{NewPlayer: func(bots.Spec, string) (player.Player, error) { return playertest.Instant{}, nil }}
	out, _ := sprtRun(t, ev, instant)
	r := out.Report.SPRT
	assert.Equal(t, sprt.Inconclusive, r.Verdict)
	assert.Equal(t, 40, r.Boards)
	assert.True(t, r.AllTied())
	var b strings.Builder
	require.NoError(t, out.Report.WriteSummary(&b))
	assert.Contains(t, b.String(), "All 40 boards were tied")
	assert.NotContains(t, b.String(), "NaN")
	assert.True(t, strings.HasSuffix(b.String(), "SPRT ([-0.50, 0.50]) inconclusive after 40 boards\n"), b.String())
	assert.NotContains(t, b.String(), "incomplete")
}

// TestSPRTRealMatch plays refbot expert against the random bot over the
// wire protocol, as run does, with the default test: H1 must be accepted
// well before 300 boards. It takes minutes, so it runs only with
// -sprt.real (make sprt-match).
func TestSPRTRealMatch(t *testing.T) {
	t.Parallel()
	if !*sprtReal {
		t.Skip("minutes of refbot expert: run with -sprt.real (make sprt-match)")
	}
	ev := sprtEvent(t, "builtin:refbot:expert", "builtin:random", "[boards]\nseed = \"sprt-real\"\ncount = 300\n[sprt]\nimp0 = 0\nimp1 = 0.5")
	start := time.Now()
	out, _ := sprtRun(t, ev, &ProtocolRunner{})
	r := out.Report.SPRT
	var b strings.Builder
	require.NoError(t, out.Report.WriteSummary(&b))
	t.Logf("%d board-rooms in %v\n%s", out.Played, time.Since(start).Round(time.Second), b.String())
	assert.Equal(t, sprt.AcceptH1, r.Verdict)
	assert.Less(t, r.Boards, 200)
}

// BenchmarkDecideSPRT decides a 2,000-board test from its 4,000 records,
// as merge or a report does (the records weighed in board order, none
// deciding: the whole match is weighed).
func BenchmarkDecideSPRT(b *testing.B) {
	src := "name = \"seq\"\n[boards]\nseed = 1\ncount = 2000\n[sprt]\nimp0 = -0.1\nimp1 = 0.1\n[teams.A]\nbots = [\"builtin:random\"]\n[teams.B]\nbots = [\"builtin:random\"]\n"
	f, err := ParseFile([]byte(src), "seq.toml")
	require.NoError(b, err)
	f.Out = b.TempDir()
	ev, err := Resolve(f)
	require.NoError(b, err)
	diffs := make([]int, 2000)
	for i := range diffs {
		diffs[i] = []int{0, 0, 50, -50, 420, -420}[i%6]
	}
	recs, _ := synthetic(ev, diffs)
	b.ReportAllocs()
	for b.Loop() {
		if r := decideSPRT(ev, recs); r.Boards != 2000 {
			b.Fatalf("weighed %d boards", r.Boards)
		}
	}
}

// decideSPRT computes an event's sequential test from its results, as
// its tracker weighs them (sprtTracker). It returns nil for an event
// without a test.
func decideSPRT(ev *Event, recs []results.Record) *sprt.Result {
	t, err := newSPRTTracker(ev)
	if t == nil || err != nil {
		return nil
	}
	for i := range recs {
		t.add(&recs[i])
	}
	return t.result()
}
