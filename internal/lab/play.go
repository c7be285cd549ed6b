package lab

import (
	"context"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/internal/cputime"
	"github.com/openroom/openroom/player"
	"github.com/openroom/openroom/refbot"
	"github.com/openroom/openroom/refbot/bidding"
	"github.com/openroom/openroom/refbot/cardplay"
)

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

// PlayConfig says what MeasurePlay measures.
type PlayConfig struct {
	First, Last int            // the seeded boards, First to Last
	Match       *regexp.Regexp // the configurations measured, by name (nil: all)
	// PerBoard, when not "", is a directory: one TSV per configuration of
	// per-board losses (board, contract, declarer's and defence's losses,
	// each by phase, the deal, the auction, the play and each card's loss),
	// for paired comparisons (ComparePlay, MeasureDecisions) and for
	// reading the cards that lost.
	PerBoard string
	// Uncapped lifts the clock cap, so that only the counts (worlds,
	// nodes) bind even on a machine so busy that the safety net would:
	// the strength the levels have on an idle machine, measured on a busy
	// one. The process CPU time per card is the decision's cost there.
	Uncapped bool
}

// MeasurePlay plays seeded boards with four bots of one configuration,
// driven by their views only, and writes to w the tricks each side lost
// against double dummy per board over the whole play (and in the last 7
// tricks) and the decision time per card. The configurations are the
// levels, each level with its baseline settings (LEVEL-baseline,
// baselineParams: play settings only, the bidding is the current one) for
// paired figures on the same boards, and the experiments of
// playExperiments.
func MeasurePlay(w io.Writer, c PlayConfig) error {
	logf := func(format string, args ...any) { fmt.Fprintf(w, format+"\n", args...) }
	if c.PerBoard != "" {
		// Make the directory before the hours of play, not after them.
		if err := os.MkdirAll(c.PerBoard, 0o755); err != nil {
			return fmt.Errorf("per-board directory: %w", err)
		}
	}
	for _, cfg := range playConfigs() {
		if c.Match != nil && !c.Match.MatchString(cfg.name) {
			continue
		}
		if err := measureConfig(logf, c, cfg); err != nil {
			return err
		}
	}
	return nil
}

// playConfig is one configuration MeasurePlay measures: the level and
// play settings of all four seats, or of North-South only when ew is set.
type playConfig struct {
	name   string
	level  refbot.Level
	params cardplay.Params
	oracle oracle
	ew     *refbot.Level // East-West's level, when not level
}

// playConfigs returns every configuration MeasurePlay measures, in the
// order it reports them: each level, then its baseline, then the
// experiments.
func playConfigs() []playConfig {
	var configs []playConfig
	for _, level := range []refbot.Level{refbot.Easy, refbot.Medium, refbot.Hard, refbot.Expert} {
		configs = append(configs, playConfig{level.String(), level, level.Params(), "", nil},
			playConfig{level.String() + "-baseline", level, baselineParams(level), "", nil})
	}
	return append(configs, playExperiments()...)
}

// uncap returns the settings with the clock cap lifted when uncapped
// (PlayConfig.Uncapped), else as they are.
func uncap(p cardplay.Params, uncapped bool) cardplay.Params {
	if uncapped {
		p.ClockCap, p.LeadClockCap = time.Hour, time.Hour
	}
	return p
}

// measureConfig plays the boards of c with one configuration, writes its
// per-board TSV when c asks for one, and reports its figures.
func measureConfig(logf func(string, ...any), c PlayConfig, cfg playConfig) error {
	params := uncap(cfg.params, c.Uncapped)
	t := &playTally{}
	sv := dds.NewSolver()
	for n := c.First; n <= c.Last; n++ {
		bd := engine.NewBoard(n, engine.NewDealSource("measure-levels").Deal(n))
		t.traded, t.seatOf = [52]bool{}, [52]engine.Seat{}
		if err := player.PlayBoard(context.Background(), bd, seatPlayers(cfg, bd, params, c.Uncapped, t)); err != nil {
			return fmt.Errorf("%s: board %d: %w", cfg.name, n, err)
		}
		if ct, _ := bd.Contract(); ct.PassedOut() {
			continue
		}
		l, err := ddLosses(bd, sv)
		if err != nil {
			return fmt.Errorf("%s: %w", cfg.name, err)
		}
		t.board(n, bd, l)
	}
	if c.PerBoard != "" {
		if err := os.WriteFile(c.PerBoard+"/"+cfg.name+".tsv", []byte(strings.Join(t.rows, "\n")+"\n"), 0o644); err != nil {
			return err
		}
	}
	t.report(logf, cfg.name, c.Last, params.Nodes)
	return nil
}

