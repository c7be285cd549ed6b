package tournaments

import (
	"fmt"
	"os"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/pbn"
)

// ReadPBNFile reads the boards of a PBN file with pbn.ReadDeals: per game
// the Board, Dealer, Vulnerable and Deal tags, with the WBF conventions for
// a missing dealer or vulnerability. A board number may appear once.
func ReadPBNFile(path string) ([]engine.BoardSetup, error) {
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
	boards := make([]engine.BoardSetup, len(deals))
	for i, d := range deals {
		if seen[d.Number] {
			return nil, fmt.Errorf("board set %s: board %d appears twice", path, d.Number)
		}
		seen[d.Number] = true
		boards[i] = d
	}
	return boards, nil
}
