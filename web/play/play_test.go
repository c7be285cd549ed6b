package play

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot"
)

// person strategies for the tests: what to call.
type strategy func(st *State, rng *rand.Rand) string

// passer passes whenever it may.
func passer(st *State, _ *rand.Rand) string { return st.LegalCalls[0] }

// grandSlammer bids 7NT at its first turn, then passes: as dealer it
// declares and plays dummy.
func grandSlammer(st *State, _ *rand.Rand) string {
	for _, c := range st.LegalCalls {
		if c == "7NT" {
			return c
		}
	}
	return "Pass"
}

// wild passes half the time and otherwise makes any legal call.
func wild(st *State, rng *rand.Rand) string {
	if rng.IntN(2) == 0 {
		return "Pass"
	}
	return st.LegalCalls[rng.IntN(len(st.LegalCalls))]
}

// playBoard plays one board as the person through the API and returns
// every state message received until the board ended, and the final state.
func playBoard(t *testing.T, c *client, call strategy, rng *rand.Rand) ([]string, *State) {
	t.Helper()
	var msgs []string
	seen := func(raw string, _ *State) { msgs = append(msgs, raw) }
	for {
		st := c.waitState(func(st *State) bool { return st.Your != "" }, seen)
		switch st.Your {
		case "call":
			c.mustAct("call", "call", call(st, rng))
		case "card":
			require.NotEmpty(t, st.LegalCards)
			card := st.LegalCards[0]
			if rng != nil {
				card = st.LegalCards[rng.IntN(len(st.LegalCards))]
			}
			c.mustAct("card", "card", card)
		case "next":
			return msgs, st
		}
	}
}

// TestWholeBoardsKeepTheBoundary plays whole boards as the person at each
// seat, as declarer (playing dummy too), as dummy and as a defender, and
// checks every message the page received before the board ended against
// the real deal: no card of a hidden hand in any of them. After the board,
// the page gets all four hands, a score the rules agree with, and the
// analysis.
func TestWholeBoardsKeepTheBoundary(t *testing.T) {
	t.Parallel()
	const seed = "boundary"
	cases := []struct {
		name  string
		seat  engine.Seat
		board int
		call  strategy
		// analysed: wait for the after-board analysis (slow under the
		// race detector, so for two boards only)
		analysed bool
	}{
		{"North declares 7NT and plays dummy", engine.North, 1, grandSlammer, true},
		{"East declares 7NT", engine.East, 2, grandSlammer, false},
		{"South passes throughout", engine.South, 3, passer, false},
		{"West calls wildly", engine.West, 4, wild, true},
		{"South calls wildly", engine.South, 5, wild, false},
		{"North as dummy", engine.North, 4, passer, false},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ts := newTestServer(t, Config{Seat: tc.seat, Level: "easy", Seed: seed, FirstBoard: tc.board})
			c := newClient(t, ts.URL, fmt.Sprintf("tab-%08d", i))
			c.open()
			defer c.close()
			rng := rand.New(rand.NewPCG(uint64(i), 7))
			msgs, final := playBoard(t, c, tc.call, rng)
			setup := engine.SeededBoards(seed, []int{tc.board})[0]
			b := boundary{seat: tc.seat, deal: setup.Deal, msgs: msgs}
			checked := b.check(t, final.Played)
			assert.Greater(t, checked, 1)

			// The whole board, after it ended, agrees with the rules.
			require.NotNil(t, final.Result)
			for s := engine.North; s <= engine.West; s++ {
				assert.Equal(t, cardStrings(setup.Deal[s]), final.Result.Deal[s.String()])
			}
			calls, cards := finalActions(t, final)
			replayed, err := engine.Replay(setup, calls, cards)
			require.NoError(t, err)
			// Every call carries refbot's own reading of it.
			sys := refbot.NewSystem()
			for i, ci := range final.Auction {
				m, err := sys.Explain(replayed.Auction(), i)
				require.NoError(t, err)
				assert.Equal(t, m.String(), ci.Meaning, "call %d", i)
				assert.Equal(t, ci.Seat != tc.seat.String(), ci.Bot)
			}
			require.Equal(t, engine.PhaseDone, replayed.Phase())
			// The hand viewer's trick winners are the engine's.
			var winners []string
			if p := replayed.Play(); p.Len() > 0 {
				for i := range p.TrickIndex() {
					winners = append(winners, p.Winner(i).String())
				}
			}
			assert.Equal(t, len(final.Played)/4, len(final.Winners))
			if len(winners) > 0 {
				assert.Equal(t, winners, final.Winners)
			}
			score, _ := replayed.ScoreNS()
			assert.Equal(t, score, final.Result.ScoreNS)
			if tc.seat.Side() == engine.EW {
				score = -score
			}
			assert.Equal(t, score, final.Result.ScoreYou)
			assert.Equal(t, score, final.Session.Score)
			assert.Equal(t, 1, final.Session.Boards)
			assert.Contains(t, final.Result.PBN, `[Deal "`+setup.Deal.Format(setup.Dealer)+`"]`)
			assert.Contains(t, final.Result.LINURL, "https://www.bridgebase.com/tools/handviewer.html?lin=")
			if strings.HasPrefix(tc.name, "North declares") || strings.HasPrefix(tc.name, "East declares") {
				assert.Equal(t, tc.seat.String(), final.Declarer)
				assert.Equal(t, "7NT", strings.TrimRight(final.Contract, "X"))
			}

			if !tc.analysed {
				return
			}
			// Then the analysis: the tricks lost by the person's cards.
			st := final // the analysis may be done by the time the board is
			if st.Result.Analysis == nil {
				st = c.waitState(func(st *State) bool { return st.Result != nil && st.Result.Analysis != nil }, nil)
			}
			if final.Contract != "Pass" {
				lost := 0
				for _, cr := range st.Result.Analysis.Cards {
					if cr.Seat == tc.seat.String() || (final.Declarer == tc.seat.String() && cr.Seat == final.Dummy) || (final.PlaysFor != "" && cr.Seat == final.PlaysFor) {
						lost += cr.Lost
					}
				}
				assert.Equal(t, lost, st.Result.LostYou)
				assert.Equal(t, lost, st.Session.Lost)
				assert.Len(t, st.Result.Analysis.Cards, 52)
			}
			assert.Equal(t, 1, st.Session.Analysed)
		})
	}
}

