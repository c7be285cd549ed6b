package engine

import "fmt"

// Seat is one of the four players, in clockwise order from North.
type Seat uint8

// The four seats.
const (
	North Seat = iota
	East
	South
	West
)

// NumSeats is the number of seats.
const NumSeats = 4

const seatLetters = "NESW"

var seatNames = [NumSeats]string{"North", "East", "South", "West"}

// String returns the seat's letter: N, E, S or W.
func (s Seat) String() string {
	if s >= NumSeats {
		return fmt.Sprintf("Seat(%d)", uint8(s))
	}
	return seatLetters[s : s+1]
}

// Name returns the seat's full name: North, East, South or West.
func (s Seat) Name() string {
	if s >= NumSeats {
		return s.String()
	}
	return seatNames[s]
}

// Next returns the seat on this seat's left (the next to act, clockwise).
func (s Seat) Next() Seat { return (s + 1) & 3 }

// Prev returns the seat on this seat's right.
func (s Seat) Prev() Seat { return (s + 3) & 3 }

// Partner returns the seat opposite.
func (s Seat) Partner() Seat { return (s + 2) & 3 }

// LHO returns the left-hand opponent (the same as Next).
func (s Seat) LHO() Seat { return s.Next() }

// RHO returns the right-hand opponent (the same as Prev).
func (s Seat) RHO() Seat { return s.Prev() }

// Side returns the partnership the seat belongs to.
func (s Seat) Side() Side { return Side(s & 1) }

// ParseSeat reads N, E, S, W or North, East, South, West in any case.
func ParseSeat(s string) (Seat, error) {
	if len(s) == 1 {
		if i := indexFold(seatLetters, s[0]); i >= 0 {
			return Seat(i), nil
		}
	}
	for i, n := range seatNames {
		if equalFold(s, n) {
			return Seat(i), nil
		}
	}
	return 0, fmt.Errorf("seat %q: want N, E, S or W", s)
}

// Side is a partnership: North-South or East-West.
type Side uint8

// The two sides.
const (
	NS Side = iota
	EW
)

// String returns "NS" or "EW".
func (s Side) String() string {
	if s == NS {
		return "NS"
	}
	return "EW"
}

// Other returns the opposing side.
func (s Side) Other() Side { return s ^ 1 }

// SeatSet is a set of seats, as a bitset: bit s holds seat s.
type SeatSet uint8

// SeatsOf returns the set holding the given seats.
func SeatsOf(seats ...Seat) SeatSet {
	var set SeatSet
	for _, s := range seats {
		set = set.With(s)
	}
	return set
}

// With returns the set with s added.
func (set SeatSet) With(s Seat) SeatSet { return set | 1<<(s&3) }

// Has reports whether s is in the set.
func (set SeatSet) Has(s Seat) bool { return set&(1<<(s&3)) != 0 }

// Len returns the number of seats in the set.
func (set SeatSet) Len() int {
	n := 0
	for s := North; s < NumSeats; s++ {
		if set.Has(s) {
			n++
		}
	}
	return n
}

// First returns the first seat of the set in the order North, East,
// South, West; ok is false for the empty set.
func (set SeatSet) First() (s Seat, ok bool) {
	for s = North; s < NumSeats; s++ {
		if set.Has(s) {
			return s, true
		}
	}
	return 0, false
}

// Seats returns the set's seats in the order North, East, South, West.
func (set SeatSet) Seats() []Seat {
	var out []Seat
	for s := North; s < NumSeats; s++ {
		if set.Has(s) {
			out = append(out, s)
		}
	}
	return out
}

// HasSide reports whether a seat of the side is in the set.
func (set SeatSet) HasSide(side Side) bool {
	return set.Has(Seat(side)) || set.Has(Seat(side)+2)
}
