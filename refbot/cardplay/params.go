package cardplay

import "time"

// Params are the play settings of a bot (refbot's levels each have
// theirs). Every limit that shapes a
// decision is a count (Worlds, Nodes, LeadWorlds, LeadNodes, Rollout,
// ...), so that a decision is a pure function of what the seat has seen,
// the seed and these settings: the same at any load, on any machine, in
// the browser too. The clock is a safety net only (ClockCap): when it
// binds the bot still answers, but the decision may differ from a replay,
// and the bot reports it (refbot.Decision.ClockCapped).
type Params struct {
	Search   bool   // false: heuristic play only
	Worlds   int    // worlds sampled per decision
	Attempts int    // draws per wanted world at each relaxation step
	Nodes    uint64 // solver nodes per decision (deterministic work limit)
	// ClockCap is the safety net on a searched decision's wall time (0:
	// none): no world is started once it has passed, and a search still
	// running at twice the cap (plus a little slack) is abandoned by the bot for the
	// heuristic's card. It is about 25 times the level's expected decision
	// time (ten times at expert's opening lead, whose hard limit must stay
	// within a table's 30 s action clock), as wall time on a machine
	// shared with other work runs to ten times the CPU time; it binds only
	// on a machine far slower or busier than that.
	ClockCap     time.Duration
	ExactTricks  int           // enumerate every layout when this many tricks or fewer remain
	ExactLimit   int           // most layouts to enumerate (else sample)
	LeadWorlds   int           // worlds for the opening lead solved double dummy (0: none)
	LeadNodes    uint64        // the opening lead's node limit, when searched (0: Nodes)
	LeadClockCap time.Duration // the opening lead's clock cap, when searched (0: ClockCap)
	LeadSuits    bool          // a searched opening lead chooses the suit only (SearchCard)
	IMPs         bool          // choose by expected IMPs against each world's best card (exact values only), before make-or-defeat
	LeadRollout  int           // else worlds for the opening lead valued by heuristic rollouts (0: the heuristic leads)
	Rollout      int           // worlds for heuristic rollouts on cards before the search window (0: the heuristic plays)
	SearchCards  int           // search only when at most this many cards are left to play (0: always)
	// TargetCards: with at least this many cards left to play (0: never),
	// the search asks only whether each card makes or defeats the contract
	// in each world (a TargetSolver's cheaper zero-window search), not how
	// many tricks it takes, so more worlds fit the node limit; ties then
	// go to the heuristic's card.
	TargetCards int
	// PlayCheck: in each world valued exactly, the opponents' cards among
	// the last PlayCheck played (the opening lead excepted) are checked
	// double dummy, and a world in which one of them gave up a trick
	// weighs unsoundWeight in the decision (0: no check). Opponents who
	// play well seldom give up a trick, so such a world is less likely to
	// be the real one. The checks spend nodes of the same limit.
	PlayCheck int
	// ReadCarding: whose cards the sampler reads as this bot plays them
	// (SoftFacts.LowestCards): a card that follows suit without beating
	// the trick, and a discard, are the seat's lowest of the suit, so they
	// deny it every lower card there.
	ReadCarding Readers
	// Signals: the bot's defenders signal, attitude on partner's lead and
	// count on declarer's, choosing among the cards the search rates
	// equal (signals.go), and its sampler reads the signals: a defender
	// weights its worlds by what partner's cards said, declarer by what
	// the defenders' said, allowing that they may not signal.
	Signals bool
}

// Readers says whose carding a searching bot reads (Params.ReadCarding).
type Readers uint8

// The seats whose carding is read.
const (
	ReadNobody    Readers = iota // nobody's
	ReadOpponents                // the opponents' only
	ReadAll                      // every other seat's, partner's too
)

// ForLead returns the settings of a searched opening lead: its own worlds,
// node limit and clock cap.
func (p Params) ForLead() Params {
	p.Worlds = p.LeadWorlds
	if p.LeadNodes > 0 {
		p.Nodes = p.LeadNodes
	}
	if p.LeadClockCap > 0 {
		p.ClockCap = p.LeadClockCap
	}
	return p
}
