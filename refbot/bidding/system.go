package bidding

import (
	"fmt"
	"strings"

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

// System is the SAYC-lite bidding system: the table of rows, indexed by
// situation. A System is immutable after NewSystem and safe for concurrent
// use by any number of bidders.
//
// Coverage. Openings (1NT 15-17, 2NT 20-21, 3NT 25-27, strong 2C, one of a
// suit, weak twos, 3- and 4-level preempts, pass). Over 1NT, 2NT, 3NT,
// 2C-2D-2NT, a 1NT overcall and the balancing 1NT: Stayman and its
// answers, Jacoby transfers with completion and super-accept, invitations
// and their answers, quantitative 4NT, Gerber with answers and the asker's
// placement; over 1NT doubled, a weak responder's natural escape to a
// five-card suit, and over a natural overcall of it, new suits (two level
// to play, three level forcing). 2C:
// waiting 2D, positives, opener's rebid (over a positive without a fit for
// it, its own suit or notrump: with the fit, Blackwood), responder's raise
// or notrump.
// Weak twos: raises, the 2NT feature ask and its answers; raises and 3NT
// over 3-level preempts. Responses to 1M (Jacoby 2NT, limit, single and
// preemptive raises, 1S, 1NT, two over one) and to 1m (majors up the line,
// 1D, 2C over 1D, 2NT, 3NT, raises, 1NT). Opener's rebids after a one-level
// response, 1NT, a raise, a limit raise, Jacoby 2NT and a two over one;
// responder's rebids after 1NT, a raise, a suit rebid, 2NT and a game try,
// and the weak preference over opener's new lower suit;
// help-suit game tries after a single major raise and their answers
// (system_majorfit.go).
// Competition: overcalls at the one and two level, weak jump overcalls, the
// 1NT overcall, takeout doubles (also over weak twos and 3-level preempts,
// and in the balancing seat), Michaels, unusual 2NT, natural action over
// 1NT; over partner's opening: negative doubles through 2S, raises, cue-bid
// raises, new suits, notrump, and after a double redouble, Jordan 2NT and
// raises; opener's answer to a negative double and reopening; advances of
// overcalls, weak jumps, takeout doubles, Michaels and unusual 2NT. Slam:
// Blackwood 4NT (5C 0/4, 5D 1, 5H 2, 5S 3), 5NT for kings and the asker's
// placement, in any auction with an agreed suit (or, when the asker holds
// the fit, for the side's last natural suit); notrump slams by count where
// the table has no slam try of its own (see ntSlamMeaning); control-showing
// cue bids below game in an agreed major, with their answers
// (system_majorfit.go). Contested
// auctions the table has no key for get rows computed from the auction
// (competitiveRows): competing to the level of the fit, balancing over a
// raise, answers to a takeout double and the doubler's rebid. Everything
// else (later rounds) is the natural fallback described at Choose.
// Vulnerability does not change any range.
type System struct {
	rows  map[string][]*row
	slam  slamRows
	count int
}

// NewSystem builds the SAYC-lite table. It panics only if the table written
// in this package is itself malformed (a programming error caught by every
// test run), never on outside input.
func NewSystem() *System {
	b := &builder{rows: make(map[string][]*row)}
	b.openings()
	b.notrumpSystems()
	b.strongTwoClubs()
	b.preemptResponses()
	b.majorResponses()
	b.minorResponses()
	b.openerRebids()
	b.responderRebids()
	b.overcalls()
	b.contested()
	b.advances()
	if b.err != nil {
		panic(fmt.Sprintf("refbot: system table: %v", b.err))
	}
	s := &System{rows: b.rows, count: b.count}
	s.slam = newSlamRows()
	return s
}

// builder accumulates rows. Options (opt) describe one row each, so the
// table reads as data: b.add(key, "1H", "text", hcp(12, 21), min(H, 5)).
type builder struct {
	rows  map[string][]*row
	count int
	err   error
}

type opt func(*row)

func (b *builder) add(key, call, text string, opts ...opt) {
	c, err := parseKeyCall(call)
	if err != nil && b.err == nil {
		b.err = fmt.Errorf("row %q %q: %w", key, call, err)
		return
	}
	r := newRow(key, c, text, opts...)
	b.rows[key] = append(b.rows[key], r)
	b.count++
}

func newRow(key string, c engine.Call, text string, opts ...opt) *row {
	r := &row{Key: key, Meaning: unconstrained(c)}
	r.Meaning.Text = text
	for _, o := range opts {
		o(r)
	}
	return r
}

// The row options.

func hcp(lo, hi int) opt { return func(r *row) { r.Meaning.MinHCP, r.Meaning.MaxHCP = lo, hi } }
func minLen(s engine.Suit, n int) opt {
	return func(r *row) { r.Meaning.MinLen[s] = max(r.Meaning.MinLen[s], n) }
}
func maxLen(s engine.Suit, n int) opt {
	return func(r *row) { r.Meaning.MaxLen[s] = min(r.Meaning.MaxLen[s], n) }
}
func exactLen(s engine.Suit, n int) opt {
	return func(r *row) { minLen(s, n)(r); maxLen(s, n)(r) }
}
func balanced() opt { return func(r *row) { r.Meaning.Balanced = true } }
func forcing() opt  { return func(r *row) { r.Meaning.Forcing = ForcingOne } }
func gameForcing() opt {
	return func(r *row) { r.Meaning.Forcing = GameForcing }
}

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

func parseKeyCall(s string) (engine.Call, error) { return engine.ParseCall(s) }

// joinKey appends calls to a key.
func joinKey(key string, calls ...string) string {
	parts := make([]string, 0, len(calls)+1)
	if key != "" {
		parts = append(parts, key)
	}
	parts = append(parts, calls...)
	return strings.Join(parts, " ")
}

// suits lists the suits from clubs up, for loops in the builders.
var allSuits = [engine.NumSuits]engine.Suit{engine.Clubs, engine.Diamonds, engine.Hearts, engine.Spades}

// sc returns a bid's key text: level and suit letter.
func sc(level int, s engine.Suit) string { return fmt.Sprintf("%d%s", level, s) }

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

// ntBid returns the key text of a notrump bid at a level.
func ntBid(level int) string { return fmt.Sprintf("%dN", level) }
