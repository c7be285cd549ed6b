package refbot

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/internal/cputime"
	"github.com/openroom/openroom/player"
)

// simpleContract picks a plausible contract for a deal, standing in for
// the auction in play measurements: the side with more points declares a
// major with an 8-card fit, else no trump, else a minor with a 9-card fit;
// game with 25 points or more (five of a minor with 28), else a partscore.
func simpleContract(d engine.Deal) (declarer engine.Seat, level int, strain engine.Strain) {
	ns := d[engine.North].HCP() + d[engine.South].HCP()
	a, b := engine.North, engine.South
	pts := ns
	if ns < 20 {
		a, b, pts = engine.East, engine.West, 40-ns
	}
	fit := func(s engine.Suit) int { return d[a].SuitLen(s) + d[b].SuitLen(s) }
	longer := func(s engine.Suit) engine.Seat {
		if d[b].SuitLen(s) > d[a].SuitLen(s) {
			return b
		}
		return a
	}
	stronger := a
	if d[b].HCP() > d[a].HCP() {
		stronger = b
	}
	switch {
	case fit(engine.Spades) >= 8 && fit(engine.Spades) >= fit(engine.Hearts):
		return longer(engine.Spades), pick(pts >= 25, 4, 2), engine.StrainSpades
	case fit(engine.Hearts) >= 8:
		return longer(engine.Hearts), pick(pts >= 25, 4, 2), engine.StrainHearts
	case fit(engine.Diamonds) >= 9 && pts >= 28:
		return longer(engine.Diamonds), 5, engine.StrainDiamonds
	case fit(engine.Clubs) >= 9 && pts >= 28:
		return longer(engine.Clubs), 5, engine.StrainClubs
	}
	return stronger, pick(pts >= 25, 3, 1), engine.NoTrump
}

func pick(c bool, a, b int) int {
	if c {
		return a
	}
	return b
}

// contractBoard deals board n from seed and bids the simple contract.
func contractBoard(t testing.TB, seed string, n int) *engine.Board {
	t.Helper()
	bd := engine.NewBoard(n, engine.NewDealSource(seed).Deal(n))
	decl, level, strain := simpleContract(bd.Deal())
	for s := bd.Dealer(); s != decl; s = s.Next() {
		require.NoError(t, bd.Call(s, engine.Pass))
	}
	require.NoError(t, bd.Call(decl, engine.Bid(level, strain)))
	for i := 1; i <= 3; i++ {
		require.NoError(t, bd.Call((decl+engine.Seat(i))&3, engine.Pass))
	}
	return bd
}

// lateCards is the end of the play that the first measurements analysed
// (the last 7 tricks, when earlier positions were too slow to solve); the
// loss there is still reported beside the whole board's, for comparison.
const lateCards = 28

// ddLoss is the tricks each side lost against double dummy on one board:
// over the whole play and in its last lateCards cards.
type ddLoss struct {
	declarer, defence         int
	lateDeclarer, lateDefence int
	byTrick                   [13]int // both sides' losses in each trick
	// byPhase is each side's loss in each phase of the play (phaseOf),
	// [0] declarer's side, [1] the defence.
	byPhase [2][numPhases]int
	byCard  [52]int // the loss of each card, by its index in the play
	// defenceLeads is the defence's loss on its leads of tricks 2-13.
	defenceLeads int
}

// The phases of the play the measurements report separately: the
// opening lead, the rest of trick 1, trick 2, tricks 3-8 and 9-13.
const (
	phaseLead = iota
	phaseTrick1
	phaseTrick2
	phaseMiddle
	phaseEnd
	numPhases
)

var phaseNames = [numPhases]string{"opening lead", "rest of trick 1", "trick 2", "tricks 3-8", "tricks 9-13"}

// phaseOf returns the phase of the card with index i (0 = the opening lead).
func phaseOf(i int) int {
	switch {
	case i == 0:
		return phaseLead
	case i < 4:
		return phaseTrick1
	case i < 8:
		return phaseTrick2
	case i < 32:
		return phaseMiddle
	}
	return phaseEnd
}

