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
//   - SearchCards, the search window, is as wide as the node limit allows
//     with about a dozen worlds or more on the mean deal: expert 44
//     (~15 worlds at 44 cards left, ~34 at 40, all 64 at 36), hard 40
//     (~17 at 40, all 32 at 36), medium 40 (~7 at 40, all 8 at 36). One
//     trick earlier only about 5 (expert), 2 (hard) or 1 (medium) worlds
//     would fit, too few to beat the rollouts.
//   - The opening lead stays with heuristic rollouts (LeadRollout; medium:
//     the heuristic lead), as do the cards before the window (Rollout):
//     at 100 ms a world (p95 350 ms, slowest 3 s) not even two worlds fit
//     expert's 180 ms, and even DDS could not solve 64 leads in it.
//     LeadWorlds stays 0.
//   - Exact enumeration of every layout takes over in the last tricks.
//
// Measured with these settings (BenchmarkMeasureLevels, BenchmarkDuplicate;
// see README.md for the figures): every level's 95th-percentile decision
// time is within its budget plus 20% on the 2-core machine under load.
func (l Level) Params() LevelParams {
	switch l {
	case Medium:
		return LevelParams{Search: true, Worlds: 8, Attempts: 40, Nodes: 200_000, Budget: 40 * time.Millisecond,
			ExactTricks: 3, ExactLimit: 64, SearchCards: 40}
	case Hard:
		return LevelParams{Search: true, Worlds: 32, Attempts: 40, Nodes: 450_000, Budget: 90 * time.Millisecond,
			ExactTricks: 5, ExactLimit: 256, SearchCards: 40, LeadRollout: 32, Rollout: 16}
	case Expert:
		return LevelParams{Search: true, Worlds: 64, Attempts: 50, Nodes: 900_000, Budget: 180 * time.Millisecond,
			ExactTricks: 5, ExactLimit: 512, SearchCards: 44, LeadRollout: 64, Rollout: 32}
	}
	return LevelParams{}
}
