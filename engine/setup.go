package engine

import (
	"errors"
	"fmt"
)

// BoardSetup is a board to play: its number, dealer, vulnerability and
// deal, and where the deal came from. It is the one description of a board
// that board sets, tables, files and the state machine share.
type BoardSetup struct {
	Number int
	Dealer Seat
	Vul    Vulnerability
	Deal   Deal
	// Seed is the seed the deal was dealt from (SeededBoards); empty for a
	// deal read from a file or given by hand.
	Seed string
}

// NewBoardSetup returns the board with the dealer and vulnerability that
// the WBF conventions give its number.
func NewBoardSetup(number int, deal Deal) BoardSetup {
	return BoardSetup{Number: number, Dealer: BoardDealer(number), Vul: BoardVulnerability(number), Deal: deal}
}

// SeededBoards deals the numbered boards from a seed with DealSource, each
// with the WBF dealer and vulnerability of its number. A board's deal
// depends only on the seed and its number.
func SeededBoards(seed string, numbers []int) []BoardSetup {
	src := NewDealSource(seed)
	out := make([]BoardSetup, len(numbers))
	for i, n := range numbers {
		out[i] = NewBoardSetup(n, src.Deal(n))
		out[i].Seed = seed
	}
	return out
}

// BoardNumbers returns the numbers first, first+1, ..., first+count-1.
func BoardNumbers(first, count int) []int {
	out := make([]int, max(count, 0))
	for i := range out {
		out[i] = first + i
	}
	return out
}

// ErrBadSetup marks a board setup that cannot be played.
var ErrBadSetup = errors.New("bad board setup")

// Validate checks that the board can be played: a positive number, a
// dealer, a vulnerability and a complete, valid deal.
func (s BoardSetup) Validate() error {
	switch {
	case s.Number < 1:
		return fmt.Errorf("%w: board number %d", ErrBadSetup, s.Number)
	case s.Dealer >= NumSeats:
		return fmt.Errorf("%w: board %d: dealer %v", ErrBadSetup, s.Number, s.Dealer)
	case s.Vul > VulAll:
		return fmt.Errorf("%w: board %d: vulnerability %d", ErrBadSetup, s.Number, uint8(s.Vul))
	}
	if err := s.Deal.Validate(); err != nil {
		return fmt.Errorf("board %d: %w", s.Number, err)
	}
	return nil
}
