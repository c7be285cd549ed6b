package tournaments

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/results"
	"github.com/openroom/openroom/tournaments/report"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// writerCall is one call of a match writer, as recordingWriter saw it.
type writerCall struct {
	Match  string
	Boards []int // the match's board numbers
	Recs   []results.Record
}

// recordingWriter is a MatchWriter that notes its calls.
func recordingWriter(calls *[]writerCall) MatchWriter {
	return func(_ *Event, m Match, recs []results.Record) error {
		c := writerCall{Match: m.ID, Recs: recs}
		for _, b := range m.Boards {
			c.Boards = append(c.Boards, b.Number)
		}
		*calls = append(*calls, c)
		return nil
	}
}

// firstRecords indexes the event's records by board-room, the first of a
// board-room winning: what a report of the records shows.
func firstRecords(ev *Event, recs []results.Record) map[roomKey]*results.Record {
	idx := map[roomKey]*results.Record{}
	for i := range recs {
		r := &recs[i]
		if _, ok := idx[keyOf(r)]; r.Event == ev.Name && !ok {
			idx[keyOf(r)] = r
		}
	}
	return idx
}

// recordCells is the board table's cells of a room, formatted from its
// whole record: what RoomResult.Cells must give for the room the report keeps.
func recordCells(r *results.Record) (contract, score string) {
	switch {
	case r == nil:
		return "-", ""
	case !r.Complete() || r.ScoreNS == nil:
		adj := ""
		if r.Adjusted != nil {
			adj = fmt.Sprintf(" %s/%s", r.Adjusted.NS, r.Adjusted.EW)
		}
		return fmt.Sprintf("%s %s", r.Termination.Kind, r.Termination.Seat), "adj" + adj
	case r.Tricks == nil:
		return r.Contract, fmt.Sprintf("%+d", *r.ScoreNS)
	}
	res := "="
	if c, err := engine.ParseContract(r.Contract); err == nil && !c.PassedOut() {
		if d := *r.Tricks - c.Level - 6; d != 0 {
			res = fmt.Sprintf("%+d", d)
		}
	}
	return fmt.Sprintf("%s%s %s", r.Contract, res, r.Declarer), fmt.Sprintf("%+d", *r.ScoreNS)
}

// checkAgainstRecords checks a report and the writers' calls against the
// records they were made from: every board's rooms, cells and IMPs as the
// first records of its board-rooms give them, and every match with
// records handed to the writers once, its records in board order, the
// open room first.
func checkAgainstRecords(t *testing.T, ev *Event, rep *report.Report, calls []writerCall, recs []results.Record) {
	t.Helper()
	idx := firstRecords(ev, recs)
	p := ev.AdjustedIMPs()
	matches := ev.Matches()
	require.Len(t, rep.Matches, len(matches))
	var want []writerCall
	records := 0
	for mi, m := range matches {
		mr := rep.Matches[mi]
		require.Len(t, mr.Boards, len(m.Boards), m.ID)
		faults := 0
		c := writerCall{Match: m.ID}
		for bi, b := range m.Boards {
			c.Boards = append(c.Boards, b.Number)
			br := mr.Boards[bi]
			assert.Equal(t, b.Number, br.Board)
			open, closed := idx[roomKey{m.ID, RoomOpen, b.Number}], idx[roomKey{m.ID, RoomClosed, b.Number}]
			for _, room := range []struct {
				rec  *results.Record
				kept *report.RoomResult
			}{{open, br.Open}, {closed, br.Closed}} {
				require.Equal(t, room.rec == nil, room.kept == nil, "match %s board %d", m.ID, b.Number)
				if room.rec == nil {
					continue
				}
				records++
				c.Recs = append(c.Recs, *room.rec)
				if !room.rec.Complete() {
					faults++
				}
				assert.Equal(t, room.rec.Complete(), room.kept.Complete())
				wc, ws := recordCells(room.rec)
				gc, gs := room.kept.Cells()
				assert.Equal(t, wc+" "+ws, gc+" "+gs, "match %s board %d", m.ID, b.Number)
			}
			assert.Equal(t, open != nil && closed != nil, br.Complete)
			if open != nil && closed != nil {
				imps, adj := BoardIMPs(open, closed, p)
				assert.Equal(t, imps, br.HomeIMPs, "match %s board %d", m.ID, b.Number)
				assert.Equal(t, adj, br.Adjusted, "match %s board %d", m.ID, b.Number)
			}
		}
		assert.Equal(t, faults, mr.FaultRecords, m.ID)
		if len(c.Recs) > 0 {
			want = append(want, c)
		}
	}
	assert.Equal(t, records, rep.Records)
	assert.Equal(t, want, calls)
}

// rendered is everything a report writes.
func rendered(t *testing.T, rep *report.Report) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, rep.WriteSummary(&b))
	require.NoError(t, rep.WriteBoards(&b))
	require.NoError(t, rep.WriteJSON(&b))
	return b.String()
}

