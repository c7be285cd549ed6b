package refbot

import (
	"fmt"
	"strings"
	"time"
)

// Level is the reference bot's playing strength. Levels change the play
// only; the bidding is the same at every level.
type Level uint8

// The four levels, weakest first.
const (
	Easy Level = iota
	Medium
	Hard
	Expert
)

var levelNames = [...]string{"easy", "medium", "hard", "expert"}

// String returns the level's name: easy, medium, hard or expert.
func (l Level) String() string {
	if int(l) < len(levelNames) {
		return levelNames[l]
	}
	return fmt.Sprintf("Level(%d)", uint8(l))
}

// ParseLevel reads a level name in any case.
func ParseLevel(s string) (Level, error) {
	for i, n := range levelNames {
		if strings.EqualFold(strings.TrimSpace(s), n) {
			return Level(i), nil
		}
	}
	return 0, fmt.Errorf("refbot: level %q: want easy, medium, hard or expert", s)
}

// LevelParams are the play settings of a level. Worlds and Nodes are the
// deterministic limits; Budget is a soft time cap that only binds when the
// machine is overloaded (the bot logs when it does, because the decision
// may then differ from a replay).
type LevelParams struct {
	Search      bool          // false: heuristic play only
	Worlds      int           // worlds sampled per decision
	Attempts    int           // draws per wanted world at each relaxation step
	Nodes       uint64        // solver nodes per decision (deterministic work limit)
	Budget      time.Duration // soft time budget per decision
	ExactTricks int           // enumerate every layout when this many tricks or fewer remain
	ExactLimit  int           // most layouts to enumerate (else sample)
	LeadWorlds  int           // worlds for the opening lead solved double dummy (0: none)
	LeadNodes   uint64        // the opening lead's node limit, when searched (0: Nodes)
	LeadBudget  time.Duration // the opening lead's time budget, when searched (0: Budget)
	LeadSuits   bool          // a searched opening lead chooses the suit only (SearchCard)
	IMPs        bool          // choose by expected IMPs against each world's best card (exact values only), before make-or-defeat
	LeadRollout int           // else worlds for the opening lead valued by heuristic rollouts (0: the heuristic leads)
	Rollout     int           // worlds for heuristic rollouts on cards before the search window (0: the heuristic plays)
	SearchCards int           // search only when at most this many cards are left to play (0: always)
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
}

// Readers says whose carding a searching bot reads (LevelParams.ReadCarding).
type Readers uint8

// The seats whose carding is read.
const (
	ReadNobody    Readers = iota // nobody's
	ReadOpponents                // the opponents' only
	ReadAll                      // every other seat's, partner's too
)

// forLead returns the settings of a searched opening lead: its own worlds,
// node limit and budget.
func (p LevelParams) forLead() LevelParams {
	p.Worlds = p.LeadWorlds
	if p.LeadNodes > 0 {
		p.Nodes = p.LeadNodes
	}
	if p.LeadBudget > 0 {
		p.Budget = p.LeadBudget
	}
	return p
}

