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
// dds, which values every card of one world in about 1 ms with 5 tricks
// left, 20 ms with 7 and 100 ms with 8 (mean; the slowest deals take four
// times as long), and seconds earlier. So the search levels play the early
// tricks by the heuristic and search once at most SearchCards cards are
// left; the node limit then decides how many worlds fit (the deterministic
// limit), and exact enumeration takes over in the last tricks. An opening
// lead solved double dummy costs seconds to minutes per world, so
// LeadWorlds is 0; hard and expert choose their opening lead, and every
// card before the search window, from sampled worlds valued by heuristic
// rollouts (LeadRollout, Rollout) instead; medium plays those cards by the
// heuristic. Raise SearchCards and LeadWorlds as the solver gets faster or
// the clock looser.
func (l Level) Params() LevelParams {
	switch l {
	case Medium:
		return LevelParams{Search: true, Worlds: 8, Attempts: 40, Nodes: 150_000, Budget: 40 * time.Millisecond,
			ExactTricks: 3, ExactLimit: 64, SearchCards: 16}
	case Hard:
		return LevelParams{Search: true, Worlds: 32, Attempts: 40, Nodes: 400_000, Budget: 90 * time.Millisecond,
			ExactTricks: 5, ExactLimit: 256, SearchCards: 24, LeadRollout: 32, Rollout: 16}
	case Expert:
		return LevelParams{Search: true, Worlds: 64, Attempts: 50, Nodes: 800_000, Budget: 180 * time.Millisecond,
			ExactTricks: 5, ExactLimit: 512, SearchCards: 28, LeadRollout: 64, Rollout: 32}
	}
	return LevelParams{}
}
