package tournaments

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/results"
	"github.com/openroom/openroom/sprt"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fileLines returns the lines of an event folder's results file.
func fileLines(t *testing.T, dir string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, ResultsFile))
	require.NoError(t, err)
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

// foreign returns a record line of another event, with other cards.
func foreign(t *testing.T, line string) string {
	t.Helper()
	var r results.Record
	require.NoError(t, json.Unmarshal([]byte(line), &r))
	r.Event, r.Seed = "elsewhere", "another seed"
	r.Deal = "N:AKQJ.T98.765.432 T987.AKQ.J32.JT9 65432.J7.AKQ.AKQ .65432.T984.8765"
	b, err := json.Marshal(&r)
	require.NoError(t, err)
	return string(b)
}

func keyOfLine(t *testing.T, line string) results.Key {
	t.Helper()
	var r results.Record
	require.NoError(t, json.Unmarshal([]byte(line), &r))
	return r.Key()
}

// TestRunResumesFromTheFileRecordByRecord resumes a team match from
// results files an earlier run could leave: a torn last line, records of
// other events, a board-room twice. The start must count what is on disk
// as the whole file did, tell the observer each board-room once in the
// file's order, play only the rest, and end with the report of an
// uninterrupted run.
func TestRunResumesFromTheFileRecordByRecord(t *testing.T) {
	t.Parallel()
	whole := testEvent(t, ScheduleMatch, 2, 6, 3, "")
	ref := runEvent(t, whole, Options{})
	lines := fileLines(t, whole.Out)
	require.Len(t, lines, 12)
	want := summary(t, ref.Report)

	for _, tc := range []struct {
		name    string
		file    []string
		bad     int
		onDisk  []string // the lines the observer is given, in order
		resumed int
	}{
		{"torn last line", append(append([]string{}, lines[:5]...), lines[5][:len(lines[5])/2]), 1, lines[:5], 5},
		{"other events' records", []string{foreign(t, lines[0]), lines[0], foreign(t, lines[1]), lines[1], lines[2], foreign(t, lines[3])}, 0, lines[:3], 3},
		{"a board-room twice", []string{lines[0], lines[1], lines[0], lines[2]}, 0, lines[:3], 3},
		{"blank and malformed lines", []string{"", lines[0], "not json", `{"ruleset":""}`, "  ", lines[1]}, 2, lines[:2], 2},
		{"every board-room", lines, 0, lines, 12},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ev := testEvent(t, ScheduleMatch, 2, 6, 3, "")
			data := strings.Join(tc.file, "\n")
			if !strings.HasPrefix(tc.name, "torn") {
				data += "\n" // a torn line is the last, without its newline
			}
			require.NoError(t, os.WriteFile(filepath.Join(ev.Out, ResultsFile), []byte(data), 0o644))
			obs := newRecordingObserver()
			out := runEvent(t, ev, Options{Observer: obs})
			assert.Equal(t, tc.resumed, out.Resumed)
			assert.Equal(t, tc.bad, out.BadLines)
			assert.Equal(t, 12-tc.resumed, out.Played)
			assert.Equal(t, 1, obs.started)
			var wantKeys []results.Key
			for _, l := range tc.onDisk {
				wantKeys = append(wantKeys, keyOfLine(t, l))
			}
			assert.Equal(t, wantKeys, obs.disk, "each board-room on disk once, in the file's order")
			assert.Len(t, obs.finished, 12-tc.resumed)
			assert.Equal(t, want, summary(t, out.Report), "the report of an uninterrupted run")
		})
	}
}

// TestRunSeedFromItsOwnRecords resumes an event given no seed from a file
// whose first records are another event's, dealt from another seed: the
// event takes the seed of its own records, not theirs.
func TestRunSeedFromItsOwnRecords(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	first := runEvent(t, seedlessEvent(t, dir), Options{})
	lines := fileLines(t, dir)
	require.NoError(t, os.Remove(filepath.Join(dir, SeedFile)), "the records alone tell the seed")
	file := []string{foreign(t, lines[0]), foreign(t, lines[1])}
	file = append(file, lines[:4]...)
	require.NoError(t, os.WriteFile(filepath.Join(dir, ResultsFile), []byte(strings.Join(file, "\n")+"\n"), 0o644))

	ev := seedlessEvent(t, dir)
	obs := newRecordingObserver()
	out := runEvent(t, ev, Options{Observer: obs})
	assert.Empty(t, out.NewSeed, "the seed on disk is kept, none drawn")
	assert.Equal(t, first.NewSeed, ev.Seed)
	assert.Equal(t, 4, out.Resumed)
	assert.Equal(t, 2, out.Played)
	assert.Equal(t, summary(t, first.Report), summary(t, out.Report))
	for _, j := range obs.jobs {
		for _, b := range j.Boards {
			assert.Equal(t, first.NewSeed, b.Seed, "the tables deal from the kept seed")
		}
	}
}

