package engine

import "fmt"

// Phase is the stage a board is in.
type Phase uint8

// The phases of a board, in order.
const (
	PhaseAuction Phase = iota
	PhasePlay
	PhaseDone
)

// String names the phase.
func (p Phase) String() string {
	switch p {
	case PhaseAuction:
		return "auction"
	case PhasePlay:
		return "play"
	case PhaseDone:
		return "done"
	}
	return fmt.Sprintf("Phase(%d)", uint8(p))
}

// Board is the state machine of one board: the auction, then the play, then
// the result. It rejects any out-of-turn or illegal action with an error
// that says why, and gives each seat its View. A Board holds only fixed
// arrays, so it can be copied and reset without allocation.
type Board struct {
	setup    BoardSetup // number, dealer, vulnerability and the original hands
	left     Deal       // the cards not yet played
	auction  Auction
	contract Contract
	play     Play
	phase    Phase
}

// NewBoard starts a board with the dealer and vulnerability that the WBF
// conventions give its number.
func NewBoard(number int, deal Deal) *Board {
	b := &Board{}
	b.Reset(NewBoardSetup(number, deal))
	return b
}

// Reset starts the board afresh from a setup, reusing the receiver's
// storage.
func (b *Board) Reset(s BoardSetup) {
	*b = Board{setup: s, left: s.Deal, auction: NewAuction(s.Dealer)}
}

// Setup returns the board's setup: number, dealer, vulnerability, the
// original deal and where it came from. Like Deal, it is hidden
// information.
func (b *Board) Setup() BoardSetup { return b.setup }

// Number returns the board number.
func (b *Board) Number() int { return b.setup.Number }

// Dealer returns the dealer.
func (b *Board) Dealer() Seat { return b.setup.Dealer }

// Vulnerability returns the vulnerability.
func (b *Board) Vulnerability() Vulnerability { return b.setup.Vul }

// Deal returns the original deal. It is for the table manager and for
// analysis after the board; never send it to a seat.
func (b *Board) Deal() Deal { return b.setup.Deal }

// Phase returns the board's current phase.
func (b *Board) Phase() Phase { return b.phase }

// Auction returns the auction (read-only use).
func (b *Board) Auction() *Auction { return &b.auction }

// Play returns the play record (read-only use); empty before the play phase.
func (b *Board) Play() *Play { return &b.play }

// Contract returns the final contract; ok is false during the auction.
func (b *Board) Contract() (Contract, bool) {
	if b.phase == PhaseAuction {
		return Contract{}, false
	}
	return b.contract, true
}

// Remaining returns the cards a seat has not yet played. It is hidden
// information: for the table manager, not for a seat.
func (b *Board) Remaining(s Seat) Hand { return b.left[s&3] }

// Turn returns the seat whose call or card is next (dummy's seat when dummy
// is to play); ok is false when the board is done.
func (b *Board) Turn() (Seat, bool) {
	switch b.phase {
	case PhaseAuction:
		return b.auction.Turn(), true
	case PhasePlay:
		return b.play.Turn(), true
	}
	return 0, false
}

// Actor returns the seat that must decide the next action: the seat on turn,
// or declarer when dummy is to play; ok is false when the board is done.
func (b *Board) Actor() (Seat, bool) {
	switch b.phase {
	case PhaseAuction:
		return b.auction.Turn(), true
	case PhasePlay:
		return b.play.Actor(), true
	}
	return 0, false
}

// DummyExposed reports whether dummy's cards are public: after the opening lead.
func (b *Board) DummyExposed() bool {
	return b.phase != PhaseAuction && !b.contract.PassedOut() && b.play.Len() > 0
}

// Call makes a call for the seat, which must be on turn in the auction.
func (b *Board) Call(seat Seat, c Call) error {
	if b.phase != PhaseAuction {
		return fmt.Errorf("%s calls %s: %w (the board is in the %s)", seat.Name(), c, ErrWrongPhase, b.phase)
	}
	if seat >= NumSeats {
		return ErrInvalidSeat
	}
	if t := b.auction.Turn(); t != seat {
		return fmt.Errorf("%s calls %s: %w (%s is to call)", seat.Name(), c, ErrNotYourTurn, t.Name())
	}
	if err := b.auction.Add(c); err != nil {
		return fmt.Errorf("%s calls %s: %w", seat.Name(), c, err)
	}
	if b.auction.Done() {
		b.contract, _ = b.auction.Contract()
		if b.contract.PassedOut() {
			b.phase = PhaseDone
		} else {
			b.phase = PhasePlay
			b.play = NewPlay(b.contract)
		}
	}
	return nil
}

// PlayCard plays card c from the hand of seat, which must be on turn; when
// seat is dummy, the card is declarer's choice. Use Actor to check who may
// send it.
func (b *Board) PlayCard(seat Seat, c Card) error {
	if b.phase != PhasePlay {
		return fmt.Errorf("%s plays %s: %w (the board is in the %s)", seat.Name(), c, ErrWrongPhase, b.phase)
	}
	if seat >= NumSeats {
		return ErrInvalidSeat
	}
	if t := b.play.Turn(); t != seat {
		return fmt.Errorf("%s plays %s: %w (%s is to play)", seat.Name(), c, ErrNotYourTurn, t.Name())
	}
	if err := b.play.Add(b.left[seat], c); err != nil {
		return fmt.Errorf("%s plays %s: %w", seat.Name(), c, err)
	}
	b.left[seat] = b.left[seat].Without(c)
	if b.play.Done() {
		b.phase = PhaseDone
	}
	return nil
}

// LegalCards returns the cards the seat on turn may play now (empty outside
// the play).
func (b *Board) LegalCards() Hand {
	if b.phase != PhasePlay {
		return 0
	}
	return b.play.LegalCards(b.left[b.play.Turn()])
}

// DeclarerTricks returns the tricks won by declarer's side so far.
func (b *Board) DeclarerTricks() int { return b.play.DeclarerTricks() }

// ScoreNS returns the board's Law 77 raw score from North-South's side; ok is
// false until the board is done.
func (b *Board) ScoreNS() (score int, ok bool) {
	if b.phase != PhaseDone {
		return 0, false
	}
	return ScoreNS(b.contract, b.setup.Vul, b.play.DeclarerTricks()), true
}

// View returns what seat may know at this moment and nothing more: its own
// cards, dummy's cards once the opening lead is made, the calls and the
// played cards. It is the only way a seat should learn about the board.
func (b *Board) View(seat Seat) View {
	v := View{
		Seat:    seat,
		Number:  b.setup.Number,
		Dealer:  b.setup.Dealer,
		Vul:     b.setup.Vul,
		Hand:    b.setup.Deal[seat&3],
		Auction: b.auction,
		phase:   b.phase,
	}
	if b.phase != PhaseAuction {
		v.Contract, v.hasContract = b.contract, true
		v.Play = b.play
		if b.DummyExposed() {
			v.Dummy, v.DummyVisible = b.setup.Deal[b.contract.Dummy()], true
		}
	}
	return v
}
