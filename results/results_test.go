package results

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
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// playedBoard plays board 1 of the deal with a 1NT opening and the lowest
// legal card each time.
func playedBoard(t *testing.T) *engine.Board {
	t.Helper()
	d, err := engine.ParseDeal("N:Q762.J84.K653.K8 A5.96.QT98742.A4 98.AKT73.A.T7632 KJT43.Q52.J.QJ95")
	require.NoError(t, err)
	b := engine.NewBoard(1, d)
	for _, c := range []engine.Call{engine.Bid(1, engine.NoTrump), engine.Pass, engine.Pass, engine.Pass} {
		s, _ := b.Turn()
		require.NoError(t, b.Call(s, c))
	}
	for b.Phase() == engine.PhasePlay {
		s, _ := b.Turn()
		c, _ := b.LegalCards().Lowest()
		require.NoError(t, b.PlayCard(s, c))
	}
	return b
}

func TestFromBoard(t *testing.T) {
	t.Parallel()
	b := playedBoard(t)
	r := FromBoard(b, []string{"15-17"})
	assert.Equal(t, Ruleset, r.Ruleset)
	assert.Equal(t, 1, r.Board)
	assert.Equal(t, "N", r.Dealer)
	assert.Equal(t, "None", r.Vulnerable)
	assert.Equal(t, b.Deal().Format(engine.North), r.Deal)
	require.Len(t, r.Auction, 4)
	assert.Equal(t, Call{Seat: "N", Call: "1NT", Alerted: true, Alert: "15-17"}, r.Auction[0])
	assert.Equal(t, Call{Seat: "E", Call: "Pass"}, r.Auction[1])
	assert.Len(t, r.Play, 52)
	assert.Equal(t, "1NT", r.Contract)
	assert.Equal(t, "N", r.Declarer)
	require.NotNil(t, r.Tricks)
	require.NotNil(t, r.ScoreNS)
	score, _ := b.ScoreNS()
	assert.Equal(t, score, *r.ScoreNS)
	assert.Equal(t, b.DeclarerTricks(), *r.Tricks)
	assert.True(t, r.Complete())

	// A board still in play has no score, tricks or termination yet.
	d := engine.NewBoard(2, b.Deal())
	open := FromBoard(d, nil)
	assert.Nil(t, open.ScoreNS)
	assert.Nil(t, open.Tricks)
	assert.Empty(t, open.Contract)
	assert.False(t, open.Complete())
}

func TestWriteReadRoundTrip(t *testing.T) {
	t.Parallel()
	b := playedBoard(t)
	r := FromBoard(b, nil)
	r.Event, r.Match, r.Room, r.Table = "ev", "A-v-B", "open", "1"
	r.Players.Set(engine.North, "bot-n")
	r.Players.Set(engine.West, "bot-w")
	r.TimeMS = SideTimes{NS: 12, EW: 34}
	passed := Record{Ruleset: Ruleset, Board: 2, Contract: "Pass", Termination: Termination{Kind: KindNormal}, Auction: []Call{}, Play: []string{}}
	zero := 0
	passed.ScoreNS = &zero
	fault := Record{Ruleset: Ruleset, Board: 3, Termination: Termination{Kind: KindTimeout, Seat: "E", Detail: "no card in 30s"},
		Adjusted: &Adjusted{NS: "A+", EW: "A-"}}

	var buf bytes.Buffer
	w := NewWriter(&buf)
	for _, rec := range []*Record{&r, &passed, &fault} {
		require.NoError(t, w.Write(rec))
	}
	assert.Equal(t, 3, strings.Count(buf.String(), "\n"), "one line per record")
	assert.Contains(t, buf.String(), `"tricks":null`, "required keys are written even when empty")

	got, bad, err := Read(&buf)
	require.NoError(t, err)
	require.Empty(t, bad)
	require.Len(t, got, 3)
	assert.Equal(t, r, got[0])
	assert.Equal(t, "bot-n", got[0].Players.Get(engine.North))
	assert.Equal(t, Key{"ev", "A-v-B", "open", "1", 1}, got[0].Key())
	assert.Equal(t, 0, *got[1].ScoreNS)
	assert.Nil(t, got[2].ScoreNS)
	assert.False(t, got[2].Complete())
	assert.Equal(t, "A+", got[2].Adjusted.NS)
}

