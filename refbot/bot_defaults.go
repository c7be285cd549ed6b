package refbot

import (
	"github.com/openroom/openroom/refbot/bidding"
	"github.com/openroom/openroom/refbot/cardplay"
)

// System is the SAYC-lite bidding system (package bidding), named here for
// callers that give a Bot its system (WithSystem).
type System = bidding.System

// NewSystem returns the SAYC-lite bidding system a Bot bids with unless
// told otherwise.
func NewSystem() *System { return bidding.NewSystem() }

// WithSystem makes the bot bid with the bidding system s and feed the
// sampler with the system's auction inference. A Bot made by New uses a
// NewSystem() unless told otherwise.
func WithSystem(s *System) Option {
	return func(b *Bot) { b.bid, b.infer = s.Bid, s.Soft }
}

// defaultSolver returns the solver a Bot searches with: the project's
// double-dummy solver (package dds).
func defaultSolver() cardplay.CardSolver { return cardplay.NewDDSSolver() }
