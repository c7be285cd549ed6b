package tournaments

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/results"
	"github.com/openroom/openroom/sandbox"
	"github.com/openroom/openroom/tournaments/bots"
	"github.com/openroom/openroom/tournaments/report"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const killChildEnv = "TOURNAMENTS_TEST_KILL_CHILD"

func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == relayArg {
		os.Exit(sandbox.RelayMain(os.Args[2:]))
	}
	if mode := os.Getenv(botModeEnv); mode != "" {
		os.Exit(testBot(mode, os.Args[1:]))
	}
	if dir := os.Getenv(killChildEnv); dir != "" {
		// The child of TestResumeAfterKill: play the event slowly until
		// the parent kills this process.
		ev := killEvent(dir)
		_, err := Run(context.Background(), ev, Options{Runner: slowRunner(5 * time.Millisecond)})
		fmt.Fprintln(os.Stderr, "child finished:", err)
		os.Exit(3)
	}
	os.Exit(m.Run())
}

// killEvent is the event of the kill test: a round robin of 3 teams.
func killEvent(out string) *Event {
	src := "name = \"kill\"\nconcurrency = 2\nsegment = 6\n[boards]\nseed = 99\ncount = 12\n" +
		"[teams.A]\nbots = [\"builtin:random\"]\n[teams.B]\nbots = [\"builtin:random\"]\n[teams.C]\nbots = [\"builtin:random\"]\n"
	f, err := ParseFile([]byte(src), "kill.toml")
	if err != nil {
		panic(err)
	}
	f.Out = out
	ev, err := Resolve(f)
	if err != nil {
		panic(err)
	}
	return ev
}

// slowRunner is SimRunner with a pause before each board, so that a test
// can interrupt an event in the middle.
func slowRunner(d time.Duration) TableRunner {
	return TableRunnerFunc(func(ctx context.Context, job TableJob, onBoard func(results.Record) error) error {
		return SimRunner{}.RunTable(ctx, job, func(r results.Record) error {
			time.Sleep(d)
			return onBoard(r)
		})
	})
}

// readRecords reads an event folder's results, sorted by board-room, with
// the think times cleared.
func readRecords(t *testing.T, dir string) []results.Record {
	t.Helper()
	recs, _, err := results.ReadFile(filepath.Join(dir, ResultsFile))
	require.NoError(t, err)
	sort.Slice(recs, func(i, j int) bool {
		a, b := recs[i], recs[j]
		if a.Match != b.Match {
			return a.Match < b.Match
		}
		if a.Room != b.Room {
			return a.Room < b.Room
		}
		return a.Board < b.Board
	})
	for i := range recs {
		recs[i].TimeMS = results.SideTimes{}
	}
	return recs
}

func summary(t *testing.T, rep *report.Report) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, rep.WriteSummary(&b))
	require.NoError(t, rep.WriteBoards(&b))
	return b.String()
}

func runEvent(t *testing.T, ev *Event, opt Options) *RunResult {
	t.Helper()
	if opt.Runner == nil {
		opt.Runner = SimRunner{}
	}
	out, err := Run(context.Background(), ev, opt)
	require.NoError(t, err)
	return out
}

