package engine

import (
	"fmt"
	"strings"
)

// Call is one call in an auction: Pass, Double, Redouble or one of the 35
// bids. Bids are ordered: a higher bid has a higher Call value.
type Call uint8

// The three non-bid calls. Bids follow from FirstBid upward.
const (
	Pass Call = iota
	Double
	Redouble
	firstBid
)

// NumCalls is the number of distinct calls: Pass, Double, Redouble and 35 bids.
const NumCalls = 38

// Bid returns the bid of the given level (1-7) and strain.
func Bid(level int, s Strain) Call {
	return firstBid + Call((level-1)*NumStrains) + Call(s)
}

// IsBid reports whether the call is a bid (not Pass, Double or Redouble).
func (c Call) IsBid() bool { return c >= firstBid && c < NumCalls }

// Level returns a bid's level, 1 to 7 (0 for a non-bid).
func (c Call) Level() int {
	if !c.IsBid() {
		return 0
	}
	return int(c-firstBid)/NumStrains + 1
}

// Strain returns a bid's strain (meaningless for a non-bid).
func (c Call) Strain() Strain { return Strain((c - firstBid) % NumStrains) }

// String writes the call as PBN and the results file do: Pass, X, XX, 1C ... 7NT.
func (c Call) String() string {
	switch {
	case c == Pass:
		return "Pass"
	case c == Double:
		return "X"
	case c == Redouble:
		return "XX"
	case c.IsBid():
		return string(rune('0'+c.Level())) + c.Strain().String()
	}
	return fmt.Sprintf("Call(%d)", uint8(c))
}

// ParseCall reads a call in any case: P, Pass, X, D, Dbl, Double, XX, R, Rdbl,
// Redouble, or a bid such as 1C, 3NT, 3N.
func ParseCall(s string) (Call, error) {
	u := strings.ToUpper(strings.TrimSpace(s))
	switch u {
	case "P", "PASS", "PASSES":
		return Pass, nil
	case "X", "D", "DBL", "DOUBLE", "DOUBLES":
		return Double, nil
	case "XX", "R", "RDBL", "REDOUBLE", "REDOUBLES":
		return Redouble, nil
	}
	if len(u) >= 2 && u[0] >= '1' && u[0] <= '7' {
		st, err := ParseStrain(u[1:])
		if err == nil {
			return Bid(int(u[0]-'0'), st), nil
		}
	}
	return 0, fmt.Errorf("call %q: want Pass, X, XX or a bid from 1C to 7NT", s)
}