// TestDeclarerPlaysDummy: as declarer the person is asked for dummy's
// cards with dummy's legal cards, and dummy's hand is shown from the
// opening lead on, not before.
func TestDeclarerPlaysDummy(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Config{Seat: engine.North, Level: "easy", Seed: "dummy", FirstBoard: 1})
	c := newClient(t, ts.URL, "tab-dummy-1")
	c.open()
	defer c.close()
	rng := rand.New(rand.NewPCG(1, 2))
	setup := engine.SeededBoards("dummy", []int{1})[0]
	dummyCards := setup.Deal[engine.South]
	fromDummy := 0
	for {
		st := c.waitState(func(st *State) bool { return st.Your != "" }, func(_ string, st *State) {
			_, shown := st.Hands["S"]
			assert.Equal(t, len(st.Played) > 0 && st.Phase != "auction", shown, "dummy's hand is shown exactly from the opening lead")
		})
		if st.Your == "next" {
			break
		}
		if st.Your == "call" {
			c.mustAct("call", "call", grandSlammer(st, rng))
			continue
		}
		if st.Turn == "S" {
			fromDummy++
			for _, cs := range st.LegalCards {
				card, _ := engine.ParseCard(cs)
				assert.True(t, dummyCards.Has(card), "%s offered from dummy", cs)
			}
		}
		c.mustAct("card", "card", st.LegalCards[rng.IntN(len(st.LegalCards))])
	}
	assert.Equal(t, 13, fromDummy, "the person chose all of dummy's cards")
}

