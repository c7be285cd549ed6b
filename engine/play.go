package engine

import (
	"errors"
	"fmt"
)

// Errors returned when a card is refused. They are wrapped with details.
var (
	ErrPlayOver     = errors.New("all 13 tricks have been played")
	ErrNotHeld      = errors.New("card not held")
	ErrMustFollow   = errors.New("must follow suit")
	ErrNotYourTurn  = errors.New("not this seat's turn")
	ErrWrongPhase   = errors.New("not in this phase of the board")
	ErrInvalidCard  = errors.New("not a card")
	ErrInvalidSeat  = errors.New("not a seat")
	ErrDummyNoPlays = errors.New("dummy makes no decisions; declarer plays dummy's cards")
)

// Play is the public record of a board's card play: the contract's trump and
// declarer, the cards played in order, the tricks won. It does not know the
// hidden hands; callers pass the remaining hand of the seat on turn when a
// card is played. It holds fixed arrays, so playing never allocates.
type Play struct {
	trump    Strain
	declarer Seat
	n        int
	cards    [52]Card
	played   Hand
	leader   Seat // leader of the current trick
	tricks   [2]int
	winners  [13]Seat
}

// NewPlay returns the empty play of a contract (which must not be passed out):
// the opening leader is declarer's left-hand opponent.
func NewPlay(c Contract) Play {
	return Play{trump: c.Strain, declarer: c.Declarer, leader: c.Leader()}
}

// Trump returns the contract's strain.
func (p *Play) Trump() Strain { return p.trump }

// Declarer returns the declarer.
func (p *Play) Declarer() Seat { return p.declarer }

// Dummy returns declarer's partner.
func (p *Play) Dummy() Seat { return p.declarer.Partner() }

// Len returns the number of cards played.
func (p *Play) Len() int { return p.n }

// Cards returns the cards played so far, in order. The slice aliases the
// play's storage and must not be modified.
func (p *Play) Cards() []Card { return p.cards[:p.n] }

// Played returns the set of cards played so far.
func (p *Play) Played() Hand { return p.played }

// Done reports whether all 13 tricks have been played.
func (p *Play) Done() bool { return p.n == 52 }

// TrickIndex returns the current trick, 0 to 12 (13 when done).
func (p *Play) TrickIndex() int { return p.n / 4 }

// Leader returns the seat that led (or is to lead) the current trick.
func (p *Play) Leader() Seat { return p.leader }

// Turn returns the seat whose card is to be played next (dummy's seat when
// dummy is to play).
func (p *Play) Turn() Seat { return (p.leader + Seat(p.n&3)) & 3 }

// Actor returns the seat that chooses the next card: declarer when dummy is
// on turn, otherwise the seat on turn.
func (p *Play) Actor() Seat {
	t := p.Turn()
	if t == p.Dummy() {
		return p.declarer
	}
	return t
}

// CurrentTrick returns the cards played to the current trick so far, in
// play order (the leader's first). It aliases the play's storage.
func (p *Play) CurrentTrick() []Card { return p.cards[p.n&^3 : p.n] }

// Trick returns the four cards of completed trick i (0-based) in play order
// and the seat that led it.
func (p *Play) Trick(i int) (cards []Card, leader Seat) {
	if i == 0 {
		leader = p.declarer.LHO()
	} else {
		leader = p.winners[i-1]
	}
	hi := min(4*i+4, p.n)
	return p.cards[4*i : hi], leader
}

// SeatOf returns the seat that played card i (0-based, in play order) of
// the cards played so far.
func (p *Play) SeatOf(i int) Seat {
	_, leader := p.Trick(i / 4)
	return (leader + Seat(i&3)) & 3
}

// Winner returns the seat that won completed trick i.
func (p *Play) Winner(i int) Seat { return p.winners[i] }

// Tricks returns the tricks won so far by the side.
func (p *Play) Tricks(s Side) int { return p.tricks[s] }

// DeclarerTricks returns the tricks won so far by declarer's side.
func (p *Play) DeclarerTricks() int { return p.tricks[p.declarer.Side()] }

// LegalCards returns the cards of hand (the remaining cards of the seat on
// turn) that may be played now: any card on the lead, otherwise a card of
// the led suit when the hand has one.
func (p *Play) LegalCards(hand Hand) Hand {
	if p.n&3 == 0 {
		return hand
	}
	if follow := hand.SuitCards(p.cards[p.n&^3].Suit()); follow != 0 {
		return follow
	}
	return hand
}

// Check reports whether card c from hand (the remaining cards of the seat on
// turn) may be played now, and why not.
func (p *Play) Check(hand Hand, c Card) error {
	switch {
	case p.n == 52:
		return ErrPlayOver
	case !c.Valid():
		return ErrInvalidCard
	case !hand.Has(c):
		return fmt.Errorf("%w: %s", ErrNotHeld, c)
	case !p.LegalCards(hand).Has(c):
		return fmt.Errorf("%w: %s led, %s holds one", ErrMustFollow, p.cards[p.n&^3].Suit(), p.Turn().Name())
	}
	return nil
}

// Add plays card c from hand, the remaining cards of the seat on turn, and
// settles the trick when it is the fourth card.
func (p *Play) Add(hand Hand, c Card) error {
	if err := p.Check(hand, c); err != nil {
		return err
	}
	p.add(c)
	return nil
}

// add plays a card already checked.
func (p *Play) add(c Card) {
	p.cards[p.n] = c
	p.played = p.played.With(c)
	p.n++
	if p.n&3 == 0 {
		w := p.leader + Seat(Winning(p.cards[p.n-4:p.n], p.trump))
		w &= 3
		p.winners[p.n/4-1] = w
		p.tricks[w.Side()]++
		p.leader = w
	}
}

// Winning returns the index, in play order, of the card that wins the cards
// of a trick played so far (all four, or fewer while it is being played)
// under the given trump.
func Winning(t []Card, trump Strain) int {
	best := 0
	for i := 1; i < len(t); i++ {
		if Beats(t[i], t[best], trump) {
			best = i
		}
	}
	return best
}

// Beats reports whether card a, played after b, beats b under the given trump:
// a higher card of the same suit, or a trump over a non-trump.
func Beats(a, b Card, trump Strain) bool {
	if a.Suit() == b.Suit() {
		return a.Rank() > b.Rank()
	}
	return trump != NoTrump && a.Suit() == Suit(trump)
}

// TrickWinner returns the seat that wins a complete trick of four cards in
// play order, led by leader, under the given trump.
func TrickWinner(trick [4]Card, leader Seat, trump Strain) Seat {
	return (leader + Seat(Winning(trick[:], trump))) & 3
}
