package live

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/results"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sseEvent is one server-sent event as a client reads it.
type sseEvent struct {
	ID, Name, Data string
}

// sseClient reads a stream's events; every read is bounded by the test's
// context.
type sseClient struct {
	resp *http.Response
	r    *bufio.Reader
	raw  strings.Builder // every byte received
}

func dial(t testing.TB, ctx context.Context, base, lastID string) *sseClient {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/events", nil)
	require.NoError(t, err)
	if lastID != "" {
		req.Header.Set("Last-Event-ID", lastID)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	t.Cleanup(func() { resp.Body.Close() })
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "text/event-stream", resp.Header.Get("Content-Type"))
	return &sseClient{resp: resp, r: bufio.NewReader(resp.Body)}
}

// next reads the next event (comments skipped).
func (c *sseClient) next() (sseEvent, error) {
	var ev sseEvent
	for {
		line, err := c.r.ReadString('\n')
		c.raw.WriteString(line)
		if err != nil {
			return ev, err
		}
		line = strings.TrimSuffix(line, "\n")
		switch {
		case line == "":
			if ev.Name != "" || ev.Data != "" {
				return ev, nil
			}
		case strings.HasPrefix(line, ":"):
		case strings.HasPrefix(line, "id: "):
			ev.ID = line[4:]
		case strings.HasPrefix(line, "event: "):
			ev.Name = line[7:]
		case strings.HasPrefix(line, "data: "):
			ev.Data += line[6:]
		}
	}
}

func (c *sseClient) mustNext(t testing.TB) sseEvent {
	t.Helper()
	ev, err := c.next()
	require.NoError(t, err)
	return ev
}

func testServer(t *testing.T, st *State) (*httptest.Server, context.Context) {
	t.Helper()
	return testServerOf(t, st, NewHandler)
}

// testServerOf serves a handler on 127.0.0.1:0; the streams the test
// opens with the returned context end before the server closes.
func testServerOf(t *testing.T, st *State, mk func(*State, *Viewer) *Handler) (*httptest.Server, context.Context) {
	t.Helper()
	v := NewViewer(st)
	srv := httptest.NewUnstartedServer(mk(st, v))
	t.Cleanup(srv.Close)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel) // runs before srv.Close: the streams end, as under Serve
	srv.Config.BaseContext = func(net.Listener) context.Context { return ctx }
	srv.Start()
	go v.Run(ctx)
	return srv, ctx
}

func begunState(t *testing.T, opt Options, boards []engine.BoardSetup) (*State, Plan) {
	t.Helper()
	st := New(opt)
	plan := twoRoomPlan(boards)
	require.NoError(t, st.Begin(plan, nil, nil, nil))
	return st, plan
}

func TestStreamSnapshotThenDeltasAndResume(t *testing.T) {
	t.Parallel()
	st, plan := begunState(t, Options{}, engine.SeededBoards("sse", []int{1}))
	srv, ctx := testServer(t, st)

	c := dial(t, ctx, srv.URL, "")
	first := c.mustNext(t)
	assert.Equal(t, "snapshot", first.Name)
	var snap Snapshot
	require.NoError(t, json.Unmarshal([]byte(first.Data), &snap))
	assert.Equal(t, first.ID, snap.ID)
	assert.Equal(t, "ev", snap.Event.Name)
	require.Len(t, snap.Tables, 2)

	st.TableStarted(plan.Tables[0].Table)
	st.Flush()
	ev := c.mustNext(t)
	assert.Equal(t, "table", ev.Name)
	seq, ok := st.parseID(ev.ID)
	require.True(t, ok)
	firstSeq, _ := st.parseID(first.ID)
	assert.Equal(t, firstSeq+1, seq)
	var tv TableView
	require.NoError(t, json.Unmarshal([]byte(ev.Data), &tv))
	assert.Equal(t, "playing", tv.State)

	// Events published while a client is away reach it when it comes back
	// with the last id it saw, without a snapshot.
	st.TableStarted(plan.Tables[1].Table)
	st.Flush()
	st.TableFinished(plan.Tables[0].Table, nil)
	st.Flush()
	again := dial(t, ctx, srv.URL, ev.ID)
	e1, e2 := again.mustNext(t), again.mustNext(t)
	assert.Equal(t, []string{"table", "table"}, []string{e1.Name, e2.Name})
	assert.Equal(t, st.id(seq+1), e1.ID)
	assert.Equal(t, st.id(seq+2), e2.ID)
	assert.Contains(t, e2.Data, `"state":"finished"`)
}