func TestRunTeamMatch(t *testing.T) {
	t.Parallel()
	ev := testEvent(t, ScheduleMatch, 2, 20, 8, "")
	var last Progress
	calls := 0
	out := runEvent(t, ev, Options{Progress: func(p Progress) { last = p; calls++ }})
	assert.Equal(t, 40, out.Played)
	assert.Equal(t, 40, calls)
	assert.Equal(t, Progress{Done: 40, Total: 40, Played: 40, Running: last.Running, Elapsed: last.Elapsed}, last)
	recs := readRecords(t, ev.Out)
	require.Len(t, recs, 40)
	for _, r := range recs {
		assert.Equal(t, results.Ruleset, r.Ruleset)
		assert.Equal(t, "t", r.Event)
		assert.Equal(t, "A-v-B", r.Match)
		assert.Equal(t, "s", r.Seed)
		assert.True(t, r.Complete())
		require.NotNil(t, r.ScoreNS)
		if r.Room == RoomOpen {
			assert.Equal(t, results.Seats{N: "A1", E: "B1", S: "A2", W: "B2"}, r.Players)
		} else {
			assert.Equal(t, results.Seats{N: "B1", E: "A1", S: "B2", W: "A2"}, r.Players)
		}
		// the scheduled cards, dealer first
		b := engine.NewDealSource("s").Deal(r.Board)
		assert.Equal(t, b.Format(engine.BoardDealer(r.Board)), r.Deal)
	}
	rep := out.Report
	require.Len(t, rep.Matches, 1)
	m := rep.Matches[0]
	assert.Equal(t, 20, m.Played)
	assert.Equal(t, 40, rep.Records)
	sum := 0
	for _, br := range m.Boards {
		sum += br.HomeIMPs
		want := engine.IMPs(br.Open.ScoreNS - br.Closed.ScoreNS)
		assert.Equal(t, want, br.HomeIMPs, "board %d", br.Board)
	}
	assert.Equal(t, m.Margin, sum)
	vp, ovp := engine.VPs(float64(sum), 20)
	assert.Equal(t, vp, m.HomeVP)
	assert.Equal(t, ovp, m.VisitVP)
	assert.NotEqual(t, 0, m.HomeIMPs+m.VisitIMPs, "two teams of random bots should not tie every board")
	s := summary(t, rep)
	assert.Contains(t, s, "Match A-v-B: A ")
	assert.Contains(t, s, "95% CI")

	// A rerun of a finished event plays nothing and reports the same.
	again := runEvent(t, ev, Options{})
	assert.Equal(t, 0, again.Played)
	assert.Equal(t, 40, again.Resumed)
	assert.Equal(t, s, summary(t, again.Report))
}

func TestRunSameWhateverTheConcurrency(t *testing.T) {
	t.Parallel()
	var want []results.Record
	var wantSummary string
	runs := []struct {
		runner TableRunner
		c      int
	}{{SimRunner{}, 1}, {SimRunner{}, 2}, {SimRunner{}, 5}, {protoRunner(t), 1}, {protoRunner(t), 3}}
	for _, run := range runs {
		c := run.c
		ev := testEvent(t, ScheduleRoundRobin, 4, 12, 5, fmt.Sprintf("concurrency = %d", c))
		out := runEvent(t, ev, Options{Runner: run.runner})
		recs := readRecords(t, ev.Out)
		s := summary(t, out.Report)
		if want == nil {
			want, wantSummary = recs, s
			require.Len(t, recs, 6*2*12)
			continue
		}
		assert.Equal(t, want, recs, "%T, concurrency %d", run.runner, c)
		assert.Equal(t, wantSummary, s, "%T, concurrency %d", run.runner, c)
	}
}

func TestRoundRobinStandings(t *testing.T) {
	t.Parallel()
	ev := testEvent(t, ScheduleRoundRobin, 5, 8, 16, "")
	out := runEvent(t, ev, Options{})
	rep := out.Report
	require.Len(t, rep.Matches, 10)
	require.Len(t, rep.Standings, 5)
	total := 0.0
	played := 0
	for i, s := range rep.Standings {
		total += s.VPs
		played += s.Played
		assert.Equal(t, 4, s.Played, s.Team)
		assert.Equal(t, s.Played, s.Won+s.Drawn+s.Lost)
		if i > 0 {
			assert.GreaterOrEqual(t, rep.Standings[i-1].VPs, s.VPs)
		}
	}
	assert.InDelta(t, 20*10, total, 0.05)
	for _, m := range rep.Matches {
		assert.InDelta(t, 20, m.HomeVP+m.VisitVP, 1e-9)
	}
	assert.Contains(t, summary(t, rep), "Standings")
}

