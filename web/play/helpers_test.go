package play

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/analysis"
	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/web/play/practice"
)

// testAnalyse is the analysis of the test servers: a stand-in with the
// real analysis's shape and made-up costs (every seventh card lost a
// trick), because the solver's work on each board takes tens of seconds
// under the race detector. The package analysis tests the figures; these
// tests check that the page gets them, adds them up and draws them, and
// TestDefaultAnalysis runs the real one once.
func testAnalyse(b *engine.Board) (*analysis.Board, error) {
	var t dds.TrickTable
	a := analysis.Table(b.Setup(), &t)
	c, ok := b.Contract()
	if !ok || c.PassedOut() {
		return a, nil
	}
	a.Contract, a.Declarer = c.String(), c.Declarer.String()
	play := b.Play()
	for i, card := range play.Cards() {
		_, leader := play.Trick(i / 4)
		seat := (leader + engine.Seat(i%4)) & 3
		cr := analysis.CardResult{Seat: seat.String(), Card: card.String()}
		if i%7 == 3 {
			cr.Lost = 1
		}
		a.Cards = append(a.Cards, cr)
	}
	return a, nil
}

// newTestServer serves a play server on 127.0.0.1:0 for one test.
func newTestServer(t testing.TB, cfg Config) *httptest.Server {
	t.Helper()
	if cfg.Analyse == nil {
		cfg.Analyse = testAnalyse
	}
	srv, err := NewServer(cfg)
	require.NoError(t, err)
	return newHTTPTestServer(t, srv)
}

// newHTTPTestServer serves srv on 127.0.0.1:0 until the test ends.
func newHTTPTestServer(t testing.TB, srv *Server) *httptest.Server {
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	t.Cleanup(srv.Close) // runs first: ends the streams so ts.Close does not wait
	return ts
}

// event is one server-sent event.
type event struct {
	name, data string
}

// client is a person's browser without the browser: a cookie jar, a tab id,
// the event stream and the act endpoint.
type client struct {
	t      testing.TB
	base   string
	tab    string
	hc     *http.Client
	events chan event
	cancel context.CancelFunc
	done   chan struct{}
}

func newClient(t testing.TB, base, tab string) *client {
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	return &client{t: t, base: base, tab: tab, hc: &http.Client{Jar: jar, Timeout: 30 * time.Second}}
}

// sibling is another tab of the same browser (same cookies).
func (c *client) sibling(tab string) *client {
	return &client{t: c.t, base: c.base, tab: tab, hc: c.hc}
}

// open loads the page (which sets the session cookie) and starts the stream.
func (c *client) open() {
	c.t.Helper()
	resp, err := c.hc.Get(c.base + "/")
	require.NoError(c.t, err)
	resp.Body.Close()
	require.Equal(c.t, http.StatusOK, resp.StatusCode)
	c.stream()
}

// stream (re)connects the event stream.
func (c *client) stream() {
	c.t.Helper()
	c.close()
	ctx, cancel := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, "GET", c.base+"/api/stream?tab="+c.tab, nil)
	require.NoError(c.t, err)
	hc := *c.hc
	hc.Timeout = 0 // a stream lasts; reads are bounded by next's deadline
	resp, err := hc.Do(req)
	require.NoError(c.t, err)
	require.Equal(c.t, http.StatusOK, resp.StatusCode)
	c.events, c.cancel, c.done = make(chan event, 1024), cancel, make(chan struct{})
	go func(events chan event, done chan struct{}) {
		defer close(done)
		defer close(events)
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		var ev event
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == "":
				if ev.name != "" {
					events <- ev
				}
				ev = event{}
			case strings.HasPrefix(line, "event: "):
				ev.name = line[len("event: "):]
			case strings.HasPrefix(line, "data: "):
				ev.data = line[len("data: "):]
			}
		}
	}(c.events, c.done)
}

func (c *client) close() {
	if c.cancel != nil {
		c.cancel()
		<-c.done
		c.cancel = nil
	}
}

// next returns the next event, failing the test after 20 s.
func (c *client) next() event {
	c.t.Helper()
	return c.nextWithin(20)
}

func (c *client) nextWithin(seconds int) event {
	c.t.Helper()
	select {
	case ev, ok := <-c.events:
		if !ok {
			c.t.Fatalf("the stream closed")
		}
		return ev
	case <-time.After(time.Duration(seconds) * time.Second):
		c.t.Fatalf("no event within %d s", seconds)
	}
	return event{}
}

// waitStateWithin is waitState with a longer bound on each event.
func (c *client) waitStateWithin(ok func(*State) bool, seconds int) *State {
	c.t.Helper()
	for {
		ev := c.nextWithin(seconds)
		var st State
		require.NoError(c.t, json.Unmarshal([]byte(ev.data), &st))
		if ok(&st) {
			return &st
		}
	}
}

// waitState reads states until one satisfies ok; every state read is
// passed to seen (nil: none).
func (c *client) waitState(ok func(*State) bool, seen func(raw string, st *State)) *State {
	c.t.Helper()
	for {
		ev := c.next()
		if ev.name != "state" {
			c.t.Fatalf("unexpected %s event: %s", ev.name, ev.data)
		}
		var st State
		require.NoError(c.t, json.Unmarshal([]byte(ev.data), &st))
		if seen != nil {
			seen(ev.data, &st)
		}
		if ok(&st) {
			return &st
		}
	}
}