// seatPlayers returns the four bots of the configuration for the board,
// each reporting its decisions and their CPU times to t.
func seatPlayers(cfg playConfig, bd *engine.Board, params cardplay.Params, uncapped bool, t *playTally) [4]player.Player {
	var players [4]player.Player
	for s := range players {
		var opts []refbot.Option
		if cfg.oracle != "" {
			opts = append(opts, refbot.WithInference(cfg.oracle.inference(bidding.NewSystem(), bd.Deal())))
		}
		seatLevel, seatParams := cfg.level, params
		if cfg.ew != nil && engine.Seat(s).Side() == engine.EW {
			seatLevel, seatParams = *cfg.ew, uncap(cfg.ew.Params(), uncapped)
		}
		opts = append(opts, refbot.WithParams(seatParams), refbot.WithDecisionHook(func(d refbot.Decision) { t.decision(d, bd) }))
		players[s] = cpuTimed{Player: refbot.New(seatLevel, uint64(s), opts...), record: t.cpu}
	}
	return players
}

// playTally accumulates one configuration's figures over its boards.
type playTally struct {
	decl, def, lateDecl, lateDef   []float64
	times, searched, early, rolled []time.Duration
	nodes                          []time.Duration // solver nodes per searched decision (as a Duration, to share percentile)
	// The process's CPU time per card decision (all, searched ones,
	// opening leads): with GOMAXPROCS=1 what the decision cost, however
	// busy the machine was.
	cpuAll, cpuSearched, cpuLead []time.Duration
	lastSearched                 bool // the last decision was searched, for its CPU time
	earlyWorlds                  int
	// Sampled (not exact) searches by trick: worlds solved and times.
	worldsBy [13]int
	timesBy  [13][]time.Duration
	// Sampled searches by the loosest relaxation step among their
	// worlds (World.Step), declarer's side and defence.
	steps             [2][cardplay.HardOnly + 1]int
	byTrick           [13]int
	byPhase           [2][numPhases][]float64
	capped, abandoned int
	// Tricks lost by cards chosen for the contract over more tricks
	// (SearchStats.ForContract), by side, and how many.
	forContract      [2]float64
	forContractCards int
	played           int
	rows             []string // per-board losses, for paired comparisons (PlayConfig.PerBoard)
	// The current board's cards chosen for the contract, and who chose
	// them, by index in the play.
	traded [52]bool
	seatOf [52]engine.Seat
}

// decision counts one card decision on the board being played.
func (t *playTally) decision(d refbot.Decision, bd *engine.Board) {
	t.times = append(t.times, d.Elapsed)
	t.lastSearched = d.Policy == "search" && !d.Stats.Trivial
	switch {
	case d.Policy == "search" && !d.Stats.Trivial:
		t.searched = append(t.searched, d.Elapsed)
		t.nodes = append(t.nodes, time.Duration(d.Stats.Nodes))
		if 52-d.Index > 32 && !d.Stats.Exact {
			t.early, t.earlyWorlds = append(t.early, d.Elapsed), t.earlyWorlds+d.Stats.Worlds
		}
		if !d.Stats.Exact {
			side := 1
			if c, _ := bd.Contract(); d.Seat.Side() == c.Declarer.Side() {
				side = 0
			}
			t.steps[side][d.Stats.Step]++
			t.worldsBy[d.Index/4] += d.Stats.Worlds
			t.timesBy[d.Index/4] = append(t.timesBy[d.Index/4], d.Elapsed)
		}
	case d.Policy == "rollout":
		t.rolled = append(t.rolled, d.Elapsed)
	}
	if d.Stats.Capped {
		t.capped++
	}
	t.traded[d.Index], t.seatOf[d.Index] = d.Stats.ForContract, d.Seat
	if d.Fallback != "" {
		t.abandoned++
	}
}

