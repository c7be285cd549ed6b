// Package practice is the practice table of the play page: one person's
// seat against refbot at the other three, board after board, in duplicate,
// rubber or Chicago, with the after-board result and analysis. It knows
// nothing of how the page talks to it: `tablemanager play` serves it over
// HTTP (package play), and the page without a server runs it compiled to
// WebAssembly in a Web Worker (package pages). It imports no net/http.
//
// A Table publishes the person's State (everything their seat may know
// now) on every change and takes the person's intents through Act, each
// judged against their turn. Only the State's Result, set once a board is
// over, holds other hands.
package practice

import (
	"fmt"

	"github.com/openroom/openroom/engine"
)

// Mode is how boards follow one another and are scored.
type Mode string

// The modes. Duplicate practice is the duplicate rule set's: each board stands alone,
// its dealer and vulnerability from its number, scored by its Law 77 raw
// score. Rubber bridge and Chicago are the rubber rule set's: the deals are scored on
// a rubber's score sheet (engine.Rubber), which also decides each deal's
// dealer and vulnerability; the two scorings are never mixed.
const (
	Duplicate Mode = "duplicate"
	Rubber    Mode = "rubber"
	Chicago   Mode = "chicago"
)

// ParseMode reads a mode name.
func ParseMode(s string) (Mode, error) {
	switch m := Mode(s); m {
	case Duplicate, Rubber, Chicago:
		return m, nil
	}
	return "", fmt.Errorf("unknown mode %q (duplicate, rubber or chicago)", s)
}

// RubberKind is the engine's rule set of a rubber mode; ok is false for
// duplicate.
func (m Mode) RubberKind() (engine.RubberKind, bool) {
	switch m {
	case Rubber:
		return engine.RubberBridge, true
	case Chicago:
		return engine.Chicago, true
	}
	return 0, false
}
