package pbn

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/results"
)

// playedRecord plays a board of the seeded deal set: the calls given (alerts
// by call index), then up to maxCards cards, each the lowest legal card.
func playedRecord(t testing.TB, board int, calls []string, alerts map[int]string, maxCards int) results.Record {
	t.Helper()
	ds := engine.NewDealSource("pbn-test")
	b := engine.NewBoard(board, ds.Deal(board))
	al := make([]string, len(calls))
	for i, s := range calls {
		c, err := engine.ParseCall(s)
		require.NoError(t, err)
		seat, _ := b.Turn()
		require.NoError(t, b.Call(seat, c))
		al[i] = alerts[i]
	}
	for n := 0; n < maxCards && b.Phase() == engine.PhasePlay; n++ {
		seat, _ := b.Turn()
		c, _ := b.LegalCards().Lowest()
		require.NoError(t, b.PlayCard(seat, c))
	}
	rec := results.FromBoard(b, al)
	rec.Event, rec.Match, rec.Room, rec.Table = "Test event", "m1", "open", "t1"
	rec.Players = results.Seats{N: "north bot", E: "east bot", S: "south bot", W: "west bot"}
	rec.Seed = "pbn-test"
	rec.TimeMS = results.SideTimes{NS: 10, EW: 20}
	if b.Phase() != engine.PhaseDone {
		rec.Termination = results.Termination{Kind: results.KindTimeout, Seat: "E", Detail: "no card"}
		rec.Adjusted = &results.Adjusted{NS: "A+", EW: "A-"}
	}
	return rec
}

// bare marks the given calls alerted with no explanation, as the table
// records `North bids 1C Alert.`
func bare(rec results.Record, calls ...int) results.Record {
	rec.Auction = append([]results.Call(nil), rec.Auction...)
	for _, i := range calls {
		rec.Auction[i].Alerted = true
	}
	return rec
}

// oldStyle drops the alerted flags, as records written before it had them.
func oldStyle(rec results.Record) results.Record {
	rec.Auction = append([]results.Call(nil), rec.Auction...)
	for i := range rec.Auction {
		rec.Auction[i].Alerted = false
	}
	return rec
}

func roundTripCases(t testing.TB) map[string]results.Record {
	return map[string]results.Record{
		"bare alerts": bare(playedRecord(t, 9, []string{"1C", "X", "XX", "Pass", "Pass", "Pass"},
			map[int]string{2: "10+"}, 52), 0, 5),
		"old-style alerts": oldStyle(playedRecord(t, 10, []string{"1C", "1D", "Pass", "Pass", "Pass"},
			map[int]string{0: "could be short"}, 52)),
		"full play":  playedRecord(t, 1, []string{"1NT", "Pass", "3NT", "Pass", "Pass", "Pass"}, nil, 52),
		"passed out": playedRecord(t, 2, []string{"Pass", "Pass", "Pass", "Pass"}, nil, 0),
		"alerts": playedRecord(t, 3, []string{"1C", "X", "XX", "2C", "Pass", "Pass", "3H", "Pass", "Pass", "Pass"},
			map[int]string{0: "16+ any shape", 2: "10+", 3: "Stayman-like; \"odd\" \\ text"}, 52),
		"alert on final pass": playedRecord(t, 4, []string{"1S", "Pass", "Pass", "Pass"}, map[int]string{3: "forcing?"}, 52),
		"fault mid-play":      playedRecord(t, 5, []string{"2D", "Pass", "Pass", "Pass"}, nil, 23),
		"fault at the lead":   playedRecord(t, 6, []string{"4H", "Pass", "Pass", "Pass"}, nil, 0),
		"fault mid-auction":   playedRecord(t, 7, []string{"1H", "Pass"}, nil, 0),
		"fault mid-trick":     playedRecord(t, 8, []string{"7NT", "X", "XX", "Pass", "Pass", "Pass"}, nil, 2),
	}
}

func TestFromRecordRoundTrip(t *testing.T) {
	t.Parallel()
	for name, rec := range roundTripCases(t) {
		t.Run(name, func(t *testing.T) {
			g, err := FromRecord(rec, RecordOptions{Site: "here", Date: time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)})
			require.NoError(t, err)
			var buf bytes.Buffer
			w := NewWriter(&buf)
			require.NoError(t, w.Write(g))
			text := buf.String()
			for _, crlf := range []bool{false, true} {
				in := text
				if crlf {
					in = strings.ReplaceAll(in, "\n", "\r\n")
				}
				games := readAll(t, in)
				require.Len(t, games, 1)
				checkRecordGame(t, rec, games[0])
			}
		})
	}
}

