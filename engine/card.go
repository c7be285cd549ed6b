package engine

import "fmt"

// Suit is one of the four suits, in bidding order: Clubs < Diamonds < Hearts < Spades.
type Suit uint8

// The four suits.
const (
	Clubs Suit = iota
	Diamonds
	Hearts
	Spades
)

// NumSuits is the number of suits.
const NumSuits = 4

const suitLetters = "CDHS"

// String returns the suit's letter: C, D, H or S.
func (s Suit) String() string {
	if s > Spades {
		return fmt.Sprintf("Suit(%d)", uint8(s))
	}
	return suitLetters[s : s+1]
}

// ParseSuit reads a suit letter, in any case.
func ParseSuit(b byte) (Suit, bool) {
	switch b {
	case 'C', 'c':
		return Clubs, true
	case 'D', 'd':
		return Diamonds, true
	case 'H', 'h':
		return Hearts, true
	case 'S', 's':
		return Spades, true
	}
	return 0, false
}

// Strain is the denomination of a bid: a suit or no trump. The values of the
// suits equal their Suit values, so Strain(s) converts a suit.
type Strain uint8

// The five strains in bidding order.
const (
	StrainClubs Strain = iota
	StrainDiamonds
	StrainHearts
	StrainSpades
	NoTrump
)

// NumStrains is the number of strains.
const NumStrains = 5

// String returns C, D, H, S or NT.
func (s Strain) String() string {
	if s == NoTrump {
		return "NT"
	}
	if s > NoTrump {
		return fmt.Sprintf("Strain(%d)", uint8(s))
	}
	return Suit(s).String()
}

// Suit returns the trump suit of the strain; ok is false for no trump.
func (s Strain) Suit() (Suit, bool) {
	if s >= NoTrump {
		return 0, false
	}
	return Suit(s), true
}

// IsMajor reports whether the strain is hearts or spades.
func (s Strain) IsMajor() bool { return s == StrainHearts || s == StrainSpades }

// IsMinor reports whether the strain is clubs or diamonds.
func (s Strain) IsMinor() bool { return s == StrainClubs || s == StrainDiamonds }

// ParseStrain reads C, D, H, S, N or NT in any case.
func ParseStrain(s string) (Strain, error) {
	switch len(s) {
	case 1:
		if su, ok := ParseSuit(s[0]); ok {
			return Strain(su), nil
		}
		if s[0] == 'N' || s[0] == 'n' {
			return NoTrump, nil
		}
	case 2:
		if (s[0] == 'N' || s[0] == 'n') && (s[1] == 'T' || s[1] == 't') {
			return NoTrump, nil
		}
	}
	return 0, fmt.Errorf("strain %q: want C, D, H, S, N or NT", s)
}

// Rank is a card's rank from Two (2) to Ace (14); the value is the pip count
// with J=11, Q=12, K=13, A=14.
type Rank uint8

// The ranks.
const (
	Two   Rank = 2
	Three Rank = 3
	Four  Rank = 4
	Five  Rank = 5
	Six   Rank = 6
	Seven Rank = 7
	Eight Rank = 8
	Nine  Rank = 9
	Ten   Rank = 10
	Jack  Rank = 11
	Queen Rank = 12
	King  Rank = 13
	Ace   Rank = 14
)

const rankLetters = "??23456789TJQKA"

// Valid reports whether r is a rank from Two to Ace.
func (r Rank) Valid() bool { return r >= Two && r <= Ace }

// String returns the rank's letter: 2-9, T, J, Q, K or A.
func (r Rank) String() string {
	if !r.Valid() {
		return fmt.Sprintf("Rank(%d)", uint8(r))
	}
	return rankLetters[r : r+1]
}

// ParseRank reads a rank letter in any case; "10" is not accepted (use T).
func ParseRank(b byte) (Rank, bool) {
	switch {
	case b >= '2' && b <= '9':
		return Rank(b - '0'), true
	}
	switch b {
	case 'T', 't':
		return Ten, true
	case 'J', 'j':
		return Jack, true
	case 'Q', 'q':
		return Queen, true
	case 'K', 'k':
		return King, true
	case 'A', 'a':
		return Ace, true
	}
	return 0, false
}

// HCP returns the rank's high-card points (A 4, K 3, Q 2, J 1).
func (r Rank) HCP() int {
	if r >= Jack {
		return int(r) - 10
	}
	return 0
}

// Card is one playing card, encoded as suit<<4 | rank so that it is also its
// bit index in a Hand.
type Card uint8

// NewCard returns the card of the given suit and rank.
func NewCard(s Suit, r Rank) Card { return Card(uint8(s)<<4 | uint8(r)) }

// Suit returns the card's suit.
func (c Card) Suit() Suit { return Suit(c >> 4) }

// Rank returns the card's rank.
func (c Card) Rank() Rank { return Rank(c & 15) }

// Valid reports whether c encodes a real card.
func (c Card) Valid() bool { return c>>4 < NumSuits && c.Rank().Valid() }

// String returns suit then rank, as PBN and the results file write it: "SA", "D2", "CT".
func (c Card) String() string {
	if !c.Valid() {
		return fmt.Sprintf("Card(%d)", uint8(c))
	}
	return c.Suit().String() + c.Rank().String()
}

// RankSuit returns rank then suit, as the Blue Chip protocol writes it: "AS", "2D", "TC".
func (c Card) RankSuit() string {
	if !c.Valid() {
		return c.String()
	}
	return c.Rank().String() + c.Suit().String()
}

// ParseCard reads a two-letter card in either order, suit-rank ("SA") or
// rank-suit ("AS"), in any case. "10" for a ten is accepted too.
func ParseCard(s string) (Card, error) {
	if len(s) == 3 && s[1] == '1' && s[2] == '0' {
		s = s[:1] + "T"
	} else if len(s) == 3 && s[0] == '1' && s[1] == '0' {
		s = "T" + s[2:]
	}
	if len(s) != 2 {
		return 0, fmt.Errorf("card %q: want two letters such as SA or AS", s)
	}
	if su, ok := ParseSuit(s[0]); ok {
		if r, ok := ParseRank(s[1]); ok {
			return NewCard(su, r), nil
		}
	}
	if r, ok := ParseRank(s[0]); ok {
		if su, ok := ParseSuit(s[1]); ok {
			return NewCard(su, r), nil
		}
	}
	return 0, fmt.Errorf("card %q: want a suit (C D H S) and a rank (2-9 T J Q K A)", s)
}

func indexFold(set string, b byte) int {
	if b >= 'a' && b <= 'z' {
		b -= 'a' - 'A'
	}
	for i := 0; i < len(set); i++ {
		if set[i] == b {
			return i
		}
	}
	return -1
}

func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if x >= 'a' && x <= 'z' {
			x -= 'a' - 'A'
		}
		if y >= 'a' && y <= 'z' {
			y -= 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}