// auctionBoard returns board n of the deal with the calls made: a recorded
// board at the start of its play, to replay the cards on.
func auctionBoard(t testing.TB, n int, deal engine.Deal, calls []engine.Call) *engine.Board {
	t.Helper()
	bd := engine.NewBoard(n, deal)
	for _, call := range calls {
		turn, _ := bd.Turn()
		require.NoError(t, bd.Call(turn, call), "board %d", n)
	}
	return bd
}

// ddLosses analyses a played board on its real deal (post-game analysis,
// never available to a bot): the double-dummy value after every card of
// the whole play, and for each card the tricks its side lost by it (the
// drop in that side's double-dummy total).
func ddLosses(t testing.TB, played *engine.Board, sv *dds.Solver) ddLoss {
	t.Helper()
	c, _ := played.Contract()
	cards := played.Play().Cards()
	ns, err := sv.AnalysePlay(played.Deal(), c.Strain, c.Leader(), cards)
	require.NoError(t, err)
	require.Len(t, ns, len(cards)+1)
	bd := auctionBoard(t, played.Number(), played.Deal(), played.Auction().Calls())
	return tallyLosses(t, bd, cards, func(i int, side engine.Side) int {
		lost := ns[i] - ns[i+1] // North-South's drop
		if side != engine.NS {
			lost = -lost
		}
		require.GreaterOrEqual(t, lost, 0, "board %d card %d", played.Number(), i+1)
		return lost
	})
}

// tallyLosses plays cards on bd (a board at the start of its play) and
// adds up the tricks each card lost, lost(i, side) for the card of index i
// played by side, by side, phase and trick.
func tallyLosses(t testing.TB, bd *engine.Board, cards []engine.Card, lost func(i int, side engine.Side) int) ddLoss {
	t.Helper()
	c, _ := bd.Contract()
	var l ddLoss
	for i, card := range cards {
		turn, _ := bd.Turn()
		x := lost(i, turn.Side())
		l.byTrick[i/4] += x
		l.byCard[i] = x
		late := 52-i <= lateCards
		if turn.Side() == c.Declarer.Side() {
			l.byPhase[0][phaseOf(i)] += x
			l.declarer += x
			if late {
				l.lateDeclarer += x
			}
		} else {
			l.byPhase[1][phaseOf(i)] += x
			l.defence += x
			if late {
				l.lateDefence += x
			}
			if i > 0 && i%4 == 0 {
				l.defenceLeads += x
			}
		}
		require.NoError(t, bd.PlayCard(turn, card), "board %d, card %d", bd.Number(), i+1)
	}
	return l
}

// measureBoards is the number of boards a measurement plays: def, or
// REFBOT_MEASURE_BOARDS for a quicker (or longer) run.
func measureBoards(def int) int {
	if n, err := strconv.Atoi(os.Getenv("REFBOT_MEASURE_BOARDS")); err == nil && n > 0 {
		return n
	}
	return def
}

// measureFirst is the first board a measurement plays: 1, or
// REFBOT_MEASURE_FIRST, to extend an earlier run on the same seeded boards
// (with REFBOT_MEASURE_PERBOARD, the two runs' boards are joined after).
func measureFirst() int {
	if n, err := strconv.Atoi(os.Getenv("REFBOT_MEASURE_FIRST")); err == nil && n > 0 {
		return n
	}
	return 1
}

// meanCI returns the mean and the half-width of its 95% confidence interval.
func meanCI(xs []float64) (mean, half float64) { return meanInterval(xs) }

func percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[min(len(s)-1, int(p*float64(len(s))))]
}

// cpuTimed is a player whose card decisions are timed in process CPU time.
type cpuTimed struct {
	player.Player
	record func(index int, cpu time.Duration)
}

// Card times the player's card.
func (p cpuTimed) Card(ctx context.Context, v *engine.View) (engine.Card, error) {
	t0 := cputime.Process()
	c, err := p.Player.Card(ctx, v)
	p.record(v.Play.Len(), cputime.Process()-t0)
	return c, err
}