// TestRunDecidedSPRTOnDisk reruns a match whose sequential test the
// records on disk decide, with a torn line and another event's records
// after them: the start finds it decided and plays no table.
func TestRunDecidedSPRTOnDisk(t *testing.T) {
	t.Parallel()
	// One table at a time: with two, how many boards the decision takes
	// depends on which table finishes first, and a slow machine once let
	// the whole match finish before it.
	body := "concurrency = 1\n[boards]\nseed = 3\ncount = 64\n[sprt]\nimp0 = 0\nimp1 = 0.5\nmin_boards = 8"
	ev := sprtEvent(t, "builtin:random", "builtin:random", body)
	// The home team wins most boards: the visitors time out in the closed
	// room of three boards in four (A+ to the home team there, +3 IMPs),
	// the fourth is played out: H1 at once. The records are true to
	// their play, as a resume checks.
	lopsided := TableRunnerFunc(func(ctx context.Context, j TableJob, onBoard func(results.Record) error) error {
		return SimRunner{}.RunTable(ctx, j, func(r results.Record) error {
			if r.Room == RoomClosed && r.Board%4 != 0 {
				r.SetOutcome(engine.Fault(engine.Timeout, "test", engine.North)) // the visitors sit N-S in the closed room
			}
			return onBoard(r)
		})
	})
	first, _ := sprtRun(t, ev, lopsided)
	require.True(t, first.Report.SPRT.Verdict.Decided())
	assert.Equal(t, sprt.AcceptH1, first.Report.SPRT.Verdict)
	assert.Less(t, first.Played, 2*64, "the test stopped the match")

	lines := fileLines(t, ev.Out)
	path := filepath.Join(ev.Out, ResultsFile)
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.WriteString(foreign(t, lines[0]) + "\n" + lines[1][:40])
	require.NoError(t, err)
	require.NoError(t, f.Close())

	again, _ := sprtRun(t, ev, TableRunnerFunc(func(context.Context, TableJob, func(results.Record) error) error {
		t.Error("a decided test played a table")
		return nil
	}))
	assert.Equal(t, 0, again.Played)
	assert.Equal(t, first.Played, again.Resumed)
	assert.Equal(t, 1, again.BadLines)
	assert.Equal(t, *first.Report.SPRT, *again.Report.SPRT)
}

// writeSyntheticResults writes n records of a team match event's
// schedule (a passed-out board's record, stamped for each board-room) to
// its results file.
func writeSyntheticResults(t testing.TB, ev *Event, n int) {
	t.Helper()
	fh, err := os.Create(filepath.Join(ev.Out, ResultsFile))
	require.NoError(t, err)
	w := bufio.NewWriterSize(fh, 1<<20)
	passes := []engine.Call{engine.Pass, engine.Pass, engine.Pass, engine.Pass}
	written := 0
	for _, j := range ev.Jobs() {
		id := j.Identity()
		for _, bd := range j.Boards {
			if written == n {
				break
			}
			b, err := engine.Replay(bd, passes, nil)
			require.NoError(t, err)
			r := results.FromBoard(b, nil)
			id.Stamp(&r)
			line, err := json.Marshal(&r)
			require.NoError(t, err)
			w.Write(line)
			w.WriteByte('\n')
			written++
		}
	}
	require.Equal(t, n, written)
	require.NoError(t, w.Flush())
	require.NoError(t, fh.Close())
}

// retained is the heap that what f returns holds, after a collection.
func retained(f func() any) int64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	v := f()
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(v)
	return int64(after.HeapAlloc) - int64(before.HeapAlloc)
}

// TestStartHoldsNoRecords measures the heap the start of Run keeps of a
// results file (readOnDisk: the done board-rooms, the seed, the test)
// for files of 2,000 and 20,000 records of the same 20,000-board-room
// match: it must not grow with the records (two bits a board-room, made
// for the schedule). Reading the records whole (results.ReadFile, as the
// start did) holds hundreds of bytes a record, which the same measure
// sees: the bound is a tenth of that.
func TestStartHoldsNoRecords(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 20,000 records")
	}
	ev := testEvent(t, ScheduleMatch, 2, 10000, 1000, "")
	held := map[int]int64{}
	whole := map[int]int64{}
	for _, n := range []int{2000, 20000} {
		writeSyntheticResults(t, ev, n)
		held[n] = retained(func() any {
			st, err := readOnDisk(ev, filepath.Join(ev.Out, ResultsFile), nil)
			require.NoError(t, err)
			require.Equal(t, n, st.done)
			return st
		})
		whole[n] = retained(func() any {
			recs, _, err := results.ReadFile(filepath.Join(ev.Out, ResultsFile))
			require.NoError(t, err)
			return recs
		})
	}
	perStart := float64(held[20000]-held[2000]) / 18000
	perWhole := float64(whole[20000]-whole[2000]) / 18000
	t.Logf("heap held a record: start %.1f B, records read whole %.1f B", perStart, perWhole)
	assert.Greater(t, perWhole, 200.0, "the measure sees records held")
	assert.Less(t, perStart, perWhole/10, "the start holds no records")
	assert.Less(t, perStart, 16.0, "nor anything a record")
}

// BenchmarkRunStart reads a results file of 20,000 records of a
// 20,000-board-room match as the start of Run does, and reports the heap
// it keeps a record (held-B/record, after a collection) and what it
// allocates a record on the way (B/op and allocs/op over the whole file,
// divided by records in alloc-B/record).
func BenchmarkRunStart(b *testing.B) {
	const n = 20000
	ev := testEvent(b, ScheduleMatch, 2, n/2, 1000, "")
	writeSyntheticResults(b, ev, n)
	path := filepath.Join(ev.Out, ResultsFile)
	var ms0, ms1 runtime.MemStats
	runtime.ReadMemStats(&ms0)
	b.ResetTimer()
	for b.Loop() {
		if _, err := readOnDisk(ev, path, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	runtime.ReadMemStats(&ms1)
	b.ReportMetric(float64(ms1.TotalAlloc-ms0.TotalAlloc)/float64(b.N)/n, "alloc-B/record")
	held := retained(func() any {
		st, err := readOnDisk(ev, path, nil)
		if err != nil {
			b.Fatal(err)
		}
		return st
	})
	b.ReportMetric(float64(held)/n, "held-B/record")
}
