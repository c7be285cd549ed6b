package pages

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/web/browsertest"
	"github.com/openroom/openroom/web/play/practice"
)

// built is the page's folder, built once per test binary (the worker's
// compilation is the slow part) by the first test that needs it.
var built struct {
	once sync.Once
	dir  string
	err  error
}

// folder returns the built page's folder, building it on first use.
func folder(t testing.TB) string {
	t.Helper()
	built.once.Do(func() {
		dir, err := os.MkdirTemp("", "openroom-pages-")
		if err != nil {
			built.err = err
			return
		}
		built.dir = dir
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		built.err = Build(ctx, dir, Options{})
	})
	require.NoError(t, built.err)
	return built.dir
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// needBrowser skips the test as browsertest.New would, before the folder
// is built for nothing.
func needBrowser(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("a browser test, not run with -short")
	}
	if _, ok := browsertest.Find(); !ok && os.Getenv(browsertest.RequireEnv) == "" {
		t.Skip("no Chromium installed")
	}
}

// serve serves the folder as any static file server would.
func serve(t testing.TB, dir string) string {
	t.Helper()
	ts := httptest.NewServer(http.FileServer(http.Dir(dir)))
	t.Cleanup(ts.Close)
	return ts.URL
}

// browser starts Chromium for a test of the page (skipped as browsertest
// says) and, before any page script, wraps Worker so that every message
// the worker posts to the page is kept in window.__workerMessages: the
// test reads what the page was told, as a network recorder would.
func browser(t *testing.T) context.Context {
	t.Helper()
	return browserWithin(t, 0)
}

// browserWithin is browser bounded by timeout (0: browsertest's default).
func browserWithin(t *testing.T, timeout time.Duration) context.Context {
	t.Helper()
	ctx := browsertest.New(t, browsertest.Options{Timeout: timeout})
	_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: `
window.__workerMessages = [];
window.__workerTimes = [];
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => window.__cspViolations.push(e.violatedDirective + " " + e.blockedURI));
const RealWorker = window.Worker;
window.Worker = class extends RealWorker {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (e) => {
      window.__workerMessages.push(JSON.stringify(e.data));
      window.__workerTimes.push(performance.now());
    });
  }
};`})
	require.NoError(t, err)
	return ctx
}

// requests records the URL of every request the page makes.
type requests struct {
	mu   sync.Mutex
	urls []string
}

func watchRequests(t *testing.T, ctx context.Context) *requests {
	r := &requests{}
	_, err := chromedp.Call(ctx, network.Enable, network.EnableParams{})
	require.NoError(t, err)
	evs := chromedp.Events(ctx, network.RequestWillBeSent)
	go func() {
		for ev, err := range evs {
			if err != nil {
				return
			}
			r.mu.Lock()
			r.urls = append(r.urls, ev.Request.URL)
			r.mu.Unlock()
		}
	}()
	return r
}

func (r *requests) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.urls)
}

func (r *requests) since(n int) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, u := range r.urls[n:] {
		// A blob: or data: URL is the page's own memory, not the network.
		if strings.HasPrefix(u, "http") {
			out = append(out, u)
		}
	}
	return out
}

// pageState is what the page shows of its state (body data attributes).
type pageState struct {
	Your     string `json:"your"`
	Version  int    `json:"version"`
	Played   int    `json:"played"`
	Analysed bool   `json:"analysed"`
	Board    int    `json:"board"`
	Link     string `json:"link"`
	Restarts int    `json:"restarts"`
	NoWasm   bool   `json:"nowasm"`
	Error    string `json:"error"`
}

const readPage = `(() => { const d = document.body.dataset; const e = document.getElementById("error");
  return {your: d.your || "", version: +(d.version || 0), played: +(d.played || 0), analysed: d.analysed === "1",
  board: +(d.board || 0), link: d.link || "", restarts: +(d.restarts || 0), nowasm: d.nowasm === "1",
  error: e.hidden ? "" : e.textContent}; })()`

// firstBid selects the lowest bid the person may make, a call that
// cannot end the auction.
const firstBid = `.bid:not([disabled]):not([data-bid="Pass"]):not([data-bid="X"]):not([data-bid="XX"])`

func read(t *testing.T, ctx context.Context) pageState {
	t.Helper()
	st, err := chromedp.Run(ctx, chromedp.Evaluate[pageState](readPage))
	require.NoError(t, err)
	return st
}

// playUntil plays the person's seat by clicks (a random legal card, a
// pass mostly) until done says so.
func playUntil(t *testing.T, ctx context.Context, rng *rand.Rand, done func(pageState) bool) pageState {
	t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	missed := 0
	for {
		st := read(t, ctx)
		require.Empty(t, st.Error, "the page showed an error")
		if done(st) {
			return st
		}
		require.True(t, time.Now().Before(deadline), "the page did not get there: %+v", st)
		var sel string
		switch st.Your {
		case "call":
			legal, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(".bid:not([disabled])")].map(b => b.dataset.bid)`))
			require.NoError(t, err)
			c := "Pass"
			if rng.IntN(4) == 0 {
				c = legal[rng.IntN(len(legal))]
			}
			sel = fmt.Sprintf(`.bid[data-bid="%s"]`, c)
		case "card":
			legal, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(".card.playable")].map(b => b.dataset.card)`))
			require.NoError(t, err)
			if len(legal) == 0 {
				time.Sleep(10 * time.Millisecond)
				continue
			}
			sel = fmt.Sprintf(`.card.playable[data-card="%s"]`, legal[rng.IntN(len(legal))])
		default:
			time.Sleep(10 * time.Millisecond)
			continue
		}
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel))); err != nil {
			// The page may redraw between finding the button and
			// clicking it (a board loaded from a file replaces the one in
			// play): look again, unless it keeps failing.
			missed++
			require.Less(t, missed, 3, "clicking %s: %v", sel, err)
			continue
		}
		missed = 0
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`+(document.body.dataset.version || 0) > %d || !document.getElementById("error").hidden`, st.Version),
			chromedp.WithPollingTimeout(30*time.Second), chromedp.WithPollingInterval(5*time.Millisecond)))
		require.NoError(t, err)
	}
}

// workerStates returns the states the worker posted to the page, in order.
func workerStates(t *testing.T, ctx context.Context) []practice.State {
	t.Helper()
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`window.__workerMessages`))
	require.NoError(t, err)
	states, _ := decodeStates(t, raw)
	return states
}

// decodeStates reads the states among the worker's messages raw, and the
// index in raw of each.
func decodeStates(t *testing.T, raw []string) (states []practice.State, at []int) {
	t.Helper()
	for i, m := range raw {
		var msg struct {
			Type  string `json:"type"`
			State string `json:"state"`
		}
		require.NoError(t, json.Unmarshal([]byte(m), &msg))
		if msg.Type != "state" {
			continue
		}
		var st practice.State
		require.NoError(t, json.Unmarshal([]byte(msg.State), &st))
		states, at = append(states, st), append(at, i)
	}
	return states, at
}

// nodeOrSkip returns node's path, or skips the test (fails it when
// browsertest.RequireEnv is set).
func nodeOrSkip(t *testing.T) string {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv(browsertest.RequireEnv) != "" {
			t.Fatalf("node is not installed and %s is set", browsertest.RequireEnv)
		}
		t.Skip("node is not installed")
	}
	return node
}
