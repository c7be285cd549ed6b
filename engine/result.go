package engine

import "strconv"

// Result writes a played contract's result relative to the contract, as
// score sheets show it: "=" made exactly, "+2" with two overtricks, "-1"
// one down; "" for a passed-out board, which has none.
func (d ScoreDetail) Result() string {
	switch {
	case d.Contract.PassedOut():
		return ""
	case !d.Made:
		return "-" + strconv.Itoa(d.Undertricks)
	case d.Overtricks > 0:
		return "+" + strconv.Itoa(d.Overtricks)
	}
	return "="
}