// cpu counts the process CPU time of the card decision with the index
// in the play (cpuTimed.record), which follows its decision's report.
func (t *playTally) cpu(index int, d time.Duration) {
	t.cpuAll = append(t.cpuAll, d)
	if t.lastSearched {
		t.cpuSearched = append(t.cpuSearched, d)
	}
	if index == 0 {
		t.cpuLead = append(t.cpuLead, d)
	}
}

// board counts the losses l of board n, played out, and adds its
// per-board row.
func (t *playTally) board(n int, bd *engine.Board, l losses) {
	t.played++
	ct, _ := bd.Contract()
	for i, traded := range t.traded {
		if traded {
			t.forContractCards++
			side := 1
			if t.seatOf[i].Side() == ct.Declarer.Side() {
				side = 0
			}
			t.forContract[side] += float64(l.ByCard[i])
		}
	}
	t.decl, t.def = append(t.decl, float64(l.Declarer)), append(t.def, float64(l.Defence))
	t.lateDecl, t.lateDef = append(t.lateDecl, float64(l.LateDeclarer)), append(t.lateDef, float64(l.LateDefence))
	for i, x := range l.ByTrick {
		t.byTrick[i] += x
	}
	for side := range t.byPhase {
		for ph := range t.byPhase[side] {
			t.byPhase[side][ph] = append(t.byPhase[side][ph], float64(l.ByPhase[side][ph]))
		}
	}
	cards := bd.Play().Cards()
	t.rows = append(t.rows, fmt.Sprintf("%d\t%s\t%d\t%d\t%v\t%v\t%s\t%v\t%v\t%v", n, ct, l.Declarer, l.Defence, l.ByPhase[0], l.ByPhase[1], bd.Deal(),
		bd.Auction().Calls(), cards, l.ByCard[:len(cards)]))
}

// report writes the configuration's figures: the losses and decision
// times over the boards up to last, then their breakdowns (reportDetail).
func (t *playTally) report(logf func(string, ...any), level string, last int, nodeLimit uint64) {
	dm, dh := meanInterval(t.decl)
	fm, fh := meanInterval(t.def)
	ldm, ldh := meanInterval(t.lateDecl)
	lfm, lfh := meanInterval(t.lateDef)
	logf("%s: %.3f decl-loss/board %.3f def-loss/board %.3f p50-ms %.3f p95-ms", level, dm, fm,
		float64(Percentile(t.times, 0.5).Microseconds())/1000, float64(Percentile(t.times, 0.95).Microseconds())/1000)
	logf("%s: %d boards played (of %d, SAYC-lite auctions); tricks lost vs DD per board over the whole play: declarer %.2f ± %.2f, defence %.2f ± %.2f "+
		"(in the last 7 tricks: declarer %.2f ± %.2f, defence %.2f ± %.2f; 95%% CIs); "+
		"decision time all cards p50 %v p95 %v max %v (%d cards); double-dummy searched cards p50 %v p95 %v max %v (%d); "+
		"of those with more than 32 cards left: p50 %v p95 %v max %v, %.1f worlds on average (%d); "+
		"rollout cards p50 %v p95 %v max %v (%d); capped %d; fell back (search abandoned at the hard limit or failed) %d",
		level, t.played, last, dm, dh, fm, fh, ldm, ldh, lfm, lfh,
		Percentile(t.times, 0.5), Percentile(t.times, 0.95), Percentile(t.times, 1), len(t.times),
		Percentile(t.searched, 0.5), Percentile(t.searched, 0.95), Percentile(t.searched, 1), len(t.searched),
		Percentile(t.early, 0.5), Percentile(t.early, 0.95), Percentile(t.early, 1), float64(t.earlyWorlds)/float64(max(len(t.early), 1)), len(t.early),
		Percentile(t.rolled, 0.5), Percentile(t.rolled, 0.95), Percentile(t.rolled, 1), len(t.rolled), t.capped, t.abandoned)
	logf("%s: process CPU time per card (GOMAXPROCS=1 makes it the decision's): all p50 %v p95 %v max %v (%d); searched p50 %v p95 %v max %v (%d); opening lead p50 %v p95 %v max %v (%d)",
		level, Percentile(t.cpuAll, 0.5), Percentile(t.cpuAll, 0.95), Percentile(t.cpuAll, 1), len(t.cpuAll),
		Percentile(t.cpuSearched, 0.5), Percentile(t.cpuSearched, 0.95), Percentile(t.cpuSearched, 1), len(t.cpuSearched),
		Percentile(t.cpuLead, 0.5), Percentile(t.cpuLead, 0.95), Percentile(t.cpuLead, 1), len(t.cpuLead))
	t.reportDetail(logf, level, nodeLimit)
}

