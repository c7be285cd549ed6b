package play

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/pbn"
	"github.com/openroom/openroom/web/browsertest"
)

// pageState is what the page shows of its state (body data attributes).
type pageState struct {
	Your     string `json:"your"`
	Phase    string `json:"phase"`
	Version  int    `json:"version"`
	Played   int    `json:"played"`
	Analysed bool   `json:"analysed"`
	Board    int    `json:"board"`
}

const readPage = `(() => { const d = document.body.dataset; return {your: d.your || "", phase: d.phase || "",
  version: +(d.version || 0), played: +(d.played || 0), analysed: d.analysed === "1", board: +(d.board || 0)}; })()`

// pageDriver plays the page as a person: by clicks, or by keys.
type pageDriver struct {
	t    testing.TB
	ctx  context.Context
	rng  *rand.Rand
	keys bool // type calls and cards instead of clicking
	tap  bool // tap (touch) instead of clicking
	// arrows chooses cards with the arrow keys and plays them by Enter
	arrows bool
	// call chooses a call among the enabled buttons (nil: pass mostly)
	call func(legal []string) string
	// onStep is called before each action with the page's state (the
	// DOM checks of the boundary test)
	onStep func(pageState)
}

func (p *pageDriver) read() pageState {
	p.t.Helper()
	st, err := chromedp.Run(p.ctx, chromedp.Evaluate[pageState](readPage))
	require.NoError(p.t, err)
	return st
}

func (p *pageDriver) strings(js string) []string {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]string](js))
	require.NoError(p.t, err)
	return v
}

// playUntil acts for the person until done says so.
func (p *pageDriver) playUntil(done func(pageState) bool) pageState {
	p.t.Helper()
	if p.rng == nil {
		p.rng = rand.New(rand.NewPCG(1, 1))
	}
	for {
		st := p.read()
		if done(st) {
			return st
		}
		if p.onStep != nil {
			p.onStep(st)
		}
		switch st.Your {
		case "call":
			legal := p.strings(`[...document.querySelectorAll(".bid:not([disabled])")].map(b => b.dataset.bid)`)
			require.NotEmpty(p.t, legal)
			c := "Pass"
			if p.call != nil {
				c = p.call(legal)
			} else if p.rng.IntN(4) == 0 {
				c = legal[p.rng.IntN(len(legal))]
			}
			if p.keys {
				p.typeKeys(callKeys(c))
			} else {
				p.press(fmt.Sprintf(`.bid[data-bid="%s"]`, c))
			}
		case "card":
			legal := p.strings(`[...document.querySelectorAll(".card.playable")].map(b => b.dataset.card)`)
			require.NotEmpty(p.t, legal)
			c := legal[p.rng.IntN(len(legal))]
			if p.keys {
				p.typeKeys(strings.ToLower(c[:1]) + strings.ToLower(strings.Replace(c[1:], "T", "10", 1)))
			} else if p.arrows {
				for range 14 {
					if p.strings(`[document.activeElement?.dataset?.card ?? ""]`)[0] == c {
						break
					}
					require.NoError(p.t, chromedp.Do(p.ctx, chromedp.KeyEvent(kb.ArrowRight)))
				}
				require.Equal(p.t, []string{c}, p.strings(`[document.activeElement?.dataset?.card ?? ""]`), "the arrows reach the card")
				require.NoError(p.t, chromedp.Do(p.ctx, chromedp.KeyEvent(kb.Enter)))
			} else {
				p.press(fmt.Sprintf(`.card.playable[data-card="%s"]`, c))
			}
		default:
			time.Sleep(10 * time.Millisecond) // a bot or the solver is thinking
			continue
		}
		p.waitChange(st.Version)
	}
}

// waitChange waits for a state newer than version.
func (p *pageDriver) waitChange(version int) {
	p.t.Helper()
	_, err := chromedp.Run(p.ctx, chromedp.Poll[bool](fmt.Sprintf(`+(document.body.dataset.version || 0) > %d || !document.getElementById("error").hidden`, version),
		chromedp.WithPollingTimeout(20*time.Second), chromedp.WithPollingInterval(5*time.Millisecond)))
	require.NoError(p.t, err)
	msg, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](`document.getElementById("error").hidden ? "" : document.getElementById("error").textContent`))
	require.NoError(p.t, err)
	require.Empty(p.t, msg, "the page showed an error")
}

// press clicks the element, or taps it when the driver taps.
func (p *pageDriver) press(sel string) {
	p.t.Helper()
	if p.tap {
		require.NoError(p.t, chromedp.Do(p.ctx, chromedp.Tap(chromedp.CSS(sel))))
		return
	}
	require.NoError(p.t, chromedp.Do(p.ctx, chromedp.Click(chromedp.CSS(sel))))
}

