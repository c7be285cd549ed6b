package refbot

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"slices"
	"sync"
	"time"

	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot/bidding"
	"github.com/openroom/openroom/refbot/cardplay"
	"github.com/openroom/openroom/refbot/simulate"
)

// Bot is the reference bot for one seat. It decides from the View it is
// given and nothing else: the view holds only the seat's own cards, dummy's
// once exposed, and the public record. Its methods match the protocol
// client's Bot interface. A Bot may be used by one table seat at a time;
// its methods are safe to call from several goroutines.
type Bot struct {
	level  Level
	params LevelParams
	seed   uint64
	log    *slog.Logger

	bid       func(v *engine.View) (call engine.Call, alert, meaning string)
	sys       *bidding.System                                                // the system bid (and simulated) with
	opp       *bidding.System                                                // the opponents' system, when known (WithOpponentSystem)
	inferSet  func(v *engine.View) bidding.SoftFacts                         // WithInference's, over the system's
	bidSet    func(v *engine.View) (call engine.Call, alert, meaning string) // a test's bidder, over the system's
	judge     simulate.Config                                                // judgement by simulation; Worlds 0: the system's own call
	penalty   float64                                                        // the IMPs a layout a simulated penalty double must gain; +Inf: never
	explain   bool
	infer     func(v *engine.View) bidding.SoftFacts
	newSolver func() cardplay.CardSolver
	pool      SolverPool // WithSolverPool's: lends the solver instead of newSolver and idle
	onDecide  func(Decision)

	mu      sync.Mutex
	idle    []cardplay.CardSolver // solvers not in use; a search abandoned at its deadline keeps its own
	running int                   // searches in flight
	capped  map[int]int           // decisions the clock cut short, by board number, until taken
}

// Decision records one card decision, for logs and measurement.
type Decision struct {
	Board    int
	Seat     engine.Seat // the hand played from (dummy's seat when declarer plays dummy)
	Index    int         // cards played before this one
	Card     engine.Card
	Elapsed  time.Duration
	Stats    cardplay.SearchStats
	Searched bool   // sampled worlds decided: the double-dummy search or rollouts (trivial choices included)
	Policy   string // what decided: "search", "rollout" or "heuristic"
	Fallback string // "" when the level's policy decided; else which fallback did
	// ClockCapped: the clock, not the counts, shaped this decision (the
	// clock cap or the caller's deadline cut the search short, it was
	// abandoned at the hard limit, or it was skipped because an
	// abandoned one still ran), so a replay may decide otherwise.
	ClockCapped bool
}

// Option configures a Bot.
type Option func(*Bot)

// WithLogger sets the logger for fallbacks and decisions the clock cap cut short (default: discard).
func WithLogger(l *slog.Logger) Option { return func(b *Bot) { b.log = l } }

// WithExplain logs (at Info level) the meaning of every call the bot makes.
func WithExplain() Option { return func(b *Bot) { b.explain = true } }

// WithInference sets the auction inference that gives the sampler its soft
// constraints. The default is the bot's System's.
func WithInference(f func(v *engine.View) bidding.SoftFacts) Option {
	return func(b *Bot) { b.inferSet = f }
}

// WithDecisionHook calls f after every card decision (from the deciding
// goroutine); measurement uses it.
func WithDecisionHook(f func(Decision)) Option { return func(b *Bot) { b.onDecide = f } }

// WithParams overrides the level's play settings (for experiments and tests).
func WithParams(p LevelParams) Option { return func(b *Bot) { b.params = p } }

// WithJudgement replaces the level's judgement by simulation (how many
// layouts the bot samples, and the margin a call must win by, at a call
// the system leaves to judgement; Worlds 0 bids the system's own call). A
// slam decision samples twice the layouts and wants twice the margin. It
// is for experiments and for tests that need a lighter bot.
func WithJudgement(cfg simulate.Config) Option { return func(b *Bot) { b.judge = cfg } }

// WithPenaltyMargin replaces the level's margin for a penalty double by
// simulation: the IMPs a layout doubling the opponents' contract must gain
// over passing (math.Inf(1): never double so). The layouts are the
// judgement's (WithJudgement), twice as many; with none, the bot never
// simulates a double. It is for experiments.
func WithPenaltyMargin(imps float64) Option { return func(b *Bot) { b.penalty = imps } }

// SolverPool lends solvers to bots: Take returns one, waiting while none
// is free, and Put gives it back. A pool of one solver shared by several
// bots (and its owner's own solves) holds one table in memory instead of
// one a bot, which matters in a browser; a decision keeps the solver from
// its first solve to its last, and starts it afresh (a searched decision
// empties its table), so it decides as with a solver of its own.
type SolverPool interface {
	Take() cardplay.CardSolver
	Put(cardplay.CardSolver)
}

