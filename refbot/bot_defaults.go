package refbot

import (
	"fmt"
	"os"
	"strings"

	"github.com/openroom/openroom/refbot/bidding"
	"github.com/openroom/openroom/refbot/cardplay"
)

// System is the SAYC-lite bidding system (package bidding), named here for
// callers that give a Bot its system (WithSystem).
type System = bidding.System

// NewSystem returns the SAYC-lite bidding system a Bot bids with unless
// told otherwise.
func NewSystem() *System { return bidding.NewSystem() }

// DefaultSystem is the name of the built-in system a Bot bids with unless
// told otherwise.
const DefaultSystem = "sayc-lite"

// SystemNames lists the built-in bidding systems.
func SystemNames() []string { return bidding.BuiltinNames() }

// LoadSystem returns the bidding system arg names: a built-in system's
// name (SystemNames), or the path of a system file (one that ends in .bid
// or holds a path separator).
func LoadSystem(arg string) (*System, error) {
	if !IsSystemFile(arg) {
		return bidding.Builtin(arg)
	}
	src, err := os.ReadFile(arg)
	if err != nil {
		return nil, fmt.Errorf("bidding system: %w", err)
	}
	return bidding.Load(arg, src)
}

// IsSystemFile reports whether LoadSystem reads arg as a file's path
// rather than a built-in system's name.
func IsSystemFile(arg string) bool {
	return strings.HasSuffix(arg, ".bid") || strings.ContainsAny(arg, `/\`)
}

// WithSystem makes the bot bid with the bidding system s and feed the
// sampler with the system's auction inference. A Bot made by New uses a
// NewSystem() unless told otherwise.
func WithSystem(s *System) Option {
	return func(b *Bot) { b.sys = s }
}

// WithOpponentSystem tells the bot the opponents' bidding system (their
// convention card): it reads their calls by it, in its own choices and in
// the inference its play samples from. Without it, or with nil, the bot
// reads every call by its own system.
func WithOpponentSystem(s *System) Option {
	return func(b *Bot) { b.opp = s }
}

// defaultSolver returns the solver a Bot searches with: the project's
// double-dummy solver (package dds).
func defaultSolver() cardplay.CardSolver { return cardplay.NewDDSSolver() }