// scoreFileEvent plays a 4-team round robin of 4 boards a match (6
// matches, 48 board-rooms) into a folder and returns the event and its
// results' lines.
func scoreFileEvent(t testing.TB) (*Event, []string) {
	t.Helper()
	dir := t.TempDir()
	ev := runShard(t, shardTestFile(t, ScheduleRoundRobin, 4, 4, 2, "scorefile"), 0, 0, dir)
	b, err := os.ReadFile(filepath.Join(dir, ResultsFile))
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	require.Len(t, lines, 48)
	return ev, lines
}

// edit returns a line's record changed by fn, as a line.
func edit(t testing.TB, line string, fn func(r *results.Record)) string {
	t.Helper()
	var r results.Record
	require.NoError(t, json.Unmarshal([]byte(line), &r))
	fn(&r)
	b, err := json.Marshal(&r)
	require.NoError(t, err)
	return string(b)
}

// scoreFileCases are results files of the event of scoreFileEvent: as
// played, and with every kind of line a results file can hold.
func scoreFileCases(t testing.TB, lines []string) map[string]string {
	t.Helper()
	join := func(ls ...string) string { return strings.Join(ls, "\n") + "\n" }
	rev := make([]string, len(lines))
	for i, l := range lines {
		rev[len(lines)-1-i] = l
	}
	faulted := edit(t, lines[3], func(r *results.Record) {
		r.Termination = results.Termination{Kind: results.KindTimeout, Seat: "E"}
		r.ScoreNS, r.Tricks = nil, nil
		r.Adjusted = &results.Adjusted{NS: "A+", EW: "A-"}
	})
	bothSides := edit(t, lines[5], func(r *results.Record) {
		r.SetOutcome(engine.Fault(engine.Disconnect, "gone", engine.North, engine.East))
	})
	// A board-room's second record counts for nothing, whatever it says.
	otherOutcome := edit(t, lines[0], func(r *results.Record) {
		r.SetOutcome(engine.Fault(engine.Timeout, "slow", engine.South))
	})
	otherEvent := edit(t, lines[1], func(r *results.Record) { r.Event = "another" })
	otherMatch := edit(t, lines[1], func(r *results.Record) { r.Match = "X-v-Y" })
	otherRoom := edit(t, lines[1], func(r *results.Record) { r.Room = "lobby" })
	otherBoard := edit(t, lines[1], func(r *results.Record) { r.Board = 99 })
	long := edit(t, lines[2], func(r *results.Record) { r.Extra = map[string]any{"note": strings.Repeat("x", results.MaxLine/2)} })
	return map[string]string{
		"as played":               join(lines...),
		"reversed":                join(rev...),
		"a room missing":          join(lines[1:]...),
		"empty":                   "",
		"no final newline":        strings.TrimSuffix(join(lines...), "\n"),
		"CRLF":                    strings.ReplaceAll(join(lines...), "\n", "\r\n"),
		"blank and torn lines":    join(append([]string{"", "   ", lines[0][:40], "not json", `{"ruleset":""}`}, lines[1:]...)...),
		"a later duplicate":       join(append(append([]string{}, lines...), otherOutcome)...),
		"an earlier duplicate":    join(append([]string{otherOutcome}, lines...)...),
		"faults":                  join(append([]string{faulted, bothSides}, lines...)...),
		"records the event lacks": join(append([]string{otherEvent, otherMatch, otherRoom, otherBoard}, lines[2:]...)...),
		"a long line":             join(append([]string{long}, lines...)...),
	}
}

// TestScoreFolderMatchesRecords scores results files of every kind of line
// with ScoreFolder, which holds no records, and checks its report against
// the records results.Read gives (every board-room's cells and IMPs from
// its first record) and against ScoreEvent on them (everything the report
// writes, byte for byte), and the match writers' calls against the
// records they must get.
func TestScoreFolderMatchesRecords(t *testing.T) {
	t.Parallel()
	ev, lines := scoreFileEvent(t)
	for name, data := range scoreFileCases(t, lines) {
		t.Run(name, func(t *testing.T) {
			ev.Out = t.TempDir()
			require.NoError(t, os.WriteFile(filepath.Join(ev.Out, ResultsFile), []byte(data), 0o644))
			var calls []writerCall
			rep, warn, err := scoreFolder(ev, []MatchWriter{recordingWriter(&calls)})
			require.NoError(t, err)
			assert.Empty(t, warn)
			recs, _, err := results.Read(strings.NewReader(data))
			require.NoError(t, err)
			checkAgainstRecords(t, ev, rep, calls, recs)
			assert.Equal(t, rendered(t, ScoreEvent(ev, recs)), rendered(t, rep))
		})
	}
}

