package refbot

import "github.com/openroom/openroom/engine"

// DefaultBidder is the bidder a Bot uses unless told otherwise. Until the
// SAYC-lite bidder is wired in, it passes.
func DefaultBidder(v *engine.View) (call engine.Call, alert, meaning string) {
	return engine.Pass, "", "pass (no bidder)"
}

// DefaultInference is the auction inference a Bot uses unless told
// otherwise: no soft constraints until the bidder's inference is wired in.
func DefaultInference(v *engine.View) SoftFacts { return SoftFacts{} }

// DefaultSolver returns the solver a Bot uses unless told otherwise.
func DefaultSolver() CardSolver { return &BruteSolver{MaxNodes: 300_000} }