// checkRecordGame checks that a game read back says what the record says.
func checkRecordGame(t *testing.T, rec results.Record, g *Game) {
	t.Helper()
	assert.Equal(t, rec.Event, g.Get("Event"))
	assert.Equal(t, "2026.11.30", g.Get("Date"))
	assert.Equal(t, "Open", g.Get("Room"))
	assert.Equal(t, "openroom seed pbn-test", g.Get("Generator"))
	assert.Equal(t, rec.Players.W, g.Get("West"))
	n, err := g.Board()
	require.NoError(t, err)
	assert.Equal(t, rec.Board, n)
	deal, err := g.Deal()
	require.NoError(t, err)
	assert.Equal(t, rec.Deal, deal.Format(engine.BoardDealer(rec.Board)))
	assert.Equal(t, rec.Contract, g.Get("Contract"))
	assert.Equal(t, rec.Declarer, g.Get("Declarer"))
	res, ok, err := g.Result()
	require.NoError(t, err)
	if rec.Tricks == nil {
		assert.False(t, ok)
	} else {
		assert.True(t, ok)
		assert.Equal(t, *rec.Tricks, res)
	}
	sc, ok, err := g.Score()
	require.NoError(t, err)
	assert.Equal(t, rec.ScoreNS != nil, ok)
	if ok {
		assert.Equal(t, *rec.ScoreNS, sc)
	}
	a, err := g.Auction()
	require.NoError(t, err)
	require.NotNil(t, a)
	require.Len(t, a.Calls, len(rec.Auction))
	for i, rc := range rec.Auction {
		assert.Equal(t, rc.Seat, a.Calls[i].Seat.String())
		assert.Equal(t, rc.Call, a.Calls[i].Call.String())
		assert.Equal(t, rc.Alert, a.Calls[i].Alert)
		assert.Equal(t, rc.IsAlerted(), a.Calls[i].Alert != "" || a.Calls[i].Alerted, "call %d alerted", i)
	}
	p, err := g.Play()
	require.NoError(t, err)
	if rec.Contract == "" || rec.Contract == "Pass" {
		assert.Nil(t, p)
	} else {
		require.NotNil(t, p)
		got := make([]string, len(p.Cards))
		for i, c := range p.Cards {
			got[i] = c.String()
		}
		assert.Equal(t, rec.Play, got)
	}
	b, err := g.Replay()
	require.NoError(t, err)
	if rec.Complete() {
		assert.Equal(t, engine.PhaseDone, b.Phase())
		s, _ := b.ScoreNS()
		assert.Equal(t, *rec.ScoreNS, s)
	} else {
		assert.NotEqual(t, engine.PhaseDone, b.Phase())
		assert.NotEqual(t, "normal", g.Get("Termination"))
	}
}

func TestFromRecordText(t *testing.T) {
	t.Parallel()
	rec := playedRecord(t, 3, []string{"1C", "X", "XX", "2C", "Pass", "Pass", "3H", "Pass", "Pass", "Pass"},
		map[int]string{0: "16+", 2: "10+"}, 5)
	g, err := FromRecord(rec, RecordOptions{})
	require.NoError(t, err)
	g.Set("OptimumScore", "NS 140")
	g.SetOptimumResultTable(DDTable{{1, 2, 3, 4, 5}, {6, 7, 8, 9, 10}, {11, 12, 13, 0, 1}, {2, 3, 4, 5, 6}})
	text := g.String()
	lines := strings.Split(text, "\n")
	var tags []string
	for _, l := range lines {
		if strings.HasPrefix(l, "[") {
			tags = append(tags, l[1:strings.IndexByte(l, ' ')])
		}
	}
	assert.Equal(t, []string{
		"Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable", "Deal",
		"Scoring", "Declarer", "Contract", "Result",
		"Generator", "OptimumScore", "Room", "Table", "Termination",
		"Auction", "Note", "Note", "Play", "OptimumResultTable",
	}, tags)
	assert.Contains(t, text, "[Dealer \"S\"]\n")
	assert.Contains(t, text, "[Deal \"S:")
	assert.Contains(t, text, "[Auction \"S\"]\n1C =1= X XX =2= 2C\nPass Pass 3H AP\n[Note \"1:16+\"]\n[Note \"2:10+\"]\n")
	assert.Contains(t, text, "[Termination \"time forfeit\"]\n")
	assert.Contains(t, text, "[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT 5\nN S 4\nN H 3\nN D 2\nN C 1\nS NT 1\nS S 0\n")
	assert.NotContains(t, text, "[Score ")
	// Five cards: the first trick in seat columns from the opening leader,
	// the second trick's lone card with "-" for the others, then "*".
	p, err := g.Play()
	require.NoError(t, err)
	assert.Len(t, p.Cards, 5)
	sec := g.Section("Play")
	require.Len(t, sec, 3)
	assert.Equal(t, "*", sec[2])
	assert.Equal(t, 3, strings.Count(sec[1], "-"))

	// Tags survive a read and a second write unchanged.
	games := readAll(t, text)
	require.Len(t, games, 1)
	assert.Equal(t, text, games[0].String())
	dd, ok, err := games[0].OptimumResultTable()
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, 13, dd[engine.South][engine.StrainHearts])
}