// TestClockCappedIsOptional checks the clock_capped key: written only for
// a board on which the clock shaped a bot's decision, read back, and
// absent from (so not required of) every other record.
func TestClockCappedIsOptional(t *testing.T) {
	t.Parallel()
	r := FromBoard(playedBoard(t), nil)
	var buf bytes.Buffer
	require.NoError(t, NewWriter(&buf).Write(&r))
	assert.NotContains(t, buf.String(), "clock_capped")

	r.ClockCapped = []ClockCap{{Seat: "N", Decisions: 2}, {Seat: "W", Decisions: 1}}
	buf.Reset()
	require.NoError(t, NewWriter(&buf).Write(&r))
	assert.Contains(t, buf.String(), `"clock_capped":[{"seat":"N","decisions":2},{"seat":"W","decisions":1}]`)
	got, bad, err := Read(&buf)
	require.NoError(t, err)
	require.Empty(t, bad)
	require.Len(t, got, 1)
	assert.Equal(t, r.ClockCapped, got[0].ClockCapped)
	assert.Equal(t, 3, got[0].ClockCappedDecisions())
}

func TestReadSkipsTornAndMalformedLines(t *testing.T) {
	t.Parallel()
	in := `{"ruleset":"bridge-duplicate-practice-v1","board":1,"termination":{"kind":"normal"}}
not json
{"ruleset":"bridge-duplicate-practice-v1"}

{"ruleset":"bridge-duplicate-practice-v1","board":2,"termination":{"kind":"normal"}}
{"ruleset":"bridge-duplicate-practice-v1","board":3,"term`
	got, bad, err := Read(strings.NewReader(in))
	require.NoError(t, err)
	require.Len(t, got, 2)
	assert.Equal(t, 1, got[0].Board)
	assert.Equal(t, 2, got[1].Board)
	require.Len(t, bad, 3)
	assert.Equal(t, []int{2, 3, 6}, []int{bad[0].Line, bad[1].Line, bad[2].Line})
	assert.ErrorIs(t, bad[0], ErrMalformed)
	assert.Contains(t, bad[2].Error(), "line 6")
}

func TestOpenAppendRepairsATornLastLine(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "results.jsonl")
	recs, bad, err := ReadFile(path)
	require.NoError(t, err, "a missing file is an empty one")
	assert.Empty(t, recs)
	assert.Empty(t, bad)

	require.NoError(t, os.WriteFile(path, []byte(`{"ruleset":"bridge-duplicate-practice-v1","board":1}`+"\n"+`{"ruleset":"bridge-dup`), 0o644))
	f, err := OpenAppend(path)
	require.NoError(t, err)
	require.NoError(t, NewWriter(f).Write(&Record{Ruleset: Ruleset, Board: 2}))
	require.NoError(t, f.Close())

	recs, bad, err = ReadFile(path)
	require.NoError(t, err)
	require.Len(t, recs, 2, "the record after a torn line is intact")
	assert.Equal(t, 2, recs[1].Board)
	assert.Len(t, bad, 1)
}

func TestCallAlerted(t *testing.T) {
	t.Parallel()
	// A bare alert is {"alerted": true} with no alert; an explained one has
	// both; an unalerted call neither.
	for _, tc := range []struct {
		c    Call
		json string
	}{
		{Call{Seat: "N", Call: "1C", Alerted: true}, `{"seat":"N","call":"1C","alerted":true}`},
		{Call{Seat: "N", Call: "1C", Alerted: true, Alert: "16+"}, `{"seat":"N","call":"1C","alerted":true,"alert":"16+"}`},
		{Call{Seat: "N", Call: "1C"}, `{"seat":"N","call":"1C"}`},
	} {
		b, err := json.Marshal(tc.c)
		require.NoError(t, err)
		assert.Equal(t, tc.json, string(b))
		assert.Equal(t, tc.c.Alerted, tc.c.IsAlerted())
	}
	// A record written before "alerted" existed: the text alone is an alert.
	var old Call
	require.NoError(t, json.Unmarshal([]byte(`{"seat":"N","call":"1C","alert":"16+"}`), &old))
	assert.False(t, old.Alerted)
	assert.True(t, old.IsAlerted())
}

