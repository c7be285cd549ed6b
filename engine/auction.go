package engine

import (
	"errors"
	"fmt"
	"strings"
)

// MaxAuctionLen is the length of the longest possible auction: three passes,
// then each of the 35 bids followed by pass, pass, double, pass, pass,
// redouble, pass, pass, and the final pass.
const MaxAuctionLen = 3 + 35*9 + 1

// Penalty is the double state of a contract.
type Penalty uint8

// The three double states.
const (
	Undoubled Penalty = iota
	Doubled
	Redoubled
)

// String returns "", "X" or "XX".
func (p Penalty) String() string {
	switch p {
	case Doubled:
		return "X"
	case Redoubled:
		return "XX"
	}
	return ""
}

// Contract is the result of an auction. Level 0 means the board was passed out.
type Contract struct {
	Level    int     // 1-7, or 0 when passed out
	Strain   Strain  // the denomination
	Penalty  Penalty // undoubled, doubled or redoubled
	Declarer Seat    // the first of the declaring side to name the strain
}

// PassedOut reports whether the contract stands for a passed-out board.
func (c Contract) PassedOut() bool { return c.Level == 0 }

// Dummy returns declarer's partner.
func (c Contract) Dummy() Seat { return c.Declarer.Partner() }

// Over returns how many tricks declarer took over the contract (the
// overtricks, 0 when made exactly) or, negative, under it (the undertricks);
// 0 for a passed-out board.
func (c Contract) Over(tricks int) int {
	if c.PassedOut() {
		return 0
	}
	return tricks - c.Level - 6
}

// Leader returns the opening leader: declarer's left-hand opponent.
func (c Contract) Leader() Seat { return c.Declarer.LHO() }

// String writes the contract without its declarer: "Pass", "4S", "3NTX", "6HXX".
func (c Contract) String() string {
	if c.PassedOut() {
		return "Pass"
	}
	return Bid(c.Level, c.Strain).String() + c.Penalty.String()
}

// ParseContract reads a contract without declarer: "Pass" (also "P", "PassedOut")
// or level, strain (C D H S N NT) and an optional X or XX, in any case.
// The declarer of the result is North; set it separately.
func ParseContract(s string) (Contract, error) {
	u := strings.ToUpper(strings.TrimSpace(s))
	switch u {
	case "PASS", "P", "PASSED", "PASSEDOUT", "AP":
		return Contract{}, nil
	}
	if len(u) < 2 || u[0] < '1' || u[0] > '7' {
		return Contract{}, fmt.Errorf("contract %q: want Pass or a level 1-7, a strain and an optional X or XX", s)
	}
	var c Contract
	c.Level = int(u[0] - '0')
	rest := u[1:]
	switch {
	case strings.HasSuffix(rest, "XX"):
		c.Penalty, rest = Redoubled, rest[:len(rest)-2]
	case strings.HasSuffix(rest, "X"):
		c.Penalty, rest = Doubled, rest[:len(rest)-1]
	}
	st, err := ParseStrain(rest)
	if err != nil {
		return Contract{}, fmt.Errorf("contract %q: %w", s, err)
	}
	c.Strain = st
	return c, nil
}

// Errors returned when a call is refused. They are wrapped with the details.
var (
	ErrAuctionOver   = errors.New("the auction is over")
	ErrInsufficient  = errors.New("insufficient bid")
	ErrIllegalDouble = errors.New("double is legal only over an opponent's bid")
	ErrIllegalRedbl  = errors.New("redouble is legal only over an opponent's double")
	ErrNotACall      = errors.New("not a call")
)

// Auction is the sequence of calls of one board and the state needed to
// judge the next call. The zero Auction has dealer North. It holds a fixed
// array, so adding calls never allocates.
type Auction struct {
	dealer     Seat
	n          int
	calls      [MaxAuctionLen]Call
	lastBid    Call // the highest bid so far, or Pass if none
	lastBidder Seat
	lastAction Call // the last non-pass call, or Pass if none
	lastActor  Seat
	passes     int // consecutive passes at the end
	// firstNamed[side][strain] is 1 + the seat that first bid the strain for the side, 0 if none.
	firstNamed [2][NumStrains]uint8
}

