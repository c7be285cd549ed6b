package bidding

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
)

// TestGapsCountsHandsNoRowFits checks Gaps against an independent count: a
// file whose opening situation shows only a 15-17 notrump and a weak pass
// leaves every other hand that has to open to the fallback.
func TestGapsCountsHandsNoRowFits(t *testing.T) {
	s := loadSrc(t, header+`
situation ""
1N "15-17 balanced"  hcp 15..17  balanced
P  "weak"            hcp 0..11
situation "1N P"
P  "anything"
`)
	boards := engine.SeededBoards("gaps", engine.BoardNumbers(1, 60))
	reached, uncovered, firstBoard := 0, 0, 0
	var firstHand engine.Hand
	for _, b := range boards {
		a := engine.NewAuction(b.Dealer)
		for opened := false; !a.Done() && !opened; {
			h := b.Deal[a.Turn()]
			reached++
			hcp := h.HCP()
			if hcp >= 12 && !(hcp <= 17 && hcp >= 15 && textbookBalanced(h)) {
				if uncovered == 0 {
					firstHand, firstBoard = h, b.Number
				}
				uncovered++
			}
			v := engine.NewView(a.Turn(), b.Number, b.Dealer, b.Vul, h)
			v.Auction = a
			c, _, _ := s.Choose(&v)
			require.NoError(t, a.Add(c))
			opened = c != engine.Pass
		}
	}
	require.Positive(t, uncovered, "the seed must deal some hands the file does not cover")

	gaps := s.Gaps(boards)
	var opening *Gap
	for i := range gaps {
		g := &gaps[i]
		assert.Positive(t, g.Uncovered)
		assert.LessOrEqual(t, g.Uncovered, g.Reached)
		if g.Situation == "" {
			opening = g
		}
	}
	require.NotNil(t, opening, "the opening situation has gaps: %+v", gaps)
	assert.Equal(t, Gap{Situation: "", Line: 3, Reached: reached, Uncovered: uncovered, Example: firstHand, ExampleBoard: firstBoard}, *opening)
	for _, g := range gaps {
		assert.NotEqual(t, "1N P", g.Situation, "a situation with a row for every hand has no gap")
	}
	assert.Equal(t, gaps, s.Gaps(boards), "the same boards give the same gaps")
}

// textbookBalanced is the textbook definition, independent of handInfo's: no
// singleton or void and at most one doubleton.
func textbookBalanced(h engine.Hand) bool {
	doubletons := 0
	for _, n := range h.Lengths() {
		if n < 2 {
			return false
		}
		if n == 2 {
			doubletons++
		}
	}
	return doubletons <= 1
}

// TestGapsOfBuiltinSystems checks the gaps of the built-in systems are
// sorted, name situations their files name, and place a derived file's
// inherited situations in its base (line 0).
func TestGapsOfBuiltinSystems(t *testing.T) {
	boards := engine.SeededBoards("gaps", engine.BoardNumbers(1, 100))
	for _, name := range BuiltinNames() {
		t.Run(name, func(t *testing.T) {
			s, err := Builtin(name)
			require.NoError(t, err)
			gaps := s.Gaps(boards)
			require.NotEmpty(t, gaps, "SAYC-lite leaves rare hands to the fallback on purpose")
			for i, g := range gaps {
				assert.Contains(t, s.rows, g.Situation)
				assert.Equal(t, s.keyLine[g.Situation], g.Line)
				if i > 0 {
					assert.GreaterOrEqual(t, gaps[i-1].Uncovered, g.Uncovered, "most frequent first")
				}
			}
		})
	}
	derived := loadSrc(t, "system \"D\"\nbase \"sayc-lite\"\nsituation \"1N P\"\nP \"pass\"\n")
	for _, g := range derived.Gaps(boards) {
		assert.NotEqual(t, "1N P", g.Situation)
		assert.Zero(t, g.Line, "situation %q is the base's", g.Situation)
	}
}
