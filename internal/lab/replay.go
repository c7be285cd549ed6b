package lab

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/openroom/openroom/engine"
)

// replayBoard is one board of a per-board TSV (MeasurePlay, with
// PlayConfig.PerBoard): its number, auction and play.
type replayBoard struct {
	n     int
	calls []engine.Call
	cards []engine.Card
	lost  []int // the tricks each card lost against double dummy (column 10), when the row has it
}

// readReplay reads the boards of a per-board TSV. The deal is not read
// from the row: it is the seeded deal of the board's number.
func readReplay(path string) ([]replayBoard, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var bs []replayBoard
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for line := 1; sc.Scan(); line++ {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 9 {
			return nil, fmt.Errorf("%s:%d: %d columns, want 9 or more", path, line, len(cols))
		}
		n, err := strconv.Atoi(cols[0])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, line, err)
		}
		rb := replayBoard{n: n}
		for _, s := range strings.Fields(strings.Trim(cols[7], "[]")) {
			c, err := engine.ParseCall(s)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: call %q: %w", path, line, s, err)
			}
			rb.calls = append(rb.calls, c)
		}
		for _, s := range strings.Fields(strings.Trim(cols[8], "[]")) {
			c, err := engine.ParseCard(s)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: card %q: %w", path, line, s, err)
			}
			rb.cards = append(rb.cards, c)
		}
		if len(cols) > 9 {
			for _, s := range strings.Fields(strings.Trim(cols[9], "[]")) {
				x, err := strconv.Atoi(s)
				if err != nil {
					return nil, fmt.Errorf("%s:%d: loss %q: %w", path, line, s, err)
				}
				rb.lost = append(rb.lost, x)
			}
			if len(rb.lost) != len(rb.cards) {
				return nil, fmt.Errorf("%s:%d: %d losses for %d cards", path, line, len(rb.lost), len(rb.cards))
			}
		}
		bs = append(bs, rb)
	}
	return bs, sc.Err()
}