func (p *pageDriver) typeKeys(keys string) {
	p.t.Helper()
	require.NoError(p.t, chromedp.Do(p.ctx, chromedp.KeyEvent(keys)))
}

// callKeys is how a person types a call.
func callKeys(c string) string {
	switch c {
	case "Pass":
		return "p"
	case "X":
		return "x"
	case "XX":
		return "r"
	}
	return strings.ToLower(c[:2])
}

// recorder keeps every byte the page received that is not a static
// asset: each event-stream message and each API answer, by CDP.
type recorder struct {
	mu      sync.Mutex
	sse     []string
	answers []string
}

func record(t testing.TB, ctx context.Context) *recorder {
	r := &recorder{}
	msgs := chromedp.Events(ctx, network.EventSourceMessageReceived)
	paused := chromedp.Events(ctx, fetch.RequestPaused)
	// Every API answer is held at the response stage, read, and let go.
	_, err := chromedp.Call(ctx, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{
		{URLPattern: "*/api/act", RequestStage: fetch.RequestStageResponse}}})
	require.NoError(t, err)
	go func() {
		for ev, err := range msgs {
			if err != nil {
				return
			}
			r.mu.Lock()
			r.sse = append(r.sse, ev.Data)
			r.mu.Unlock()
		}
	}()
	go func() {
		for ev, err := range paused {
			if err != nil {
				return
			}
			body, err := chromedp.Call(ctx, fetch.GetResponseBody, fetch.GetResponseBodyParams{RequestID: ev.RequestID})
			r.mu.Lock()
			if err != nil {
				r.answers = append(r.answers, "unreadable: "+err.Error())
			} else {
				r.answers = append(r.answers, string(body.Body))
			}
			r.mu.Unlock()
			_, _ = chromedp.Call(ctx, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: ev.RequestID})
		}
	}()
	return r
}

func (r *recorder) messages() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.sse...)
}

// domCheck fails if the page's DOM shows a card of a hidden hand: every
// hand card drawn ([data-card]) must be the person's own or dummy's after
// the opening lead, and before the board ends no viewer is drawn. The
// DOM is read in one evaluation with the board and the count of cards
// played it shows, so a page that has just moved to the next board is not
// judged against the previous board's deal.
func domCheck(t testing.TB, p *pageDriver, seat engine.Seat, setup engine.BoardSetup) {
	t.Helper()
	type dom struct {
		Cards     []string `json:"cards"`
		Played    []string `json:"played"`
		Viewer    bool     `json:"viewer"`
		Dummy     string   `json:"dummy"`
		HasResult bool     `json:"result"`
		Board     int      `json:"board"`
		NPlayed   int      `json:"nplayed"`
	}
	d, err := chromedp.Run(p.ctx, chromedp.Evaluate[dom](`({
		board: +(document.body.dataset.board || 0),
		nplayed: +(document.body.dataset.played || 0),
		cards: [...document.querySelectorAll("#table [data-card]")].map(e => e.dataset.card),
		played: [...document.querySelectorAll("#table [data-played]")].map(e => e.dataset.played),
		viewer: document.querySelectorAll("#viewer [data-card], #viewer .hand").length > 0,
		result: document.body.dataset.your === "next"})`))
	require.NoError(t, err)
	if d.HasResult || d.Board != setup.Number {
		return // over, or not (or no longer) the board this check is for
	}
	deal := setup.Deal
	assert.False(t, d.Viewer, "the hand viewer is drawn before the board ended")
	for _, cs := range d.Cards {
		c, err := engine.ParseCard(cs)
		require.NoError(t, err)
		owner, _ := deal.Owner(c)
		if owner == seat {
			continue
		}
		// Another hand's card may be drawn only as dummy's, after the lead.
		require.Greater(t, d.NPlayed, 0, "%s's card %s is drawn before the opening lead", owner.Name(), cs)
		require.True(t, isDummyOf(p, owner), "card %s of %s, who is not dummy (nor declarer for the person), is drawn", cs, owner.Name())
	}
}

// isDummyOf reports whether the page tags owner's seat as dummy, or as
// the declarer whose cards the person plays.
func isDummyOf(p *pageDriver, owner engine.Seat) bool {
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool](fmt.Sprintf(`/dummy|you play its cards/.test(document.querySelector('.seat[data-seat="%s"] .tags')?.textContent ?? "")`, owner)))
	return err == nil && v
}

