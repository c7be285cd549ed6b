package pages

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/web/browsertest"
	"github.com/openroom/openroom/web/play/practice"
)

// open loads the page with query and waits for the first board dealt (or
// a notice, when the page cannot run); it returns how long that took.
func open(t *testing.T, ctx context.Context, url, query string) time.Duration {
	t.Helper()
	start := time.Now()
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(url+"/?"+query)))
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](`!!document.querySelector("#table [data-card]") || !document.getElementById("notice").hidden`,
		chromedp.WithPollingTimeout(30*time.Second), chromedp.WithPollingInterval(5*time.Millisecond)))
	require.NoError(t, err)
	return time.Since(start)
}

// checkBoundary checks every state the worker posted before the board
// ended against the deal: the hands shown are the person's own and
// dummy's after the opening lead, with their real cards; the record holds
// only cards already played; no deal is named.
func checkBoundary(t *testing.T, states []practice.State, seat engine.Seat, deal engine.Deal) int {
	t.Helper()
	checked := 0
	for _, st := range states {
		if st.Result != nil {
			continue
		}
		checked++
		for s, cards := range st.Hands {
			// Dummy's after the lead, or declarer's when the person plays
			// their partner's contract.
			allowed := s == seat.String() || len(st.Played) > 0 && (s == st.Dummy || s == st.PlaysFor && s == st.Declarer)
			require.True(t, allowed, "state %d shows %s's hand", st.Version, s)
			owner, err := engine.ParseSeat(s)
			require.NoError(t, err)
			for _, c := range cards {
				card, err := engine.ParseCard(c)
				require.NoError(t, err)
				require.True(t, deal[owner].Has(card), "state %d: %s is not %s's", st.Version, c, s)
			}
		}
		played := map[string]bool{}
		for _, p := range st.Played {
			played[p.Card] = true
		}
		require.NotNil(t, st.Record)
		for _, a := range st.Record.Actions {
			if a.Card != "" {
				require.True(t, played[a.Card], "state %d: the record holds %s, not played", st.Version, a.Card)
			}
		}
	}
	return checked
}

// domCheck fails if the page draws a card of a hidden hand: before the
// board ends, every card drawn in the table is the person's or dummy's
// after the opening lead, and no hand viewer is drawn.
func domCheck(t *testing.T, ctx context.Context, seat engine.Seat) {
	t.Helper()
	type dom struct {
		Cards  []string `json:"cards"`
		Dummy  string   `json:"dummy"`
		Played int      `json:"played"`
		Over   bool     `json:"over"`
	}
	d, err := chromedp.Run(ctx, chromedp.Evaluate[dom](`({
		cards: [...document.querySelectorAll("#table .seat")].flatMap(s => [...s.querySelectorAll("[data-card]")].map(c => s.dataset.seat + c.dataset.card)),
		dummy: [...document.querySelectorAll("#table .seat")].filter(s => /dummy|you play its cards/.test(s.querySelector(".tags")?.textContent ?? "")).map(s => s.dataset.seat).join(""),
		played: +(document.body.dataset.played || 0),
		over: document.body.dataset.your === "next" || !document.getElementById("viewer").hidden})`))
	require.NoError(t, err)
	if d.Over {
		return
	}
	for _, c := range d.Cards {
		s := c[:1]
		require.True(t, s == seat.String() || d.Played > 0 && strings.Contains(d.Dummy, s), "the page draws %s's card %s", s, c[1:])
	}
}

