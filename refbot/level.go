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
	LeadWorlds  int           // worlds for the opening lead; 0: the heuristic leads
}

// Params returns the level's settings.
//
// The node limits are sized so that, on the 2-core reference machine with
// the current dds (about 5 to 6 million nodes a second), a decision's
// deterministic work fits its time budget: early in the play one world
// costs a few hundred thousand nodes, so the experts solve a handful of
// worlds there and the full count from the middle of the play on. An
// opening lead costs about ten million nodes per world, far past any
// budget, so LeadWorlds is 0 and the heuristic leads (raise it when the
// clock allows, e.g. in events with a championship clock).
func (l Level) Params() LevelParams {
	switch l {
	case Medium:
		return LevelParams{Search: true, Worlds: 8, Attempts: 40, Nodes: 200_000, Budget: 40 * time.Millisecond, ExactTricks: 3, ExactLimit: 64}
	case Hard:
		return LevelParams{Search: true, Worlds: 32, Attempts: 40, Nodes: 500_000, Budget: 90 * time.Millisecond, ExactTricks: 5, ExactLimit: 256}
	case Expert:
		return LevelParams{Search: true, Worlds: 64, Attempts: 50, Nodes: 1_000_000, Budget: 180 * time.Millisecond, ExactTricks: 5, ExactLimit: 512}
	}
	return LevelParams{}
}