// TestBrowserPlaysBoards plays whole boards in Chromium as a person:
// the first by keyboard alone (North bids 7NT and plays both hands), the
// next by clicks, and checks from the browser's side that nothing it
// received or drew before a board ended holds a card of a hidden hand.
// Then the hand viewer: all four hands, the double-dummy table and par,
// the cards that lost tricks, the replay, the PBN and the BBO link.
func TestBrowserPlaysBoards(t *testing.T) {
	t.Parallel()
	const seed = "browser"
	ts := newTestServer(t, Config{Seat: engine.North, Level: "easy", Seed: seed, FirstBoard: 1})
	ctx := browsertest.New(t, browsertest.Options{})
	rec := record(t, ctx)
	start := time.Now()
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(ts.URL), chromedp.WaitVisible(chromedp.CSS(`#table [data-card]`))))
	t.Logf("page load to the first board dealt: %v", time.Since(start).Round(time.Millisecond))

	setup := engine.SeededBoards(seed, []int{1})[0]
	p := &pageDriver{t: t, ctx: ctx, keys: true, call: func(legal []string) string {
		for _, c := range legal {
			if c == "7NT" {
				return c
			}
		}
		return "Pass"
	}}
	// The own hand at full contrast before it is the person's turn to
	// play, and every seat's label whole.
	look, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('.seat[data-seat="N"] .card')].map((c) => getComputedStyle(c).opacity)
	  .concat([...document.querySelectorAll(".seatname")].filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => "cut: " + e.textContent))`))
	require.NoError(t, err)
	require.Len(t, look, 13)
	for _, o := range look {
		assert.Equal(t, "1", o, "the own hand is drawn at full opacity; no seat label is cut")
	}
	axCheck(t, ctx, true)
	// Every text the live region takes, recorded in the page as it
	// changes: the bots' calls and cards come between the person's turns.
	p.strings(`(() => {
	  const a = document.getElementById("announce");
	  window.__told = [a.textContent];
	  new MutationObserver(() => window.__told.push(a.textContent)).observe(a, { childList: true, characterData: true, subtree: true });
	  return [];
	})()`)
	p.onStep = func(pageState) { domCheck(t, p, engine.North, setup) }
	st := p.playUntil(func(st pageState) bool { return st.Your == "next" })
	require.Equal(t, 52, st.Played)
	// The live region said each call and card, and whose turn it was.
	all := strings.Join(p.strings(`window.__told`), "\n")
	assert.Regexp(t, `(East|West): pass\.`, all)
	assert.Regexp(t, `(North|East|South|West) plays the (ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two) of (spades|hearts|diamonds|clubs)\.`, all)
	assert.Contains(t, all, "Your card.")

	msgs := rec.messages()
	final := lastState(t, msgs)
	require.NotNil(t, final.Result)
	assert.Equal(t, "N", final.Declarer)
	b := boundary{seat: engine.North, deal: setup.Deal, msgs: msgs}
	assert.Greater(t, b.check(t, final.Played), 20, "the page received a message for every step")
	rec.mu.Lock()
	require.NotEmpty(t, rec.answers)
	for _, a := range rec.answers {
		assert.JSONEq(t, `{"ok":true}`, a, "an API answer says nothing but ok")
	}
	rec.mu.Unlock()

	// The viewer, once the analysis is in.
	p.playUntil(func(st pageState) bool { return st.Analysed })
	final = lastState(t, rec.messages())
	text, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#result")))
	require.NoError(t, err)
	// The result in the shared notation: "7NT −3 by N, 10 tricks".
	assert.Contains(t, text, fmt.Sprintf("7NT %s by N, %d tricks", signed(final.Result.Made), final.Result.Tricks))
	par, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#par")))
	require.NoError(t, err)
	assert.Contains(t, par, fmt.Sprintf("Par %s to NS", points(final.Result.Analysis.ParScore)))
	// The double-dummy table in the one order of both pages: N S E W by rows, clubs to no trump.
	dd := p.strings(`[...document.querySelectorAll("#viewer .dd tr")].map((r) => r.firstElementChild.textContent + " " + r.children[1].textContent + " " + r.lastElementChild.textContent)`)
	require.Len(t, dd, 5)
	assert.Equal(t, " \u2663 NT", dd[0])
	for i, s := range []string{"N", "S", "E", "W"} {
		assert.True(t, strings.HasPrefix(dd[i+1], s+" "), "row %d: %s", i+1, dd[i+1])
	}
	lost := 0
	for _, cr := range final.Result.Analysis.Cards {
		if cr.Lost > 0 {
			lost++
		}
	}
	marked, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#viewer .step.lost").length`))
	require.NoError(t, err)
	assert.Equal(t, lost, marked, "every card that lost a trick is marked, no other")
	viewerCards, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#viewer .hand [data-card]").length`))
	require.NoError(t, err)
	assert.Equal(t, 52, viewerCards, "the replay starts with all four hands shown")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("replay-end"))))
	viewerCards, err = chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#viewer .hand [data-card]").length`))
	require.NoError(t, err)
	assert.Equal(t, 0, viewerCards, "at the end of the replay every hand is empty")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("replay-start"))))
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("replay-fwd"))))
	at, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("replay-at")))
	require.NoError(t, err)
	assert.Contains(t, at, "card 1 of 52")
	checkReplay(t, ctx, setup, final)
	// The auction is laid out by the seats the server sent: each call in
	// its seat's column, West first, in the order made.
	cells := p.strings(`[...document.querySelectorAll(".auction button.call")].map((b) => ["W", "N", "E", "S"][b.closest("td").cellIndex] + " " + b.dataset.seat + " " + b.dataset.call)`)
	require.Len(t, cells, len(final.Auction))
	for i, ci := range final.Auction {
		assert.Equal(t, ci.Seat+" "+ci.Seat+" "+ci.Call, cells[i], "call %d", i+1)
	}
	pbnText, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("pbn").textContent`))
	require.NoError(t, err)
	assert.Contains(t, pbnText, `[Deal "`+setup.Deal.Format(setup.Dealer)+`"]`)
	href, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("lin-link").href`))
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(href, "https://www.bridgebase.com/tools/handviewer.html?lin="), href)

	axCheck(t, ctx, false) // the review, at the end of its replay

	// The next board, by the "n" key, then played by clicks for the calls
	// and the arrow keys and Enter for the cards.
	p.typeKeys("n")
	p.playUntil(func(st pageState) bool { return st.Board == 2 })
	setup2 := engine.SeededBoards(seed, []int{2})[0]
	before := len(rec.messages())
	p.keys, p.arrows, p.call = false, true, nil
	p.onStep = func(pageState) { domCheck(t, p, engine.North, setup2) }
	p.playUntil(func(st pageState) bool { return st.Your == "next" && st.Board == 2 })
	msgs = rec.messages()
	final = lastState(t, msgs)
	b = boundary{seat: engine.North, deal: setup2.Deal, msgs: msgs[before:]}
	b.check(t, final.Played)
	totals, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("totals")))
	require.NoError(t, err)
	assert.Contains(t, totals, "Session: 2 boards")

	// The session as one PBN file, read back by the project's PBN
	// reader: both boards, each replayed to its end, with its
	// double-dummy table and par.
	p.playUntil(func(st pageState) bool { return st.Analysed })
	final = lastState(t, rec.messages())
	session, err := chromedp.Run(ctx, chromedp.Evaluate[string](`decodeURIComponent(document.getElementById("session-pbn").href.replace(/^data:[^,]*,/, ""))`))
	require.NoError(t, err)
	pr := pbn.NewReader(strings.NewReader(session))
	for i, want := range []engine.BoardSetup{setup, setup2} {
		g, err := pr.Next()
		require.NoError(t, err, "game %d of the session", i+1)
		b, err := g.Replay()
		require.NoError(t, err, "game %d", i+1)
		assert.Equal(t, want.Deal, b.Deal(), "game %d", i+1)
		assert.Equal(t, engine.PhaseDone, b.Phase(), "game %d is played to its end", i+1)
		dd, ok, err := g.OptimumResultTable()
		require.NoError(t, err)
		require.True(t, ok, "game %d has its double-dummy table", i+1)
		if i == 1 {
			a := final.Result.Analysis.DD
			assert.Equal(t, [4]int{a.N.NT, a.E.NT, a.S.NT, a.W.NT},
				[4]int{dd[engine.North][engine.NoTrump], dd[engine.East][engine.NoTrump], dd[engine.South][engine.NoTrump], dd[engine.West][engine.NoTrump]},
				"the no-trump column")
		}
		_, ok = g.Lookup("OptimumScore")
		assert.True(t, ok, "game %d has its par score", i+1)
	}
	_, err = pr.Next()
	assert.ErrorIs(t, err, io.EOF, "two boards, no more")
}

