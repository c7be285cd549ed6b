package practice

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/player"
	"github.com/openroom/openroom/refbot"
)

// drive runs a table and plays the person's seat (a pass, the lowest
// legal card, the next board) until done says so; it returns that state.
func drive(t *testing.T, cfg Config, done func(State) bool) State {
	t.Helper()
	require.NoError(t, cfg.Check())
	cfg.Records = true
	tb, err := New(cfg)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	stopped := make(chan struct{})
	go func() { defer close(stopped); tb.Run(ctx) }()
	defer func() { cancel(); <-stopped }()
	deadline := time.After(time.Minute)
	sent := 0
	for {
		version, msg, changed := tb.Watch()
		if version > sent && msg != nil {
			sent = version
			var st State
			require.NoError(t, json.Unmarshal(msg, &st))
			if done(st) {
				return st
			}
			if req := simpleMove(st); req.Kind != "" {
				require.NoError(t, tb.Act(req))
			}
		}
		select {
		case <-changed:
		case <-deadline:
			t.Fatal("the table did not get there")
		}
	}
}

// TestTableResumesFromItsRecord: a table taken up from the record a page
// kept goes on where the board stood (the same auction, cards and totals)
// and, in a rubber mode, with the same score sheet.
func TestTableResumesFromItsRecord(t *testing.T) {
	t.Parallel()
	cfg := Config{Seat: engine.South, Level: "easy", Seed: "resume", Mode: Rubber}
	before := drive(t, cfg, func(st State) bool { return st.Board == 3 && len(st.Played) >= 6 && st.Your != "" })
	require.NotNil(t, before.Record)
	require.Len(t, before.Record.Rubber, 2, "two deals on the sheet")
	assert.Len(t, before.Record.Actions, len(before.Auction)+len(before.Played))

	cfg.Resume = before.Record
	after := drive(t, cfg, func(State) bool { return true })
	assert.Equal(t, before.Board, after.Board)
	assert.Equal(t, before.Dealer, after.Dealer)
	assert.Equal(t, before.Vul, after.Vul)
	assert.Equal(t, before.Auction, after.Auction)
	assert.Equal(t, before.Played, after.Played)
	assert.Equal(t, before.Hands, after.Hands)
	assert.Equal(t, before.Session, after.Session)
	assert.Equal(t, before.Sheet, after.Sheet)
	assert.Equal(t, before.Your, after.Your)

	// A record the table cannot follow starts the board afresh.
	bad := *before.Record
	bad.Actions = append([]Action{{Seat: "N", Card: "SA"}}, bad.Actions...)
	cfg.Resume = &bad
	fresh := drive(t, cfg, func(State) bool { return true })
	assert.Equal(t, before.Board, fresh.Board)
	assert.Empty(t, fresh.Played)
}

// TestTableNotesTheLinks: a board whose bots' actions a link of the chain
// below the search decided says so in its record, action by action, and
// in its result's notes.
func TestTableNotesTheLinks(t *testing.T) {
	t.Parallel()
	solver := NewSharedSolver()
	cfg := Config{Seat: engine.South, Level: "medium", Seed: "notes"}
	cfg.Player = func(seat engine.Seat, seed uint64, opts []refbot.Option) (player.Player, error) {
		c, err := NewChain(cfg.Level, seed, opts, solver)
		if err != nil {
			return nil, err
		}
		c.Fault = "throw" // the searches fail: the heuristic decides
		c.Heuristic = func(v *engine.View) (string, error) {
			if v.Phase() == engine.PhaseAuction {
				return "Pass", nil
			}
			legal, _ := v.LegalCards()
			c, _ := legal.Lowest()
			return c.String(), nil
		}
		return c, nil
	}
	mid := drive(t, cfg, func(st State) bool { return len(st.Record.Actions) >= 2 && st.Link != "" })
	assert.Equal(t, LinkHeuristic, mid.Link, "the state says which link acts")
	final := drive(t, cfg, func(st State) bool { return st.Result != nil })
	require.NotEmpty(t, final.Result.Notes)
	bots := 0
	for _, a := range final.Record.Actions {
		if a.Seat != "S" {
			bots++
			assert.Equal(t, LinkHeuristic, a.Link, "%+v", a)
		}
	}
	assert.Len(t, final.Result.Notes, bots)
	assert.Contains(t, final.Result.Notes[0], LinkHeuristic)
}