func TestDecodeAlerted(t *testing.T) {
	t.Parallel()
	r := FromBoard(playedBoard(t), []string{"15-17"})
	r.Auction[1].Alerted = true // a bare alert
	d, err := r.Decode()
	require.NoError(t, err)
	assert.Equal(t, []string{"15-17", "", "", ""}, d.Alerts)
	assert.Equal(t, []bool{true, true, false, false}, d.Alerted)
	r.Auction[0].Alerted = false // an old record: text only
	d, err = r.Decode()
	require.NoError(t, err)
	assert.True(t, d.Alerted[0])
}

// TestEachDecodesInParallelInOrder reads one stream of good, blank and
// malformed lines (and one of half the longest a line may be) on one
// goroutine and on several: the same records, spans and bad lines in the
// same order, and the same stop at fn's error.
func TestEachDecodesInParallelInOrder(t *testing.T) {
	t.Parallel()
	var in strings.Builder
	for i := 1; i <= 2000; i++ {
		switch {
		case i%97 == 0:
			in.WriteString("not json\n")
		case i%89 == 0:
			in.WriteString("   \n")
		case i == 1000:
			fmt.Fprintf(&in, `{"ruleset":"r","board":%d,"extra":{"pad":%q}}`+"\n", i, strings.Repeat("x", MaxLine/2))
		default:
			fmt.Fprintf(&in, `{"ruleset":"r","event":"e","board":%d,"play":["SA","SK"]}`+"\n", i)
		}
	}
	in.WriteString(`{"ruleset":"r","board":2001,"pla`) // torn
	type seen struct {
		boards []int
		spans  []Span
		bad    []int
	}
	read := func(workers, stopAt int) (seen, error) {
		var s seen
		err := each(strings.NewReader(in.String()), func(r *Record, at Span) error {
			if r.Board == stopAt {
				return errors.New("stop")
			}
			s.boards = append(s.boards, r.Board)
			s.spans = append(s.spans, at)
			return nil
		}, func(e *LineError) { s.bad = append(s.bad, e.Line) }, workers, nil)
		return s, err
	}
	one, err := read(1, 0)
	require.NoError(t, err)
	require.Len(t, one.boards, 2000-20-22)
	require.Len(t, one.bad, 20+1)
	for _, workers := range []int{2, 3, 8} {
		got, err := read(workers, 0)
		require.NoError(t, err)
		assert.Equal(t, one, got, "%d workers", workers)

		stopped, err := read(workers, 1500)
		require.EqualError(t, err, "stop")
		assert.Equal(t, one.boards[:len(stopped.boards)], stopped.boards)
		assert.Equal(t, 1499, stopped.boards[len(stopped.boards)-1])
	}
}

// FuzzEach reads any stream on one goroutine and on three: the same
// records and bad lines, never a panic.
func FuzzEach(f *testing.F) {
	f.Add([]byte(`{"ruleset":"r","board":1}` + "\nnot json\n\n" + `{"ruleset":"r","board":2,"play":["SA"]}`))
	f.Add([]byte(`{"ruleset":"r","board":1,"tricks":"x"}` + "\n" + `{"ruleset":"r","bo`))
	f.Fuzz(func(t *testing.T, data []byte) {
		read := func(workers int) (recs []Record, bad []int) {
			err := each(bytes.NewReader(data), func(r *Record, _ Span) error {
				recs = append(recs, *r)
				return nil
			}, func(e *LineError) { bad = append(bad, e.Line) }, workers, nil)
			require.NoError(t, err)
			return recs, bad
		}
		r1, b1 := read(1)
		r3, b3 := read(3)
		assert.Equal(t, r1, r3)
		assert.Equal(t, b1, b3)
	})
}
