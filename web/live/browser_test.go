package live

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	neturl "net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/tournaments"
	"github.com/openroom/openroom/web/browsertest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pageState is what the test reads of the page's DOM in one go.
type pageState struct {
	State  string      `json:"state"`
	HTML   string      `json:"html"`
	Rows   []int       `json:"rows"` // finished boards listed
	Tables []pageTable `json:"tables"`
	Viewer int         `json:"viewer"` // the board open in the hand viewer, 0 for none
}

type pageTable struct {
	Room   string `json:"room"`
	Board  int    `json:"board"`
	Hidden bool   `json:"hidden"`
	Text   string `json:"text"`
	Calls  int    `json:"calls"`  // calls drawn in its auction table
	Phase  string `json:"phase"`  // its state at a glance
	Played int    `json:"played"` // cards in its play line
	Trick  int    `json:"trick"`  // cards in its trick diagram
}

const readPage = `(() => {
  const v = document.querySelector('.viewer');
  return {
    state: document.getElementById('status').dataset.state || '',
    html: document.documentElement.outerHTML,
    rows: [...document.querySelectorAll('tr.brow')].map((r) => Number(r.dataset.board)),
    tables: [...document.querySelectorAll('#tables .table')].map((t) => ({
      room: t.dataset.room || '', board: Number(t.dataset.board || 0), hidden: t.classList.contains('hidden'), text: t.textContent,
      calls: [...t.querySelectorAll('table.auction td')].filter((td) => td.textContent).length,
      phase: t.querySelector('.phase')?.dataset.phase ?? '',
      played: t.querySelectorAll('.playline span.red, .playline span.black').length,
      trick: t.querySelectorAll('.minitrick [data-card]').length,
    })),
    viewer: v ? Number(v.dataset.board) : 0,
  };
})()`

func page(t *testing.T, ctx context.Context) pageState {
	t.Helper()
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[[]byte](readPage))
	require.NoError(t, err)
	var p pageState
	require.NoError(t, json.Unmarshal(raw, &p))
	return p
}