func TestFromRecordBareAlert(t *testing.T) {
	t.Parallel()
	// A bare alert is a note reference to an empty note; it reads back as
	// Alerted with no text, and keeps the trailing passes out of AP.
	rec := bare(playedRecord(t, 9, []string{"1C", "X", "XX", "Pass", "Pass", "Pass"}, map[int]string{2: "10+"}, 0), 0, 5)
	g, err := FromRecord(rec, RecordOptions{})
	require.NoError(t, err)
	assert.Contains(t, g.String(), "1C =1= X XX =2= Pass\nPass Pass =3=\n[Note \"1:\"]\n[Note \"2:10+\"]\n[Note \"3:\"]\n")
	a, err := g.Auction()
	require.NoError(t, err)
	assert.True(t, a.Calls[0].Alerted)
	assert.Empty(t, a.Calls[0].Alert)
	assert.False(t, a.Calls[1].Alerted)
	assert.False(t, a.Calls[2].Alerted, "a text alert is not marked Alerted")
	assert.Equal(t, "10+", a.Calls[2].Alert)
	assert.True(t, a.Calls[5].Alerted)
}

func TestWriterHeaderAndSeparation(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	w := NewWriter(&buf)
	cases := roundTripCases(t)
	for _, rec := range cases {
		g, err := FromRecord(rec, RecordOptions{})
		require.NoError(t, err)
		require.NoError(t, w.Write(g))
	}
	out := buf.String()
	assert.True(t, strings.HasPrefix(out, "% PBN 2.1\n% EXPORT\n\n[Event "))
	assert.Equal(t, 1, strings.Count(out, "% PBN"))
	assert.True(t, strings.HasSuffix(out, "\n\n"))
	r := NewReader(strings.NewReader(out))
	n := 0
	for {
		_, err := r.Next()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		n++
	}
	assert.Equal(t, len(cases), n)

	buf.Reset()
	w = NewWriter(&buf)
	w.OmitHeader = true
	require.NoError(t, w.Write(&Game{}))
	assert.True(t, strings.HasPrefix(buf.String(), "[Event \"\"]\n"))
	assert.Error(t, w.Write(&Game{Tags: []Tag{{Name: "Bad name"}}}))
}

func TestFromRecordErrors(t *testing.T) {
	t.Parallel()
	base := playedRecord(t, 1, []string{"1NT", "Pass", "3NT", "Pass", "Pass", "Pass"}, nil, 52)
	tests := map[string]func(r *results.Record){
		"dealer":                     func(r *results.Record) { r.Dealer = "Q" },
		"vul":                        func(r *results.Record) { r.Vulnerable = "Some" },
		"deal":                       func(r *results.Record) { r.Deal = "N:AKQ" },
		"contract":                   func(r *results.Record) { r.Contract = "8NT" },
		"declarer":                   func(r *results.Record) { r.Declarer = "" },
		"call":                       func(r *results.Record) { r.Auction[1].Call = "9Z" },
		"illegal":                    func(r *results.Record) { r.Auction[1].Call = "1C" },
		"card":                       func(r *results.Record) { r.Play[3] = "S1" },
		"twice":                      func(r *results.Record) { r.Play[3] = r.Play[2] },
		"score":                      func(r *results.Record) { *r.ScoreNS++ },
		"tricks":                     func(r *results.Record) { *r.Tricks = 13 - *r.Tricks },
		"not the auction's contract": func(r *results.Record) { r.Contract = "4NT" },
		"termination":                func(r *results.Record) { r.Termination.Kind = "abandoned" },
		"no contract": func(r *results.Record) {
			r.Contract, r.Declarer = "", ""
		},
	}
	for name, mut := range tests {
		t.Run(name, func(t *testing.T) {
			rec := base
			rec.Auction = append([]results.Call(nil), base.Auction...)
			rec.Play = append([]string(nil), base.Play...)
			score, tricks := *base.ScoreNS, *base.Tricks
			rec.ScoreNS, rec.Tricks = &score, &tricks
			mut(&rec)
			_, err := FromRecord(rec, RecordOptions{})
			var pe *Error
			require.ErrorAs(t, err, &pe)
			assert.Equal(t, "1", pe.Board)
		})
	}
}

// TestFromBoardIsFromRecord writes every round-trip case twice, from a
// record that kept its board (as a table makes it: nothing replayed) and
// from the record decoded, and wants the same bytes.
func TestFromBoardIsFromRecord(t *testing.T) {
	t.Parallel()
	opts := RecordOptions{Site: "here", Date: time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)}
	for name, rec := range roundTripCases(t) {
		t.Run(name, func(t *testing.T) {
			g, err := FromRecord(rec, opts)
			require.NoError(t, err)
			want, err := g.AppendExport(nil)
			require.NoError(t, err)

			kept := rec
			d, err := rec.Decode()
			require.NoError(t, err)
			kept.SetBoard(d.Board)
			p, err := kept.Played()
			require.NoError(t, err)
			g, err = FromBoard(p, opts)
			require.NoError(t, err)
			got, err := g.AppendExport(nil)
			require.NoError(t, err)
			assert.Equal(t, string(want), string(got))
		})
	}
}