func TestRunResumeAfterInterrupt(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"sim", "protocol"} {
		t.Run(name, func(t *testing.T) { resumeAfterInterrupt(t, name) })
	}
}

// resumeAfterInterrupt interrupts an event (Ctrl-C) after 17 board-rooms,
// tears the last line of its results, resumes it and compares it with an
// uninterrupted run.
func resumeAfterInterrupt(t *testing.T, runnerName string) {
	var inner TableRunner = SimRunner{}
	if runnerName == "protocol" {
		inner = protoRunner(t)
	}
	full := testEvent(t, ScheduleRoundRobin, 3, 10, 4, "concurrency = 2")
	want := runEvent(t, full, Options{})

	ev := testEvent(t, ScheduleRoundRobin, 3, 10, 4, "concurrency = 2")
	ctx, cancel := context.WithCancel(context.Background())
	var n atomic.Int32
	stopAfter := TableRunnerFunc(func(c context.Context, job TableJob, onBoard func(results.Record) error) error {
		return inner.RunTable(c, job, func(r results.Record) error {
			if n.Add(1) == 17 {
				cancel() // Ctrl-C: the boards in play finish, no new ones start
			}
			return onBoard(r)
		})
	})
	out, err := Run(ctx, ev, Options{Runner: stopAfter})
	require.ErrorIs(t, err, ErrInterrupted)
	require.ErrorIs(t, err, context.Canceled)
	assert.GreaterOrEqual(t, out.Played, 17)
	assert.Less(t, out.Played, 60)
	assert.Less(t, out.Report.Records, out.Report.Expected)
	assert.Contains(t, summary(t, out.Report), "incomplete")

	// A crash can tear the last line; the rerun skips it and replays that board.
	f, err := os.OpenFile(filepath.Join(ev.Out, ResultsFile), os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.WriteString(`{"ruleset":"bridge-duplicate-practice-v1","event":"t","match":"A-v-`)
	require.NoError(t, err)
	require.NoError(t, f.Close())

	again := runEvent(t, ev, Options{Runner: inner})
	assert.Equal(t, 1, again.BadLines)
	assert.Equal(t, out.Played, again.Resumed)
	assert.Equal(t, 60, again.Resumed+again.Played)
	assert.Equal(t, readRecords(t, full.Out), readRecords(t, ev.Out))
	assert.Equal(t, summary(t, want.Report), summary(t, again.Report))
}

func TestResumeAfterKill(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("starts a child process")
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), killChildEnv+"="+dir)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	path := filepath.Join(dir, ResultsFile)
	deadline := time.Now().Add(20 * time.Second)
	for {
		b, _ := os.ReadFile(path)
		if bytes.Count(b, []byte("\n")) >= 20 {
			break
		}
		if time.Now().After(deadline) {
			_ = cmd.Process.Kill()
			t.Fatalf("the child wrote too few results in time; stderr: %s", stderr.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
	require.NoError(t, cmd.Process.Kill()) // SIGKILL: no chance to clean up
	_ = cmd.Wait()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	lines := bytes.Count(b, []byte("\n"))
	require.Less(t, lines, 72, "the child must be killed mid-event")

	ev := killEvent(dir)
	out, err := Run(context.Background(), ev, Options{Runner: SimRunner{}})
	require.NoError(t, err)
	assert.Equal(t, 72, out.Resumed+out.Played)
	assert.Greater(t, out.Played, 0)

	ref := killEvent(t.TempDir())
	want, err := Run(context.Background(), ref, Options{Runner: SimRunner{}})
	require.NoError(t, err)
	assert.Equal(t, readRecords(t, ref.Out), readRecords(t, dir))
	assert.Equal(t, summary(t, want.Report), summary(t, out.Report))
}

func TestRunRefusesAnotherEventsResults(t *testing.T) {
	t.Parallel()
	ev := testEvent(t, ScheduleMatch, 2, 4, 16, "")
	runEvent(t, ev, Options{})
	other := testEvent(t, ScheduleMatch, 2, 4, 16, "")
	other.Out = ev.Out
	other.Boards = engine.SeededBoards("another seed", engine.BoardNumbers(1, 4))
	_, err := Run(context.Background(), other, Options{Runner: SimRunner{}})
	require.ErrorIs(t, err, ErrOtherEvent)
	assert.Contains(t, err.Error(), "other cards")

	// --fresh sets the old results aside and starts again.
	out, err := Run(context.Background(), other, Options{Runner: SimRunner{}, Fresh: true})
	require.NoError(t, err)
	assert.Equal(t, 8, out.Played)
	_, err = os.Stat(filepath.Join(ev.Out, ResultsFile+".1"))
	assert.NoError(t, err)
}

func TestSeatFaultScoresTheRestByPolicy(t *testing.T) {
	t.Parallel()
	ev := testEvent(t, ScheduleMatch, 2, 6, 16, "")
	// The closed room's East (team A's bot) gives up after two boards.
	runner := TableRunnerFunc(func(ctx context.Context, job TableJob, onBoard func(results.Record) error) error {
		if job.Room == RoomOpen {
			return SimRunner{}.RunTable(ctx, job, onBoard)
		}
		job.Boards = job.Boards[:2]
		if err := (SimRunner{}).RunTable(ctx, job, onBoard); err != nil {
			return err
		}
		return &SeatFault{Outcome: engine.Fault(engine.Disconnect, "bot A1 crashed 4 times", engine.East)}
	})
	out := runEvent(t, ev, Options{Runner: runner})
	assert.Equal(t, 12, out.Played)
	m := out.Report.Matches[0]
	assert.Equal(t, 6, m.Played)
	assert.Equal(t, 4, m.Adjusted)
	assert.Equal(t, 4, m.FaultRecords)
	recs, _, err := results.ReadFile(out.ResultsOut)
	require.NoError(t, err)
	closed := map[int]results.Record{}
	for _, r := range recs {
		if r.Room == RoomClosed {
			closed[r.Board] = r
		}
	}
	for _, br := range m.Boards[2:] {
		assert.Equal(t, -3, br.HomeIMPs, "A is at fault on board %d", br.Board)
		f := br.Closed.Fault
		require.NotNil(t, f, "board %d", br.Board)
		assert.Equal(t, results.KindDisconnect, f.Kind)
		assert.Equal(t, "E", f.Seat)
		assert.Equal(t, &results.Adjusted{NS: "A+", EW: "A-"}, f.Adjusted)
		assert.False(t, br.Closed.HasScore)
		r := closed[br.Board]
		assert.Equal(t, results.KindDisconnect, r.Termination.Kind)
		assert.Nil(t, r.ScoreNS)
		assert.Equal(t, results.Seats{N: "B1", E: "A1", S: "B2", W: "A2"}, r.Players)
	}
	assert.Contains(t, summary(t, out.Report), "4 board-rooms stopped by a fault")
}

func TestRunnerErrorStopsTheEvent(t *testing.T) {
	t.Parallel()
	ev := testEvent(t, ScheduleMatch, 2, 4, 2, "concurrency = 1")
	boom := errors.New("boom")
	runner := TableRunnerFunc(func(ctx context.Context, job TableJob, onBoard func(results.Record) error) error {
		return boom
	})
	_, err := Run(context.Background(), ev, Options{Runner: runner})
	require.ErrorIs(t, err, boom)
	assert.True(t, strings.Contains(err.Error(), "A-v-B/open/1"), err.Error())
}

func TestSimRunnerRefusesWhatItCannotSeat(t *testing.T) {
	t.Parallel()
	ev := testEvent(t, ScheduleMatch, 2, 2, 16, "")
	ev.Teams[0].Bots[0] = bots.Spec{Name: "builtin:refbot:genius", Kind: bots.KindBuiltin, Builtin: bots.BuiltinRefbot, Level: "genius"}
	_, err := Run(context.Background(), ev, Options{Runner: SimRunner{}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `level "genius"`)
	ev.Teams[0].Bots[0] = bots.Spec{Name: "./bot", Kind: bots.KindCommand, Command: []string{"./bot"}}
	_, err = Run(context.Background(), ev, Options{Runner: SimRunner{}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "only built-in bots")
}

func TestWritePBNBothRooms(t *testing.T) {
	t.Parallel()
	ev := testEvent(t, ScheduleMatch, 2, 3, 16, "")
	out := runEvent(t, ev, Options{MatchWriters: []MatchWriter{WritePBN}})
	assert.Empty(t, out.Warnings)
	require.NoError(t, WriteSummaryFile(out.Report))
	b, err := os.ReadFile(filepath.Join(ev.Out, "A-v-B.pbn"))
	require.NoError(t, err)
	games, err := pbnGames(b)
	require.NoError(t, err)
	require.Len(t, games, 6)
	for i, g := range games {
		room := "Open"
		if i%2 == 1 {
			room = "Closed"
		}
		assert.Equal(t, room, g["Room"])
		assert.Equal(t, fmt.Sprint(i/2+1), g["Board"])
		assert.Equal(t, "A", g["HomeTeam"])
		assert.Contains(t, g["ScoreIMP"], "NS ")
	}
	assert.Equal(t, "A1", games[0]["North"])
	assert.Equal(t, "B1", games[1]["North"])
	s, err := os.ReadFile(filepath.Join(ev.Out, "summary.txt"))
	require.NoError(t, err)
	assert.Contains(t, string(s), "Match A-v-B")
	if runtime.GOOS != "windows" {
		// Readable like results.jsonl, not private to the harness's user.
		for _, name := range []string{"A-v-B.pbn", "summary.txt"} {
			st, err := os.Stat(filepath.Join(ev.Out, name))
			require.NoError(t, err)
			assert.Equal(t, os.FileMode(0o644), st.Mode().Perm(), name)
		}
	}
}

func TestWriteLIN(t *testing.T) {
	t.Parallel()
	ev := testEvent(t, ScheduleMatch, 2, 2, 16, "lin = true")
	require.True(t, ev.LIN)
	out := runEvent(t, ev, Options{MatchWriters: []MatchWriter{WriteLIN}})
	assert.Empty(t, out.Warnings)
	l, err := os.ReadFile(filepath.Join(ev.Out, "A-v-B.lin"))
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(l)), "\n")
	require.Len(t, lines, 4)
	assert.Contains(t, lines[0], "pn|A2,B2,A1,B1|")
	links, err := os.ReadFile(filepath.Join(ev.Out, "A-v-B.bbo.txt"))
	require.NoError(t, err)
	assert.Contains(t, string(links), "board 1 open: https://www.bridgebase.com/tools/handviewer.html?lin=")
	assert.Contains(t, string(links), "board 2 closed: ")
}

func TestAbortAbandonsBoardsInPlay(t *testing.T) {
	t.Parallel()
	ev := testEvent(t, ScheduleMatch, 2, 4, 16, "concurrency = 2")
	ctx, cancel := context.WithCancel(context.Background())
	abort := make(chan struct{})
	started := make(chan struct{}, 2)
	// A table that never finishes its board unless its context ends.
	stuck := TableRunnerFunc(func(c context.Context, job TableJob, onBoard func(results.Record) error) error {
		started <- struct{}{}
		<-c.Done()
		return c.Err()
	})
	done := make(chan error, 1)
	go func() {
		_, err := Run(ctx, ev, Options{Runner: stuck, Grace: time.Hour, Abort: abort})
		done <- err
	}()
	<-started
	<-started
	cancel() // first Ctrl-C: wait for the boards in play (for an hour)
	select {
	case err := <-done:
		t.Fatalf("Run returned before the grace period or an abort: %v", err)
	case <-time.After(50 * time.Millisecond):
	}
	close(abort) // second Ctrl-C
	select {
	case err := <-done:
		require.ErrorIs(t, err, ErrInterrupted)
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return after the abort")
	}
}