func TestStreamSendsASnapshotWhenTheResumeIsImpossible(t *testing.T) {
	t.Parallel()
	st, plan := begunState(t, Options{Window: 4}, engine.SeededBoards("sse", []int{1}))
	srv, ctx := testServer(t, st)
	old := st.Snapshot().ID
	for i := 0; i < 10; i++ {
		st.TableFinished(plan.Tables[i%2].Table, fmt.Errorf("change %d", i)) // a new view each time
		st.Flush()
	}
	for _, tc := range []struct{ name, id string }{
		{"fallen out of the window", old},
		{"another process's id", "0000-3"},
		{"garbage", "nonsense"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := dial(t, ctx, srv.URL, tc.id)
			ev := c.mustNext(t)
			assert.Equal(t, "snapshot", ev.Name)
			assert.Equal(t, st.Snapshot().ID, ev.ID)
		})
	}
}

func TestStreamWakesEveryClient(t *testing.T) {
	t.Parallel()
	st, plan := begunState(t, Options{}, engine.SeededBoards("sse", []int{1}))
	srv, ctx := testServer(t, st)
	var cs []*sseClient
	for i := 0; i < 3; i++ {
		c := dial(t, ctx, srv.URL, "")
		require.Equal(t, "snapshot", c.mustNext(t).Name)
		cs = append(cs, c)
	}
	st.TableStarted(plan.Tables[0].Table)
	st.Flush()
	for _, c := range cs {
		assert.Equal(t, "table", c.mustNext(t).Name)
	}
}

func TestTooManyViewersAreRefused(t *testing.T) {
	t.Parallel()
	st, _ := begunState(t, Options{}, engine.SeededBoards("sse", []int{1}))
	srv, ctx := testServerOf(t, st, func(st *State, v *Viewer) *Handler {
		h := NewHandler(st, v)
		h.MaxClients = 1
		return h
	})
	c := dial(t, ctx, srv.URL, "")
	require.Equal(t, "snapshot", c.mustNext(t).Name)
	resp, err := http.Get(srv.URL + "/events")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)
}

// easyBoard is a board the solver takes at once (each seat holds one
// suit), so the viewer's analysis is quick under the race detector too.
func easyBoard(t *testing.T, number int) engine.BoardSetup {
	t.Helper()
	d, err := engine.ParseDeal("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
	require.NoError(t, err)
	return engine.NewBoardSetup(number, d)
}

func TestBoardEndpointKeepsTheBoundary(t *testing.T) {
	t.Parallel()
	boards := []engine.BoardSetup{easyBoard(t, 1)}
	st, plan := begunState(t, Options{}, boards)
	srv, _ := testServer(t, st)
	get := func(q string) (int, string) {
		resp, err := http.Get(srv.URL + "/api/board?" + q)
		require.NoError(t, err)
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		return resp.StatusCode, string(b)
	}
	rOpen := play(t, st, plan.Tables[0], boards[0])
	st.BoardFinished(&rOpen)

	for _, tc := range []struct {
		name, query string
		status      int
		body        string
	}{
		{"no board number", "match=A-v-B", http.StatusBadRequest, "want a board number"},
		{"not a number", "match=A-v-B&board=x", http.StatusBadRequest, `got \"x\"`},
		{"zero", "match=A-v-B&board=0", http.StatusBadRequest, "want a board number"},
		{"one room in", "match=A-v-B&board=1", http.StatusNotFound, "not public"},
		{"no such match", "match=Z&board=1", http.StatusNotFound, "not public"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, body := get(tc.query)
			assert.Equal(t, tc.status, status)
			assert.Contains(t, body, tc.body)
			for _, s := range secrets(boards[0]) {
				assert.NotContains(t, body, s)
			}
		})
	}

	rClosed := play(t, st, plan.Tables[1], boards[0])
	st.BoardFinished(&rClosed)
	status, body := get("match=" + url.QueryEscape("A-v-B") + "&board=1")
	require.Equal(t, http.StatusOK, status, body)
	var d BoardDetail
	require.NoError(t, json.Unmarshal([]byte(body), &d))
	assert.Equal(t, rOpen.Deal, d.Deal)
	require.Len(t, d.Rooms, 2)
	require.Len(t, d.Analysis, 2)
	assert.Empty(t, d.Error)
	for i, rec := range []results.Record{rOpen, rClosed} {
		a := d.Analysis[i]
		require.NotNil(t, a, "room %d", i)
		assert.Equal(t, rec.Deal, a.Deal)
		assert.Len(t, a.Cards, len(rec.Play), "every card's cost")
		assert.Equal(t, rec.Play, d.Plays[i])
		// Each card with its seat and each trick's winner, the engine's.
		dec, err := rec.Decode()
		require.NoError(t, err)
		p := dec.Board.Play()
		require.Len(t, rec.Play, 52, "room %d: the random players' board is played out", i)
		assert.Equal(t, contractResult(&rec), d.Rooms[i].Result, "room %d", i)
		assert.NotEmpty(t, d.Rooms[i].Result, "room %d: a played-out board's result", i)
		require.Len(t, d.Played[i], len(rec.Play))
		for j, pc := range d.Played[i] {
			assert.Equal(t, rec.Play[j], pc.Card, "room %d card %d", i, j+1)
		}
		require.Len(t, d.Winners[i], p.TrickIndex(), "room %d: a winner for each complete trick", i)
		for j, w := range d.Winners[i] {
			assert.Equal(t, p.Winner(j).String(), w, "room %d trick %d", i, j+1)
		}
		for j := 4; j < len(d.Played[i]); j += 4 {
			assert.Equal(t, d.Winners[i][j/4-1], d.Played[i][j].Seat, "room %d: trick %d led by the last trick's winner", i, j/4+1)
		}
		assert.Len(t, d.Auctions[i], len(rec.Auction))
		assert.Contains(t, d.BBO[i], "lin=", "room %d's BBO link", i)
	}
	assert.Equal(t, d.Analysis[0].DD, d.Analysis[1].DD, "one table for both rooms")
}

