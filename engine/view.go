package engine

import "fmt"

// View is what one seat may know about a board at one moment: its own
// cards, the public record (board number, dealer, vulnerability, every call,
// every played card) and dummy's cards once the opening lead is made. It
// never holds another hand. The table manager builds a View with
// Board.View; a bot builds its own from the protocol lines it receives with
// NewView, AddCall, AddCard and SetDummy, and the two agree.
type View struct {
	Seat         Seat
	Number       int
	Dealer       Seat
	Vul          Vulnerability
	Hand         Hand // the seat's original 13 cards
	Dummy        Hand // dummy's original 13 cards; valid when DummyVisible
	DummyVisible bool
	Auction      Auction
	Contract     Contract // valid when the auction is done
	Play         Play     // valid in the play

	hasContract bool
	phase       Phase
}

// NewView starts a seat's view of a new board from what the seat is told
// before the auction.
func NewView(seat Seat, number int, dealer Seat, vul Vulnerability, hand Hand) View {
	return View{Seat: seat, Number: number, Dealer: dealer, Vul: vul, Hand: hand, Auction: NewAuction(dealer)}
}

// Phase returns the board's phase as far as the seat knows.
func (v *View) Phase() Phase { return v.phase }

// HasContract reports whether the auction is over, so Contract is valid.
func (v *View) HasContract() bool { return v.hasContract }

// Remaining returns the seat's own cards not yet played.
func (v *View) Remaining() Hand { return v.Hand &^ v.Play.Played() }

// DummyRemaining returns dummy's cards not yet played (empty while dummy is
// not visible).
func (v *View) DummyRemaining() Hand {
	if !v.DummyVisible {
		return 0
	}
	return v.Dummy &^ v.Play.Played()
}

// Known returns the remaining cards of seat s if this view may see them:
// its own, or dummy's once exposed; ok is false for a hidden hand.
func (v *View) Known(s Seat) (Hand, bool) {
	switch {
	case s == v.Seat:
		return v.Remaining(), true
	case v.DummyVisible && v.hasContract && s == v.Contract.Dummy():
		return v.DummyRemaining(), true
	}
	return 0, false
}

// Turn returns the seat whose call or card is next; ok is false when done.
func (v *View) Turn() (Seat, bool) {
	switch v.phase {
	case PhaseAuction:
		return v.Auction.Turn(), true
	case PhasePlay:
		return v.Play.Turn(), true
	}
	return 0, false
}

// Actor returns the seat that decides next (declarer for dummy); ok is false when done.
func (v *View) Actor() (Seat, bool) {
	switch v.phase {
	case PhaseAuction:
		return v.Auction.Turn(), true
	case PhasePlay:
		return v.Play.Actor(), true
	}
	return 0, false
}

// LegalCards returns the cards that may be played now from the hand on turn,
// when this view can see that hand; ok is false otherwise.
func (v *View) LegalCards() (Hand, bool) {
	if v.phase != PhasePlay {
		return 0, false
	}
	h, ok := v.Known(v.Play.Turn())
	if !ok {
		return 0, false
	}
	return v.Play.LegalCards(h), true
}

// AddCall records the next call of the auction.
func (v *View) AddCall(c Call) error {
	if v.phase != PhaseAuction {
		return fmt.Errorf("call %s: %w", c, ErrWrongPhase)
	}
	if err := v.Auction.Add(c); err != nil {
		return fmt.Errorf("%s calls %s: %w", v.Auction.Turn().Name(), c, err)
	}
	if v.Auction.Done() {
		v.Contract, _ = v.Auction.Contract()
		v.hasContract = true
		if v.Contract.PassedOut() {
			v.phase = PhaseDone
		} else {
			v.phase = PhasePlay
			v.Play = NewPlay(v.Contract)
		}
	}
	return nil
}

// AddCard records the next card played. A card from a hand this view can
// see is checked in full; a card from a hidden hand is checked against
// everything the view knows (not played before, not in a visible hand).
func (v *View) AddCard(c Card) error {
	if v.phase != PhasePlay {
		return fmt.Errorf("card %s: %w", c, ErrWrongPhase)
	}
	turn := v.Play.Turn()
	if h, ok := v.Known(turn); ok {
		if err := v.Play.Add(h, c); err != nil {
			return fmt.Errorf("%s plays %s: %w", turn.Name(), c, err)
		}
	} else {
		visible := v.Remaining() | v.DummyRemaining()
		switch {
		case !c.Valid():
			return ErrInvalidCard
		case v.Play.Played().Has(c):
			return fmt.Errorf("%s plays %s: %w (already played)", turn.Name(), c, ErrNotHeld)
		case visible.Has(c):
			return fmt.Errorf("%s plays %s: %w (it is in a visible hand)", turn.Name(), c, ErrNotHeld)
		}
		v.Play.add(c)
	}
	if v.Play.Done() {
		v.phase = PhaseDone
	}
	return nil
}

// SetDummy records dummy's cards, as shown after the opening lead. The hand
// is dummy's original 13 cards; any already played must be among them.
func (v *View) SetDummy(h Hand) error {
	if v.phase == PhaseAuction || !v.hasContract {
		return fmt.Errorf("dummy's cards before the auction is over: %w", ErrWrongPhase)
	}
	if v.Play.Len() == 0 {
		return fmt.Errorf("dummy's cards before the opening lead: %w", ErrWrongPhase)
	}
	if v.Seat == v.Contract.Dummy() {
		return fmt.Errorf("dummy's cards sent to dummy: %w", ErrWrongPhase)
	}
	if h&v.Hand != 0 {
		return fmt.Errorf("dummy's cards overlap %s's own", v.Seat.Name())
	}
	v.Dummy, v.DummyVisible = h, true
	return nil
}
