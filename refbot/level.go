package refbot

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/openroom/openroom/refbot/cardplay"
	"github.com/openroom/openroom/refbot/simulate"
)

// Level is the reference bot's playing strength. Levels change the play;
// the bidding is the system's at every level, except that expert decides
// the calls the system leaves to judgement by simulation (package
// simulate).
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

// LevelParams are a level's play settings (package cardplay's Params).
type LevelParams = cardplay.Params

// Params returns the level's settings. The node limits are sized for the
// slowest place refbot plays: the practice page, where the same decisions
// run in WebAssembly at about a third of native speed. There a card takes,
// p95, at most 60 ms at medium, 200 ms at hard and 400 ms at expert on
// the 2-core reference machine; natively that is well within the soft
// budgets the levels were once given (medium 40 ms, hard 90 ms, expert
// 180 ms and 1 s for its opening lead). The clock caps are 25 times those
// budgets (ten at the lead). What each limit was sized for, and the
// measurements behind every choice, are in docs/refbot-strength.md.
func (l Level) Params() LevelParams {
	switch l {
	case Medium:
		return LevelParams{Search: true, Worlds: 8, Attempts: 40, Nodes: 70_000, ClockCap: time.Second,
			ExactTricks: 3, ExactLimit: 64, SearchCards: 44, IMPs: true}
	case Hard:
		return LevelParams{Search: true, Worlds: 32, Attempts: 40, Nodes: 180_000, ClockCap: 2 * time.Second,
			ExactTricks: 5, ExactLimit: 256, SearchCards: 51, TargetCards: 49, IMPs: true, PlayCheck: 8,
			ReadCarding: cardplay.ReadOpponents, Signals: true}
	case Expert:
		return LevelParams{Search: true, Worlds: 64, Attempts: 50, Nodes: 460_000, ClockCap: 4 * time.Second,
			ExactTricks: 5, ExactLimit: 512, SearchCards: 51, TargetCards: 49, IMPs: true,
			LeadWorlds: 48, LeadNodes: 3_200_000, LeadClockCap: 10 * time.Second, LeadSuits: true, PlayCheck: 8,
			ReadCarding: cardplay.ReadOpponents, Signals: true}
	}
	return LevelParams{}
}

// judgement returns the level's judgement by simulation: how many layouts
// expert samples at a call the system leaves to judgement. The other
// levels bid the system's own call.
func (l Level) judgement() simulate.Config {
	if l == Expert {
		return simulate.Config{Worlds: 16, Attempts: 200, Margin: 1}
	}
	return simulate.Config{}
}

// penaltyMargin returns the IMPs a layout a simulated penalty double must
// gain over passing at the level (+Inf: it never doubles so). Doubled
// undertricks swing many IMPs in a few layouts, and the layouts read the
// opponents' calls by refbot's own system, which an opponent bidding
// otherwise does not follow: the margin is wider than judgement's.
func (l Level) penaltyMargin() float64 {
	if l == Expert {
		return 3
	}
	return math.Inf(1)
}

// slamJudgement is judgement cfg for a slam decision (the candidates
// include a slam call: bidding.IsSlamCall): a slam made or missed swings
// eleven IMPs or more a layout, so the average over the layouts of a game
// decision is too noisy to beat the game by its margin; it samples twice as
// many and wants twice the margin.
func slamJudgement(cfg simulate.Config) simulate.Config {
	if cfg.Worlds > 0 {
		cfg.Worlds, cfg.Margin = 2*cfg.Worlds, 2*cfg.Margin
	}
	return cfg
}