func TestAssetsAndHeaders(t *testing.T) {
	t.Parallel()
	st, _ := begunState(t, Options{}, engine.SeededBoards("assets", []int{1}))
	srv, _ := testServer(t, st)
	for _, tc := range []struct {
		path   string
		status int
		has    string
	}{
		{"/", http.StatusOK, `src="live.js"`},
		{"/live.js", http.StatusOK, "EventSource"},
		{"/store.js", http.StatusOK, "export function apply"},
		{"/shared/cards.js", http.StatusOK, "export function parseDeal"},
		{"/shared/cards.test.js", http.StatusNotFound, ""},
		{"/shared/package.json", http.StatusNotFound, ""},
		{"/live.css", http.StatusOK, ".compass"},
		{"/store.test.js", http.StatusNotFound, ""},
		{"/package.json", http.StatusNotFound, ""},
		{"/api/state", http.StatusOK, `"event"`},
	} {
		t.Run(tc.path, func(t *testing.T) {
			resp, err := http.Get(srv.URL + tc.path)
			require.NoError(t, err)
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			assert.Equal(t, tc.status, resp.StatusCode)
			assert.Contains(t, string(b), tc.has)
			assert.Contains(t, resp.Header.Get("Content-Security-Policy"), "default-src 'self'")
			assert.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"))
			assert.Equal(t, "no-referrer", resp.Header.Get("Referrer-Policy"))
		})
	}
}

func FuzzParseID(f *testing.F) {
	st := New(Options{})
	f.Add(st.id(1))
	f.Add(st.epoch + "-18446744073709551615")
	f.Add("x-1")
	f.Add("")
	f.Fuzz(func(t *testing.T, id string) {
		seq, ok := st.parseID(id)
		if ok {
			// What parses is an id of this stream, though maybe not in
			// its canonical form (leading zeros).
			again, ok2 := st.parseID(st.id(seq))
			require.True(t, ok2)
			require.Equal(t, seq, again)
		}
		st.mu.Lock()
		_, _ = st.since(seq, nil)
		st.mu.Unlock()
	})
}

func FuzzBoardQuery(f *testing.F) {
	boards := engine.SeededBoards("fuzz", []int{1})
	st := New(Options{})
	_ = st.Begin(twoRoomPlan(boards), nil, nil, nil)
	h := NewHandler(st, NewViewer(st))
	f.Add("match=A-v-B&board=1")
	f.Add("board=-1")
	f.Add("board=99999999999999999999")
	f.Add("%zz")
	f.Fuzz(func(t *testing.T, q string) {
		req := httptest.NewRequest(http.MethodGet, "/api/board", nil)
		req.URL.RawQuery = q
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code != http.StatusBadRequest && w.Code != http.StatusNotFound {
			t.Fatalf("query %q: status %d, want 400 or 404 (no board is public)", q, w.Code)
		}
	})
}

func TestBoardEndpointSaysWhenABoardIsNoLongerKept(t *testing.T) {
	t.Parallel()
	boards := []engine.BoardSetup{easyBoard(t, 1), easyBoard(t, 2)}
	st, plan := begunState(t, Options{KeepBoards: 1}, boards)
	srv, _ := testServer(t, st)
	for _, b := range boards {
		for _, pt := range plan.Tables {
			r := play(t, st, pt, b)
			st.BoardFinished(&r)
		}
	}
	for _, tc := range []struct {
		board  string
		status int
	}{{"1", http.StatusGone}, {"2", http.StatusOK}, {"3", http.StatusNotFound}} {
		resp, err := http.Get(srv.URL + "/api/board?match=A-v-B&board=" + tc.board)
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, tc.status, resp.StatusCode, "board %s", tc.board)
	}
}
