package play

import (
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/analysis"
	"github.com/openroom/openroom/engine"
)

// TestReloadResumes: a page that reconnects (a reload: the same tab id and
// cookie) gets the board where it stood and plays on.
func TestReloadResumes(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Config{Seat: engine.South, Level: "easy", Seed: "reload", FirstBoard: 3})
	c := newClient(t, ts.URL, "tab-reload-1")
	c.open()
	st := c.waitState(func(st *State) bool { return st.Your == "call" }, nil)
	c.mustAct("call", "call", "1C")
	before := c.waitState(func(st *State) bool { return st.Your == "call" }, nil)
	require.Equal(t, "1C", before.Auction[0].Call)
	c.close()

	c.open() // the reload
	defer c.close()
	after := c.waitState(func(*State) bool { return true }, nil)
	assert.Equal(t, before.Auction, after.Auction)
	assert.Equal(t, before.Hands, after.Hands)
	assert.Equal(t, "call", after.Your)
	assert.GreaterOrEqual(t, after.Version, before.Version)
	assert.Equal(t, st.Board, after.Board)
	c.mustAct("call", "call", after.LegalCalls[0])
}

// TestSecondTabTakesOver: a second tab of the same browser is not given
// the seat until it asks; when it does, the first tab is told and can no
// longer act, and the second plays on.
func TestSecondTabTakesOver(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Config{Seat: engine.South, Level: "easy", Seed: "tabs", FirstBoard: 3})
	first := newClient(t, ts.URL, "tab-first-1")
	first.open()
	defer first.close()
	first.waitState(func(st *State) bool { return st.Your == "call" }, nil)

	second := first.sibling("tab-second-1")
	second.stream()
	defer second.close()
	ev := second.next()
	assert.Equal(t, "held", ev.name, "the second tab is told the seat is held, and sent no state")
	assert.Contains(t, ev.data, "another tab")
	status, msg := second.act(`{"kind":"call","call":"1C"}`)
	assert.Equal(t, http.StatusConflict, status)
	assert.Contains(t, msg, "take it over first")

	second.mustAct("takeover")
	ev = first.next()
	assert.Equal(t, "taken", ev.name)
	assert.Contains(t, ev.data, "another tab took over this seat")
	status, msg = first.act(`{"kind":"call","call":"1C"}`)
	assert.Equal(t, http.StatusConflict, status)
	assert.Contains(t, msg, "another tab")

	second.stream()
	st := second.waitState(func(*State) bool { return true }, nil)
	assert.Equal(t, "call", st.Your)
	second.mustAct("call", "call", "1C")
	st = second.waitState(func(st *State) bool { return len(st.Auction) > 0 }, nil)
	assert.Equal(t, "1C", st.Auction[0].Call)

	// The first tab reloading does not take the seat back by itself.
	first.stream()
	assert.Equal(t, "held", first.next().name)
}

// TestPlayAgainAndNext: after a board, "replay" deals the same board
// again and "next" the following number; the session totals add up.
func TestPlayAgainAndNext(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Config{Seat: engine.South, Level: "easy", Seed: "again", FirstBoard: 7,
		Analyse: noAnalysis})
	c := newClient(t, ts.URL, "tab-again-1")
	c.open()
	defer c.close()
	_, first := playBoard(t, c, passer, nil)
	require.Equal(t, 7, first.Board)
	c.mustAct("replay")
	_, again := playBoard(t, c, passer, nil)
	assert.Equal(t, 7, again.Board)
	assert.Equal(t, first.Result.Deal, again.Result.Deal)
	assert.Equal(t, 2, again.Session.Boards)
	assert.Equal(t, first.Result.ScoreYou+again.Result.ScoreYou, again.Session.Score)
	c.mustAct("next")
	st := c.waitState(func(st *State) bool { return st.Result == nil }, nil)
	assert.Equal(t, 8, st.Board)
	setup := engine.SeededBoards("again", []int{8})[0]
	assert.Equal(t, cardStrings(setup.Deal[engine.South]), st.Hands["S"])
	assert.Equal(t, setup.Dealer.String(), st.Dealer)
	assert.Equal(t, setup.Vul.String(), st.Vul)
}

// TestGivenDeal: a deal given by hand is the first board, with the
// dealer and vulnerability of its board number.
func TestGivenDeal(t *testing.T) {
	t.Parallel()
	d, err := engine.ParseDeal("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
	require.NoError(t, err)
	setup := engine.NewBoardSetup(6, d)
	ts := newTestServer(t, Config{Seat: engine.West, Level: "easy", Deal: &setup, Analyse: noAnalysis})
	c := newClient(t, ts.URL, "tab-given-1")
	c.open()
	defer c.close()
	st := c.waitState(func(*State) bool { return true }, nil)
	assert.Equal(t, 6, st.Board)
	assert.Equal(t, "E", st.Dealer)
	assert.Equal(t, "EW", st.Vul)
	assert.Equal(t, cardStrings(d[engine.West]), st.Hands["W"])
	assert.Len(t, st.Hands, 1)
}

func noAnalysis(*engine.Board) (*analysis.Board, error) {
	return nil, errors.New("not analysed in this test")
}

// TestSessionLimit: beyond MaxSessions a new browser takes the place of an
// idle one (no page open) or is refused with a clear message.
func TestSessionLimit(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Config{Seat: engine.South, Level: "easy", Seed: "limit", MaxSessions: 1, Analyse: noAnalysis})
	a := newClient(t, ts.URL, "tab-limit-a")
	a.open()
	a.waitState(func(*State) bool { return true }, nil)
	b := newClient(t, ts.URL, "tab-limit-b")
	resp, err := b.hc.Get(ts.URL + "/")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode, "a's page is open: b must wait")
	a.close()
	require.Eventually(t, func() bool {
		resp, err := b.hc.Get(ts.URL + "/")
		require.NoError(t, err)
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	}, 10*time.Second, 20*time.Millisecond, "a's page closed: b takes its place")
}
