package lab

import (
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/openroom/openroom/engine"
)

// ComparePlay compares two runs of the play measurement on the same seeded
// boards, board by board, from their per-board files a and b
// (PlayConfig.PerBoard of MeasurePlay). For the boards both
// played it writes to w B's tricks lost against double dummy less A's, per
// board with 95% intervals, for declarer and defence, by phase of the play,
// and for the defence its leads apart from its other cards, so a change is
// judged paired, on the same deals, instead of by two means each with its
// own wide interval.
func ComparePlay(w io.Writer, a, b string) error {
	files := [2]string{a, b}
	runs, err := readRuns(files)
	if err != nil {
		return err
	}
	names := compareNames()
	diffs := make([][]float64, len(names))
	sums := make([][2]float64, len(names))
	boards, same := 0, 0
	for n, ra := range runs[0] {
		rb, ok := runs[1][n]
		if !ok {
			continue
		}
		boards++
		if slices.Equal(ra.calls, rb.calls) && slices.Equal(ra.cards, rb.cards) {
			same++
		}
		var per [2][]float64 // each run's losses by measure
		for r, run := range []replayBoard{ra, rb} {
			if per[r], err = compareMeasures(n, run); err != nil {
				return err
			}
		}
		for k := range names {
			diffs[k] = append(diffs[k], per[1][k]-per[0][k])
			sums[k][0] += per[0][k]
			sums[k][1] += per[1][k]
		}
	}
	if boards == 0 {
		return errors.New("the two files share no board")
	}
	fmt.Fprintf(w, "%d boards in both (%d played alike); tricks lost against double dummy a board, A = %s, B = %s:\n", boards, same, files[0], files[1])
	for k, name := range names {
		m, h := meanInterval(diffs[k])
		fmt.Fprintf(w, "  %-46s A %.3f  B %.3f  B-A %+.3f ± %.3f\n", name, sums[k][0]/float64(boards), sums[k][1]/float64(boards), m, h)
	}
	m, _ := meanInterval(diffs[cmpDefence])
	fmt.Fprintf(w, "defence-diff/board %+.3f\n", m)
	m, _ = meanInterval(diffs[cmpDeclarer])
	fmt.Fprintf(w, "declarer-diff/board %+.3f\n", m)
	return nil
}

// readRuns reads the two per-board files, each by board number; every
// board must have its per-card losses.
func readRuns(files [2]string) ([2]map[int]replayBoard, error) {
	runs := [2]map[int]replayBoard{}
	for i, f := range files {
		rbs, err := readReplay(f)
		if err != nil {
			return runs, err
		}
		runs[i] = map[int]replayBoard{}
		for _, rb := range rbs {
			if rb.lost == nil {
				return runs, fmt.Errorf("%s: board %d has no per-card losses", f, rb.n)
			}
			runs[i][rb.n] = rb
		}
	}
	return runs, nil
}

// The measures ComparePlay compares, by index in compareNames and
// compareMeasures, before those by phase.
const (
	cmpDeclarer     = iota
	cmpDefence      // the defence's
	cmpDefenceLeads // the defence's first cards of tricks 2-13
	cmpDefenceOther // the defence's other cards after the opening lead
)

// compareNames names the measures ComparePlay compares: declarer's and
// the defence's losses, the defence's split by leads and other cards, and
// each side's by phase.
func compareNames() []string {
	names := []string{"declarer", "defence", "defence's leads of tricks 2-13", "defence's other cards after the opening lead"}
	for ph := range numPhases {
		names = append(names, "declarer "+phaseNames[ph])
	}
	for ph := range numPhases {
		names = append(names, "defence "+phaseNames[ph])
	}
	return names
}

// compareMeasures returns one run's losses on board n by measure, in the
// order of compareNames, from its recorded per-card losses.
func compareMeasures(n int, run replayBoard) ([]float64, error) {
	bd, err := auctionBoard(n, engine.NewDealSource("measure-levels").Deal(n), run.calls)
	if err != nil {
		return nil, err
	}
	l, err := tallyLosses(bd, run.cards, func(i int, _ engine.Side) int { return run.lost[i] })
	if err != nil {
		return nil, err
	}
	m := []float64{cmpDeclarer: float64(l.Declarer), cmpDefence: float64(l.Defence),
		cmpDefenceLeads: float64(l.DefenceLeads), cmpDefenceOther: float64(l.Defence - l.ByPhase[1][phaseLead] - l.DefenceLeads)}
	for side := range l.ByPhase {
		for _, x := range l.ByPhase[side] {
			m = append(m, float64(x))
		}
	}
	return m, nil
}