// WithSolverPool makes the bot search and judge with the pool's solvers.
func WithSolverPool(p SolverPool) Option { return func(b *Bot) { b.pool = p } }

// New returns a bot that plays at the level, its decisions deterministic
// for the seed, board, seat and decision.
func New(level Level, seed uint64, opts ...Option) *Bot {
	sys := bidding.NewSystem()
	b := &Bot{level: level, params: level.Params(), judge: level.judgement(), penalty: level.penaltyMargin(), seed: seed, sys: sys,
		log: slog.New(slog.DiscardHandler), newSolver: defaultSolver}
	for _, o := range opts {
		o(b)
	}
	b.sys = b.sys.ReadingOpponents(b.opp)
	b.bid, b.infer = b.sys.Bid, b.sys.Soft
	if b.inferSet != nil {
		b.infer = b.inferSet
	}
	if b.bidSet != nil {
		b.bid = b.bidSet
	}
	return b
}

// NewBuiltin returns the bot for a built-in name's level part ("easy",
// "medium", "hard" or "expert"), as the table manager's
// builtin:refbot:LEVEL seats name it.
func NewBuiltin(level string, seed uint64, opts ...Option) (*Bot, error) {
	l, err := ParseLevel(level)
	if err != nil {
		return nil, err
	}
	return New(l, seed, opts...), nil
}

// TeamSeed returns the seed of a built-in bot playing for the team named
// team: the table manager seeds its bots so (both seats of a team share
// it; a decision's seed also holds the board, seat and card), and so does
// the play page, so that its bots decide as a run's of the same deal and
// seats.
func TeamSeed(team string) uint64 {
	h := sha256.Sum256([]byte("openroom/bot-seed/v1\x00" + team))
	return binary.BigEndian.Uint64(h[:8])
}

// Level returns the bot's level.
func (b *Bot) Level() Level { return b.level }

// Call chooses the bot's call: the system's, or at expert, where the
// system leaves the call to judgement, the one simulation judges best,
// and where it passes over the opponents' contract, a double when
// simulation finds it pays (penaltyJudged). An
// illegal or failing choice becomes a pass (always legal while the auction
// runs).
func (b *Bot) Call(ctx context.Context, v *engine.View) (engine.Call, string, error) {
	if v.Phase() != engine.PhaseAuction || v.Auction.Turn() != v.Seat {
		return engine.Pass, "", fmt.Errorf("refbot: board %d: %s asked for a call out of turn", v.Number, v.Seat.Name())
	}
	c, alert, meaning := engine.Pass, "", ""
	func() {
		defer func() {
			if r := recover(); r != nil {
				b.log.Error("bidder panicked; passing", "board", v.Number, "seat", v.Seat.Name(), "panic", r)
				c, alert = engine.Pass, ""
			}
		}()
		c, alert, meaning = b.bid(v)
		c, alert, meaning = b.judged(v, c, alert, meaning)
		c, alert, meaning = b.penaltyJudged(v, c, alert, meaning)
	}()
	if !v.Auction.Legal(c) {
		b.log.Warn("bidder chose an illegal call; passing", "board", v.Number, "seat", v.Seat.Name(), "call", c.String())
		return engine.Pass, "", nil
	}
	if b.explain {
		b.log.Info("call", "board", v.Number, "seat", v.Seat.Name(), "call", c.String(), "alert", alert, "meaning", meaning)
	}
	return c, alert, nil
}

// judged returns the call of a judgement decision, simulated (package
// simulate) when the bot's level simulates and the system leaves the
// decision to judgement; else the system's own call c as given.
func (b *Bot) judged(v *engine.View, c engine.Call, alert, meaning string) (engine.Call, string, string) {
	if b.judge.Worlds <= 0 || b.sys == nil {
		return c, alert, meaning
	}
	cands := b.sys.JudgeCandidates(v)
	if len(cands) < 2 || cands[0] != c {
		return c, alert, meaning
	}
	s := b.takeSolver()
	defer b.putSolver(s)
	solve, ok := s.(interface {
		Reaches(p *dds.Position, target int) (bool, error)
	})
	if !ok {
		return c, alert, meaning
	}
	// A call's decision index counts back from -1, apart from the cards'.
	seed := cardplay.DecisionSeed(b.seed, v.Number, v.Seat, -1-v.Auction.Len())
	cfg := b.judge
	if slices.ContainsFunc(cands, bidding.IsSlamCall) {
		cfg = slamJudgement(cfg)
	}
	res, err := simulate.Choose(v, b.sys, cands, cfg, solve.Reaches, seed)
	if err != nil {
		b.log.Warn("simulation failed; the system's call", "board", v.Number, "seat", v.Seat.Name(), "err", err)
		return c, alert, meaning
	}
	if res.Call == c {
		return c, alert, meaning
	}
	m, err := b.sys.Explain(withCall(v.Auction, res.Call), v.Auction.Len())
	if err != nil {
		return c, alert, meaning
	}
	b.log.Debug("judged", "board", v.Number, "seat", v.Seat.Name(), "system", c.String(), "call", res.Call.String(),
		"worlds", res.Worlds, "gain", res.Gain)
	return res.Call, m.Alert, m.String()
}