// scripted is a bot that bids 7NT at its first turn when bid is set and
// passes otherwise, plays its lowest legal card, and counts the cards it
// is asked for.
type scripted struct {
	t     *testing.T
	seat  engine.Seat
	bid   bool
	cards *int
}

func (s scripted) Call(_ context.Context, v *engine.View) (engine.Call, string, error) {
	assert.Equal(s.t, s.seat, v.Seat, "a bot gets its own seat's view")
	if s.bid && v.Auction.Legal(engine.Bid(7, engine.NoTrump)) {
		return engine.Bid(7, engine.NoTrump), "", nil
	}
	return engine.Pass, "", nil
}

func (s scripted) Card(_ context.Context, v *engine.View) (engine.Card, error) {
	assert.Equal(s.t, s.seat, v.Seat, "a bot gets its own seat's view")
	*s.cards++
	legal, _ := v.LegalCards()
	c, _ := legal.Lowest()
	return c, nil
}

// TestPersonPlaysPartnersContract: when the person's partner declares,
// the person chooses declarer's and dummy's cards (unless told to watch),
// declarer's hand is shown from the opening lead on, the record names
// the true declarer and says who played its cards, and the bots get only
// their own seats' views.
func TestPersonPlaysPartnersContract(t *testing.T) {
	t.Parallel()
	for _, watch := range []bool{false, true} {
		cards := map[engine.Seat]*int{}
		cfg := Config{Seat: engine.South, Level: "easy", Seed: "partner", FirstBoard: 1, WatchPartner: watch}
		cfg.Player = func(seat engine.Seat, _ uint64, _ []refbot.Option) (player.Player, error) {
			n := 0
			cards[seat] = &n
			return scripted{t: t, seat: seat, bid: seat == engine.North, cards: &n}, nil
		}
		turns := map[string]int{}
		final := drive(t, cfg, func(st State) bool {
			if st.Your == "card" {
				turns[st.Turn]++
			}
			if st.Phase == "play" && !watch {
				_, shown := st.Hands["N"]
				assert.Equal(t, len(st.Played) > 0, shown, "declarer's hand is shown exactly from the opening lead")
				if len(st.Played) > 0 {
					assert.Equal(t, "N", st.PlaysFor)
				}
			}
			return st.Result != nil
		})
		require.Equal(t, "N", final.Declarer, "the partner declares")
		require.Equal(t, "7NT", final.Contract)
		if watch {
			assert.Empty(t, turns, "told to watch, the person plays no card")
			assert.Equal(t, 26, *cards[engine.North], "the partner's bot plays its side's cards")
			assert.NotContains(t, final.Result.PBN, "cards played by You")
			continue
		}
		assert.Equal(t, map[string]int{"N": 13, "S": 13}, turns, "the person chose declarer's and dummy's cards")
		assert.Zero(t, *cards[engine.North], "the partner's bot is never asked for a card")
		assert.Equal(t, "N", final.PlaysFor)
		assert.Contains(t, final.Result.PBN, `[North "refbot easy (cards played by You)"]`, "the record says who played declarer's cards")
		assert.Contains(t, final.Result.PBN, `[Declarer "N"]`, "the record names the true declarer")
	}
}

// simpleMove is the person's move the tests make at st: pass, play the
// last legal card, go on to the next board; Kind "" when the person has
// nothing to do.
func simpleMove(st State) Request {
	switch st.Your {
	case "call":
		return Request{Kind: "call", Call: "Pass"}
	case "card":
		return Request{Kind: "card", Card: st.LegalCards[len(st.LegalCards)-1]}
	case "next":
		return Request{Kind: "next"}
	}
	return Request{}
}
