package pages

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot"
	"github.com/openroom/openroom/web/play/practice"
)

// TestMeasurePages measures the page without a server in headless
// Chromium, for docs/pages.md: the folder's size, raw and gzipped; load to
// the first board dealt; each level's card decisions (from the worker's
// "thinking" state to the state with the card, as the page receives them);
// the review after a board; the worker's memory. Run it alone, on an idle
// machine: OPENROOM_MEASURE_PAGES=BOARDS go test -run TestMeasurePages -v ./web/pages/
// (OPENROOM_MEASURE_LEVELS, a comma-separated list, measures only those
// levels).
func TestMeasurePages(t *testing.T) {
	if os.Getenv("OPENROOM_MEASURE_PAGES") == "" {
		t.Skip("a measurement: set OPENROOM_MEASURE_PAGES to the boards a level")
	}
	boards := 2
	if n, err := json.Number(os.Getenv("OPENROOM_MEASURE_PAGES")).Int64(); err == nil && n > 0 {
		boards = int(n)
	}
	needBrowser(t)
	dir := folder(t)
	var raw, gz int
	require.NoError(t, filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		var buf bytes.Buffer
		w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		_, _ = w.Write(b)
		_ = w.Close()
		raw, gz = raw+len(b), gz+buf.Len()
		return nil
	}))
	t.Logf("the folder: %.2f MB raw, %.2f MB gzip (-9)", float64(raw)/1e6, float64(gz)/1e6)

	levels := []string{"medium", "hard", "expert"}
	if l := os.Getenv("OPENROOM_MEASURE_LEVELS"); l != "" {
		levels = strings.Split(l, ",")
	}
	for _, level := range levels {
		// An expert board takes up to about ten seconds in the page.
		ctx := browserWithin(t, time.Minute+time.Duration(boards)*15*time.Second)
		url := serve(t, dir)
		load := open(t, ctx, url, "seat=South&level="+level+"&seed=measure-"+level+"&board=1")
		rng := rand.New(rand.NewPCG(7, 8))
		for b := 1; b <= boards; b++ {
			playUntil(t, ctx, rng, func(st pageState) bool { return st.Analysed })
			if b < boards {
				require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("next"))))
				playUntil(t, ctx, rng, func(st pageState) bool { return st.Board == b+1 })
			}
		}
		cards, reviews := cardTimes(t, ctx)
		native, inWorker, same, total := nativeTimes(t, level, "measure-"+level, workerStates(t, ctx))
		_, err := chromedp.Run(ctx, chromedp.Evaluate[any](`window.openroomMemory()`))
		require.NoError(t, err)
		mem, err := chromedp.Run(ctx, chromedp.Poll[string](`document.body.dataset.memory`, chromedp.WithPollingTimeout(10*time.Second)))
		require.NoError(t, err)
		var bytes float64
		_ = json.Unmarshal([]byte(mem), &bytes)
		t.Logf("%s: load to the first board dealt %v; %d bot cards: p50 %v p95 %v max %v; review p50 %v max %v; worker memory %.0f MiB",
			level, load.Round(time.Millisecond), len(cards), pct(cards, 50), pct(cards, 95), pct(cards, 100), pct(reviews, 50), pct(reviews, 100), bytes/(1<<20))
		t.Logf("%s in the worker, the same bot cards: p50 %v p95 %v max %v", level, pct(inWorker, 50), pct(inWorker, 95), pct(inWorker, 100))
		t.Logf("%s natively, the same %d bot cards just after: p50 %v p95 %v max %v; %d of %d bot actions the same as in the page",
			level, len(native), pct(native, 50), pct(native, 95), pct(native, 100), same, total)
	}
}

// cardTimes returns the time of each bot card decision the page saw, from
// the worker's state saying the bot is thinking to its next state, and of
// each review, from the board's result to its analysis.
func cardTimes(t *testing.T, ctx context.Context) (cards, reviews []time.Duration) {
	t.Helper()
	times, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`window.__workerTimes`))
	require.NoError(t, err)
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`window.__workerMessages`))
	require.NoError(t, err)
	ms := func(d float64) time.Duration { return time.Duration(d * float64(time.Millisecond)) }
	var since float64 = -1
	var over float64 = -1
	states, at := decodeStates(t, raw)
	for j, st := range states {
		i := at[j]
		if since >= 0 {
			cards = append(cards, ms(times[i]-since))
			since = -1
		}
		if st.Thinking != "" && st.Phase == "play" {
			since = times[i]
		}
		switch {
		case st.Result != nil && st.Result.Analysis == nil && over < 0:
			over = times[i]
		case st.Result != nil && st.Result.Analysis != nil && over >= 0:
			reviews = append(reviews, ms(times[i]-over))
			over = -1
		}
	}
	return cards, reviews
}

// pct is the p-th percentile (nearest rank) of ds.
func pct(ds []time.Duration, p int) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := (len(s)*p+99)/100 - 1
	return s[max(i, 0)].Round(100 * time.Microsecond)
}

// nativeTimes replays each finished board of the page natively from its
// record: every bot action (not the cards the person played for their
// declaring partner) decided again by native refbot as the page's
// table makes it (practice.Config), timed when it is a card; it returns
// those times, the same cards' times in the worker (Action.MS), and how
// many bot actions came out the same as the page's.
func nativeTimes(t *testing.T, level, seed string, states []practice.State) (times, inWorker []time.Duration, same, total int) {
	t.Helper()
	l, err := refbot.ParseLevel(level)
	require.NoError(t, err)
	sys := refbot.NewSystem()
	var bots [engine.NumSeats]*refbot.Bot
	for s := engine.North; s <= engine.West; s++ {
		team := practice.TeamNS
		if s.Side() == engine.EW {
			team = practice.TeamEW
		}
		bots[s] = refbot.New(l, refbot.TeamSeed(team), refbot.WithSystem(sys), refbot.WithOpponentSystem(sys), refbot.WithParams(practice.BrowserParams(l)))
	}
	seen := map[int]bool{}
	for _, st := range states {
		if st.Result == nil || st.Record == nil || seen[st.Session.Boards] {
			continue // one state a finished board: the first with its result
		}
		seen[st.Session.Boards] = true
		setup := engine.SeededBoards(seed, []int{st.Board})[0]
		b := engine.NewBoard(setup.Number, setup.Deal)
		b.Reset(setup)
		for _, a := range st.Record.Actions {
			actor, _ := b.Actor()
			// The person plays the cards of a contract their partner
			// declares (the page's default), as of dummy's when they declare.
			ct, declared := b.Contract()
			personPlays := declared && b.Phase() == engine.PhasePlay && ct.Declarer == engine.North
			if actor != engine.South && !personPlays && a.Link == "" {
				v := b.View(actor)
				start := time.Now()
				got := decide(t, b, bots[actor], &v)
				if b.Phase() == engine.PhasePlay {
					times = append(times, time.Since(start))
					inWorker = append(inWorker, time.Duration(a.MS*float64(time.Millisecond)))
				}
				total++
				if got.Call+got.Card == a.Call+a.Card {
					same++
				}
			}
			apply(t, b, a)
		}
	}
	return times, inWorker, same, total
}
