package tournaments

import (
	"fmt"
	"os"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/pbn"
)

// Board is one board of a board set: its number, dealer, vulnerability
// and the four hands.
type Board struct {
	Number int
	Dealer engine.Seat
	Vul    engine.Vulnerability
	Deal   engine.Deal
}

// SeededBoards deals boards first..first+count-1 from a seed with
// engine.DealSource, with the WBF dealer and vulnerability of each number.
// The deal of a board depends only on the seed and its number.
func SeededBoards(seed string, first, count int) []Board {
	ds := engine.NewDealSource(seed)
	out := make([]Board, count)
	for i := range out {
		n := first + i
		out[i] = Board{Number: n, Dealer: engine.BoardDealer(n), Vul: engine.BoardVulnerability(n), Deal: ds.Deal(n)}
	}
	return out
}

// ReadPBNFile reads the boards of a PBN file with pbn.ReadDeals: per game
// the Board, Dealer, Vulnerable and Deal tags, with the WBF conventions for
// a missing dealer or vulnerability. A board number may appear once.
func ReadPBNFile(path string) ([]Board, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("board set: %w", err)
	}
	defer f.Close()
	deals, err := pbn.ReadDeals(f)
	if err != nil {
		return nil, fmt.Errorf("board set %s: %w", path, err)
	}
	if len(deals) == 0 {
		return nil, fmt.Errorf("board set %s: no boards", path)
	}
	seen := make(map[int]bool, len(deals))
	boards := make([]Board, len(deals))
	for i, d := range deals {
		if seen[d.Board] {
			return nil, fmt.Errorf("board set %s: board %d appears twice", path, d.Board)
		}
		seen[d.Board] = true
		boards[i] = Board{Number: d.Board, Dealer: d.Dealer, Vul: d.Vul, Deal: d.Deal}
	}
	return boards, nil
}