// reportDetail writes the configuration's breakdowns: losses by trick, by
// cards chosen for the contract and by phase, solver nodes, and the
// sampled searches by trick and by relaxation step.
func (t *playTally) reportDetail(logf func(string, ...any), level string, nodeLimit uint64) {
	var per [13]string
	for i, x := range t.byTrick {
		per[i] = strconv.FormatFloat(float64(x)/float64(max(t.played, 1)), 'f', 2, 64)
	}
	logf("%s: tricks lost vs DD per board by both sides in tricks 1-13: %v", level, per)
	logf("%s: of those, lost by %d cards chosen for the contract over more tricks (SearchStats.ForContract): declarer %.2f, defence %.2f a board",
		level, t.forContractCards, t.forContract[0]/float64(max(t.played, 1)), t.forContract[1]/float64(max(t.played, 1)))
	// The node counts are deterministic: divided by the solver's speed
	// on a core (BenchmarkWorldCost) they say what the decision times
	// will be there.
	logf("%s: solver nodes per searched decision p50 %d p95 %d max %d (%d decisions; node limit %d)",
		level, Percentile(t.nodes, 0.5), Percentile(t.nodes, 0.95), Percentile(t.nodes, 1), len(t.nodes), nodeLimit)
	for side, name := range []string{"declarer", "defence"} {
		var parts []string
		for ph := range numPhases {
			m, h := meanInterval(t.byPhase[side][ph])
			parts = append(parts, fmt.Sprintf("%s %.2f ± %.2f", phaseNames[ph], m, h))
		}
		logf("%s: %s's tricks lost vs DD per board by phase (95%% CIs): %s", level, name, strings.Join(parts, "; "))
	}
	var by []string
	for i, ts := range t.timesBy[:6] {
		if len(ts) > 0 {
			by = append(by, fmt.Sprintf("trick %d (%d-%d cards left): %d searches, %.1f worlds on average, p50 %v p95 %v max %v",
				i+1, 52-4*i, 49-4*i, len(ts), float64(t.worldsBy[i])/float64(len(ts)),
				Percentile(ts, 0.5).Round(100*time.Microsecond), Percentile(ts, 0.95).Round(100*time.Microsecond), Percentile(ts, 1).Round(100*time.Microsecond)))
		}
	}
	logf("%s: sampled double-dummy searches by trick: %s", level, strings.Join(by, "; "))
	logf("%s: sampled searches by the loosest relaxation step of their worlds (0: every model; %d: the hard facts only), declarer's side %v, defence %v", level, cardplay.HardOnly, t.steps[0], t.steps[1])
}