// axCheck reads the page's accessibility tree, as a screen reader gets
// it: every control (button, checkbox, text box, link) has a name, every
// element given a name has a role, and a card in a hand is named in
// words ("ace of spades") when hands are shown.
func axCheck(t *testing.T, ctx context.Context, handsShown bool) {
	t.Helper()
	tree, err := chromedp.Call(ctx, accessibility.GetFullAXTree, accessibility.GetFullAXTreeParams{})
	require.NoError(t, err)
	str := func(v *accessibility.Value) string {
		if v == nil {
			return ""
		}
		var s string
		if json.Unmarshal(v.Value, &s) != nil {
			return ""
		}
		return s
	}
	controls, cards := 0, 0
	for _, n := range tree.Nodes {
		if n.Ignored {
			continue
		}
		role, name := str(n.Role), strings.TrimSpace(str(n.Name))
		switch role {
		case "button", "checkbox", "textbox", "link", "combobox":
			controls++
			assert.NotEmpty(t, name, "a %s without a name (node %s)", role, n.NodeID)
			if regexp.MustCompile(`^(ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two) of (spades|hearts|diamonds|clubs)$`).MatchString(name) {
				cards++
			}
		case "generic", "none", "":
			assert.Empty(t, name, "an element named %q has no role", name)
		}
	}
	assert.Greater(t, controls, 10, "the tree holds the page's controls")
	if handsShown {
		assert.Positive(t, cards, "cards are named in words")
	}
}

