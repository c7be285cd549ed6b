package engine

import (
	"math/bits"
	"strings"
)

// Hand is a set of cards as a bitset: bit Card is set when the card is in the
// set. Each suit occupies 16 bits (suit*16 + rank), so a suit's holding is a
// shift away. The zero Hand is empty. Hand is used for hands, for the cards
// played so far and for any other set of cards.
type Hand uint64

// FullDeck is the set of all 52 cards.
const FullDeck Hand = 0x7ffc_7ffc_7ffc_7ffc

// suitMask is the mask of one suit's 13 rank bits in its holding.
const suitMask = 0x7ffc

// HandOf returns the set holding the given cards.
func HandOf(cards ...Card) Hand {
	var h Hand
	for _, c := range cards {
		h = h.With(c)
	}
	return h
}

// Has reports whether the card is in the set.
func (h Hand) Has(c Card) bool { return h&(1<<c) != 0 }

// With returns the set with the card added.
func (h Hand) With(c Card) Hand { return h | 1<<c }

// Without returns the set with the card removed.
func (h Hand) Without(c Card) Hand { return h &^ (1 << c) }

// Len returns the number of cards in the set.
func (h Hand) Len() int { return bits.OnesCount64(uint64(h)) }

// Holding returns the suit's cards as a bit set over ranks (bit r for rank r).
func (h Hand) Holding(s Suit) uint16 { return uint16(h >> (16 * s)) }

// SuitCards returns the cards of one suit as a Hand.
func (h Hand) SuitCards(s Suit) Hand { return h & (suitMask << (16 * s)) }

// SuitLen returns the number of cards held in the suit.
func (h Hand) SuitLen(s Suit) int { return bits.OnesCount16(h.Holding(s)) }

// Lengths returns the suit lengths indexed by Suit.
func (h Hand) Lengths() [NumSuits]int {
	return [NumSuits]int{h.SuitLen(Clubs), h.SuitLen(Diamonds), h.SuitLen(Hearts), h.SuitLen(Spades)}
}

// HCP returns the set's high-card points (A 4, K 3, Q 2, J 1).
func (h Hand) HCP() int {
	n := 0
	for s := Clubs; s <= Spades; s++ {
		hold := h.Holding(s)
		n += 4*int(hold>>Ace&1) + 3*int(hold>>King&1) + 2*int(hold>>Queen&1) + int(hold>>Jack&1)
	}
	return n
}

// Lowest returns the lowest card of the set in suit-major order (clubs first);
// ok is false for the empty set.
func (h Hand) Lowest() (Card, bool) {
	if h == 0 {
		return 0, false
	}
	return Card(bits.TrailingZeros64(uint64(h))), true
}

// Highest returns the highest card in suit-major order (spades ace first).
func (h Hand) Highest() (Card, bool) {
	if h == 0 {
		return 0, false
	}
	return Card(63 - bits.LeadingZeros64(uint64(h))), true
}

// Cards appends the set's cards to dst in ascending order (clubs two first)
// and returns the extended slice. With a dst of enough capacity it does not
// allocate.
func (h Hand) Cards(dst []Card) []Card {
	for h != 0 {
		c := Card(bits.TrailingZeros64(uint64(h)))
		dst = append(dst, c)
		h &= h - 1
	}
	return dst
}

// Nth returns the set's i-th card in ascending order (0-based); i must be
// less than Len.
func (h Hand) Nth(i int) Card {
	for ; i > 0; i-- {
		h &= h - 1
	}
	return Card(bits.TrailingZeros64(uint64(h)))
}

// String formats the set as a PBN hand: spades.hearts.diamonds.clubs, ranks
// high to low, a void empty ("AKQ.JT9.876.5432").
func (h Hand) String() string {
	var b strings.Builder
	b.Grow(17)
	for s := Spades; ; s-- {
		hold := h.Holding(s)
		for r := Ace; r >= Two; r-- {
			if hold&(1<<r) != 0 {
				b.WriteByte(rankLetters[r])
			}
		}
		if s == Clubs {
			break
		}
		b.WriteByte('.')
	}
	return b.String()
}
