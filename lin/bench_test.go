package lin

import (
	"testing"

	"github.com/openroom/openroom/results"
)

func sixteen(b *testing.B) []results.Record {
	var recs []results.Record
	for n := 1; n <= 16; n++ {
		recs = append(recs, playedRecord(b, n, []string{"1NT", "Pass", "3NT", "Pass", "Pass", "Pass"}, map[int]string{0: "15-17"}, 52))
	}
	return recs
}

// BenchmarkLine writes the LIN lines of 16 played boards.
func BenchmarkLine(b *testing.B) {
	recs := sixteen(b)
	b.ReportAllocs()
	for b.Loop() {
		for _, r := range recs {
			if _, err := Line(r); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkParse parses the LIN lines of 16 played boards.
func BenchmarkParse(b *testing.B) {
	var lines []string
	for _, r := range sixteen(b) {
		l, err := Line(r)
		if err != nil {
			b.Fatal(err)
		}
		lines = append(lines, l)
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, l := range lines {
			if _, err := Parse(l); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkFromBoard writes the LIN lines of BenchmarkLine's boards from
// records that kept their board, as a table makes them (Record.Played,
// FromBoard and String): nothing is replayed.
func BenchmarkFromBoard(b *testing.B) {
	recs := sixteen(b)
	for i := range recs {
		p, err := recs[i].Decode()
		if err != nil {
			b.Fatal(err)
		}
		recs[i].SetBoard(p.Board)
	}
	b.ReportAllocs()
	for b.Loop() {
		for i := range recs {
			p, err := recs[i].Played()
			if err != nil {
				b.Fatal(err)
			}
			_ = FromBoard(p).String()
		}
	}
}