// checkReplay steps the hand viewer's replay through the whole board, one
// card at a time, and checks at every step what it shows against the
// engine replaying the same cards: the tricks each side has won, and the
// cards each seat still holds.
func checkReplay(t *testing.T, ctx context.Context, setup engine.BoardSetup, final *State) {
	t.Helper()
	calls, cards := finalActions(t, final)
	type view struct {
		At    string              `json:"at"`
		Hands map[string][]string `json:"hands"`
	}
	const read = `(() => {
	  const hands = {};
	  for (const s of document.querySelectorAll("#viewer .seat[data-seat]")) hands[s.dataset.seat] = [...s.querySelectorAll("[data-card]")].map((c) => c.dataset.card);
	  return { at: document.getElementById("replay-at").textContent, hands };
	})()`
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("replay-start"))))
	for k := 0; k <= len(cards); k++ {
		if k > 0 {
			require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("replay-fwd"))))
		}
		v, err := chromedp.Run(ctx, chromedp.Evaluate[view](read))
		require.NoError(t, err)
		b, err := engine.Replay(setup, calls, cards[:k])
		require.NoError(t, err)
		p := b.Play()
		assert.Contains(t, v.At, fmt.Sprintf("card %d of %d \u00b7 NS %d EW %d", k, len(cards), p.Tricks(engine.NS), p.Tricks(engine.EW)), "after %d cards", k)
		require.Len(t, v.Hands, 4)
		for s := engine.North; s <= engine.West; s++ {
			assert.ElementsMatch(t, cardStrings(b.Remaining(s)), v.Hands[s.String()], "%s's hand after %d cards", s.Name(), k)
		}
	}
}

// signed writes a result or a score ("-2", "+1", "=") with a true minus
// sign, as the page's shared notation does.
func signed(s string) string { return strings.Replace(s, "-", "\u2212", 1) }

// points writes a score as the page does: "+420", "−50", "0".
func points(n int) string {
	if n == 0 {
		return "0"
	}
	return signed(fmt.Sprintf("%+d", n))
}

// lastState decodes the last state message.
func lastState(t testing.TB, msgs []string) *State {
	t.Helper()
	require.NotEmpty(t, msgs)
	var st State
	require.NoError(t, json.Unmarshal([]byte(msgs[len(msgs)-1]), &st))
	return &st
}

