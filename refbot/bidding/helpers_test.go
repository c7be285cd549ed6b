package bidding

import (
	"sort"

	"github.com/openroom/openroom/engine"
)

// explainAll returns the meaning of every call of the auction, in order,
// in one pass.
func (s *System) explainAll(a *engine.Auction) []Meaning {
	var st state
	st.key = st.buf[:0]
	out := make([]Meaning, 0, a.Len())
	s.analyze(&st, a, 0)
	for i, c := range a.Calls() {
		seat := a.SeatOf(i)
		m := s.meaning(&st, seat, c)
		out = append(out, m)
		st.push(seat, c, &m)
	}
	return out
}

// satisfies reports whether the hand meets the meaning's hard constraints
// (HCP range, suit lengths and balance; not the Points range, which is a
// judgment of the bidder).
func (m *Meaning) satisfies(h engine.Hand) bool {
	hcp := h.HCP()
	if hcp < m.MinHCP || hcp > m.MaxHCP {
		return false
	}
	l := h.Lengths()
	for s := range l {
		if l[s] < m.MinLen[s] || l[s] > m.MaxLen[s] {
			return false
		}
	}
	return !m.Balanced || isBalanced(l)
}

// allRows returns a copy of every keyed row of the table, sorted by key and
// then in priority order, for documentation and tests. The slam
// conventions (Blackwood asks and answers), which apply in any auction with
// an agreed suit, are listed with an empty key after the keyed rows. The
// competitive rows computed from an auction (competitiveRows) depend on the
// auction and are not listed.
func (s *System) allRows() []row {
	keys := make([]string, 0, len(s.rows))
	for k := range s.rows {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var out []row
	for _, k := range keys {
		for _, r := range s.rows[k] {
			out = append(out, *r)
		}
	}
	out = append(out, s.slam.all()...)
	return out
}

// all lists the rows once each, for documentation.
func (sr *slamRows) all() []row {
	var out []*row
	out = append(out, sr.ask)
	out = append(out, sr.aceAnswers...)
	for t := range sr.kcAnswers {
		out = append(out, sr.kcAnswers[t]...)
	}
	for t := range sr.aceCont {
		for i := range sr.aceCont[t] {
			out = append(out, sr.aceCont[t][i]...)
		}
	}
	out = append(out, sr.kingAnswers...)
	for t := range sr.kingCont {
		for i := range sr.kingCont[t] {
			out = append(out, sr.kingCont[t][i]...)
		}
	}
	res := make([]row, len(out))
	for i, r := range out {
		res[i] = *r
	}
	return res
}