// act posts an intent; it returns the status and the error text, if any.
func (c *client) act(body string) (int, string) {
	c.t.Helper()
	req, err := http.NewRequest("POST", c.base+"/api/act", strings.NewReader(body))
	require.NoError(c.t, err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Openroom-Tab", c.tab)
	resp, err := c.hc.Do(req)
	require.NoError(c.t, err)
	defer resp.Body.Close()
	var out struct {
		OK    bool   `json:"ok"`
		Error string `json:"error"`
	}
	require.NoError(c.t, json.NewDecoder(resp.Body).Decode(&out))
	return resp.StatusCode, out.Error
}

func (c *client) mustAct(kind string, fields ...string) {
	c.t.Helper()
	body := map[string]string{"kind": kind}
	for i := 0; i+1 < len(fields); i += 2 {
		body[fields[i]] = fields[i+1]
	}
	b, _ := json.Marshal(body)
	status, msg := c.act(string(b))
	require.Equal(c.t, http.StatusOK, status, "%s: %s", b, msg)
}

// boundary checks every message a page received while a board was in
// play against the board's real deal: no card of a hand the seat may not
// see, except cards already played, anywhere in any message.
type boundary struct {
	seat engine.Seat
	deal engine.Deal
	msgs []string // raw messages, in order, up to the board's end
}

var (
	cardPattern = regexp.MustCompile(`^[SHDC][AKQJT98765432]$`)
	// a PBN hand ("AKQ.JT9.876.5432") anywhere in a text
	pbnHandPattern = regexp.MustCompile(`[AKQJT2-9]*\.[AKQJT2-9]*\.[AKQJT2-9]*\.[AKQJT2-9]+`)
)

// check judges the messages against the play as it really happened
// (played: every card of the board in order, from the final state).
func (b *boundary) check(t testing.TB, played []PlayedCard) int {
	t.Helper()
	checked := 0
	for i, raw := range b.msgs {
		var st State
		require.NoError(t, json.Unmarshal([]byte(raw), &st))
		if st.Result != nil || st.Phase == "done" {
			continue
		}
		checked++
		require.LessOrEqual(t, len(st.Played), len(played), "message %d", i)
		require.Equal(t, played[:len(st.Played)], st.Played, "message %d: the cards it says were played are the real ones", i)
		require.Len(t, st.Winners, len(st.Played)/4, "message %d: a winner for each complete trick, none for a trick in progress", i)
		visible := b.deal[b.seat]
		for k := range st.Hands {
			seat, err := engine.ParseSeat(k)
			require.NoError(t, err)
			if seat == b.seat {
				continue
			}
			require.NotEmpty(t, st.Played, "message %d: %s's hand before the opening lead", i, k)
			// Dummy's hand, or declarer's when the person plays their
			// partner's contract.
			if k != st.PlaysFor || st.PlaysFor != st.Declarer {
				require.Equal(t, st.Dummy, k, "message %d: a hand that is not dummy's: %s", i, k)
			}
			visible |= b.deal[seat]
		}
		pub := engine.Hand(0)
		for _, p := range st.Played {
			c, err := engine.ParseCard(p.Card)
			require.NoError(t, err)
			pub = pub.With(c)
		}
		hidden := engine.FullDeck &^ visible &^ pub
		var generic any
		require.NoError(t, json.Unmarshal([]byte(raw), &generic))
		walkStrings(generic, func(s string) {
			if cardPattern.MatchString(s) {
				c, _ := engine.ParseCard(s)
				require.False(t, hidden.Has(c), "message %d holds %s, a card of a hidden hand: %s", i, s, raw)
			}
		})
		require.False(t, pbnHandPattern.MatchString(raw), "message %d holds a PBN hand: %s", i, raw)
	}
	return checked
}

// walkStrings calls f with every string (keys too) in a decoded JSON value.
func walkStrings(v any, f func(string)) {
	switch x := v.(type) {
	case string:
		f(x)
	case []any:
		for _, e := range x {
			walkStrings(e, f)
		}
	case map[string]any:
		for k, e := range x {
			f(k)
			walkStrings(e, f)
		}
	}
}

// finalActions parses a finished board's calls and cards as the page's
// state gives them, for replaying them through the engine.
func finalActions(t testing.TB, final *State) ([]engine.Call, []engine.Card) {
	t.Helper()
	calls := make([]engine.Call, len(final.Auction))
	for i, ci := range final.Auction {
		var err error
		calls[i], err = engine.ParseCall(ci.Call)
		require.NoError(t, err)
	}
	cards := make([]engine.Card, len(final.Played))
	for i, p := range final.Played {
		var err error
		cards[i], err = engine.ParseCard(p.Card)
		require.NoError(t, err)
	}
	return calls, cards
}

// cardStrings lists a hand's cards as the page's states do.
func cardStrings(h engine.Hand) []string { return practice.CardStrings(h) }
