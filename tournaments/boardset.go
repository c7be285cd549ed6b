package tournaments

import (
	"fmt"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/pbn"
	"github.com/openroom/openroom/results"
)

// readPBNFile reads the boards of a PBN file with pbn.ReadDeals: per game
// the Board, Dealer, Vulnerable and Deal tags, with the WBF conventions for
// a missing dealer or vulnerability. A board number may appear once
// (pbn.ReadDeals refuses one that appears again with other cards and drops
// exact repeats).
func readPBNFile(path string) ([]engine.BoardSetup, error) {
	// Not a FIFO or a device, which would hang the start or never end.
	f, err := results.OpenRegular(path)
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
	return deals, nil
}
