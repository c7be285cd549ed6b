package engine

// Result writes a played contract's result relative to the contract, as
// score sheets show it: "=" made exactly, "+2" with two overtricks, "-1"
// one down; "" for a passed-out board, which has none.
func (d ScoreDetail) Result() string {
	if d.Contract.PassedOut() {
		return ""
	}
	return resultString(d)
}