// NewAuction returns an empty auction with the given dealer.
func NewAuction(dealer Seat) Auction { return Auction{dealer: dealer} }

// Dealer returns the seat that calls first.
func (a *Auction) Dealer() Seat { return a.dealer }

// Len returns the number of calls made.
func (a *Auction) Len() int { return a.n }

// Calls returns the calls made so far, in order. The slice aliases the
// auction's storage and must not be modified.
func (a *Auction) Calls() []Call { return a.calls[:a.n] }

// SeatOf returns the seat that made call i.
func (a *Auction) SeatOf(i int) Seat { return (a.dealer + Seat(i)) & 3 }

// Turn returns the seat to call next.
func (a *Auction) Turn() Seat { return a.SeatOf(a.n) }

// Done reports whether the auction has ended: four passes, or three
// consecutive passes after a bid, double or redouble.
func (a *Auction) Done() bool {
	return a.passes >= 4 || (a.passes == 3 && a.lastBid != Pass)
}

// PassedOut reports whether the auction ended with four passes.
func (a *Auction) PassedOut() bool { return a.passes >= 4 && a.lastBid == Pass }

// Check reports whether the seat on turn may make the call now, and why not.
func (a *Auction) Check(c Call) error {
	if a.Done() {
		return ErrAuctionOver
	}
	turn := a.Turn()
	switch {
	case c == Pass:
		return nil
	case c == Double:
		if a.lastAction.IsBid() && a.lastActor.Side() != turn.Side() {
			return nil
		}
		return ErrIllegalDouble
	case c == Redouble:
		if a.lastAction == Double && a.lastActor.Side() != turn.Side() {
			return nil
		}
		return ErrIllegalRedbl
	case c.IsBid():
		if a.lastBid == Pass || c > a.lastBid {
			return nil
		}
		return fmt.Errorf("%w: %s does not outrank %s", ErrInsufficient, c, a.lastBid)
	}
	return ErrNotACall
}

// Legal reports whether the call is legal for the seat on turn.
func (a *Auction) Legal(c Call) bool { return a.Check(c) == nil }

// LegalCalls appends every legal call for the seat on turn to dst, in Call
// order (Pass, X, XX, then bids upward), and returns the extended slice.
func (a *Auction) LegalCalls(dst []Call) []Call {
	if a.Done() {
		return dst
	}
	for c := Pass; c <= Redouble; c++ {
		if a.Legal(c) {
			dst = append(dst, c)
		}
	}
	lo := firstBid
	if a.lastBid != Pass {
		lo = a.lastBid + 1
	}
	for c := lo; c < NumCalls; c++ {
		dst = append(dst, c)
	}
	return dst
}

// Add makes the call for the seat on turn, or returns why it is illegal.
func (a *Auction) Add(c Call) error {
	if err := a.Check(c); err != nil {
		return err
	}
	seat := a.Turn()
	a.calls[a.n] = c
	a.n++
	if c == Pass {
		a.passes++
		return nil
	}
	a.passes = 0
	a.lastAction, a.lastActor = c, seat
	if c.IsBid() {
		a.lastBid, a.lastBidder = c, seat
		if f := &a.firstNamed[seat.Side()][c.Strain()]; *f == 0 {
			*f = uint8(seat) + 1
		}
	}
	return nil
}

// Contract returns the final contract once the auction is done; ok is false
// while it is still going. A passed-out auction gives a Contract with Level 0.
func (a *Auction) Contract() (c Contract, ok bool) {
	if !a.Done() {
		return Contract{}, false
	}
	if a.lastBid == Pass {
		return Contract{}, true
	}
	c.Level = a.lastBid.Level()
	c.Strain = a.lastBid.Strain()
	c.Declarer = Seat(a.firstNamed[a.lastBidder.Side()][c.Strain] - 1)
	switch {
	case a.lastAction == Double:
		c.Penalty = Doubled
	case a.lastAction == Redouble:
		c.Penalty = Redoubled
	}
	return c, true
}