// TestBrowserPhone plays a board at phone width (360 px, touch) by taps:
// nothing is wider than the screen, and no script throws. The person
// alerts their first call; a tap on it in the auction shows its meaning
// and that it was alerted in visible text.
func TestBrowserPhone(t *testing.T) {
	t.Parallel()
	const seed = "phone"
	ts := newTestServer(t, Config{Seat: engine.South, Level: "easy", Seed: seed, FirstBoard: 3, Analyse: noAnalysis})
	ctx := browsertest.New(t, browsertest.Options{Width: 360, Height: 740, Mobile: true})
	thrown := browsertest.Exceptions(t, ctx)
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(ts.URL), chromedp.WaitVisible(chromedp.CSS(`#table [data-card]`))))
	setup := engine.SeededBoards(seed, []int{3})[0]
	p := &pageDriver{t: t, ctx: ctx, tap: true}
	width := func() {
		w, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth`))
		require.NoError(t, err)
		assert.LessOrEqual(t, w, 360, "the page scrolls sideways at phone width")
	}
	const alert = "any shape, 12 or more"
	alerted := false
	p.onStep = func(st pageState) {
		domCheck(t, p, engine.South, setup)
		width()
		switch st.Your {
		case "call":
			targets(t, ctx, ".box", ".bid", 44, 44)
			if !alerted {
				require.NoError(t, chromedp.Do(ctx, chromedp.SendKeys(chromedp.ID("alert"), alert)))
				alerted = true
			}
		case "card":
			targets(t, ctx, "", "#table .card", 28, 44)
		}
	}
	// South deals: the first call, alerted, with confirm-on-call turned
	// on: the first tap only marks it, the second makes it.
	st := p.read()
	require.Equal(t, "call", st.Your)
	targets(t, ctx, ".box", ".bid", 44, 44)
	require.NoError(t, chromedp.Do(ctx, chromedp.SendKeys(chromedp.ID("alert"), alert), chromedp.Tap(chromedp.ID("confirm"))))
	alerted = true
	p.press(`.bid[data-bid="1C"]`)
	time.Sleep(200 * time.Millisecond)
	armed, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`[+(document.body.dataset.version || 0), document.querySelectorAll(".bid.armed").length, localStorage.getItem("openroom-confirm") === "1" ? 1 : 0]`))
	require.NoError(t, err)
	assert.Equal(t, []int{st.Version, 1, 1}, armed, "one tap with confirm on marks the call, sends nothing, and the choice is kept")
	p.press(`.bid[data-bid="1C"]`)
	p.waitChange(st.Version)
	require.NoError(t, chromedp.Do(ctx, chromedp.Tap(chromedp.ID("confirm"))))
	cards := 0
	step := p.onStep
	p.onStep = func(st pageState) {
		step(st)
		if st.Your == "card" {
			cards++
		}
	}
	p.playUntil(func(st pageState) bool { return st.Your == "next" })
	width()
	assert.Positive(t, cards, "the person played cards (their size was measured)")
	require.NoError(t, chromedp.Do(ctx, chromedp.Tap(chromedp.CSS(`.auction button.call.alerted[data-seat="S"]`))))
	shown, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => { const e = document.getElementById("explain");
	  const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility === "visible" ? e.innerText : ""; })()`))
	require.NoError(t, err)
	assert.Contains(t, shown, "South", "the tapped call's bidder")
	assert.Contains(t, shown, "alerted: "+alert, "the tapped call's alert, in visible text")
	review, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
	require.NoError(t, err)
	assert.NotRegexp(t, `\b(null|undefined|NaN)\b`, review, "the page shows a missing value")

	// Deals of a PBN file played next: the first is dealt as the file
	// gives it, with its board number.
	given := engine.SeededBoards("another seed", []int{9})[0]
	file := filepath.Join(t.TempDir(), "deals.pbn")
	require.NoError(t, os.WriteFile(file, []byte("% PBN 2.1\n\n[Event \"mine\"]\n[Board \"9\"]\n[Deal \""+given.Deal.Format(given.Dealer)+"\"]\n"), 0o644))
	st = p.read()
	require.NoError(t, chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.ID("load-pbn"), []string{file})))
	p.waitChange(st.Version)
	p.playUntil(func(st pageState) bool { return st.Board == 9 })
	hand := p.strings(`[...document.querySelectorAll('#table .seat[data-seat="S"] [data-card]')].map((c) => c.dataset.card)`)
	assert.ElementsMatch(t, cardStrings(given.Deal[engine.South]), hand, "South's hand is the loaded deal's")
	assert.Empty(t, thrown(), "uncaught script errors")
}

// targets checks the touch targets at the person's turn: the panel
// holding them (unless "") within the screen, and each target's area,
// less whatever other element covers it, at least w×h CSS pixels.
func targets(t *testing.T, ctx context.Context, panel, sel string, w, h float64) {
	t.Helper()
	type box struct {
		What   string  `json:"what"`
		Width  float64 `json:"width"`
		Height float64 `json:"height"`
		Inside bool    `json:"inside"`
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]box](fmt.Sprintf(`(() => {
	  const inside = (r) => r.top >= -0.5 && r.left >= -0.5 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5;
	  const out = [];
	  const panel = %q && document.querySelector(%q);
	  if (panel) out.push({what: "panel", width: 0, height: 0, inside: inside(panel.getBoundingClientRect())});
	  const all = [...document.querySelectorAll(%q)];
	  for (const e of all) {
	    const r = e.getBoundingClientRect();
	    // The exposed part: the box less any later sibling drawn over it.
	    let right = r.right, bottom = r.bottom;
	    for (const o of all) {
	      if (o === e) continue;
	      const q = o.getBoundingClientRect();
	      if (q.left > r.left && q.left < right && q.top < r.bottom && q.bottom > r.top) right = q.left;
	      if (q.top > r.top && q.top < bottom && q.left < r.right && q.right > r.left) bottom = q.top;
	    }
	    out.push({what: e.dataset.bid || e.dataset.card, width: right - r.left, height: bottom - r.top, inside: true});
	  }
	  return out;
	})()`, panel, panel, sel)))
	require.NoError(t, err)
	require.NotEmpty(t, got)
	for _, b := range got {
		if b.What == "panel" {
			assert.True(t, b.Inside, "%s is not within the screen at the person's turn", panel)
			continue
		}
		assert.GreaterOrEqual(t, b.Width, w, "%s is %.1f px wide", b.What, b.Width)
		assert.GreaterOrEqual(t, b.Height, h, "%s is %.1f px tall", b.What, b.Height)
	}
}

