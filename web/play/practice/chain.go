package practice

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/openroom/openroom/analysis"
	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot"
	"github.com/openroom/openroom/refbot/cardplay"
)

// SharedSolver is one double-dummy solver lent to every bot of a table and
// to its after-board analysis, one at a time (refbot.SolverPool): in a
// browser one solver's table (about 90 MB) instead of one a bot. A bot's
// solves are stopped at the deadline its Chain sets (dds.Solver.SetContext).
type SharedSolver struct {
	mu   sync.Mutex // held from Take to Put, and through an analysis
	sv   *dds.Solver
	card cardplay.CardSolver

	// The double-dummy table of the board in play, filled a cell at a
	// time while the person thinks (Prepare), under mu.
	deal  engine.Deal
	table dds.TrickTable
	cells int // cells done, in cellOrder
	gen   int // Prepare's generation: a newer board stops an older fill

	idleMu sync.Mutex
	idle   bool // the table waits for the person

	ctxMu sync.Mutex
	ctx   context.Context // the deciding bot's deadline (nil: none)
}

// NewSharedSolver returns the shared solver; its table is allocated on
// first use, after the first board is shown.
func NewSharedSolver() *SharedSolver { return &SharedSolver{} }

// solver returns the solver, made on first use; s.mu is held.
func (s *SharedSolver) solver() *dds.Solver {
	if s.sv == nil {
		s.sv = dds.NewSolver()
		s.card = cardplay.DDSSolverOf(s.sv)
	}
	return s.sv
}

// warm makes the solver, if not yet made.
func (s *SharedSolver) warm() {
	s.mu.Lock()
	s.solver()
	s.mu.Unlock()
}

// Take lends the solver, waiting while it is in use; its solves stop at
// the deadline of the decision being made.
func (s *SharedSolver) Take() cardplay.CardSolver {
	s.mu.Lock()
	s.solver()
	s.ctxMu.Lock()
	s.sv.SetContext(s.ctx)
	s.ctxMu.Unlock()
	return s.card
}

// Put gives the solver back.
func (s *SharedSolver) Put(cardplay.CardSolver) { s.mu.Unlock() }

// Analyse is the after-board analysis on the shared solver (no deadline),
// with the table Prepare has filled so far.
func (s *SharedSolver) Analyse(b *engine.Board) (*analysis.Board, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	sv := s.solver()
	sv.SetContext(context.Background())
	if s.deal != b.Deal() {
		s.deal, s.cells, s.gen = b.Deal(), 0, s.gen+1
	}
	for s.cells < 20 {
		if err := s.cell(); err != nil {
			return analysis.Analyse(sv, b)
		}
	}
	return analysis.WithTable(sv, b, &s.table)
}

// cell solves the next cell of the table; s.mu is held.
func (s *SharedSolver) cell() error {
	strain, leader := engine.Strain(s.cells/4), engine.Seat(s.cells%4)
	p, err := dds.NewPosition(s.deal, strain, leader)
	if err != nil {
		return err
	}
	v, err := s.solver().Solve(&p)
	if err != nil {
		return err
	}
	// The leader's side takes v: its right-hand opponent declares.
	s.table[strain][leader.Prev()] = 13 - v
	s.cells++
	return nil
}

// Prepare starts filling the table of the board about to be played, one
// cell at a time and only while the table waits for the person (Idle), so
// that the review after the board has only the play left to analyse. A
// cell takes the solver for a moment (a bot never waits: no cell is solved
// while a bot decides); between two cells the browser delivers the page's
// messages. It stops when ctx ends or another board is prepared.
func (s *SharedSolver) Prepare(ctx context.Context, d engine.Deal) {
	s.mu.Lock()
	s.deal, s.cells, s.gen = d, 0, s.gen+1
	gen := s.gen
	s.mu.Unlock()
	go func() {
		for {
			for !s.isIdle() {
				if ctx.Err() != nil {
					return
				}
				time.Sleep(20 * time.Millisecond)
			}
			s.mu.Lock()
			if s.gen != gen || s.cells >= 20 || ctx.Err() != nil {
				s.mu.Unlock()
				return
			}
			s.solver().SetContext(context.Background())
			err := s.cell()
			s.mu.Unlock()
			if err != nil {
				return
			}
			// Let the browser deliver the page's messages.
			time.Sleep(time.Millisecond)
		}
	}()
}