// TestScoreFolderMissingFile scores a folder without results as no
// records, calling no writer.
func TestScoreFolderMissingFile(t *testing.T) {
	t.Parallel()
	ev, _ := scoreFileEvent(t)
	ev.Out = t.TempDir()
	var calls []writerCall
	rep, warn, err := scoreFolder(ev, []MatchWriter{recordingWriter(&calls)})
	require.NoError(t, err)
	assert.Empty(t, warn)
	assert.Empty(t, calls)
	assert.Equal(t, 0, rep.Records)
	assert.Equal(t, 48, rep.Expected)
	assert.Equal(t, rendered(t, ScoreEvent(ev, nil)), rendered(t, rep))
}

// TestScoreFolderWriterFailures reports a failing writer's error per match
// and goes on with the other matches and writers.
func TestScoreFolderWriterFailures(t *testing.T) {
	t.Parallel()
	ev, lines := scoreFileEvent(t)
	ev.Out = t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(ev.Out, ResultsFile), []byte(strings.Join(lines, "\n")+"\n"), 0o644))
	var calls []writerCall
	failing := func(_ *Event, m Match, _ []results.Record) error { return fmt.Errorf("disk full at %s", m.ID) }
	_, warn, err := scoreFolder(ev, []MatchWriter{failing, recordingWriter(&calls)})
	require.NoError(t, err)
	require.Len(t, warn, 6)
	first := ev.Matches()[0].ID
	assert.Equal(t, "match "+first+": disk full at "+first, warn[0])
	assert.Len(t, calls, 6, "the second writer still gets every match")
}

// TestMatchScoreRepeatedBoards scores a match whose board numbers do not
// run on and repeat (a board set shorter than the match): every position
// of a number shows that number's board-rooms, as the records give them.
func TestMatchScoreRepeatedBoards(t *testing.T) {
	t.Parallel()
	m := Match{ID: "A-v-B", Round: 1, Home: &Team{Name: "A"}, Visit: &Team{Name: "B"}}
	for _, n := range []int{5, 7, 5, 9} {
		m.Boards = append(m.Boards, engine.BoardSetup{Number: n})
	}
	recs := map[roomKey]*results.Record{
		{m.ID, RoomOpen, 5}:   withScore(620),
		{m.ID, RoomClosed, 5}: withScore(-100),
		{m.ID, RoomOpen, 7}:   withScore(50),
		{m.ID, RoomOpen, 9}:   faulted("E", nil),
		{m.ID, RoomClosed, 9}: withScore(0),
	}
	mr := scoreOf(m, recs)
	require.Len(t, mr.Boards, 4)
	for i, want := range []struct {
		board    int
		complete bool
		imps     int
	}{{5, true, 12}, {7, false, 0}, {5, true, 12}, {9, true, 3}} {
		br := mr.Boards[i]
		assert.Equal(t, want.board, br.Board, "position %d", i)
		assert.Equal(t, want.complete, br.Complete, "position %d", i)
		assert.Equal(t, want.imps, br.HomeIMPs, "position %d", i)
	}
	assert.Equal(t, 3, mr.Played)
	assert.Equal(t, 1, mr.FaultRecords)
	assert.Equal(t, 27, mr.HomeIMPs)
}

// FuzzScoreFolder scores any bytes as a results file: ScoreFolder never
// panics, refuses only records that do not agree with their replay or the
// event's boards (results.ErrMismatch) and lines too long, and otherwise
// reports, and hands the writers, what the records results.Read takes
// from the bytes give. It scores in memory (scoreStream, which
// ScoreFolder runs on the open file), from seeds of a few records, so
// that an execution costs a few records' decoding and replay.
func FuzzScoreFolder(f *testing.F) {
	ev, lines := scoreFileEvent(f)
	join := func(ls ...string) []byte { return []byte(strings.Join(ls, "\n") + "\n") }
	faulted := edit(f, lines[3], func(r *results.Record) {
		r.SetOutcome(engine.Fault(engine.Timeout, "slow", engine.East))
	})
	for _, seed := range [][]byte{
		join(lines[:4]...),
		join(lines[0], lines[0], faulted),
		join("", lines[1][:40], "not json", lines[2]),
		join(edit(f, lines[0], func(r *results.Record) { r.Event = "another" })),
		{},
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var calls []writerCall
		rep, warn, err := scoreStream(ev, "fuzz", bytes.NewReader(data), []MatchWriter{recordingWriter(&calls)})
		if err != nil {
			if !errors.Is(err, results.ErrMismatch) && !errors.Is(err, results.ErrLineTooLong) {
				t.Fatalf("refused for another reason: %v", err)
			}
			return
		}
		require.Empty(t, warn)
		recs, _, err := results.Read(bytes.NewReader(data))
		require.NoError(t, err)
		checkAgainstRecords(t, ev, rep, calls, recs)
		require.Equal(t, rendered(t, ScoreEvent(ev, recs)), rendered(t, rep))
	})
}

// scoreFolder scores an event from the results file in its folder and
// writes its match files, as Run does at the end of a run: the report and
// the match writers' failures.
func scoreFolder(ev *Event, writers []MatchWriter) (*report.Report, []string, error) {
	return scoreFile(ev, filepath.Join(ev.Out, ResultsFile), writers)
}