// penaltyJudged returns a double instead of the pass c when the level
// simulates, the pass leaves the opponents in a contract a double may
// punish (mayDoubleForPenalty), and doubling gains at least the penalty
// margin a layout over passing, both bid out with the system and every
// contract scored at its exact double-dummy tricks (so partner's pull and
// the opponents' runout count). Else it returns c as given.
func (b *Bot) penaltyJudged(v *engine.View, c engine.Call, alert, meaning string) (engine.Call, string, string) {
	if c != engine.Pass || b.judge.Worlds <= 0 || b.sys == nil || math.IsInf(b.penalty, 1) || !b.mayDoubleForPenalty(&v.Auction) {
		return c, alert, meaning
	}
	s := b.takeSolver()
	defer b.putSolver(s)
	solve, ok := s.(interface {
		Reaches(p *dds.Position, target int) (bool, error)
		Solve(p *dds.Position) (int, error)
	})
	if !ok {
		return c, alert, meaning
	}
	// Apart from the judgement decision's seed, which it may follow.
	seed := cardplay.DecisionSeed(b.seed^penaltySeed, v.Number, v.Seat, -1-v.Auction.Len())
	cfg := b.judge
	cfg.Worlds, cfg.Margin = 2*cfg.Worlds, b.penalty
	res, err := simulate.ChooseDouble(v, b.sys, cfg, penaltyScreen, solve.Reaches, solve.Solve, seed)
	if err != nil {
		b.log.Warn("penalty simulation failed; passing", "board", v.Number, "seat", v.Seat.Name(), "err", err)
		return c, alert, meaning
	}
	if res.Call != engine.Double {
		return c, alert, meaning
	}
	m, err := b.sys.Explain(withCall(v.Auction, res.Call), v.Auction.Len())
	if err != nil {
		return c, alert, meaning
	}
	b.log.Debug("penalty double", "board", v.Number, "seat", v.Seat.Name(), "worlds", res.Worlds, "relaxed", res.Relaxed,
		"gain", res.Gain[1])
	return res.Call, m.Alert, m.String()
}

// penaltyScreen is how many of a penalty double's layouts are solved first:
// unless the opponents' contract fails in six of them, the bot passes
// without weighing the double in the rest.
const penaltyScreen = 8

// penaltySeed sets a penalty double's layouts apart from those of a
// judgement decision at the same call.
const penaltySeed = 0x70656e616c7479

// mayDoubleForPenalty reports whether the seat on turn in a, passing,
// would leave the opponents in an undoubled contract worth weighing a
// double of: their natural bid (not artificial, as the system reads it)
// is the last call but passes, and either the pass ends the auction or
// the bid is a game or more that does not force their partner to bid on
// (a double there is for penalty in any system; at a lower level,
// partner may still speak). Not a slam, nor a contract they reached past
// 4NT: a side that bids those has shown its controls, and they make more
// often than even layouts that honour the answers to the ace ask say
// (docs/refbot-strength.md has the measurements).
func (b *Bot) mayDoubleForPenalty(a *engine.Auction) bool {
	if !a.Legal(engine.Double) {
		return false
	}
	calls := a.Calls()
	last := len(calls) - 1
	for last >= 0 && calls[last] == engine.Pass {
		last--
	}
	if last < 0 || !calls[last].IsBid() {
		return false
	}
	bid := calls[last]
	if bid.Level() >= 6 {
		return false
	}
	fourNT := engine.Bid(4, engine.NoTrump)
	for i := last - 2; i >= 0; i -= 2 { // their side's calls
		if calls[i].IsBid() && calls[i] >= fourNT {
			return false
		}
	}
	m, err := b.sys.Explain(a, last)
	if err != nil || m.Artificial {
		return false
	}
	if len(calls)-1-last == 2 {
		return true
	}
	return bidding.IsGame(bid) && m.Forcing != bidding.ForcingOne
}