// BenchmarkMeasureLevels plays seeded boards with four bots of one level,
// driven by their views only, and reports the tricks each side lost
// against double dummy per board over the whole play (and, for comparison
// with the first measurements, in the last 7 tricks) and the decision
// time per card. Run it once:
// go test -run X -bench MeasureLevels -benchtime 1x ./refbot/
// (REFBOT_MEASURE_BOARDS=n plays n boards instead of 96).
// Each level is also measured as it was at commit a07c1f6 (the
// sub-benchmarks named LEVEL-a07c1f6: play settings only, the bidding is
// today's), for before-and-after figures on the same boards.
// REFBOT_MEASURE_UNCAPPED=1 lifts the clock cap, so that only the counts
// (worlds, nodes) bind even on a machine so busy that the safety net
// would: the strength the levels have on an idle machine, measured on a
// busy one. The process CPU time per card is the decision's cost there.
func BenchmarkMeasureLevels(b *testing.B) {
	boards := measureBoards(96)
	type config struct {
		name   string
		level  Level
		params LevelParams
		oracle oracle
		ew     *Level // East-West's level, when not level
	}
	var configs []config
	for _, level := range []Level{Easy, Medium, Hard, Expert} {
		configs = append(configs, config{level.String(), level, level.Params(), "", nil},
			config{level.String() + "-a07c1f6", level, paramsA07c1f6(level), "", nil})
	}
	for _, e := range playExperiments() {
		configs = append(configs, config{e.name, e.level, e.params, e.oracle, e.ew})
	}
	// A directory: one TSV per config of per-board losses (board, contract,
	// declarer's and defence's losses, each by phase, the deal, the auction,
	// the play and each card's loss), for paired comparisons and for
	// reading the cards that lost.
	perBoard := os.Getenv("REFBOT_MEASURE_PERBOARD")
	uncapped := os.Getenv("REFBOT_MEASURE_UNCAPPED") != ""
	uncap := func(p LevelParams) LevelParams {
		if uncapped {
			p.ClockCap, p.LeadClockCap = time.Hour, time.Hour
		}
		return p
	}
	for _, cfg := range configs {
		level := cfg.name
		params := uncap(cfg.params)
		b.Run(cfg.name, func(b *testing.B) {
			for b.Loop() {
				var decl, def, lateDecl, lateDef []float64
				var times, searched, early, rolled []time.Duration
				var nodes []time.Duration // solver nodes per searched decision (as a Duration, to share percentile)
				// The process's CPU time per card decision (all, searched
				// ones, opening leads): with GOMAXPROCS=1 what the decision
				// cost, however busy the machine was.
				var cpuAll, cpuSearched, cpuLead []time.Duration
				lastSearched := false
				earlyWorlds := 0
				// Sampled (not exact) searches by trick: worlds solved and times.
				var worldsBy [13]int
				// Sampled searches by the loosest relaxation step among
				// their worlds (World.Step), declarer's side and defence.
				var steps [2][HardOnly + 1]int
				var timesBy [13][]time.Duration
				var byTrick [13]int
				var byPhase [2][numPhases][]float64
				capped, abandoned := 0, 0
				// Tricks lost by cards chosen for the contract over more
				// tricks (SearchStats.ForContract), by side, and how many.
				var forContract [2]float64
				forContractCards := 0
				sv := dds.NewSolver()
				played := 0
				var rows []string // per-board losses, for paired comparisons (REFBOT_MEASURE_PERBOARD)
				for n := measureFirst(); n <= boards; n++ {
					bd := engine.NewBoard(n, engine.NewDealSource("measure-levels").Deal(n))
					var traded [52]bool
					var seatOf [52]engine.Seat
					var players [4]player.Player
					for s := range players {
						var opts []Option
						if cfg.oracle != "" {
							opts = append(opts, WithInference(cfg.oracle.inference(NewSystem(), bd.Deal())))
						}
						seatLevel, seatParams := cfg.level, params
						if cfg.ew != nil && engine.Seat(s).Side() == engine.EW {
							seatLevel, seatParams = *cfg.ew, uncap(cfg.ew.Params())
						}
						players[s] = New(seatLevel, uint64(s), append(opts, WithSolver(NewDDSSolver), WithParams(seatParams), WithDecisionHook(func(d Decision) {
							times = append(times, d.Elapsed)
							lastSearched = d.Policy == "search" && !d.Stats.Trivial
							switch {
							case d.Policy == "search" && !d.Stats.Trivial:
								searched = append(searched, d.Elapsed)
								nodes = append(nodes, time.Duration(d.Stats.Nodes))
								if 52-d.Index > 32 && !d.Stats.Exact {
									early, earlyWorlds = append(early, d.Elapsed), earlyWorlds+d.Stats.Worlds
								}
								if !d.Stats.Exact {
									side := 1
									if c, _ := bd.Contract(); d.Seat.Side() == c.Declarer.Side() {
										side = 0
									}
									steps[side][d.Stats.Step]++
									worldsBy[d.Index/4] += d.Stats.Worlds
									timesBy[d.Index/4] = append(timesBy[d.Index/4], d.Elapsed)
								}
							case d.Policy == "rollout":
								rolled = append(rolled, d.Elapsed)
							}
							if d.Stats.Capped {
								capped++
							}
							traded[d.Index], seatOf[d.Index] = d.Stats.ForContract, d.Seat
							if d.Fallback != "" {
								abandoned++
							}
						}))...)
						players[s] = cpuTimed{Player: players[s], record: func(index int, cpu time.Duration) {
							cpuAll = append(cpuAll, cpu)
							if lastSearched {
								cpuSearched = append(cpuSearched, cpu)
							}
							if index == 0 {
								cpuLead = append(cpuLead, cpu)
							}
						}}
					}
					require.NoError(b, player.PlayBoard(context.Background(), bd, players))
					if c, _ := bd.Contract(); c.PassedOut() {
						continue
					}
					played++
					l := ddLosses(b, bd, sv)
					c, _ := bd.Contract()
					for i, t := range traded {
						if t {
							forContractCards++
							side := 1
							if seatOf[i].Side() == c.Declarer.Side() {
								side = 0
							}
							forContract[side] += float64(l.byCard[i])
						}
					}
					decl, def = append(decl, float64(l.declarer)), append(def, float64(l.defence))
					lateDecl, lateDef = append(lateDecl, float64(l.lateDeclarer)), append(lateDef, float64(l.lateDefence))
					for i, x := range l.byTrick {
						byTrick[i] += x
					}
					for side := range byPhase {
						for ph := range byPhase[side] {
							byPhase[side][ph] = append(byPhase[side][ph], float64(l.byPhase[side][ph]))
						}
					}
					cards := bd.Play().Cards()
					rows = append(rows, fmt.Sprintf("%d\t%s\t%d\t%d\t%v\t%v\t%s\t%v\t%v\t%v", n, c, l.declarer, l.defence, l.byPhase[0], l.byPhase[1], bd.Deal(),
						bd.Auction().Calls(), cards, l.byCard[:len(cards)]))
				}
				if perBoard != "" {
					require.NoError(b, os.WriteFile(perBoard+"/"+level+".tsv", []byte(strings.Join(rows, "\n")+"\n"), 0o644))
				}
				dm, dh := meanCI(decl)
				fm, fh := meanCI(def)
				ldm, ldh := meanCI(lateDecl)
				lfm, lfh := meanCI(lateDef)
				b.ReportMetric(dm, "decl-loss/board")
				b.ReportMetric(fm, "def-loss/board")
				b.ReportMetric(float64(percentile(times, 0.5).Microseconds())/1000, "p50-ms")
				b.ReportMetric(float64(percentile(times, 0.95).Microseconds())/1000, "p95-ms")
				b.Logf("%s: %d boards played (of %d, SAYC-lite auctions); tricks lost vs DD per board over the whole play: declarer %.2f ± %.2f, defence %.2f ± %.2f "+
					"(in the last 7 tricks: declarer %.2f ± %.2f, defence %.2f ± %.2f; 95%% CIs); "+
					"decision time all cards p50 %v p95 %v max %v (%d cards); double-dummy searched cards p50 %v p95 %v max %v (%d); "+
					"of those with more than 32 cards left: p50 %v p95 %v max %v, %.1f worlds on average (%d); "+
					"rollout cards p50 %v p95 %v max %v (%d); capped %d; fell back (search abandoned at the hard limit or failed) %d",
					level, played, boards, dm, dh, fm, fh, ldm, ldh, lfm, lfh,
					percentile(times, 0.5), percentile(times, 0.95), percentile(times, 1), len(times),
					percentile(searched, 0.5), percentile(searched, 0.95), percentile(searched, 1), len(searched),
					percentile(early, 0.5), percentile(early, 0.95), percentile(early, 1), float64(earlyWorlds)/float64(max(len(early), 1)), len(early),
					percentile(rolled, 0.5), percentile(rolled, 0.95), percentile(rolled, 1), len(rolled), capped, abandoned)
				b.Logf("%s: process CPU time per card (GOMAXPROCS=1 makes it the decision's): all p50 %v p95 %v max %v (%d); searched p50 %v p95 %v max %v (%d); opening lead p50 %v p95 %v max %v (%d)",
					level, percentile(cpuAll, 0.5), percentile(cpuAll, 0.95), percentile(cpuAll, 1), len(cpuAll),
					percentile(cpuSearched, 0.5), percentile(cpuSearched, 0.95), percentile(cpuSearched, 1), len(cpuSearched),
					percentile(cpuLead, 0.5), percentile(cpuLead, 0.95), percentile(cpuLead, 1), len(cpuLead))
				var per [13]string
				for i, x := range byTrick {
					per[i] = strconv.FormatFloat(float64(x)/float64(max(played, 1)), 'f', 2, 64)
				}
				b.Logf("%s: tricks lost vs DD per board by both sides in tricks 1-13: %v", level, per)
				b.Logf("%s: of those, lost by %d cards chosen for the contract over more tricks (SearchStats.ForContract): declarer %.2f, defence %.2f a board",
					level, forContractCards, forContract[0]/float64(max(played, 1)), forContract[1]/float64(max(played, 1)))
				// The node counts are deterministic: divided by the solver's speed
				// on a core (BenchmarkWorldCost) they say what the decision times
				// will be there.
				b.Logf("%s: solver nodes per searched decision p50 %d p95 %d max %d (%d decisions; node limit %d)",
					level, percentile(nodes, 0.5), percentile(nodes, 0.95), percentile(nodes, 1), len(nodes), params.Nodes)
				for side, name := range []string{"declarer", "defence"} {
					var parts []string
					for ph := range numPhases {
						m, h := meanCI(byPhase[side][ph])
						parts = append(parts, fmt.Sprintf("%s %.2f ± %.2f", phaseNames[ph], m, h))
					}
					b.Logf("%s: %s's tricks lost vs DD per board by phase (95%% CIs): %s", level, name, strings.Join(parts, "; "))
				}
				var by []string
				for i, ts := range timesBy[:6] {
					if len(ts) > 0 {
						by = append(by, fmt.Sprintf("trick %d (%d-%d cards left): %d searches, %.1f worlds on average, p50 %v p95 %v max %v",
							i+1, 52-4*i, 49-4*i, len(ts), float64(worldsBy[i])/float64(len(ts)),
							percentile(ts, 0.5).Round(100*time.Microsecond), percentile(ts, 0.95).Round(100*time.Microsecond), percentile(ts, 1).Round(100*time.Microsecond)))
					}
				}
				b.Logf("%s: sampled double-dummy searches by trick: %s", level, strings.Join(by, "; "))
				b.Logf("%s: sampled searches by the loosest relaxation step of their worlds (0: every model; %d: the hard facts only), declarer's side %v, defence %v", level, HardOnly, steps[0], steps[1])
			}
		})
	}
}

