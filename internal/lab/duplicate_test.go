package lab

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/player"
	"github.com/openroom/openroom/refbot"
)

// measureBoards is the number of boards a measurement plays: def, or
// REFBOT_MEASURE_BOARDS for a quicker (or longer) run.
func measureBoards(def int) int {
	if n, err := strconv.Atoi(os.Getenv("REFBOT_MEASURE_BOARDS")); err == nil && n > 0 {
		return n
	}
	return def
}

// playerMaker builds the player of one seat for a board.
type playerMaker func(seat engine.Seat) player.Player

// BenchmarkDuplicate plays seeded duplicate matches locally (both rooms,
// same boards, seats swapped; each bot sees only its view) and reports
// team A's IMPs per board with a 95% confidence interval. Run it once:
// go test -run X -bench Duplicate -benchtime 1x ./internal/lab/
func BenchmarkDuplicate(b *testing.B) {
	boards := measureBoards(200)
	level := func(l refbot.Level) playerMaker {
		return func(s engine.Seat) player.Player {
			return refbot.New(l, uint64(s))
		}
	}
	random := func(s engine.Seat) player.Player { return player.Random{Seed: fmt.Sprint(uint64(s) + 77)} }
	noEarlyRollouts := func(s engine.Seat) player.Player {
		p := refbot.Expert.Params()
		p.Rollout = 0
		return refbot.New(refbot.Expert, uint64(s), refbot.WithParams(p))
	}
	noRollout := func(s engine.Seat) player.Player {
		p := refbot.Expert.Params()
		p.LeadRollout = 0 // heuristic opening leads, rollouts for the other early cards
		return refbot.New(refbot.Expert, uint64(s), refbot.WithParams(p))
	}
	narrowWindow := func(s engine.Seat) player.Player {
		p := refbot.Expert.Params()
		p.SearchCards, p.Nodes = 28, 800_000 // the window and limit sized for the slower solver
		return refbot.New(refbot.Expert, uint64(s), refbot.WithParams(p))
	}
	window := func(l refbot.Level, cards int) playerMaker {
		return func(s engine.Seat) player.Player {
			p := l.Params()
			p.SearchCards = cards
			return refbot.New(l, uint64(s), refbot.WithParams(p))
		}
	}
	// Node limits sized for a solver about 1.4 times slower (~7,000
	// nodes/ms), against the level's current ones.
	oldNodes := func(l refbot.Level, nodes uint64) playerMaker {
		return func(s engine.Seat) player.Player {
			p := l.Params()
			p.Nodes = nodes
			return refbot.New(l, uint64(s), refbot.WithParams(p))
		}
	}
	for _, m := range []struct {
		name string
		a, b playerMaker
	}{
		{"expert-vs-random", level(refbot.Expert), random},
		{"expert-vs-easy", level(refbot.Expert), level(refbot.Easy)},
		{"hard-vs-easy", level(refbot.Hard), level(refbot.Easy)},
		{"expert-vs-expert-heuristic-leads", level(refbot.Expert), noRollout},
		{"expert-vs-expert-heuristic-early-play", level(refbot.Expert), noEarlyRollouts},
		{"expert-vs-expert-narrow-window", level(refbot.Expert), narrowWindow},
		{"expert-window-48-vs-expert", window(refbot.Expert, 48), level(refbot.Expert)},
		{"hard-window-48-vs-hard", window(refbot.Hard, 48), level(refbot.Hard)},
		{"medium-window-44-vs-medium", window(refbot.Medium, 44), level(refbot.Medium)},
		{"expert-vs-expert-old-nodes", level(refbot.Expert), oldNodes(refbot.Expert, 900_000)},
		{"hard-vs-hard-old-nodes", level(refbot.Hard), oldNodes(refbot.Hard, 450_000)},
		{"medium-vs-medium-old-nodes", level(refbot.Medium), oldNodes(refbot.Medium, 200_000)},
	} {
		b.Run(m.name, func(b *testing.B) {
			for b.Loop() {
				var imps []float64
				for n := 1; n <= boards; n++ {
					deal := engine.NewDealSource("duplicate").Deal(n)
					var score [2]int // NS score in each room
					for room := 0; room < 2; room++ {
						var players [4]player.Player
						for s := engine.North; s <= engine.West; s++ {
							aSits := (s.Side() == engine.NS) == (room == 0)
							if aSits {
								players[s] = m.a(s)
							} else {
								players[s] = m.b(s)
							}
						}
						bd := engine.NewBoard(n, deal)
						require.NoError(b, player.PlayBoard(context.Background(), bd, players))
						score[room], _ = bd.ScoreNS()
					}
					// Team A is NS in room 0 and EW in room 1.
					imps = append(imps, float64(engine.IMPs(score[0]-score[1])))
				}
				mean, half := meanInterval(imps)
				b.ReportMetric(mean, "IMPs/board")
				b.Logf("%s: %d boards, team A %+.2f IMPs/board ± %.2f (95%% CI)", m.name, boards, mean, half)
			}
		})
	}
}
