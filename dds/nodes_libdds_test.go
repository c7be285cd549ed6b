//go:build libdds

package dds

import (
	"testing"
	"time"

	"github.com/openroom/openroom/dds/internal/libdds"
	"github.com/stretchr/testify/assert"
)

// maxSearchRatio bounds our trick nodes against DDS's on the same positions.
// Both counts are deterministic, so this is a regression test of the search
// size (bounds, move ordering, transposition table), not of speed. At the
// time of writing the worst row is about 1.3.
const maxSearchRatio = 2

// TestLibddsSearchSize compares, for positions at the start of each few
// tricks, our trick nodes with DDS's on the same positions (solutions=3),
// and logs both times. Where the ratio grows with the cards left, the
// search is losing a constant factor per trick. Run it with -v when tuning:
// go test -tags libdds -run LibddsSearchSize -v ./dds/
func TestLibddsSearchSize(t *testing.T) {
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
		ratio := float64(sv.TrickNodes()) / float64(dn)
		t.Logf("%2d cards played: trick nodes ours %9d dds %7d (%5.1fx); time ours %12v dds %12v (%5.1fx)",
			cards, sv.TrickNodes()/n, dn/n, ratio, ours/n, theirs/n, float64(ours)/float64(theirs))
		assert.LessOrEqual(t, ratio, float64(maxSearchRatio), "%d cards played: trick nodes ours %d, dds %d", cards, sv.TrickNodes(), dn)
	}
}
