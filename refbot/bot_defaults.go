package refbot

// WithSystem makes the bot bid with the bidding system s and feed the
// sampler with the system's auction inference. A Bot made by New uses a
// NewSystem() unless told otherwise.
func WithSystem(s *System) Option {
	return func(b *Bot) { b.bid, b.infer = s.Bid, s.Soft }
}

// DefaultSolver returns the solver a Bot uses unless told otherwise: the
// project's double-dummy solver (package dds).
func DefaultSolver() CardSolver { return NewDDSSolver() }
