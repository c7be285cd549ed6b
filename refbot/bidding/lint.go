package bidding

import (
	"cmp"
	"slices"

	"github.com/openroom/openroom/engine"
)

// A Gap is a situation of a system in which some hands that reach it fit
// none of its rows, so that their call falls to the interpreter's natural
// fallback. A system may leave such gaps on purpose (SAYC-lite leaves the
// rarer hands of many situations to the fallback); Gaps lists them so that
// an author sees where the file is silent and how often it matters.
type Gap struct {
	// Situation is the situation's key, as the file writes it.
	Situation string
	// Line is the line of the system's file that first names the
	// situation; 0 when it comes from the file's base.
	Line int
	// Reached counts the calls made in the situation on the boards bid,
	// and Uncovered those of them no row fitted.
	Reached, Uncovered int
	// Example is the first uncovered hand, on board ExampleBoard.
	Example      engine.Hand
	ExampleBoard int
}

// Gaps bids the boards with s at all four seats and returns the situations
// of s's file in which some hand fitted none of the rows: the most
// frequent gap first (by uncovered calls, then by situation). Only keyed
// situations count; the slam conventions and the computed competitive rows
// are the interpreter's, which always has a call. The result depends only
// on s and the boards.
func (s *System) Gaps(boards []engine.BoardSetup) []Gap {
	byKey := map[string]*Gap{}
	var st state
	for _, b := range boards {
		a := engine.NewAuction(b.Dealer)
		for !a.Done() {
			seat := a.Turn()
			hand := b.Deal[seat]
			s.analyzeFor(&st, &a, a.Len(), seat)
			if s.keyed(&st, seat) {
				key := string(st.key)
				g := byKey[key]
				if g == nil {
					g = &Gap{Situation: key, Line: s.keyLine[key]}
					byKey[key] = g
				}
				g.Reached++
				if !s.covered(&st, &a, seat, hand) {
					if g.Uncovered == 0 {
						g.Example, g.ExampleBoard = hand, b.Number
					}
					g.Uncovered++
				}
			}
			c, _, _ := s.chooseAfter(&st, &a, hand)
			if a.Add(c) != nil {
				break // cannot happen: chooseAfter returns a legal call
			}
		}
	}
	var out []Gap
	for _, g := range byKey {
		if g.Uncovered > 0 {
			out = append(out, *g)
		}
	}
	slices.SortFunc(out, func(x, y Gap) int {
		return cmp.Or(cmp.Compare(y.Uncovered, x.Uncovered), cmp.Compare(x.Situation, y.Situation))
	})
	return out
}

// keyed reports whether the seat's next call is answered by the rows of a
// situation the file names (rather than by a slam convention's rows or the
// computed competitive rows).
func (s *System) keyed(st *state, seat engine.Seat) bool {
	rows := s.rows[string(st.key)]
	got := s.situation(st, seat)
	return len(rows) > 0 && len(got) > 0 && &got[0] == &rows[0]
}

// covered reports whether the system gives the hand a call of its own
// after the auction read into st: an ace ask or a notrump slam of the
// interpreter's, or a row of the situation (chooseCall's order).
func (s *System) covered(st *state, a *engine.Auction, seat engine.Seat, hand engine.Hand) bool {
	hi := newHandInfo(hand)
	if _, ok := s.blackwoodAsk(st, a, seat, &hi, s.slam.ask.need); ok {
		return true
	}
	if _, ok := s.notrumpSlam(st, seat, &hi, a); ok {
		return true
	}
	return firstFitting(s.situation(st, seat), a, &hi, st.cons[seat.Partner()].MinHCP) != nil
}