// TestPagesPlayABoard serves the built folder with a plain static file
// server and plays a whole board at medium by clicks, as a person would:
// after load the page makes no request; what the worker posted and what
// the page drew before the board ended show no hidden card; the review
// shows the four hands and the double-dummy table. Then the next board,
// and a reload in its middle: the board resumes where it stood and the
// session keeps the first board.
func TestPagesPlayABoard(t *testing.T) {
	t.Parallel()
	ctx := browser(t)
	thrown := browsertest.Exceptions(t, ctx)
	url := serve(t, folder(t))
	reqs := watchRequests(t, ctx)
	const seed = "pages-board"
	load := open(t, ctx, url, "seat=South&level=medium&seed="+seed+"&board=1")
	t.Logf("load to the first board dealt: %v", load.Round(time.Millisecond))
	loaded := reqs.count()
	rng := rand.New(rand.NewPCG(3, 4))
	start := time.Now()
	st := playUntil(t, ctx, rng, func(st pageState) bool {
		domCheck(t, ctx, engine.South)
		return st.Your == "next"
	})
	t.Logf("the board played in %v", time.Since(start).Round(time.Millisecond))
	require.Equal(t, 52, st.Played, "a board played to its end")
	// A click on the first call shows what it means, in visible text.
	// The page draws the meaning after the click: on a busy machine the
	// first read may come before it, and the page may replace the call's
	// or the meaning's node between finding it and using it (the click
	// is tried again then, as a player would click again).
	var shown string
	clicked := false
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		var err error
		if !clicked {
			err = chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.auction button.call`)))
			clicked = err == nil
		}
		if clicked {
			shown, err = chromedp.Run(ctx, chromedp.Text(chromedp.ID("explain")))
		}
		if err == nil && shown != "" || time.Now().After(deadline) {
			require.NoError(t, err)
			break
		}
	}
	assert.Regexp(t, `^(North|East|South|West) .*: (alerted: |not alerted)`, shown)
	assert.Empty(t, thrown(), "uncaught script errors")
	setup := engine.SeededBoards(seed, []int{1})[0]
	assert.Greater(t, checkBoundary(t, workerStates(t, ctx), engine.South, setup.Deal), 20, "a state for every step")

	start = time.Now()
	playUntil(t, ctx, rng, func(st pageState) bool { return st.Analysed })
	t.Logf("review after the board's end: %v", time.Since(start).Round(time.Millisecond))
	review, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`[document.querySelectorAll("#viewer .seat").length,
		document.querySelectorAll("#viewer .hand [data-card]").length, document.querySelectorAll("#viewer .dd table td").length]`))
	require.NoError(t, err)
	assert.Equal(t, 4, review[0], "four hands")
	assert.Equal(t, 52, review[1], "all their cards")
	assert.GreaterOrEqual(t, review[2], 20, "the double-dummy table")
	par, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#par")))
	require.NoError(t, err)
	assert.Contains(t, par, "Par ")
	assert.Empty(t, reqs.since(loaded), "no request after load")
	csp, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`window.__cspViolations`))
	require.NoError(t, err)
	assert.Empty(t, csp, "the page works within its Content-Security-Policy")

	// The next board; a reload in its middle resumes it.
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("next"))))
	st = playUntil(t, ctx, rng, func(st pageState) bool { return st.Board == 2 && st.Played >= 5 })
	before := workerStates(t, ctx)
	last := before[len(before)-1]
	require.NoError(t, chromedp.Do(ctx, chromedp.Reload()))
	_, err = chromedp.Run(ctx, chromedp.Poll[bool](`+(document.body.dataset.board || 0) === 2`, chromedp.WithPollingTimeout(30*time.Second)))
	require.NoError(t, err)
	after := workerStates(t, ctx)
	require.NotEmpty(t, after)
	resumed := after[0]
	assert.Equal(t, 2, resumed.Board)
	assert.Equal(t, last.Auction, resumed.Auction, "the auction resumed")
	assert.Equal(t, last.Played[:st.Played], resumed.Played[:st.Played], "the play resumed")
	assert.Equal(t, 1, resumed.Session.Boards, "the session keeps its first board")
	playUntil(t, ctx, rng, func(st pageState) bool { return st.Played >= len(resumed.Played)+4 })
}

// TestPagesFailureChain forces each link of the bots' fallback chain in
// Chromium: the game goes on with a legal action, the page says which
// link is acting, and the board's record notes it. Without the .wasm, the
// page says how to run the table instead.
func TestPagesFailureChain(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	dir := folder(t)
	for _, tc := range []struct {
		fault, link string
	}{
		{"slow", practice.LinkWeaker},
		{"throw", practice.LinkHeuristic},
		{"throw-js", practice.LinkLegal},
		{"die", practice.LinkHeuristic},
	} {
		t.Run(tc.fault, func(t *testing.T) {
			t.Parallel()
			ctx := browser(t)
			url := serve(t, dir)
			reqs := watchRequests(t, ctx)
			open(t, ctx, url, "seat=South&level=medium&seed=chain&fault="+tc.fault)
			loaded := reqs.count()
			rng := rand.New(rand.NewPCG(5, 6))
			st := playUntil(t, ctx, rng, func(st pageState) bool {
				return strings.Contains(st.Link, tc.link) || hasLink(t, ctx, tc.link)
			})
			// The game goes on: the auction ends and cards are played.
			st = playUntil(t, ctx, rng, func(st pageState) bool { return st.Played >= 6 })
			if tc.fault == "die" {
				assert.Equal(t, 1, st.Restarts, "the worker was restarted once")
				assert.Empty(t, reqs.since(loaded), "the new worker fetched nothing")
			}
			engineLine, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("engine")))
			require.NoError(t, err)
			assert.NotEmpty(t, engineLine)
			assert.True(t, hasLink(t, ctx, tc.link), "the record notes %q", tc.link)
			if tc.fault != "die" {
				assert.Contains(t, engineLine, tc.link, "the page says which link is acting")
			} else {
				assert.Contains(t, engineLine, "restarted")
			}
		})
	}
	t.Run("no-wasm", func(t *testing.T) {
		t.Parallel()
		ctx := browser(t)
		url := serve(t, dir)
		paused := chromedp.Events(ctx, fetch.RequestPaused)
		_, err := chromedp.Call(ctx, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: "*.wasm"}}})
		require.NoError(t, err)
		go func() {
			for ev, err := range paused {
				if err != nil {
					return
				}
				_, _ = chromedp.Call(ctx, fetch.FailRequest, fetch.FailRequestParams{RequestID: ev.RequestID, ErrorReason: network.ErrorReasonBlockedByClient})
			}
		}()
		open(t, ctx, url, "seat=South&level=medium&seed=chain")
		st := read(t, ctx)
		assert.True(t, st.NoWasm)
		notice, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("notice")))
		require.NoError(t, err)
		assert.Contains(t, notice, "tablemanager play")
	})
}

// hasLink reports whether the record of the last state the worker posted
// notes an action decided by link.
func hasLink(t *testing.T, ctx context.Context, link string) bool {
	t.Helper()
	states := workerStates(t, ctx)
	for i := len(states) - 1; i >= 0; i-- {
		if r := states[i].Record; r != nil {
			for _, a := range r.Actions {
				if a.Link == link {
					return true
				}
			}
			return false
		}
	}
	return false
}

// TestPagesLoadBeforeTheFirstBoard: on the page without a server, a PBN
// file loaded at the person's first call, before any board is played,
// replaces the board in play; a reload (the session in localStorage)
// keeps playing the loaded deal where it stood, and the file's next deal
// follows it.
func TestPagesLoadBeforeTheFirstBoard(t *testing.T) {
	t.Parallel()
	ctx := browser(t)
	thrown := browsertest.Exceptions(t, ctx)
	url := serve(t, folder(t))
	open(t, ctx, url, "seat=South&level=easy&seed=pages-load&board=1")
	rng := rand.New(rand.NewPCG(5, 6))
	st := playUntil(t, ctx, rng, func(st pageState) bool { return st.Your == "call" })
	require.Equal(t, 1, st.Board)

	file := engine.SeededBoards("a file before the first board", []int{9, 10})
	browsertest.UploadPBN(t, ctx, `#table #load-pbn`, file)
	southHand := func() []string {
		hand, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('#table .seat[data-seat="S"] [data-card]')].map((c) => c.dataset.card)`))
		require.NoError(t, err)
		return hand
	}
	// Wait for the loaded deal without acting: a click meant for the board
	// it replaces could land on the loaded one and pass it out.
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](`+(document.body.dataset.board || 0) === 9`, chromedp.WithPollingTimeout(30*time.Second)))
	require.NoError(t, err)
	assert.ElementsMatch(t, practice.CardStrings(file[0].Deal[engine.South]), southHand(), "the file's first deal")

	// A bid on it, which cannot end the board, then a reload: the same
	// deal, where it stood.
	st = playUntil(t, ctx, rng, func(s pageState) bool { return s.Your != "" })
	require.Equal(t, "call", st.Your, "the person's first turn on the loaded deal")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(firstBid), chromedp.NodeVisible)))
	st = playUntil(t, ctx, rng, func(s pageState) bool { return s.Version > st.Version && s.Your != "" })
	require.NoError(t, chromedp.Do(ctx, chromedp.Reload()))
	_, err = chromedp.Run(ctx, chromedp.Poll[bool](`+(document.body.dataset.board || 0) > 0`, chromedp.WithPollingTimeout(30*time.Second)))
	require.NoError(t, err)
	resumed := workerStates(t, ctx)[0]
	assert.Equal(t, 9, resumed.Board, "the loaded deal after a reload")
	assert.Equal(t, st.Played, len(resumed.Played), "where it stood")
	assert.ElementsMatch(t, practice.CardStrings(file[0].Deal[engine.South]), resumed.Hands["S"], "the loaded deal's cards after a reload")
	assert.ElementsMatch(t, practice.CardStrings(file[0].Deal[engine.South]), southHand())
	assert.Zero(t, resumed.Session.Boards, "the board left for the file is not scored")

	playUntil(t, ctx, rng, func(s pageState) bool { return s.Your == "next" })
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("next"))))
	playUntil(t, ctx, rng, func(s pageState) bool { return s.Board == 10 })
	assert.ElementsMatch(t, practice.CardStrings(file[1].Deal[engine.South]), southHand(), "then the file's next deal")
	assert.Empty(t, thrown(), "uncaught script errors")
}