// withCall returns the auction a with call c added (a copy).
func withCall(a engine.Auction, c engine.Call) *engine.Auction {
	_ = a.Add(c)
	return &a
}

// Card chooses the card to play for the hand on turn (its own or, as
// declarer, dummy's). The level's policy decides; if it fails or the
// context ends first, the heuristic does, and if that fails, the first
// legal card: a legal card always comes back while the view is in play.
func (b *Bot) Card(ctx context.Context, v *engine.View) (engine.Card, error) {
	start := time.Now()
	legal, ok := v.LegalCards()
	if !ok || legal == 0 || v.Play.Actor() != v.Seat {
		return 0, fmt.Errorf("refbot: board %d: %s asked for a card it may not choose", v.Number, v.Seat.Name())
	}
	d := Decision{Board: v.Number, Seat: v.Play.Turn(), Index: v.Play.Len()}
	var err error
	// The opening lead is searched only with its own worlds (LeadWorlds),
	// whatever the search window of the other cards.
	search := b.params.Search && (v.Play.Len() == 0 && b.params.LeadWorlds > 0 ||
		v.Play.Len() > 0 && (b.params.SearchCards == 0 || 52-v.Play.Len() <= b.params.SearchCards))
	if search && b.busy() {
		// A search abandoned at its deadline is still running (a solve
		// cannot be interrupted): do not pile another on the CPU.
		search = false
		d.Fallback = "heuristic (previous search still running)"
		d.ClockCapped = true
	}
	if rollouts := b.rollouts(v); !search && rollouts > 0 {
		soft := b.softFacts(v)
		seed := cardplay.DecisionSeed(b.seed, v.Number, v.Play.Turn(), v.Play.Len())
		var ls cardplay.LeadStats
		if v.Play.Len() == 0 {
			d.Card, ls, err = cardplay.LeadByRollouts(v, soft, rollouts, seed)
		} else {
			d.Card, ls, err = cardplay.RolloutCard(v, soft, rollouts, seed)
		}
		if err != nil {
			b.log.Warn("rollouts failed; heuristic play", "board", v.Number, "seat", v.Seat.Name(), "card", d.Index, "err", err)
			d.Fallback = "heuristic"
		} else {
			d.Searched, d.Policy = true, "rollout"
			d.Stats.Worlds, d.Stats.Drawn, d.Stats.Step = ls.Worlds, ls.Worlds, ls.Step
			search = true // decided; skip the heuristic below
		}
	} else if search {
		d.Card, d.Stats, err = b.search(ctx, v)
		if err != nil {
			d.Fallback = "heuristic"
			d.ClockCapped = errors.Is(err, errAbandoned)
			b.log.Warn("search failed; heuristic play", "board", v.Number, "seat", v.Seat.Name(), "card", d.Index, "err", err)
		} else {
			d.Searched, d.Policy = true, "search"
		}
		if err == nil && d.Stats.Capped {
			d.ClockCapped = true
			b.log.Warn("the clock cap cut the search short: this decision may differ from a replay", "board", v.Number, "seat", v.Seat.Name(), "card", d.Index,
				"worlds", d.Stats.Worlds, "of", d.Stats.Drawn, "elapsed", d.Stats.Elapsed)
		}
	}
	if !search || err != nil {
		d.Policy = "heuristic"
		d.Card, err = cardplay.Heuristic(v)
		if err != nil || !legal.Has(d.Card) {
			d.Card, _ = legal.Lowest()
			d.Fallback = "first legal"
		}
	}
	if !legal.Has(d.Card) { // the search returned a card it may not play: never send it
		d.Card, _ = legal.Lowest()
		d.Fallback = "first legal"
	}
	d.Elapsed = time.Since(start)
	if d.ClockCapped {
		b.noteCapped(v.Number)
	}
	if b.onDecide != nil {
		b.onDecide(d)
	}
	return d.Card, nil
}

// rollouts returns the worlds of heuristic rollouts for a decision the
// search does not make (0: none).
func (b *Bot) rollouts(v *engine.View) int {
	if !b.params.Search {
		return 0
	}
	if v.Play.Len() == 0 {
		return b.params.LeadRollout
	}
	return b.params.Rollout
}

// hardLimitSlack is added to twice the clock cap for the hard limit: a
// world already started when the cap passes is let finish unless it runs
// very long.
const hardLimitSlack = 200 * time.Millisecond

