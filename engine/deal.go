package engine

import (
	"fmt"
	"strings"
)

// Deal is the four hands of a board, indexed by Seat.
type Deal [NumSeats]Hand

// ParseHand reads one PBN hand, "spades.hearts.diamonds.clubs" with ranks in
// any order and case and a void empty. It checks that no card repeats but
// not the number of cards.
func ParseHand(s string) (Hand, error) {
	var h Hand
	suit := Spades
	for i := 0; i < len(s); i++ {
		b := s[i]
		if b == '.' {
			if suit == Clubs {
				return 0, fmt.Errorf("hand %q: more than four suits", s)
			}
			suit--
			continue
		}
		r, ok := ParseRank(b)
		if !ok {
			return 0, fmt.Errorf("hand %q: %q at offset %d is not a rank", s, b, i)
		}
		c := NewCard(suit, r)
		if h.Has(c) {
			return 0, fmt.Errorf("hand %q: %s appears twice", s, c)
		}
		h = h.With(c)
	}
	if suit != Clubs {
		return 0, fmt.Errorf("hand %q: want four suits separated by dots", s)
	}
	return h, nil
}

// ParseDeal reads a PBN deal string such as
// "N:AKQ.JT9.876.5432 <east> <south> <west>": the first hand's seat, a colon,
// then four hands clockwise separated by spaces. A hand may be "-" for an
// unknown hand, which is left empty. The result is validated with
// Deal.Validate unless a hand is unknown.
func ParseDeal(s string) (Deal, error) {
	var d Deal
	s = strings.TrimSpace(s)
	colon := strings.IndexByte(s, ':')
	if colon < 0 {
		return d, fmt.Errorf("deal %q: want the first seat and a colon first (N:, E:, S: or W:)", s)
	}
	first, err := ParseSeat(s[:colon])
	if err != nil {
		return d, fmt.Errorf("deal %q: first seat: %w", s, err)
	}
	hands := strings.Fields(s[colon+1:])
	if len(hands) != NumSeats {
		return d, fmt.Errorf("deal %q: want 4 hands, found %d", s, len(hands))
	}
	unknown := false
	for i, hs := range hands {
		seat := (first + Seat(i)) & 3
		if hs == "-" {
			unknown = true
			continue
		}
		h, err := ParseHand(hs)
		if err != nil {
			return d, fmt.Errorf("deal: %s hand: %w", seat.Name(), err)
		}
		d[seat] = h
	}
	if unknown {
		for i := Seat(0); i < NumSeats; i++ {
			for j := i + 1; j < NumSeats; j++ {
				if both := d[i] & d[j]; both != 0 {
					c, _ := both.Lowest()
					return d, fmt.Errorf("deal: %s is in both %s's and %s's hands", c, i.Name(), j.Name())
				}
			}
		}
		return d, nil
	}
	return d, d.Validate()
}

// Validate checks that the deal holds 52 distinct cards, 13 in each hand, and
// says what is wrong otherwise.
func (d Deal) Validate() error {
	var seen Hand
	for s := North; s < NumSeats; s++ {
		if both := seen & d[s]; both != 0 {
			c, _ := both.Lowest()
			return fmt.Errorf("deal: %s appears in more than one hand (again in %s's)", c, s.Name())
		}
		seen |= d[s]
	}
	for s := North; s < NumSeats; s++ {
		if n := d[s].Len(); n != 13 {
			return fmt.Errorf("deal: %s holds %d cards, want 13", s.Name(), n)
		}
	}
	if seen != FullDeck {
		c, _ := (FullDeck &^ seen).Lowest()
		return fmt.Errorf("deal: %s is missing", c)
	}
	return nil
}

// Owner returns the seat that holds the card; ok is false if nobody does.
func (d Deal) Owner(c Card) (Seat, bool) {
	for s := North; s < NumSeats; s++ {
		if d[s].Has(c) {
			return s, true
		}
	}
	return 0, false
}

// Format writes the deal as a PBN deal string starting with the given seat.
func (d Deal) Format(first Seat) string {
	var b strings.Builder
	b.Grow(2 + 4*17)
	b.WriteString(first.String())
	b.WriteByte(':')
	for i := Seat(0); i < NumSeats; i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(d[(first+i)&3].String())
	}
	return b.String()
}

// String writes the deal as a PBN deal string starting with North.
func (d Deal) String() string { return d.Format(North) }