// TestBrowserTakeOver: a second tab on the same seat says the seat is
// held, takes it over when asked, and the first tab says so.
func TestBrowserTakeOver(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Config{Seat: engine.South, Level: "easy", Seed: "takeover", FirstBoard: 3, Analyse: noAnalysis})
	first := browsertest.New(t, browsertest.Options{})
	require.NoError(t, chromedp.Do(first, chromedp.Navigate(ts.URL), chromedp.WaitVisible(chromedp.CSS(`#table [data-card]`))))
	second, cancel := chromedp.NewContext(first) // another tab of the same browser: the same cookie
	defer cancel()
	require.NoError(t, chromedp.Do(second, chromedp.Navigate(ts.URL), chromedp.WaitVisible(chromedp.ID("takeover"))))
	text, err := chromedp.Run(second, chromedp.Text(chromedp.ID("notice")))
	require.NoError(t, err)
	assert.Contains(t, text, "another tab")
	require.NoError(t, chromedp.Do(second, chromedp.Click(chromedp.ID("takeover")), chromedp.WaitVisible(chromedp.CSS(`#table [data-card]`))))
	require.NoError(t, chromedp.Do(first, chromedp.WaitVisible(chromedp.ID("takeover"))))
	text, err = chromedp.Run(first, chromedp.Text(chromedp.ID("notice")))
	require.NoError(t, err)
	assert.Contains(t, text, "Another tab took over this seat")
	assert.Contains(t, text, "no longer has the table")
	// The first tab's page is still drawn, with every control off, and
	// its keys do nothing. (South deals board 3: it still shows its
	// bidding box.)
	enabled, err := chromedp.Run(first, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#table button, #table input, #viewer button")].filter((c) => !c.disabled).map((c) => c.outerHTML)`))
	require.NoError(t, err)
	assert.Empty(t, enabled, "a control of the tab that lost its table is still on")
	drawn, err := chromedp.Run(first, chromedp.Evaluate[int](`document.querySelectorAll(".bid").length`))
	require.NoError(t, err)
	assert.Positive(t, drawn, "the bidding box is still drawn")
	require.NoError(t, chromedp.Do(first, chromedp.KeyEvent("p")))
	msg, err := chromedp.Run(first, chromedp.Evaluate[string](`document.getElementById("error").hidden ? "" : document.getElementById("error").textContent`))
	require.NoError(t, err)
	assert.Empty(t, msg, "a key in the tab that lost its table sends nothing")
	// The second tab plays on.
	p := &pageDriver{t: t, ctx: second}
	st := p.playUntil(func(st pageState) bool { return st.Your == "call" || st.Your == "card" })
	p.playUntil(func(s pageState) bool { return s.Version > st.Version })
}

