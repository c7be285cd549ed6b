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
	LeadRollout int           // else worlds for the opening lead valued by heuristic rollouts (0: the heuristic leads)
	Rollout     int           // worlds for heuristic rollouts on cards before the search window (0: the heuristic plays)
	SearchCards int           // search only when at most this many cards are left to play (0: always)
}

// Params returns the level's settings.
//
// The limits are sized for the 2-core reference machine and the current
// dds. Measured by BenchmarkWorldCost (one sampled world valued double
// dummy, every legal card, on one core while another process used the
// other): the mean world costs about 0.1 ms with 28 cards left, 1.1 ms with
// 36, 3.6 ms with 40, 8 ms with 44, 26 ms with 48 and 100 ms at the opening
// lead (52), the 95th percentile three to four times the mean, and the
// solver runs at about 7,000-7,500 nodes per millisecond throughout. So:
//
//   - Nodes is the deterministic work limit, about 70% of the budget at
//     7,000 nodes/ms, so that a searched decision stays within Budget on
//     a loaded machine and replays identically for a seed; a world is
//     started only while the nodes spent plus the mean cost of a world so
//     far fit (SearchCard). Late in the play it never binds (Worlds does);
//     early it decides how many worlds fit, so the first searched tricks
//     get fewer worlds instead of a narrower window.
//   - SearchCards, the search window, starts as soon as a few worlds fit
//     the node limit on the mean deal: expert 48 (from trick 2: ~5 worlds
//     at 48 cards left, ~15 at 44, ~34 at 40, all 64 from 36), hard 44
//     (~7 at 44, ~17 at 40, all 32 from 36), medium 44 (~3 at 44, ~7 at
//     40, all 8 from 36). Even so few worlds beat the rollouts: trick 2
//     searched over ~5 worlds lost 0.29 tricks a board against double
//     dummy at expert, where hard's rollouts lost 0.75; in duplicate
//     (200 boards, 95% CI) expert with the window at 44 beat the window
//     of the slower solver (28, 800k nodes) by +0.96 ± 0.51 IMPs/board,
//     and one more trick (48 against 44) gained +0.34 ± 0.51 (hard 44
//     against 40: +0.16 ± 0.45; medium 44 against 40: +0.15 ± 0.38).
//     At 48 cards hard would fit ~2 worlds and medium ~1, so they start
//     at trick 3. Trick 1 is not searched: at 80-100 ms a world it would
//     be one or two worlds, and a slow world costs a second or more.
//   - The opening lead stays with heuristic rollouts (LeadRollout; medium:
//     the heuristic lead), as do the other cards of trick 1 (Rollout): at
//     100 ms a world (p95 350 ms, slowest 3 s) not even two worlds fit
//     expert's 180 ms, and even DDS could not solve 64 leads in it.
//     LeadWorlds stays 0. With the search from trick 2 the rollouts no
//     longer measurably help expert (duplicate, 200 boards: against
//     heuristic leads +0.12 ± 0.48 IMPs/board, against heuristic play of
//     the rest of trick 1 -0.24 ± 0.33); they are kept, as the heuristic
//     is no better either.
//   - Exact enumeration of every layout takes over in the last tricks.
//
// Measured with these settings (BenchmarkMeasureLevels, 96 boards, on the
// 2-core machine with another process busy on the other core): decision
// time per card p50/p95 medium 0.04/24 ms (budget 40), hard 0.4/59 ms
// (90), expert 0.8/136 ms (180); the slowest searched decision 94, 170
// and 325 ms, and one expert decision in 4,732 abandoned its search at the
// hard limit (740 ms) for the heuristic. Tricks lost against double dummy
// per board over the whole play, declarer/defence: easy 2.16/1.41, medium
// 0.92/0.81, hard 1.37/1.05, expert 1.11/1.03 (most of hard's and
// expert's loss is in the rollout tricks 1-2).
func (l Level) Params() LevelParams {
	switch l {
	case Medium:
		return LevelParams{Search: true, Worlds: 8, Attempts: 40, Nodes: 200_000, Budget: 40 * time.Millisecond,
			ExactTricks: 3, ExactLimit: 64, SearchCards: 44}
	case Hard:
		return LevelParams{Search: true, Worlds: 32, Attempts: 40, Nodes: 450_000, Budget: 90 * time.Millisecond,
			ExactTricks: 5, ExactLimit: 256, SearchCards: 44, LeadRollout: 32, Rollout: 16}
	case Expert:
		return LevelParams{Search: true, Worlds: 64, Attempts: 50, Nodes: 900_000, Budget: 180 * time.Millisecond,
			ExactTricks: 5, ExactLimit: 512, SearchCards: 48, LeadRollout: 64, Rollout: 32}
	}
	return LevelParams{}
}
