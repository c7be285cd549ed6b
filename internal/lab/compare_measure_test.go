package lab

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/internal/lab/boardtest"
)

// BenchmarkComparePlay compares two runs of BenchmarkMeasureLevels on the
// same seeded boards, board by board: REFBOT_COMPARE=A.tsv,B.tsv names
// their per-board files (REFBOT_MEASURE_PERBOARD). For the boards both
// played it reports B's tricks lost against double dummy less A's, per
// board with 95% intervals, for declarer and defence, by phase of the play,
// and for the defence its leads apart from its other cards, so a change is
// judged paired, on the same deals, instead of by two means each with its
// own wide interval. Run it with make compare-play A=… B=….
func BenchmarkComparePlay(b *testing.B) {
	files := strings.Split(os.Getenv("REFBOT_COMPARE"), ",")
	if len(files) != 2 || files[0] == "" || files[1] == "" {
		b.Skip("REFBOT_COMPARE names no two per-board TSVs")
	}
	for b.Loop() {
		runs := [2]map[int]replayBoard{}
		for i, f := range files {
			runs[i] = map[int]replayBoard{}
			for _, rb := range readReplay(b, f) {
				require.NotNil(b, rb.lost, "%s: board %d has no per-card losses", f, rb.n)
				runs[i][rb.n] = rb
			}
		}
		// The measures, each a per-board difference B - A.
		const (
			declarer = iota
			defence
			defenceLeads // the defence's first cards of tricks 2-13
			defenceOther // the defence's other cards after the opening lead
		)
		names := []string{"declarer", "defence", "defence's leads of tricks 2-13", "defence's other cards after the opening lead"}
		for ph := range boardtest.NumPhases {
			names = append(names, "declarer "+boardtest.PhaseNames[ph])
		}
		for ph := range boardtest.NumPhases {
			names = append(names, "defence "+boardtest.PhaseNames[ph])
		}
		diffs := make([][]float64, len(names))
		sums := make([][2]float64, len(names))
		boards, same := 0, 0
		for n, a := range runs[0] {
			bb, ok := runs[1][n]
			if !ok {
				continue
			}
			boards++
			if slices.Equal(a.calls, bb.calls) && slices.Equal(a.cards, bb.cards) {
				same++
			}
			var per [2][]float64 // each run's losses by measure
			for r, rb := range []replayBoard{a, bb} {
				bd := boardtest.AuctionBoard(b, n, engine.NewDealSource("measure-levels").Deal(n), rb.calls)
				l := boardtest.TallyLosses(b, bd, rb.cards, func(i int, _ engine.Side) int { return rb.lost[i] })
				m := []float64{declarer: float64(l.Declarer), defence: float64(l.Defence),
					defenceLeads: float64(l.DefenceLeads), defenceOther: float64(l.Defence - l.ByPhase[1][boardtest.PhaseLead] - l.DefenceLeads)}
				for side := range l.ByPhase {
					for _, x := range l.ByPhase[side] {
						m = append(m, float64(x))
					}
				}
				per[r] = m
			}
			for k := range names {
				diffs[k] = append(diffs[k], per[1][k]-per[0][k])
				sums[k][0] += per[0][k]
				sums[k][1] += per[1][k]
			}
		}
		require.Positive(b, boards, "the two files share no board")
		b.Logf("%d boards in both (%d played alike); tricks lost against double dummy a board, A = %s, B = %s:", boards, same, files[0], files[1])
		for k, name := range names {
			m, h := meanCI(diffs[k])
			b.Logf("  %-46s A %.3f  B %.3f  B-A %+.3f ± %.3f", name, sums[k][0]/float64(boards), sums[k][1]/float64(boards), m, h)
		}
		m, _ := meanCI(diffs[defence])
		b.ReportMetric(m, "defence-diff/board")
		m, _ = meanCI(diffs[declarer])
		b.ReportMetric(m, "declarer-diff/board")
	}
}