// TestRefusals: every forged, illegal, out-of-turn or malformed request is
// refused with a message saying why, and changes nothing: no new state is
// published and the person is still to act.
func TestRefusals(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Config{Seat: engine.South, Level: "easy", Seed: "refuse", FirstBoard: 3}) // South deals board 3
	c := newClient(t, ts.URL, "tab-refuse-1")
	c.open()
	defer c.close()
	st := c.waitState(func(st *State) bool { return st.Your == "call" }, nil)
	require.Equal(t, 0, len(st.Auction), "South is dealer of board 3")

	post := func(contentType, tab, origin, body string, cookies bool) (int, string) {
		req, err := http.NewRequest("POST", ts.URL+"/api/act", strings.NewReader(body))
		require.NoError(t, err)
		if contentType != "" {
			req.Header.Set("Content-Type", contentType)
		}
		if tab != "" {
			req.Header.Set("X-Openroom-Tab", tab)
		}
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		hc := http.DefaultClient
		if cookies {
			hc = c.hc
		}
		resp, err := hc.Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		var out map[string]string
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&out))
		return resp.StatusCode, out["error"]
	}
	const tab, json = "tab-refuse-1", "application/json"
	cases := []struct {
		name        string
		ctype, tab  string
		origin      string
		body        string
		noCookie    bool
		status      int
		errContains string
	}{
		{"not JSON", json, tab, "", `call 1H`, false, 400, "malformed request"},
		{"form post", "application/x-www-form-urlencoded", tab, "", `kind=call&call=1H`, false, 415, "Content-Type: application/json"},
		{"no kind", json, tab, "", `{"call":"1H"}`, false, 400, `needs "kind"`},
		{"unknown kind", json, tab, "", `{"kind":"claim"}`, false, 400, `unknown kind "claim"`},
		{"unknown field", json, tab, "", `{"kind":"call","call":"1H","seat":"N"}`, false, 400, `unknown field "seat"`},
		{"two values", json, tab, "", `{"kind":"call","call":"1H"}{"kind":"call","call":"2H"}`, false, 400, "more than one"},
		{"call without call", json, tab, "", `{"kind":"call"}`, false, 400, `needs "call"`},
		{"not a call", json, tab, "", `{"kind":"call","call":"8NT"}`, false, 400, `"8NT" is not a call`},
		{"double with no bid", json, tab, "", `{"kind":"call","call":"X"}`, false, 409, "X is not a legal call now"},
		{"redouble", json, tab, "", `{"kind":"call","call":"XX"}`, false, 409, "XX is not a legal call now"},
		{"a card in the auction", json, tab, "", `{"kind":"card","card":"SA"}`, false, 409, "not your card: you are to call"},
		{"next during the board", json, tab, "", `{"kind":"next"}`, false, 409, "the board is not over"},
		{"replay during the board", json, tab, "", `{"kind":"replay"}`, false, 409, "the board is not over"},
		{"alert too long", json, tab, "", `{"kind":"call","call":"1C","alert":"` + strings.Repeat("a", 201) + `"}`, false, 400, "at most 200"},
		{"alert with a control character", json, tab, "", `{"kind":"call","call":"1C","alert":"a\u0007b"}`, false, 400, "control character"},
		{"too large", json, tab, "", `{"kind":"call","call":"1C","alert":"` + strings.Repeat("a", 3000) + `"}`, false, 413, "over 2048 bytes"},
		{"another tab", json, "tab-someone-else", "", `{"kind":"call","call":"1C"}`, false, 409, "another tab"},
		{"no tab header", json, "", "", `{"kind":"call","call":"1C"}`, false, 400, "X-Openroom-Tab"},
		{"foreign origin", json, tab, "http://evil.example", `{"kind":"call","call":"1C"}`, false, 403, "is not this page's"},
		{"no session cookie", json, tab, "", `{"kind":"call","call":"1C"}`, true, 403, "no table for this browser"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			status, msg := post(tc.ctype, tc.tab, tc.origin, tc.body, !tc.noCookie)
			assert.Equal(t, tc.status, status, msg)
			assert.Contains(t, msg, tc.errContains)
		})
	}
	// Nothing changed: no state was published, and the call is still ours.
	select {
	case ev := <-c.events:
		t.Fatalf("a refused request published a state: %s", ev.data)
	default:
	}
	c.mustAct("call", "call", "1C", "alert", "could be short")
	st = c.waitState(func(st *State) bool { return len(st.Auction) >= 1 }, nil)
	assert.Equal(t, "1C", st.Auction[0].Call)
	assert.Equal(t, "S", st.Auction[0].Seat)
	assert.Equal(t, "could be short", st.Auction[0].Alert, "the person's alert is on the call")
	assert.False(t, st.Auction[0].Bot)
	assert.Contains(t, st.Auction[0].Meaning, "1C:", "refbot's reading of the call, from the public auction")
}

// TestCardRefusals: in the play, a card not held, not following suit, or
// played from the wrong hand is refused and the person is still to play.
func TestCardRefusals(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Config{Seat: engine.North, Level: "easy", Seed: "cards", FirstBoard: 1})
	c := newClient(t, ts.URL, "tab-cards-1")
	c.open()
	defer c.close()
	rng := rand.New(rand.NewPCG(3, 3))
	setup := engine.SeededBoards("cards", []int{1})[0]
	var st *State
	for {
		st = c.waitState(func(st *State) bool { return st.Your != "" }, nil)
		if st.Your == "card" && len(st.Trick) > 0 && st.Turn == "N" {
			break // following to a trick: there is a suit to follow or not
		}
		if st.Your == "call" {
			c.mustAct("call", "call", grandSlammer(st, rng))
		} else {
			c.mustAct("card", "card", st.LegalCards[0])
		}
	}
	legal := map[string]bool{}
	for _, cs := range st.LegalCards {
		legal[cs] = true
	}
	var notHeld, notLegal string
	for _, card := range cardStrings(setup.Deal[engine.East]) {
		if !strings.Contains(strings.Join(cardsOfPlayed(st.Played), " "), card) {
			notHeld = card
			break
		}
	}
	for _, card := range st.Hands["N"] {
		if !legal[card] {
			notLegal = card
		}
	}
	status, msg := c.act(`{"kind":"card","card":"` + notHeld + `"}`)
	assert.Equal(t, http.StatusConflict, status)
	assert.Contains(t, msg, "card not held")
	if notLegal != "" {
		status, msg = c.act(`{"kind":"card","card":"` + notLegal + `"}`)
		assert.Equal(t, http.StatusConflict, status)
		assert.Contains(t, msg, "must follow suit")
	}
	status, msg = c.act(`{"kind":"card","card":"S1"}`)
	assert.Equal(t, http.StatusBadRequest, status)
	assert.Contains(t, msg, `"S1" is not a card`)
	status, msg = c.act(`{"kind":"call","call":"Pass"}`)
	assert.Equal(t, http.StatusConflict, status)
	assert.Contains(t, msg, "not your call")
	select {
	case ev := <-c.events:
		t.Fatalf("a refused card published a state: %s", ev.data)
	default:
	}
	c.mustAct("card", "card", st.LegalCards[0])
}

func cardsOfPlayed(ps []PlayedCard) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Card
	}
	return out
}