// playExperiments are variants of the levels' settings measured beside
// them (select one with the bench regex, e.g. MeasureLevels/^expert-w128$).
// Add one here to measure a change of settings on the same boards.
func playExperiments() []struct {
	name   string
	level  Level
	params LevelParams
	oracle oracle
	ew     *Level
} {
	w128 := Expert.Params()
	w128.Worlds = 128 // tried for issue 15 and dropped (see Level.Params)
	att800 := Expert.Params()
	att800.Attempts = 800 // tried for issue 15 and dropped (see Level.Params)
	noCheck := Expert.Params()
	noCheck.PlayCheck = 0 // expert before the play check (see Level.Params)
	hardNoCheck := Hard.Params()
	hardNoCheck.PlayCheck = 0 // hard before the play check (see Level.Params)
	noCarding := Expert.Params()
	noCarding.ReadCarding = ReadNobody // expert before it read the opponents' carding (see Level.Params)
	// The node limits the levels had before they were fitted to the
	// decision times of the old time budgets, for paired comparisons.
	expertWide := Expert.Params()
	expertWide.Nodes, expertWide.LeadNodes = 1_200_000, 4_000_000
	hardWide := Hard.Params()
	hardWide.Nodes = 600_000
	easy, medium, hard, expert := Easy, Medium, Hard, Expert
	return []struct {
		name   string
		level  Level
		params LevelParams
		oracle oracle
		ew     *Level
	}{
		{"expert-w128", Expert, w128, "", nil},
		{"expert-att800", Expert, att800, "", nil},
		{"expert-nocheck", Expert, noCheck, "", nil},
		{"hard-nocheck", Hard, hardNoCheck, "", nil},
		{"expert-nocarding", Expert, noCarding, "", nil},
		{"expert-wide", Expert, expertWide, "", nil},
		{"hard-wide", Hard, hardWide, "", nil},
		// The defenders told partner's real shape (oracleShape): what
		// the defence would lose knowing it, which no real defence does.
		{"expert-oracle-shape", Expert, Expert.Params(), oracleShape, nil},
		// Declarer told the opening leader's real shape (oracleDeclShape).
		{"expert-oracle-decl-shape", Expert, Expert.Params(), oracleDeclShape, nil},
		// Expert North-South against medium East-West, and the other way
		// round: the two runs' per-board files give each level's play
		// against the other on every board (declarer and defence are then
		// told apart by the seat that declared, not by the config).
		{"expert-vs-medium", Expert, Expert.Params(), "", &medium},
		{"medium-vs-expert", Medium, Medium.Params(), "", &expert},
		// Expert against hard and the other way round: with the hard
		// self-play run, each level's declarer (and defence) against
		// the same opponents, hard's, so that the levels' order is not
		// confounded by the play of the side they face.
		{"expert-vs-hard", Expert, Expert.Params(), "", &hard},
		{"hard-vs-expert", Hard, Hard.Params(), "", &expert},
		// The same against easy, the opponents of the first
		// measurement of expert's play.
		{"expert-vs-easy", Expert, Expert.Params(), "", &easy},
		{"easy-vs-expert", Easy, Easy.Params(), "", &expert},
	}
}