// TestBrowserNeverShowsABoardStillInPlayInTheOtherRoom watches a match
// whose closed room is slow in a real browser, from the first board to
// the last: every event-stream message the browser received and the DOM
// at every look are checked against the truth (read after the page, so a
// board that went public in between is not taken for a leak). Then a
// finished board opens in the hand viewer and replays.
func TestBrowserNeverShowsABoardStillInPlayInTheOtherRoom(t *testing.T) {
	t.Parallel()
	const boards = 4
	ctx := browsertest.New(t, browsertest.Options{})
	thrown := browsertest.Exceptions(t, ctx)
	srv, tr, _, begin := liveEvent(t, boards, 3*time.Millisecond, 12*time.Millisecond)
	url := srv.URL

	var (
		mu       sync.Mutex
		messages int
		leaks    []string
		urls     []string
	)
	sse := chromedp.Events(ctx, network.EventSourceMessageReceived)
	reqs := chromedp.Events(ctx, network.RequestWillBeSent)
	go func() {
		for ev, err := range sse {
			if err != nil {
				return
			}
			hidden := tr.hidden()
			mu.Lock()
			messages++
			for n, ss := range hidden {
				for _, s := range ss {
					if strings.Contains(ev.Data, s) {
						leaks = append(leaks, ev.EventName+" message shows board "+s+" of hidden board "+itoa(n))
					}
				}
			}
			mu.Unlock()
		}
	}()
	go func() {
		for ev, err := range reqs {
			if err != nil {
				return
			}
			mu.Lock()
			urls = append(urls, ev.Request.URL)
			mu.Unlock()
		}
	}()
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(url)))
	require.NoError(t, chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS("#status[data-state]"))))
	begin()

	looks, shownClosed, hiddenSeen, shownCalls := 0, 0, 0, 0
	deadline := time.Now().Add(90 * time.Second)
	for {
		require.True(t, time.Now().Before(deadline), "the event did not finish in the page")
		p := page(t, ctx)
		hidden := tr.hidden() // after the page: what was hidden while it was read
		looks++
		for n, ss := range hidden {
			for _, s := range ss {
				require.NotContains(t, p.HTML, s, "board %d's cards in the DOM", n)
			}
			require.NotContains(t, p.Rows, n, "board %d listed as finished before both rooms finished it", n)
			require.NotEqual(t, n, p.Viewer)
		}
		for _, tb := range p.Tables {
			if tb.Board == 0 {
				continue
			}
			other := tournaments.RoomOpen
			if tb.Room == tournaments.RoomOpen {
				other = tournaments.RoomClosed
			}
			if !tr.finished("A-v-B", other, tb.Board) {
				require.True(t, tb.Hidden, "the %s room's board %d shown while the %s room plays it: %s", tb.Room, tb.Board, other, tb.Text)
			}
			if tb.Hidden {
				assert.Equal(t, "hidden", tb.Phase, "a hidden table's state at a glance")
			} else {
				assert.Contains(t, []string{"auction", "play"}, tb.Phase, "a table in play's state at a glance")
				if tb.Played > 0 {
					assert.Equal(t, (tb.Played-1)%4+1, tb.Trick, "the trick on the table as a diagram: %s", tb.Text)
				}
			}
			if tb.Hidden {
				hiddenSeen++
				require.NotRegexp(t, "[\u2660\u2665\u2666\u2663]", tb.Text, "a hidden table shows cards or calls")
			} else {
				shownCalls += tb.Calls
				if tb.Room == tournaments.RoomClosed {
					shownClosed++
				}
			}
		}
		if p.State == "finished" {
			require.Len(t, p.Rows, boards)
			break
		}
		time.Sleep(30 * time.Millisecond)
	}
	mu.Lock()
	assert.Empty(t, leaks)
	assert.Positive(t, messages, "the browser's event-stream messages were seen")
	for _, u := range urls {
		assert.True(t, strings.HasPrefix(u, url), "the page asked only its own server: %s", u)
	}
	// The stream goroutine still counts after the lock is let go.
	seenMessages := messages
	mu.Unlock()
	assert.Positive(t, hiddenSeen, "hidden tables were on show")
	assert.Positive(t, shownCalls, "tables in play shown with their auctions (laid out by the calls' seats)")
	t.Logf("%d looks at the page, %d stream messages; the closed room's board shown %d times, hidden tables %d times", looks, seenMessages, shownClosed, hiddenSeen)

	if underRace {
		t.Log("under the race detector: the hand viewer's analysis of random deals is left out")
		return
	}
	// A finished board opens in the hand viewer: four hands, both rooms,
	// the double-dummy table, and a replay that steps back a card.
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS("tr.brow"))))
	require.NoError(t, chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(".viewer .ddt"))))
	hands, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('.viewer .hand').length`))
	require.NoError(t, err)
	assert.Equal(t, 4, hands)
	rooms, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('.viewer .rooms button').length`))
	require.NoError(t, err)
	assert.Equal(t, 2, rooms)
	before, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(".viewer .stepno")))
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(before, "card 0/"), "the hand viewer opens at the first card: %s", before)
	if before != "card 0/0" {
		require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.viewer button[aria-label="forward"]`))))
		after, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(".viewer .stepno")))
		require.NoError(t, err)
		assert.NotEqual(t, before, after)
	}
	checkReplay(t, ctx, url)
	assert.Empty(t, thrown(), "uncaught script errors")
	if dir := os.Getenv("OPENROOM_SCREENSHOTS"); dir != "" {
		shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, "live-desktop.png"), shot, 0o644))
	}
}

// checkReplay steps the open hand viewer through each room's play from
// the first card to the last and checks what it shows at every step
// against the server's board detail (whose seats and trick winners the
// server tests check against the engine): each room's result, and the
// tricks each side has won and the seat to play next.
func checkReplay(t *testing.T, ctx context.Context, base string) {
	t.Helper()
	type where struct {
		Match string `json:"match"`
		Board string `json:"board"`
		Rooms int    `json:"rooms"`
	}
	w, err := chromedp.Run(ctx, chromedp.Evaluate[where](`(() => { const v = document.querySelector('.viewer');
	  return { match: v.dataset.match, board: v.dataset.board, rooms: v.querySelectorAll('.rooms button').length }; })()`))
	require.NoError(t, err)
	resp, err := http.Get(base + "/api/board?match=" + neturl.QueryEscape(w.Match) + "&board=" + w.Board)
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	var d BoardDetail
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&d))
	require.Len(t, d.Played, w.Rooms)
	for room := range w.Rooms {
		require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(".viewer .rooms button:nth-child(%d)", room+1))),
			chromedp.Click(chromedp.CSS(`.viewer button[aria-label="start"]`))))
		// The room's tab shows the result against the contract the server sent.
		if r := d.Rooms[room]; r.Termination == "normal" {
			// In the shared notation: "4♠ +1 by N", "3NT −2 by E".
			want := r.Room + ": Passed out"
			if r.Contract != "Pass" {
				require.NotEmpty(t, r.Result, "room %d", room)
				bid := strings.NewReplacer("NT", "NT", "S", "\u2660", "H", "\u2665", "D", "\u2666", "C", "\u2663").Replace(r.Contract)
				over := strings.Replace(r.Result, "-", "\u2212", 1)
				want = fmt.Sprintf("%s: %s %s by %s", r.Room, bid, over, r.Declarer)
			}
			if r.ScoreNS != nil {
				want += fmt.Sprintf(" (%d)", *r.ScoreNS)
			}
			tab, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(fmt.Sprintf(".viewer .rooms button:nth-child(%d)", room+1))))
			require.NoError(t, err)
			assert.Equal(t, want, tab, "room %d's tab", room)
		}
		// The auction is laid out by the seats the server sent.
		cells, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('.viewer table.auction td')].filter((td) => td.textContent).map((td) => ['W', 'N', 'E', 'S'][td.cellIndex] + ' ' + td.textContent)`))
		require.NoError(t, err)
		require.Len(t, cells, len(d.Auctions[room]), "room %d", room)
		for i, c := range d.Auctions[room] {
			assert.True(t, strings.HasPrefix(cells[i], c.Seat+" "), "room %d call %d %s by %s is in column %s", room, i+1, c.Call, c.Seat, cells[i])
		}
		played, winners := d.Played[room], d.Winners[room]
		ns, ew := 0, 0
		for k := 0; k <= len(played); k++ {
			if k > 0 {
				require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.viewer button[aria-label="forward"]`))))
				if k%4 == 0 {
					if s := winners[k/4-1]; s == "N" || s == "S" {
						ns++
					} else {
						ew++
					}
				}
			}
			want := fmt.Sprintf("NS %d \u00b7 EW %d", ns, ew)
			if k < len(played) {
				want += " \u00b7 " + played[k].Seat + " to play"
			}
			text, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(".viewer .score")))
			require.NoError(t, err)
			require.Equal(t, want, text, "room %d after %d cards", room, k)
		}
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// TestBrowserPhoneWidth opens the page of a finished match at 360 pixels:
// nothing is wider than the screen, and a board opens in the hand viewer.
// It logs the time from navigation to the first snapshot drawn.
func TestBrowserPhoneWidth(t *testing.T) {
	t.Parallel()
	ctx := browsertest.New(t, browsertest.Options{Width: 360, Height: 740, Mobile: true})
	srv, _, st, begin := liveEvent(t, 2, 0, 0)
	url := srv.URL
	begin()
	deadline := time.Now().Add(60 * time.Second)
	for st.Snapshot().Event.State != "finished" {
		require.True(t, time.Now().Before(deadline), "the event did not finish")
		time.Sleep(10 * time.Millisecond)
	}
	start := time.Now()
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(url)))
	require.NoError(t, chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS("body[data-id] tr.brow"))))
	ms, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`performance.getEntriesByName('first-snapshot')[0].startTime`))
	require.NoError(t, err)
	t.Logf("page load to the first snapshot drawn: %.0f ms after navigation start (%v with the test's polling)", ms, time.Since(start).Round(time.Millisecond))
	wide, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth`))
	require.NoError(t, err)
	assert.LessOrEqual(t, wide, 360, "the page fits a phone's width")
	if underRace {
		return // see underRace
	}
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS("tr.brow"))))
	require.NoError(t, chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(".viewer .compass"))))
	wide, err = chromedp.Run(ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth`))
	require.NoError(t, err)
	assert.LessOrEqual(t, wide, 360, "the hand viewer fits a phone's width")
	if dir := os.Getenv("OPENROOM_SCREENSHOTS"); dir != "" {
		shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, "live-phone.png"), shot, 0o644))
	}
}

// TestBrowserResumesAfterADroppedConnection cuts the page's connection in
// the middle of a match: the browser reconnects by itself with the last
// event id it had, gets the events it missed without a new snapshot, and
// ends with every board.
func TestBrowserResumesAfterADroppedConnection(t *testing.T) {
	t.Parallel()
	const boards = 4
	ctx := browsertest.New(t, browsertest.Options{})
	srv, _, st, begin := liveEvent(t, boards, 3*time.Millisecond, 10*time.Millisecond)
	streams := chromedp.Events(ctx, network.RequestWillBeSent)
	var mu sync.Mutex
	opened := 0
	go func() {
		for ev, err := range streams {
			if err != nil {
				return
			}
			if strings.HasSuffix(ev.Request.URL, "/events") {
				mu.Lock()
				opened++
				mu.Unlock()
			}
		}
	}()
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL)))
	require.NoError(t, chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS("body[data-id]"))))
	begin()
	// Wait for the first public board, then cut every connection.
	deadline := time.Now().Add(60 * time.Second)
	for len(st.Snapshot().Boards) == 0 {
		require.True(t, time.Now().Before(deadline), "no board finished")
		time.Sleep(5 * time.Millisecond)
	}
	srv.CloseClientConnections()
	for {
		require.True(t, time.Now().Before(deadline), "the page did not see the event end")
		p := page(t, ctx)
		if p.State == "finished" {
			assert.Len(t, p.Rows, boards, "every board, those finished while it was away too")
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	mu.Lock()
	assert.GreaterOrEqual(t, opened, 2, "the stream was opened again")
	mu.Unlock()
	assert.Equal(t, uint64(1), st.Stats().Snapshots, "the second connection resumed from its last event id")
	id, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.dataset.id`))
	require.NoError(t, err)
	assert.Equal(t, st.Snapshot().ID, id, "the page is at the stream's last event")
}