// playExperiments are variants of the levels' settings measured beside
// them (select one by name, PlayConfig.Match: ^expert-w128$).
// Add one here to measure a change of settings on the same boards.
func playExperiments() []playConfig {
	w128 := refbot.Expert.Params()
	w128.Worlds = 128 // more worlds at expert's node limit
	att800 := refbot.Expert.Params()
	att800.Attempts = 800 // more draws per wanted world
	noCheck := refbot.Expert.Params()
	noCheck.PlayCheck = 0 // expert without the play check
	hardNoCheck := refbot.Hard.Params()
	hardNoCheck.PlayCheck = 0 // hard without the play check
	noCarding := refbot.Expert.Params()
	noCarding.ReadCarding = cardplay.ReadNobody // expert not reading the opponents' carding
	noSignals := refbot.Expert.Params()
	noSignals.Signals = false // expert's defenders not signalling, and nobody reading signals
	// The wide settings: node limits twice the levels' (expert's lead
	// 4M), for paired comparisons of what the limits cost.
	expertWide := refbot.Expert.Params()
	expertWide.Nodes, expertWide.LeadNodes = 1_200_000, 4_000_000
	hardWide := refbot.Hard.Params()
	hardWide.Nodes = 600_000
	// The node limits the levels had before they were fitted to the
	// page's card times in WebAssembly, for paired comparisons of what
	// the fit costs.
	medium270k := refbot.Medium.Params()
	medium270k.Nodes = 270_000
	hard300k := refbot.Hard.Params()
	hard300k.Nodes = 300_000
	expert590k := refbot.Expert.Params()
	expert590k.Nodes = 590_000
	easy, medium, hard, expert := refbot.Easy, refbot.Medium, refbot.Hard, refbot.Expert
	return []playConfig{
		{"expert-w128", refbot.Expert, w128, "", nil},
		{"expert-att800", refbot.Expert, att800, "", nil},
		{"expert-nocheck", refbot.Expert, noCheck, "", nil},
		{"hard-nocheck", refbot.Hard, hardNoCheck, "", nil},
		{"expert-nocarding", refbot.Expert, noCarding, "", nil},
		{"expert-nosignals", refbot.Expert, noSignals, "", nil},
		{"expert-wide", refbot.Expert, expertWide, "", nil},
		{"hard-wide", refbot.Hard, hardWide, "", nil},
		{"medium-270k", refbot.Medium, medium270k, "", nil},
		{"hard-300k", refbot.Hard, hard300k, "", nil},
		{"expert-590k", refbot.Expert, expert590k, "", nil},
		// The defenders told partner's real shape (oracleShape): what
		// the defence would lose knowing it, which no real defence does.
		{"expert-oracle-shape", refbot.Expert, refbot.Expert.Params(), oracleShape, nil},
		// Declarer told the opening leader's real shape (oracleDeclShape).
		{"expert-oracle-decl-shape", refbot.Expert, refbot.Expert.Params(), oracleDeclShape, nil},
		// Expert North-South against medium East-West, and the other way
		// round: the two runs' per-board files give each level's play
		// against the other on every board (declarer and defence are then
		// told apart by the seat that declared, not by the config).
		{"expert-vs-medium", refbot.Expert, refbot.Expert.Params(), "", &medium},
		{"medium-vs-expert", refbot.Medium, refbot.Medium.Params(), "", &expert},
		// Expert against hard and the other way round: with the hard
		// self-play run, each level's declarer (and defence) against
		// the same opponents, hard's, so that the levels' order is not
		// confounded by the play of the side they face.
		{"expert-vs-hard", refbot.Expert, refbot.Expert.Params(), "", &hard},
		{"hard-vs-expert", refbot.Hard, refbot.Hard.Params(), "", &expert},
		// The same against easy.
		{"expert-vs-easy", refbot.Expert, refbot.Expert.Params(), "", &easy},
		{"easy-vs-expert", refbot.Easy, refbot.Easy.Params(), "", &expert},
	}
}

// baselineParams returns a level's baseline play settings: those of an
// earlier revision, before the trick-1 search and the make-or-defeat
// searches, kept fixed as the reference the measurements compare against.
func baselineParams(l refbot.Level) cardplay.Params {
	switch l {
	case refbot.Medium:
		return cardplay.Params{Search: true, Worlds: 8, Attempts: 40, Nodes: 270_000, ClockCap: time.Second,
			ExactTricks: 3, ExactLimit: 64, SearchCards: 44}
	case refbot.Hard:
		return cardplay.Params{Search: true, Worlds: 32, Attempts: 40, Nodes: 600_000, ClockCap: 2 * time.Second,
			ExactTricks: 5, ExactLimit: 256, SearchCards: 44, LeadRollout: 32, Rollout: 16}
	case refbot.Expert:
		return cardplay.Params{Search: true, Worlds: 64, Attempts: 50, Nodes: 1_200_000, ClockCap: 4 * time.Second,
			ExactTricks: 5, ExactLimit: 512, SearchCards: 48, LeadRollout: 64, Rollout: 32}
	}
	return cardplay.Params{}
}

// Percentile returns the p-quantile (0 <= p <= 1) of the durations.
func Percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[min(len(s)-1, int(p*float64(len(s))))]
}