// paramsA07c1f6 returns a level's play settings as they were at commit
// a07c1f6, before the trick-1 search and the make-or-defeat searches: the
// frozen "before" of the measurements.
func paramsA07c1f6(l Level) LevelParams {
	switch l {
	case Medium:
		return LevelParams{Search: true, Worlds: 8, Attempts: 40, Nodes: 270_000, ClockCap: time.Second,
			ExactTricks: 3, ExactLimit: 64, SearchCards: 44}
	case Hard:
		return LevelParams{Search: true, Worlds: 32, Attempts: 40, Nodes: 600_000, ClockCap: 2 * time.Second,
			ExactTricks: 5, ExactLimit: 256, SearchCards: 44, LeadRollout: 32, Rollout: 16}
	case Expert:
		return LevelParams{Search: true, Worlds: 64, Attempts: 50, Nodes: 1_200_000, ClockCap: 4 * time.Second,
			ExactTricks: 5, ExactLimit: 512, SearchCards: 48, LeadRollout: 64, Rollout: 32}
	}
	return LevelParams{}
}

// playerMaker builds the player of one seat for a board.
type playerMaker func(seat engine.Seat) player.Player

// BenchmarkDuplicate plays seeded duplicate matches locally (both rooms,
// same boards, seats swapped; each bot sees only its view) and reports
// team A's IMPs per board with a 95% confidence interval. Run it once:
// go test -run X -bench Duplicate -benchtime 1x ./refbot/
func BenchmarkDuplicate(b *testing.B) {
	boards := measureBoards(200)
	level := func(l Level) playerMaker {
		return func(s engine.Seat) player.Player { return New(l, uint64(s), WithSolver(NewDDSSolver)) }
	}
	random := func(s engine.Seat) player.Player { return player.Random{Seed: fmt.Sprint(uint64(s) + 77)} }
	noEarlyRollouts := func(s engine.Seat) player.Player {
		p := Expert.Params()
		p.Rollout = 0
		return New(Expert, uint64(s), WithSolver(NewDDSSolver), WithParams(p))
	}
	noRollout := func(s engine.Seat) player.Player {
		p := Expert.Params()
		p.LeadRollout = 0 // heuristic opening leads, rollouts for the other early cards
		return New(Expert, uint64(s), WithSolver(NewDDSSolver), WithParams(p))
	}
	narrowWindow := func(s engine.Seat) player.Player {
		p := Expert.Params()
		p.SearchCards, p.Nodes = 28, 800_000 // the window and limit sized for the slower solver
		return New(Expert, uint64(s), WithSolver(NewDDSSolver), WithParams(p))
	}
	window := func(l Level, cards int) playerMaker {
		return func(s engine.Seat) player.Player {
			p := l.Params()
			p.SearchCards = cards
			return New(l, uint64(s), WithSolver(NewDDSSolver), WithParams(p))
		}
	}
	// The node limits sized for the solver before it got ~1.4x faster
	// (~7,000 nodes/ms), against the level's current ones.
	oldNodes := func(l Level, nodes uint64) playerMaker {
		return func(s engine.Seat) player.Player {
			p := l.Params()
			p.Nodes = nodes
			return New(l, uint64(s), WithSolver(NewDDSSolver), WithParams(p))
		}
	}
	for _, m := range []struct {
		name string
		a, b playerMaker
	}{
		{"expert-vs-random", level(Expert), random},
		{"expert-vs-easy", level(Expert), level(Easy)},
		{"hard-vs-easy", level(Hard), level(Easy)},
		{"expert-vs-expert-heuristic-leads", level(Expert), noRollout},
		{"expert-vs-expert-heuristic-early-play", level(Expert), noEarlyRollouts},
		{"expert-vs-expert-narrow-window", level(Expert), narrowWindow},
		{"expert-window-48-vs-expert", window(Expert, 48), level(Expert)},
		{"hard-window-48-vs-hard", window(Hard, 48), level(Hard)},
		{"medium-window-44-vs-medium", window(Medium, 44), level(Medium)},
		{"expert-vs-expert-old-nodes", level(Expert), oldNodes(Expert, 900_000)},
		{"hard-vs-hard-old-nodes", level(Hard), oldNodes(Hard, 450_000)},
		{"medium-vs-medium-old-nodes", level(Medium), oldNodes(Medium, 200_000)},
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
				mean, half := meanCI(imps)
				b.ReportMetric(mean, "IMPs/board")
				b.Logf("%s: %d boards, team A %+.2f IMPs/board ± %.2f (95%% CI)", m.name, boards, mean, half)
			}
		})
	}
}