// TestBrowserRubberDeal plays a rubber's first deal: the page speaks of
// deals, the line and the sheet, shows the sheet and what the deal wrote
// on it, and no par (a duplicate measure).
func TestBrowserRubberDeal(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Config{Seat: engine.South, Level: "easy", Mode: Rubber, Seed: "rubber-words"})
	ctx := browsertest.New(t, browsertest.Options{})
	thrown := browsertest.Exceptions(t, ctx)
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(ts.URL), chromedp.WaitVisible(chromedp.CSS(`#table [data-card]`))))
	// A suit contract, for its symbol on the sheet.
	p := &pageDriver{t: t, ctx: ctx, call: func(legal []string) string {
		for _, c := range legal {
			if c == "4S" {
				return c
			}
		}
		return "Pass"
	}}
	p.playUntil(func(st pageState) bool { return st.Your == "next" && st.Analysed })
	type view struct {
		Status, Result, Entry, Rules, Sheet, Footer, Files, Titles string
		Par, DD                                                    int
	}
	v, err := chromedp.Run(ctx, chromedp.Evaluate[view](`({
	  Status: document.getElementById("status").textContent, Result: document.getElementById("result").textContent,
	  Entry: document.getElementById("entry")?.textContent ?? "", Rules: document.getElementById("rules").textContent,
	  Sheet: document.getElementById("sheet")?.textContent ?? "", Footer: document.querySelector("footer").textContent,
	  Files: document.querySelector("#viewer .files").textContent,
	  Titles: [...document.querySelectorAll("#sheet li")].map((li) => li.title).join("\n"),
	  Par: document.querySelectorAll("#par").length, DD: document.querySelectorAll("#viewer .dd table").length})`))
	require.NoError(t, err)
	// One notation: the sheet's and the entry's contracts with suit
	// symbols ("4♠ by N"), never the engine's letters ("4S by N").
	plain := regexp.MustCompile(`\b[1-7][SHDC]X{0,2} by [NESW]\b`)
	assert.NotRegexp(t, plain, v.Sheet, "the sheet's contracts in the shared notation")
	assert.NotRegexp(t, plain, v.Titles)
	assert.NotRegexp(t, plain, v.Entry)
	assert.Regexp(t, `[1-7][\x{2660}\x{2665}\x{2666}\x{2663}]X{0,2} by [NESW]`, v.Sheet, "a suit contract in the shared notation")
	assert.Contains(t, v.Footer, "n next deal", "the footer in a rubber's words")
	assert.NotContains(t, v.Footer, "next board")
	assert.NotContains(t, v.Footer, "play it again", "a deal on the sheet is not played again")
	assert.Contains(t, v.Files, "Download this deal (PBN)")
	// The "a" key (play it again) does nothing on a rubber's deal: no
	// refusal shown.
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("a")))
	time.Sleep(200 * time.Millisecond)
	shownErr, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("error").hidden ? "" : document.getElementById("error").textContent`))
	require.NoError(t, err)
	assert.Empty(t, shownErr)
	assert.Equal(t, "Deal over", v.Status)
	assert.Regexp(t, `^Deal 1: .* by [NESW], `, v.Result)
	assert.Regexp(t, `^On the sheet \x{2014} (We|They): (below|above) the line`, v.Entry)
	assert.Contains(t, v.Rules, "rubber bonus")
	assert.Contains(t, v.Sheet, "Below the line")
	assert.Equal(t, 0, v.Par, "no par on a score sheet")
	assert.Equal(t, 1, v.DD, "the double-dummy table")
	assert.Empty(t, thrown(), "uncaught script errors")
}

// TestBrowserLoadBeforeTheFirstBoard: a PBN file loaded at the person's
// first call, before any board is played, replaces the board in play; a
// reload keeps playing the loaded deal where it stood, and the file's
// next deal follows it.
func TestBrowserLoadBeforeTheFirstBoard(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Config{Seat: engine.South, Level: "easy", Seed: "load-first", Analyse: noAnalysis})
	ctx := browsertest.New(t, browsertest.Options{})
	thrown := browsertest.Exceptions(t, ctx)
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(ts.URL), chromedp.WaitVisible(chromedp.CSS(`#table [data-card]`))))
	p := &pageDriver{t: t, ctx: ctx}
	st := p.playUntil(func(st pageState) bool { return st.Your == "call" })
	require.Equal(t, 1, st.Board)

	file := engine.SeededBoards("a file before the first board", []int{9, 10})
	browsertest.UploadPBN(t, ctx, `#table #load-pbn`, file)
	// Wait for the loaded deal without acting: a click meant for the board
	// it replaces could land on the loaded one and pass it out.
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](`+(document.body.dataset.board || 0) === 9`, chromedp.WithPollingTimeout(30*time.Second)))
	require.NoError(t, err)
	southHand := `[...document.querySelectorAll('#table .seat[data-seat="S"] [data-card]')].map((c) => c.dataset.card)`
	assert.ElementsMatch(t, cardStrings(file[0].Deal[engine.South]), p.strings(southHand), "the file's first deal")

	// A bid on it, which cannot end the board, then a reload: the same
	// deal, where it stood.
	st = p.playUntil(func(s pageState) bool { return s.Your != "" })
	require.Equal(t, "call", st.Your, "the person's first turn on the loaded deal")
	p.call = func(legal []string) string {
		i := slices.IndexFunc(legal, func(c string) bool { return c != "Pass" && c != "X" && c != "XX" })
		require.GreaterOrEqual(t, i, 0, "a bid among %v", legal)
		return legal[i]
	}
	st = p.playUntil(func(s pageState) bool { return s.Version > st.Version && s.Your != "" })
	p.call = nil
	require.NoError(t, chromedp.Do(ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`#table [data-card]`))))
	again := p.read()
	assert.Equal(t, 9, again.Board, "the loaded deal after a reload")
	assert.Equal(t, st.Played, again.Played)
	assert.ElementsMatch(t, cardStrings(file[0].Deal[engine.South]), p.strings(southHand), "the loaded deal's cards after a reload")
	totals, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("totals")))
	require.NoError(t, err)
	assert.Contains(t, totals, "Session: 0 boards", "the board left for the file is not scored")

	p.playUntil(func(s pageState) bool { return s.Your == "next" })
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("next"))))
	p.playUntil(func(s pageState) bool { return s.Board == 10 })
	assert.ElementsMatch(t, cardStrings(file[1].Deal[engine.South]), p.strings(southHand), "then the file's next deal")
	assert.Empty(t, thrown(), "uncaught script errors")
}
