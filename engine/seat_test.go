package engine

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSeatSet(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		set    SeatSet
		seats  []Seat
		ns, ew bool
	}{
		{"empty", SeatsOf(), nil, false, false},
		{"north", SeatsOf(North), []Seat{North}, true, false},
		{"east", SeatsOf(East), []Seat{East}, false, true},
		{"south", SeatsOf(South), []Seat{South}, true, false},
		{"west", SeatsOf(West), []Seat{West}, false, true},
		{"north south", SeatsOf(South, North), []Seat{North, South}, true, false},
		{"east west", SeatsOf(West, East), []Seat{East, West}, false, true},
		{"west north", SeatsOf(West, North), []Seat{North, West}, true, true},
		{"repeated", SeatsOf(East, East, East), []Seat{East}, false, true},
		{"all", SeatsOf(West, South, East, North), []Seat{North, East, South, West}, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.seats, tt.set.Seats())
			assert.Equal(t, len(tt.seats), tt.set.Len())
			for s := North; s < NumSeats; s++ {
				assert.Equal(t, slices.Contains(tt.seats, s), tt.set.Has(s), "Has(%v)", s)
			}
			first, ok := tt.set.First()
			assert.Equal(t, len(tt.seats) > 0, ok)
			if ok {
				assert.Equal(t, tt.seats[0], first)
			}
			assert.Equal(t, tt.ns, tt.set.HasSide(NS))
			assert.Equal(t, tt.ew, tt.set.HasSide(EW))
		})
	}
}

func TestSeatSetWith(t *testing.T) {
	t.Parallel()
	var set SeatSet
	assert.Zero(t, set.Len())
	set = set.With(South)
	assert.True(t, set.Has(South))
	assert.False(t, set.Has(North))
	assert.Equal(t, set, set.With(South), "adding a seat twice changes nothing")
	set = set.With(East)
	assert.Equal(t, []Seat{East, South}, set.Seats())
	assert.Equal(t, SeatsOf(East, South), set)
}
