//go:build libdds

package dds

import (
	"testing"
	"time"

	"github.com/openroom/openroom/dds/internal/libdds"
)

// TestLibddsSearchSize logs, for positions at the start of each few tricks,
// our trick nodes and time against DDS's on the same positions (solutions=3):
// where the ratio grows with the cards left, the search is losing a constant
// factor per trick. It asserts nothing; run it with -v when tuning:
// go test -tags libdds -run LibddsSearchSize -v ./dds/
func TestLibddsSearchSize(t *testing.T) {
	if testing.Short() {
		t.Skip("tuning report")
	}
	libdds.Init(1)
	const n = 8
	for _, cards := range []int{40, 32, 24, 16, 12, 8, 4, 0} {
		ps := benchPositions(n, cards)
		sv := NewSolver()
		var ours, theirs time.Duration
		dn := 0
		for i := range ps {
			p := &ps[i]
			t0 := time.Now()
			if _, err := sv.SolveAll(p, nil); err != nil {
				t.Fatal(err)
			}
			ours += time.Since(t0)
			var played []int
			for j := 0; j < p.NPlayed; j++ {
				played = append(played, int(p.Played[j]))
			}
			t0 = time.Now()
			r, err := libdds.SolveAll(p.Hands, int(p.Trump), int(p.Leader), played, 0)
			theirs += time.Since(t0)
			if err != nil {
				t.Fatal(err)
			}
			dn += r.Nodes
		}
		t.Logf("%2d cards played: trick nodes ours %9d dds %7d (%5.1fx); time ours %12v dds %12v (%5.1fx)",
			cards, sv.TrickNodes()/n, dn/n, float64(sv.TrickNodes())/float64(dn), ours/n, theirs/n, float64(ours)/float64(theirs))
	}
}
