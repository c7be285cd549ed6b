package cardplay_test

import (
	"time"

	"github.com/openroom/openroom/refbot"
	"github.com/openroom/openroom/refbot/cardplay"
)

func testParams() cardplay.Params {
	p := refbot.Hard.Params()
	p.Worlds, p.Nodes, p.SearchCards = 6, 200_000, 0
	p.ClockCap = 10 * time.Second // only the deterministic limits bind, even under -race
	return p
}

// The internal tests' helpers (export_test.go).
var (
	playCards     = cardplay.PlayCards
	heartBoard    = cardplay.HeartBoard
	playHeuristic = cardplay.PlayHeuristic
	readingOthers = cardplay.ReadingOthers
)