// Idle says whether the table waits for the person.
func (s *SharedSolver) Idle(idle bool) {
	s.idleMu.Lock()
	s.idle = idle
	s.idleMu.Unlock()
}

func (s *SharedSolver) isIdle() bool {
	s.idleMu.Lock()
	defer s.idleMu.Unlock()
	return s.idle
}

// decide sets the deadline of the bots' solves (nil: none).
func (s *SharedSolver) decide(ctx context.Context) {
	s.ctxMu.Lock()
	s.ctx = ctx
	s.ctxMu.Unlock()
}

// The links of the fallback chain, as the page and the board's notes name
// them. The level's own search has no name: it is the normal case.
const (
	LinkWeaker    = "weaker search (the decision went over its time cap)"
	LinkHeuristic = "JavaScript heuristic"
	LinkLegal     = "first legal action"
)

// Chain is the player of a bot's seat in the browser, where a decision
// must never stop the game: the level's search; when a decision goes over
// its time cap (Caps), a weaker search (WeakerParams) under the same cap;
// when that fails too, or panics, the heuristic Heuristic (the page's
// JavaScript, reading only the seat's view); and last a legal action from
// the rules. LastLink says which one decided.
type Chain struct {
	Full, Weak *refbot.Bot
	Solver     *SharedSolver
	// Cap and LeadCap bound a decision's wall time (Caps).
	Cap, LeadCap time.Duration
	// Heuristic returns an action as text ("1H", "Pass", "SA") for the
	// view; nil, or an error, passes to the last link.
	Heuristic func(v *engine.View) (string, error)
	// Fault forces a link, for the tests of the chain: "slow" puts every
	// decision of the full search over its cap; "throw" makes both
	// searches fail, as if they had thrown.
	Fault string

	skip int             // decisions left whose searches are skipped (SkipSearch)
	link string          // what decided the last action
	last refbot.Decision // the searches' last card decision (Hook)
}

// Hook is the decision hook of both search bots (refbot.WithDecisionHook):
// it tells the chain whether refbot's own fallback answered.
func (c *Chain) Hook(d refbot.Decision) { c.last = d }

// Caps returns a level's time caps of a decision in the browser: twice
// the level's clock safety net natively (refbot's ClockCap), as
// WebAssembly computes about three times slower than native code and the
// first decisions of a page run before the browser has optimised it, so
// that the cap binds about where the native one would.
func Caps(l refbot.Level) (card, lead time.Duration) {
	p := l.Params()
	return 2 * p.ClockCap, 2 * p.ForLead().ClockCap
}

// BrowserParams are a level's settings in the browser: the level's
// counts, with no clock cap of the bot's own (the Chain bounds the time, by
// the solver's own look at the clock), so a decision is the native one.
func BrowserParams(l refbot.Level) refbot.LevelParams {
	p := l.Params()
	p.ClockCap, p.LeadClockCap = 0, 0
	return p
}

// WeakerParams are the weaker search's settings: fewer worlds (medium 4,
// hard 16, expert 32; the opening lead 16), layouts enumerated only for
// the last three tricks, no clock cap of its own.
func WeakerParams(l refbot.Level) refbot.LevelParams {
	p := BrowserParams(l)
	switch l {
	case refbot.Medium:
		p.Worlds = 4
	case refbot.Hard:
		p.Worlds = 16
	case refbot.Expert:
		p.Worlds, p.LeadWorlds, p.LeadNodes = 32, 16, p.LeadNodes/2
	}
	p.ExactTricks = min(p.ExactTricks, 3)
	return p
}

// SkipSearch makes the next decision skip both searches: the page's
// worker died while it was being made, and must not die again on it.
func (c *Chain) SkipSearch() { c.skip = 1 }

// LastLink says what decided the last action ("" for the level's search).
func (c *Chain) LastLink() string { return c.link }

// errOverCap is a decision that went over its time cap.
var errOverCap = errors.New("the decision went over its time cap")