// Params returns the level's settings.
//
// The limits are sized for the 2-core reference machine and the current
// dds. Measured by BenchmarkWorldCost (one sampled world valued double
// dummy, every legal card, on one core while another process used the
// other): the mean world costs about 0.06 ms with 28 cards left, 0.67 ms
// with 36, 1.9 ms with 40, 3.9 ms with 44, 12.5 ms with 48 and 44 ms at the
// opening lead (52), the 95th percentile three to four times the mean, and
// the solver runs at about 9,000-10,300 nodes per millisecond throughout
// (a later run on a busier machine: 49, 13.7, 4.2, 2.1 and 0.76 ms, p95
// 162 ms and slowest 1.6 s at the opening lead, 8,000-9,600 nodes/ms; the
// nodes per world: 393k at the lead, 122k at 48 cards, 40k at 44, 19k at
// 40, 6.6k at 36). It ran ~7,000 when the search windows below were
// chosen. So:
//
//   - Nodes is the deterministic work limit, about 70% of the budget at
//     ~9,500 nodes/ms (medium 270k, hard 600k, expert 1.2M: 1.35 times
//     the 200k, 450k and 900k sized for the ~7,000 nodes/ms solver, which
//     left p95 at 43%, 51% and 56% of the budgets), so that a searched
//     decision stays within Budget on a loaded machine and replays
//     identically for a seed; a world is started only while the nodes
//     spent plus the mean cost of a world so far fit (SearchCard). Late in
//     the play it never binds (Worlds does); early it decides how many
//     worlds fit, so the first searched tricks get fewer worlds instead of
//     a narrower window. In duplicate (400 boards, 95% CI) these limits
//     against the old ones scored expert +0.06 ± 0.16, hard +0.00 ± 0.15
//     and medium -0.08 ± 0.11 IMPs/board: no measurable difference either
//     way; they are kept as they cost nothing within the budgets. Medium's limit
//     hardly binds (its 8 worlds do): at 200k, 240k and 270k its trick 3
//     took 6.5, 6.7 and 6.9 worlds on average, p95 41-48 ms in noise.
//   - SearchCards, the search window, starts as soon as a few worlds fit
//     the node limit: expert 48 (from trick 2), hard and medium 44 (from
//     trick 3). Measured worlds per sampled search (BenchmarkMeasureLevels,
//     these limits), first searched trick to fourth: expert 33, 48, 59, 63
//     of 64 (trick 2 to 5), hard 24, 30, 32 of 32, medium 6.9, 7.8, 8 of
//     8 (tricks 3 to 5). Even a few worlds beat the rollouts: trick 2 searched
//     over ~5 worlds (slower solver, old limits) lost 0.29 tricks a board against double dummy at
//     expert, where hard's rollouts lost 0.75; in duplicate (200 boards,
//     95% CI, with the old node limits) expert with the window at 44 beat
//     the window of the slower solver (28, 800k nodes) by +0.96 ± 0.51
//     IMPs/board, and one more trick (48 against 44) gained +0.34 ± 0.51
//     (hard 44 against 40: +0.16 ± 0.45; medium 44 against 40: +0.15 ±
//     0.38). Hard and medium start at trick 3: with the old limits they
//     fit ~2 and ~1 worlds at 48 cards (with the new ones ~5 and ~2 at the
//     mean world cost, likely more in practice as for expert; not
//     re-measured).
//   - Trick 1 after the opening lead is searched at hard and expert
//     (SearchCards 51), and there each world after the first answers only
//     make-or-defeat for each card (TargetCards: a zero-window search a
//     card, dds.Solver.SolveTarget, about 0.65 times the time of exact
//     values at the opening lead and 0.5 later), so that ~51 of expert's
//     64 worlds and ~25 of hard's 32 fit the node limit. The first world
//     is valued exactly and sets the target (the contract's, or that
//     world's best when the contract cannot be reached there). Both value
//     trick 2 exactly (TargetCards 49: expert 33 worlds, hard 17), as
//     make-or-defeat there cost expert's declarer 0.19-0.24 tricks a board
//     in trick 2 against 0.08-0.09 exact (two runs each, 95 boards), and
//     hard's 0.18 against 0.11 (376 boards; whole play -0.09 +- 0.06
//     paired, defence +0.00 +- 0.05; hard asked in trick 2 too until
//     then, TargetCards 45, fitting 26 worlds). This replaces the
//     heuristic rollouts of a07c1f6 (hard: tricks 1-2, expert: trick 1),
//     which lost more than the heuristic itself and made hard weaker than
//     medium. Over the same 95 boards (BenchmarkMeasureLevels, no time
//     cap), tricks lost against double dummy per board, declarer/defence:
//     hard 1.41 ± 0.32 / 1.09 ± 0.25 before, 0.83 ± 0.21 / 0.73 ± 0.20
//     after; expert 0.94 ± 0.23 / 0.86 ± 0.19 before, 0.74 ± 0.20 / 0.79 ±
//     0.18 after; medium 0.85 ± 0.23 / 0.82 ± 0.21.
//   - The opening lead: over 473 seeded leads (BenchmarkMeasureLead,
//     double dummy on the real deal) the heuristic lost 0.256 ± 0.052
//     tricks a board and 64-world rollouts +0.047 ± 0.046 more (paired);
//     searched leads over the handful of worlds that fit 1.2M or 3M nodes
//     were no better than the rollouts over 187 leads. With the worlds
//     read back through the auction (System.CallModel), 48 worlds
//     searched make-or-defeat lose 0.215 ± 0.049 over 376 leads against
//     the heuristic's 0.263 (paired -0.048 ± 0.051), and choosing only the
//     suit (LeadSuits: one card a suit, the heuristic's, so the card keeps
//     its meaning for partner and declarer) 0.218 (-0.045 ± 0.046) for
//     about 3M nodes a lead on average (p95 9.8M, BenchmarkLeadCost): so
//     expert searches its lead with 48 worlds within 4M nodes (LeadNodes;
//     the costliest leads get fewer worlds) and its own budget of 1 s
//     (LeadBudget), as a player thinks longest over the lead. Hard and
//     medium lead with the heuristic.
//   - The decision rule: expected IMPs against each world's best card
//     first (IMPs), then make-or-defeat, then tricks. Against
//     make-or-defeat first, over 376 boards (uncapped, paired) expert's
//     declarer -0.051 ± 0.050 tricks a board, defence -0.027 ± 0.037;
//     the cards given up for the contract (SearchStats.ForContract) lose
//     0.08 / 0.05 instead of 0.11 / 0.09. With both, over those boards:
//     medium 0.72 ± 0.10 / 0.69 ± 0.08, hard 0.54 ± 0.09 / 0.65 ± 0.09,
//     expert 0.51 ± 0.08 / 0.59 ± 0.08 (its opening lead 0.21 ± 0.05);
//     expert against the settings before, paired, -0.04 ± 0.09 / -0.04 ±
//     0.08. In duplicate against the program before, 500 boards with the
//     budgets binding: -0.02 IMPs a board, no measurable difference.
//   - Tried after that and dropped, paired over the first 200 seeded
//     boards (187 played, uncapped; tricks lost a board, declarer /
//     defence, 95% CIs): an attitude signal by the third hand to the
//     opening lead (the highest spot card with an ace, king or queen in
//     the suit, else the lowest), read back by the other seats' samplers
//     as the strictest model, +0.03 +- 0.08 / +0.02 +- 0.04 (the real hand
//     fitted the reading on 96% of the boards with a signal; trick 2, which
//     it was for, -0.005 +- 0.018); each defender's first discard read back
//     through the heuristic's discard (its weakest suit) the same way, +0.05
//     +- 0.06 / +0.02 +- 0.05; 800 draws a wanted world instead of 50, so
//     that 96% of a defender's worlds rather than 67% fit every model
//     (BenchmarkSampleWithModels, busy machine: 16 ms of sampling a
//     decision against 7),
//     -0.02 +- 0.07 / +0.01 +- 0.06. And for the opening lead alone (376
//     leads, make measure-lead), against 48 worlds make-or-defeat within 4M
//     nodes (0.207 +- 0.048): 96 worlds 0.234, 24 worlds valued exactly (by
//     expected IMPs) 0.269. Most of the defence's loss is in its leads:
//     over those 187 boards the opening lead 0.20, later leads 0.26 (trick
//     2 0.08, tricks 3-8 0.17), every other defender's card 0.14.
//   - Exact enumeration of every layout takes over in the last tricks.
//   - Tried for issue 15 and dropped, paired against these settings on
//     the same seeded boards (BenchmarkMeasureLevels, uncapped; tricks
//     lost a board, declarer/defence, 95% CIs): worlds weighted by the
//     hidden seats' carding (a world in which a seat did not play the
//     lowest of equal cards, or a loser other than its lowest in the
//     suit, counted 0.15 as much; three times the worlds drawn, 64 solved
//     by weight) +0.10 +- 0.13 / -0.02 +- 0.13 over 187 boards (the first
//     95 alone: -0.03 / -0.15 +- 0.17, the next 92: +0.23 / +0.12), at hard
//     +0.01 / +0.00 +- 0.14; the equals rule alone +0.09 +- 0.14 / -0.02
//     +- 0.11; 128 worlds instead of 64 +0.07 +- 0.17 / -0.01 +- 0.11 and
//     choosing by expected IMPs against each world's best card 0.00 +-
//     0.07 / -0.05 +- 0.08 (95 boards each; all of these before the fix
//     of trivialChoice, which cost more than any of them: -0.22 +- 0.07 /
//     -0.12 +- 0.05 over 376 boards). After it: solving at least 16
//     worlds whatever the node limit (~10% of trick 1's searches and 12%
//     of trick 2's fit fewer than 8, the first world costing 150k-1.6M
//     nodes) -0.03 +- 0.05 / -0.02 +- 0.04 over 175 boards, with searched
//     decisions of up to 8.7 s. Over 100 boards a change's paired interval
//     is +-0.15-0.25 tricks a board: measure on 200 or more.
//   - With trivialChoice fixed and the worlds read back through our own
//     calls and leads (System.CallModel, leadModel), over the 376 boards of
//     400 not passed out (uncapped), tricks lost a board declarer/defence:
//     medium 0.70 +- 0.10 / 0.68 +- 0.08, hard 0.56 +- 0.09 / 0.68 +- 0.09,
//     expert 0.53 +- 0.09 / 0.62 +- 0.08 (its opening lead 0.26 +- 0.05;
//     0.12 / 0.09 of it lost by cards that make or defeat the contract in
//     more worlds than a card taking more tricks, SearchStats.ForContract).
//   - The solver keeps one table through a decision's worlds (SearchCard,
//     dds.Solver.KeepTable): 38.4 worlds at trick 2 instead of 34.0 for
//     the same nodes. Then expert reads the opponents' last 8 cards back
//     (PlayCheck): over those 376 boards defence 0.561 +- 0.079 against
//     0.598 (paired -0.037 +- 0.045), declarer 0.495 against 0.489 (+0.005
//     +- 0.049); on 819 replayed defence leads (BenchmarkMeasureDecisions)
//     -0.016 +- 0.028, and -0.043 +- 0.057 on 411 with three times the
//     nodes, so that the checks cost no worlds. Not significant alone,
//     every measurement the same way; the checks cost about 20% of the
//     worlds at tricks 2-4. Hard and medium were not measured with it.
//   - The check asks less (dds.Solver.SolveBetter: the cards equal to the
//     one played are not searched, and the first better card ends it;
//     the same weights for 22% fewer nodes), so more worlds fit: expert
//     over the 376 boards 0.497 +- 0.085 / 0.572 +- 0.081 (paired with
//     the commit before +0.003 +- 0.032 / +0.011 +- 0.031). Hard reads the
//     opponents' cards back too (PlayCheck 8): 0.473 / 0.606 against
//     0.535 / 0.630 (paired -0.061 +- 0.052 / -0.024 +- 0.049), its p95
//     decision time 83 ms against 73 on an idle machine (budget 90).
//     Tried and dropped: each trick an opponent's card gave up weighing a
//     quarter (on 820 replayed defence leads -0.008 +- 0.017, fewer
//     worlds); for the opening lead (1,144 seeded leads, make measure-lead)
//     800 draws a wanted world, so that 55% of the lead's worlds fit every
//     model rather than 14% (0.258 tricks a lead against 0.250), and its
//     candidates valued exactly by IMPs within the 4M nodes (0.256 against
//     0.249).
//   - Over 762 boards (1-800, uncapped) expert loses 0.513 +- 0.058 as
//     declarer and 0.602 +- 0.060 in defence, hard 0.492 / 0.613 (paired,
//     expert against hard +0.021 +- 0.059 / -0.010 +- 0.054), medium
//     0.744 / 0.756 (hard against it -0.252 +- 0.065 / -0.143 +- 0.052).
//     What is left is mostly the distribution no player sees: told
//     partner's shape (an oracle, the expert-oracle-shape experiment) the
//     defence would lose 0.441 over the first 376 boards (-0.130 +-
//     0.067), and declarer told the opening leader's 0.245 (-0.253 +-
//     0.080); the parity a count signal gives is worth at most -0.024 on
//     the defence's later leads. Tried and dropped: reading partner's (or
//     every seat's) cards as the lowest of equal cards (+0.019 +- 0.024 on
//     the replayed defence leads), and other weights of the check's
//     unsound worlds for declarer (a half to a sixteenth, within +-0.008
//     on its replayed leads).
//   - Hard and expert read the opponents' small cards (ReadCarding): a
//     card that follows suit without beating the trick, or a discard, is
//     this bot's lowest of the suit (in 99.6% of the defenders' 5,043 such
//     follows of recorded expert play, 99.8% of their 5,196 discards), so
//     it denies the seat every lower card there.
//     Over the same 762 boards (uncapped), expert 0.496 +- 0.057 /
//     0.573 +- 0.057 (paired -0.017 +- 0.036 / -0.029 +- 0.035; the
//     defence's cards other than its leads -0.028 +- 0.019), hard 0.470 /
//     0.606 (-0.022 +- 0.039 / -0.007 +- 0.030); on the replayed leads of
//     tricks 2-8 -0.024 +- 0.029 (defence) and -0.016 +- 0.033
//     (declarer). With boards 801-1,200 (1,144 played in all, against the
//     expert-nocarding experiment there): expert 0.493 +- 0.046 / 0.580 +-
//     0.048, paired -0.016 +- 0.030 / -0.035 +- 0.029. Reading partner's
//     follows instead moved the defence's leads +0.003 +- 0.033. Expert's
//     p95 decision time 146.9 ms, hard's 69.7 (100 boards, budgets
//     binding).
//
// Measured with a07c1f6's settings (BenchmarkMeasureLevels, 96 boards, on the
// 2-core machine with another process busy on the other core, so times
// vary by some 10% between runs; two runs): decision time per card
// p50/p95 medium 0.03/17-19 ms (budget 40), hard 0.3-0.4/58-61 ms (90),
// expert 0.6/129-144 ms (180). The first searched trick is the slowest:
// p95 medium 46 ms (trick 3), hard 88 ms (trick 3), expert 167 ms (trick
// 2) in the slower run, so the budgets bind there on a busy machine. The
// slowest searched decision 59-66, 105-116 and 549-591 ms (expert's, at
// trick 2, took as long with the old limits: apparently one costly world); the time
// budget capped at most one search per level and run, and no decision
// fell back from the search (hard limit 3 x Budget + 200 ms). Tricks lost
// against double dummy per board over the whole play, declarer/defence:
// easy 2.16/1.41, medium 0.86/0.80, hard 1.38/1.12, expert 0.95/0.86 (±
// 0.2-0.35; with the old limits on the same solver medium 0.89/0.79, hard
// 1.44/1.13, expert 1.02/0.88, p95 17, 46 and 101 ms). Most of hard's and
// expert's loss is in the rollout tricks (trick 1: 0.66 a board by both
// sides; hard's trick 2: 0.75, where expert's searched trick 2 lost 0.15).
func (l Level) Params() LevelParams {
	switch l {
	case Medium:
		return LevelParams{Search: true, Worlds: 8, Attempts: 40, Nodes: 270_000, Budget: 40 * time.Millisecond,
			ExactTricks: 3, ExactLimit: 64, SearchCards: 44, IMPs: true}
	case Hard:
		return LevelParams{Search: true, Worlds: 32, Attempts: 40, Nodes: 600_000, Budget: 90 * time.Millisecond,
			ExactTricks: 5, ExactLimit: 256, SearchCards: 51, TargetCards: 49, IMPs: true, PlayCheck: 8,
			ReadCarding: ReadOpponents}
	case Expert:
		return LevelParams{Search: true, Worlds: 64, Attempts: 50, Nodes: 1_200_000, Budget: 180 * time.Millisecond,
			ExactTricks: 5, ExactLimit: 512, SearchCards: 51, TargetCards: 49, IMPs: true,
			LeadWorlds: 48, LeadNodes: 4_000_000, LeadBudget: time.Second, LeadSuits: true, PlayCheck: 8,
			ReadCarding: ReadOpponents}
	}
	return LevelParams{}
}
