package pbn

import (
	"bytes"
	"io"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/results"
)

// sixteenBoards returns 16 played boards as games, each with a
// double-dummy table as analyze would add it.
func sixteenBoards(tb testing.TB) []*Game {
	tb.Helper()
	var games []*Game
	for n := 1; n <= 16; n++ {
		rec := playedRecord(tb, n, []string{"1NT", "Pass", "2C", "Pass", "2D", "Pass", "3NT", "Pass", "Pass", "Pass"},
			map[int]string{2: "Stayman"}, 52)
		g, err := FromRecord(rec, RecordOptions{Site: "bench"})
		require.NoError(tb, err)
		g.Set("OptimumScore", "NS 400")
		g.SetOptimumResultTable(DDTable{{9, 9, 9, 9, 9}, {4, 4, 4, 4, 4}, {9, 9, 9, 9, 9}, {4, 4, 4, 4, 4}})
		games = append(games, g)
	}
	return games
}

func sixteenBoardFile(tb testing.TB) []byte {
	var buf bytes.Buffer
	w := NewWriter(&buf)
	for _, g := range sixteenBoards(tb) {
		require.NoError(tb, w.Write(g))
	}
	return buf.Bytes()
}

func TestSixteenBoardFile(t *testing.T) {
	t.Parallel()
	data := sixteenBoardFile(t)
	deals, err := ReadDeals(bytes.NewReader(data))
	require.NoError(t, err)
	require.Len(t, deals, 16)
	for i, d := range deals {
		require.Equal(t, i+1, d.Number)
	}
}

// BenchmarkRead reads a 16-board file with full play and tables, and
// parses each game's deal, auction and play.
func BenchmarkRead(b *testing.B) {
	data := sixteenBoardFile(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		r := NewReader(bytes.NewReader(data))
		n := 0
		for {
			g, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			if _, err := g.Deal(); err != nil {
				b.Fatal(err)
			}
			if _, err := g.Auction(); err != nil {
				b.Fatal(err)
			}
			if _, err := g.Play(); err != nil {
				b.Fatal(err)
			}
			n++
		}
		if n != 16 {
			b.Fatalf("read %d games", n)
		}
	}
}

// BenchmarkReadDeals reads the deals of a 16-board file, as serve --deals does.
func BenchmarkReadDeals(b *testing.B) {
	data := sixteenBoardFile(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ReadDeals(bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWrite writes 16 games from results records (FromRecord and
// Write), as the event runner does for a match.
func BenchmarkWrite(b *testing.B) {
	var recs []results.Record
	for n := 1; n <= 16; n++ {
		recs = append(recs, playedRecord(b, n, []string{"1NT", "Pass", "3NT", "Pass", "Pass", "Pass"}, nil, 52))
	}
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		w := NewWriter(&buf)
		for _, rec := range recs {
			g, err := FromRecord(rec, RecordOptions{})
			if err != nil {
				b.Fatal(err)
			}
			if err := w.Write(g); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.SetBytes(int64(buf.Len()))
}

// BenchmarkWriteFromBoard writes the games of BenchmarkWrite from records
// that kept their board, as a table makes them (Record.Played, FromBoard
// and Write): nothing is replayed.
func BenchmarkWriteFromBoard(b *testing.B) {
	var recs []results.Record
	for n := 1; n <= 16; n++ {
		rec := playedRecord(b, n, []string{"1NT", "Pass", "3NT", "Pass", "Pass", "Pass"}, nil, 52)
		p, err := rec.Decode()
		if err != nil {
			b.Fatal(err)
		}
		rec.SetBoard(p.Board)
		recs = append(recs, rec)
	}
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		w := NewWriter(&buf)
		for i := range recs {
			p, err := recs[i].Played()
			if err != nil {
				b.Fatal(err)
			}
			g, err := FromBoard(p, RecordOptions{})
			if err != nil {
				b.Fatal(err)
			}
			if err := w.Write(g); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.SetBytes(int64(buf.Len()))
}