// attempt runs one search link under a deadline: its result, or an error
// when it panicked or the deadline passed before it finished.
func (c *Chain) attempt(ctx context.Context, link int, limit time.Duration, decide func(ctx context.Context) error) (err error) {
	if c.Fault == "throw" {
		return errors.New("fault: the search threw")
	}
	if c.Fault == "slow" && link == 0 {
		limit = -time.Second // over the cap however coarse the clock
	}
	// The solver's table is allocated outside the decision's time.
	c.Solver.warm()
	deadline := time.Now().Add(limit)
	dctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	c.Solver.decide(dctx)
	defer c.Solver.decide(context.Background())
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("the search panicked: %v", p)
		}
	}()
	if err := decide(dctx); err != nil {
		return err
	}
	if !time.Now().Before(deadline) {
		return errOverCap
	}
	return nil
}

// Call decides the seat's call down the chain.
func (c *Chain) Call(ctx context.Context, v *engine.View) (engine.Call, string, error) {
	var call engine.Call
	var alert string
	for i, bot := range c.searches() {
		err := c.attempt(ctx, i, c.Cap, func(ctx context.Context) (err error) {
			call, alert, err = bot.Call(ctx, v)
			return err
		})
		if err == nil && v.Auction.Legal(call) {
			c.link = [...]string{"", LinkWeaker}[i]
			return call, alert, nil
		}
		if ctx.Err() != nil {
			return engine.Pass, "", ctx.Err()
		}
	}
	if s, ok := c.heuristic(v); ok {
		if call, err := engine.ParseCall(s); err == nil && v.Auction.Legal(call) {
			c.link = LinkHeuristic
			return call, "", nil
		}
	}
	c.link = LinkLegal
	if v.Auction.Legal(engine.Pass) {
		return engine.Pass, "", nil
	}
	legal := v.Auction.LegalCalls(nil)
	return legal[0], "", nil
}

// Card decides the seat's card down the chain.
func (c *Chain) Card(ctx context.Context, v *engine.View) (engine.Card, error) {
	legal, _ := v.LegalCards()
	limit := c.Cap
	if v.Play.Len() == 0 {
		limit = c.LeadCap
	}
	for i, bot := range c.searches() {
		var card engine.Card
		c.last = refbot.Decision{}
		err := c.attempt(ctx, i, limit, func(ctx context.Context) (err error) {
			card, err = bot.Card(ctx, v)
			return err
		})
		// A search stopped at the deadline answers with refbot's own
		// heuristic (a Fallback): that is the next link's to decide.
		if err == nil && c.last.Fallback == "" && legal.Has(card) {
			c.link = [...]string{"", LinkWeaker}[i]
			return card, nil
		}
		if ctx.Err() != nil {
			return 0, ctx.Err()
		}
	}
	if s, ok := c.heuristic(v); ok {
		if card, err := engine.ParseCard(s); err == nil && legal.Has(card) {
			c.link = LinkHeuristic
			return card, nil
		}
	}
	c.link = LinkLegal
	card, _ := legal.Lowest()
	return card, nil
}

// searches are the search links to try for this decision.
func (c *Chain) searches() []*refbot.Bot {
	if c.skip > 0 {
		c.skip--
		return nil
	}
	return []*refbot.Bot{c.Full, c.Weak}
}

// heuristic asks the heuristic link, guarding against its failure.
func (c *Chain) heuristic(v *engine.View) (s string, ok bool) {
	if c.Heuristic == nil {
		return "", false
	}
	defer func() {
		if recover() != nil {
			s, ok = "", false
		}
	}()
	s, err := c.Heuristic(v)
	return s, err == nil
}

// NewChain makes the chain of a bot's seat at the level: both searches
// seeded with seed and made with opts (the table's), on the shared solver.
func NewChain(level string, seed uint64, opts []refbot.Option, solver *SharedSolver) (*Chain, error) {
	l, err := refbot.ParseLevel(level)
	if err != nil {
		return nil, err
	}
	c := &Chain{Solver: solver}
	c.Cap, c.LeadCap = Caps(l)
	common := []refbot.Option{refbot.WithSolverPool(solver), refbot.WithDecisionHook(c.Hook)}
	c.Full = refbot.New(l, seed, slices.Concat(opts, common, []refbot.Option{refbot.WithParams(BrowserParams(l))})...)
	// The weaker search bids the system's calls, without expert's
	// judgement by simulation (hard's way), and plays with fewer worlds.
	c.Weak = refbot.New(min(l, refbot.Hard), seed, slices.Concat(opts, common, []refbot.Option{refbot.WithParams(WeakerParams(l))})...)
	return c, nil
}
