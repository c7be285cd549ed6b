package bidding

import (
	"fmt"

	"github.com/openroom/openroom/engine"
)

// row is one line of the system table: in the situation Key, the call
// Meaning.Call means Meaning. Cond describes the bidder's extra choice
// condition (suit quality, which of two suits to show first, an ace count);
// it narrows which hands pick the row but promises nothing beyond Meaning,
// so it never enters inference.
//
// Key is the auction from the opening bid on, written with P, X, XX and
// bids such as 1C or 2N, separated by spaces: "" is the opening situation
// (any number of passes so far), "1H" is the direct seat over a 1H opening,
// "1H P" is responder, "1H P 1S P" is opener's rebid. Passes before the
// opening are not part of the key: a third-seat opening means the same as a
// first-seat one (a documented simplification). Rows without a key belong
// to the slam conventions, which are recognised by pattern (see slamRows).
type row struct {
	Key     string
	Meaning Meaning
	Cond    string

	cond func(*handInfo) bool
	need int // slam rows: combined points needed (own points + partner's minimum HCP)
	line int // the system file's line the row comes from (0: built in code)
}

// fits reports whether the hand may make the row's call.
func (r *row) fits(hi *handInfo) bool {
	m := &r.Meaning
	if hi.hcp < m.MinHCP || hi.hcp > m.MaxHCP {
		return false
	}
	for s := range hi.len {
		if hi.len[s] < m.MinLen[s] || hi.len[s] > m.MaxLen[s] {
			return false
		}
	}
	if m.Balanced && !hi.bal {
		return false
	}
	if m.Valuation != HCPOnly {
		p := hi.value(m.Valuation, m.Trump)
		if p < m.MinPoints || p > m.MaxPoints {
			return false
		}
	}
	return r.cond == nil || r.cond(hi)
}

// System is a bidding system: the rows of its file, indexed by situation,
// and the interpreter's own conventions (Blackwood, control-showing cue
// bids, notrump slams by count, competitive rows computed from the
// auction, the natural fallback), which every system shares. A System is
// immutable once loaded and safe for concurrent use by any number of
// bidders.
//
// The built-in SAYC-lite (systems/sayc-lite.bid) covers: openings (1NT
// 15-17, 2NT 20-21, 3NT 25-27, strong 2C, one of a suit, weak twos, 3- and
// 4-level preempts); Stayman, Jacoby transfers, invitations, quantitative
// 4NT and Gerber over every natural notrump; the 2C structure; responses
// to weak twos and preempts; responses to one of a suit and both players'
// rebids; overcalls, takeout doubles, Michaels, unusual 2NT and their
// advances; negative doubles and the bidding over an overcall or a double
// of partner's opening. `refbot --card sayc-lite` lists every row.
type System struct {
	name  string
	about []string
	rows  map[string][]*row
	keys  []string // the situations in the order the file names them
	// keyLine is the line of the file that first names each situation
	// (0: a situation its base names and the file does not).
	keyLine map[string]int
	slam    slamRows
	count   int
	// opp, when set, is the system the opponents play: a bidder reads
	// their calls by it (ReadingOpponents).
	opp *System
}

// defaultSystemName is the built-in system NewSystem returns.
const defaultSystemName = "sayc-lite"

// NewSystem returns the built-in SAYC-lite system. It panics only if the
// built-in file is itself malformed (a programming error every test run
// catches), never on outside input.
func NewSystem() *System {
	s, err := Builtin(defaultSystemName)
	if err != nil {
		panic(fmt.Sprintf("refbot: the built-in system: %v", err))
	}
	return s
}

// opt is one property of a row the interpreter computes (the slam
// conventions, the competitive rows), so that such a row reads as a file's
// does: newRow(key, call, "text", hcp(12, 21), minLen(H, 5)).
type opt func(*row)

// The row options.

func hcp(lo, hi int) opt { return func(r *row) { r.Meaning.MinHCP, r.Meaning.MaxHCP = lo, hi } }
func minLen(s engine.Suit, n int) opt {
	return func(r *row) { r.Meaning.MinLen[s] = max(r.Meaning.MinLen[s], n) }
}
func maxLen(s engine.Suit, n int) opt {
	return func(r *row) { r.Meaning.MaxLen[s] = min(r.Meaning.MaxLen[s], n) }
}
func balanced() opt { return func(r *row) { r.Meaning.Balanced = true } }
func forcing() opt  { return func(r *row) { r.Meaning.Forcing = ForcingOne } }

// alert marks an artificial call and gives the alert text sent with it.
func alert(text string) opt {
	return func(r *row) { r.Meaning.Artificial, r.Meaning.Alert = true, text }
}

// points sets a total-points range counted with valuation v (trump is the
// suit being raised for DummyPoints).
func points(v Valuation, trump engine.Suit, lo, hi int) opt {
	return func(r *row) {
		r.Meaning.Valuation, r.Meaning.Trump = v, trump
		r.Meaning.MinPoints, r.Meaning.MaxPoints = lo, hi
	}
}

// when adds a choice condition with its human description.
func when(desc string, f func(*handInfo) bool) opt {
	return func(r *row) {
		if r.cond != nil {
			prev := r.cond
			r.cond = func(hi *handInfo) bool { return prev(hi) && f(hi) }
			r.Cond += "; " + desc
			return
		}
		r.cond, r.Cond = f, desc
	}
}

func withConv(c convention) opt { return func(r *row) { r.Meaning.conv = c } }

// KeyCall writes a call as the table's keys do: P, X, XX, 1C ... 7N.
func KeyCall(c engine.Call) string {
	switch {
	case c == engine.Pass:
		return "P"
	case c.IsBid() && c.Strain() == engine.NoTrump:
		return string(rune('0'+c.Level())) + "N"
	}
	return c.String()
}

// allSuits lists the suits from clubs up.
var allSuits = [engine.NumSuits]engine.Suit{engine.Clubs, engine.Diamonds, engine.Hearts, engine.Spades}

// cheapest returns the lowest level at which strain t outranks call above
// (a bid, or Pass for none).
func cheapest(t engine.Strain, above engine.Call) int {
	for l := 1; l <= 7; l++ {
		if above == engine.Pass || engine.Bid(l, t) > above {
			return l
		}
	}
	return 8
}

// newRow returns the row of situation key making call c, meaning text,
// with the options applied to a meaning that promises nothing.
func newRow(key string, c engine.Call, text string, opts ...opt) *row {
	r := &row{Key: key, Meaning: unconstrained(c)}
	r.Meaning.Text = text
	for _, o := range opts {
		o(r)
	}
	return r
}