// TestBrowserTableWaitingForASeat: a table that has started without its
// seats, and one that lost a seat's connection, say at a glance that they
// wait for a seat, and which; a board dealt ends the wait.
func TestBrowserTableWaitingForASeat(t *testing.T) {
	t.Parallel()
	ctx := browsertest.New(t, browsertest.Options{})
	thrown := browsertest.Exceptions(t, ctx)
	boards := engine.SeededBoards("seats in the browser", []int{1, 2})
	st, plan := begunState(t, Options{}, boards)
	open, closed := plan.Tables[0].Table, plan.Tables[1].Table
	st.TableStarted(open)
	st.TableStarted(closed)
	startBoard(st, closed, boards[0], engine.Pass)
	st.SeatLost(closed, engine.East)
	st.Flush()
	srv, _ := testServer(t, st)
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL), chromedp.WaitVisible(chromedp.CSS(`.table[data-room="closed"] .phase`))))
	phases := func() map[string]string {
		got, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]string](`Object.fromEntries([...document.querySelectorAll('#tables .table')].map((t) =>
		  [t.dataset.room, t.querySelector('.phase').dataset.phase + ' | ' + t.querySelector('.phase').textContent + ' | ' + (t.querySelector('.seatnote')?.textContent ?? '')]))`))
		require.NoError(t, err)
		return got
	}
	assert.Equal(t, map[string]string{
		"open":   "waiting-seat | waiting for a seat | Waiting for its bots to take their seats.",
		"closed": "waiting-seat | waiting for a seat | Waiting for East to come back (its connection was lost).",
	}, phases())

	startBoard(st, open, boards[0])
	st.Flush()
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelector('.table[data-room="open"] .phase').dataset.phase !== 'waiting-seat'`, chromedp.WithPollingTimeout(10*time.Second)))
	require.NoError(t, err)
	assert.Equal(t, "hidden | hidden | ", phases()["open"], "dealt (hidden: the closed room has the board in play), waiting for nobody")
	assert.Empty(t, thrown(), "uncaught script errors")
}