// hardLimit is the longest a searched decision may take before the
// heuristic answers instead (0: none, when there is no clock cap): twice
// the clock cap and a little, as the cap is checked only between worlds.
func (b *Bot) hardLimit(v *engine.View) time.Duration {
	limit := b.params.ClockCap
	if v.Play.Len() == 0 {
		limit = b.params.ForLead().ClockCap
	}
	if limit <= 0 {
		return 0
	}
	return 2*limit + hardLimitSlack
}

// noteCapped counts a decision of the board that the clock shaped.
func (b *Bot) noteCapped(board int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.capped == nil {
		b.capped = make(map[int]int)
	}
	b.capped[board]++
}

// TakeClockCapped returns how many of the bot's card decisions on the
// board numbered board the clock shaped (Decision.ClockCapped) since the
// last call for that board, and forgets them. A table runner asks it when
// the board ends, to note in the board's record that its play may not be
// reproduced from the seed.
func (b *Bot) TakeClockCapped(board int) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := b.capped[board]
	delete(b.capped, board)
	return n
}

// errAbandoned marks a search that did not finish before its context ended.
var errAbandoned = errors.New("search abandoned at the deadline")

// search runs the sampler search on its own goroutine with a solver from
// the idle list, so that the caller's deadline, and the bot's hard limit,
// are kept even when one solve runs long: on the deadline the search is
// abandoned (it returns its solver when it ends) and the caller falls back
// to the heuristic.
func (b *Bot) search(ctx context.Context, v *engine.View) (engine.Card, cardplay.SearchStats, error) {
	type result struct {
		c   engine.Card
		st  cardplay.SearchStats
		err error
	}
	view := *v // the search may outlive this call: give it its own copy
	soft := b.softFacts(&view)
	params := b.params
	if view.Play.Len() == 0 {
		params = params.ForLead()
	}
	seed := cardplay.DecisionSeed(b.seed, view.Number, view.Play.Turn(), view.Play.Len())
	// The solver first: a bot's first search allocates its table, which
	// on a busy machine can take longer than the search, and is no part
	// of what the clock guards.
	solver := b.takeSolver()
	// A hard deadline of its own, as the protocol client gives none: past
	// it the heuristic answers and the search is abandoned.
	if limit := b.hardLimit(v); limit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, limit)
		defer cancel()
	}
	done := make(chan result, 1)
	go func() {
		var r result
		defer func() {
			if p := recover(); p != nil {
				r.err = fmt.Errorf("refbot: search panicked: %v", p)
			}
			// Free the solver before answering, so that the next
			// decision never sees this search as still running.
			b.putSolver(solver)
			done <- r
		}()
		r.c, r.st, r.err = cardplay.SearchCard(ctx, &view, soft, params, solver, seed)
	}()
	select {
	case r := <-done:
		return r.c, r.st, r.err
	case <-ctx.Done():
		return 0, cardplay.SearchStats{}, fmt.Errorf("%w: %w", errAbandoned, ctx.Err())
	}
}

// softFacts runs the auction inference, guarding against its failure.
func (b *Bot) softFacts(v *engine.View) (sf bidding.SoftFacts) {
	if b.infer == nil {
		return sf
	}
	defer func() {
		if r := recover(); r != nil {
			b.log.Error("auction inference panicked; sampling without it", "board", v.Number, "panic", r)
			sf = bidding.SoftFacts{}
		}
	}()
	sf = b.infer(v)
	// Our partner, and in self-play everyone, leads as we do.
	sf.LeadSuits = b.params.LeadSuits && b.params.LeadWorlds > 0
	for s := range sf.LowestCards {
		sf.LowestCards[s] = reads(b.params.ReadCarding, v.Seat, engine.Seat(s))
	}
	return sf
}

// reads reports whether the seat me reads seat s's carding under r.
func reads(r cardplay.Readers, me, s engine.Seat) bool {
	switch r {
	case cardplay.ReadAll:
		return s != me
	case cardplay.ReadOpponents:
		return s != me && s != me.Partner()
	}
	return false
}

// busy reports whether a search is still running.
func (b *Bot) busy() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.running > 0
}

func (b *Bot) takeSolver() cardplay.CardSolver {
	if b.pool != nil {
		b.mu.Lock()
		b.running++
		b.mu.Unlock()
		return b.pool.Take()
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.running++
	if n := len(b.idle); n > 0 {
		s := b.idle[n-1]
		b.idle = b.idle[:n-1]
		return s
	}
	return b.newSolver()
}

func (b *Bot) putSolver(s cardplay.CardSolver) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.running--
	if b.pool != nil {
		b.pool.Put(s)
		return
	}
	if len(b.idle) < 1 { // one spare: a solver holds a ~20 MB table
		b.idle = append(b.idle, s)
	}
}
