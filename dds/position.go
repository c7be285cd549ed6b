package dds

import (
	"errors"
	"fmt"
	"math/bits"

	"github.com/openroom/openroom/engine"
)

// Position is a double-dummy problem: the cards left in the four hands, the
// trump, the leader of the current trick and the cards already played to it.
//
// Hands holds the solver's own representation: Hands[seat][suit] is a
// holding with bit r set for rank r (2..14), seats and suits numbered as in
// engine (North=0 .. West=3, Clubs=0 .. Spades=3). Cards already played to
// the current trick are in Played, not in Hands.
type Position struct {
	Hands   [4][4]uint16
	Trump   engine.Strain
	Leader  engine.Seat    // the seat that led (or leads) the current trick
	Played  [3]engine.Card // cards played to the current trick, in play order
	NPlayed int            // how many of Played are used, 0..3
}

// Errors describing an invalid position. They are wrapped with details.
var (
	ErrBadPosition = errors.New("dds: invalid position")
)

// NewPosition builds a position from engine hands: the remaining cards of
// each seat (not including cards already played to the current trick), the
// trump, the leader of the current trick and the cards played to it so far
// in play order.
func NewPosition(hands engine.Deal, trump engine.Strain, leader engine.Seat, played ...engine.Card) (Position, error) {
	var p Position
	if len(played) > 3 {
		return p, fmt.Errorf("%w: %d cards played to the current trick, want at most 3", ErrBadPosition, len(played))
	}
	for seat := 0; seat < 4; seat++ {
		for suit := 0; suit < 4; suit++ {
			p.Hands[seat][suit] = hands[seat].Holding(engine.Suit(suit)) & fullSuit
		}
	}
	p.Trump, p.Leader = trump, leader
	p.NPlayed = copy(p.Played[:], played)
	return p, p.Validate()
}

// fullSuit is the mask of the 13 rank bits of a holding.
const fullSuit = 0x7ffc

// Turn returns the seat to play next.
func (p *Position) Turn() engine.Seat { return (p.Leader + engine.Seat(p.NPlayed)) & 3 }

// Tricks returns the number of tricks still to be played, the current one
// included.
func (p *Position) Tricks() int { return p.handLen(int(p.Turn())) }

func (p *Position) handLen(seat int) int {
	n := 0
	for s := 0; s < 4; s++ {
		n += bits.OnesCount16(p.Hands[seat][s])
	}
	return n
}

// Hand returns the remaining cards of a seat as an engine hand.
func (p *Position) Hand(seat engine.Seat) engine.Hand {
	var h engine.Hand
	for s := 0; s < 4; s++ {
		h |= engine.Hand(p.Hands[seat&3][s]) << (16 * s)
	}
	return h
}

// Validate checks that the position is one that can arise in play: valid
// strain and seats, no card twice, hand sizes consistent with the cards
// played to the current trick, and those cards following suit where the
// player could (as far as the remaining cards show).
func (p *Position) Validate() error {
	if p.Trump > engine.NoTrump {
		return fmt.Errorf("%w: trump %d", ErrBadPosition, p.Trump)
	}
	if p.Leader > engine.West {
		return fmt.Errorf("%w: leader %d", ErrBadPosition, p.Leader)
	}
	if p.NPlayed < 0 || p.NPlayed > 3 {
		return fmt.Errorf("%w: %d cards played to the current trick, want 0 to 3", ErrBadPosition, p.NPlayed)
	}
	var seen [4]uint16
	for seat := 0; seat < 4; seat++ {
		for s := 0; s < 4; s++ {
			h := p.Hands[seat][s]
			if h&^fullSuit != 0 {
				return fmt.Errorf("%w: %s holds invalid rank bits %#x in suit %s", ErrBadPosition, engine.Seat(seat).Name(), h&^fullSuit, engine.Suit(s))
			}
			if seen[s]&h != 0 {
				c := engine.NewCard(engine.Suit(s), engine.Rank(bits.TrailingZeros16(seen[s]&h)))
				return fmt.Errorf("%w: %s is in more than one hand", ErrBadPosition, c)
			}
			seen[s] |= h
		}
	}
	for i := 0; i < p.NPlayed; i++ {
		c := p.Played[i]
		if !c.Valid() {
			return fmt.Errorf("%w: played card %d is not a card", ErrBadPosition, i+1)
		}
		if seen[c.Suit()]&(1<<c.Rank()) != 0 {
			return fmt.Errorf("%w: played card %s also remains in a hand", ErrBadPosition, c)
		}
		seen[c.Suit()] |= 1 << c.Rank()
		if i > 0 {
			lead := p.Played[0].Suit()
			seat := int(p.Leader+engine.Seat(i)) & 3
			if c.Suit() != lead && p.Hands[seat][lead] != 0 {
				return fmt.Errorf("%w: %s played %s on a %s lead while holding %s", ErrBadPosition,
					engine.Seat(seat).Name(), c, lead, lead)
			}
		}
	}
	n := p.handLen(int(p.Leader))
	if n == 0 && p.NPlayed == 0 {
		return fmt.Errorf("%w: no cards left", ErrBadPosition)
	}
	for i := 0; i < 4; i++ {
		seat := int(p.Leader+engine.Seat(i)) & 3
		want := n
		if i < p.NPlayed {
			want = n
		} else if p.NPlayed > 0 {
			want = n + 1
		}
		if got := p.handLen(seat); got != want {
			return fmt.Errorf("%w: %s holds %d cards, want %d", ErrBadPosition, engine.Seat(seat).Name(), got, want)
		}
	}
	if n+boolInt(p.NPlayed > 0) > 13 {
		return fmt.Errorf("%w: more than 13 tricks left", ErrBadPosition)
	}
	return nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
