package protocol

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/results"
)

// checkBoundary replays each bot's transcript (lines received and sent)
// board by board and checks that every line it received was one it was
// entitled to: its own cards only; dummy's cards only after the opening
// lead had reached it, never to dummy itself; alert and signal texts only
// from opponents; no relay of its own action (dummy sees its own cards
// played); nothing else that carries a card.
func checkBoundary(t *testing.T, bots [4]*testBot, recs []results.Record) {
	t.Helper()
	deals := map[int]engine.Deal{}
	for _, r := range recs {
		d, err := engine.ParseDeal(r.Deal)
		require.NoError(t, err)
		deals[r.Board] = d
	}
	for _, bot := range bots {
		me := bot.seat
		var b *engine.Board
		inBoard := false
		for n, raw := range bot.transcript() {
			sent := strings.HasPrefix(raw, "> ")
			m, err := Parse(strings.TrimPrefix(raw, "> "))
			if sent && err != nil {
				continue // garbage sent on purpose
			}
			require.NoError(t, err, "%s line %d %q", me.Name(), n, raw)
			where := func() string { return me.Name() + ": " + raw }
			if sent {
				if b == nil {
					continue
				}
				// Our own actions, to follow the board; a bot's
				// deliberate fault may be refused by the engine.
				switch m := m.(type) {
				case Called:
					_ = b.Call(me, m.Call)
				case Played:
					if turn, ok := b.Turn(); ok {
						_ = b.PlayCard(turn, m.Card)
					}
				}
				continue
			}
			switch m := m.(type) {
			case StartOfBoard:
				b, inBoard = nil, true
			case Timing:
				b, inBoard = nil, false
			case BoardInfo:
				require.True(t, inBoard, where())
				d, ok := deals[m.Number]
				require.True(t, ok, where())
				b = new(engine.Board)
				b.Reset(engine.BoardSetup{Number: m.Number, Dealer: m.Dealer, Vul: m.Vul, Deal: d})
			case Cards:
				require.NotNil(t, b, where())
				require.Equal(t, me, m.Seat, "a seat got another's cards: %s", where())
				require.Equal(t, b.Deal()[me], m.Hand, where())
			case DummyCards:
				require.NotNil(t, b, where())
				c, ok := b.Contract()
				require.True(t, ok, "dummy before the auction ended: %s", where())
				require.NotEqual(t, me, c.Dummy(), "dummy got its own cards: %s", where())
				require.GreaterOrEqual(t, b.Play().Len(), 1, "dummy before the opening lead: %s", where())
				require.Equal(t, b.Deal()[c.Dummy()], m.Hand, where())
			case Called:
				require.NotNil(t, b, where())
				require.NotEqual(t, me, m.Seat, "own call relayed: %s", where())
				if m.Seat == me.Partner() {
					require.False(t, m.Alerted || m.Alert != "", "alert to partner: %s", where())
				}
				require.NoError(t, b.Call(m.Seat, m.Call), where())
			case Played:
				require.NotNil(t, b, where())
				turn, ok := b.Turn()
				require.True(t, ok, where())
				actor, _ := b.Actor()
				require.NotEqual(t, me, actor, "own card relayed: %s", where())
				require.Equal(t, turn, m.Seat, where())
				if actor == me.Partner() {
					require.Empty(t, m.Signal, "signal to partner: %s", where())
				}
				require.NoError(t, b.PlayCard(turn, m.Card), where())
			case ToLead:
				require.NotNil(t, b, where())
				leader, ok := b.Turn()
				require.True(t, ok, where())
				if m.Dummy {
					c, _ := b.Contract()
					assert.Equal(t, c.Dummy(), leader, where())
					assert.Equal(t, c.Declarer, me, where())
				} else {
					assert.Equal(t, me, m.Seat, where())
					assert.Equal(t, leader, me, where())
				}
			case Seated, Teams, EndOfSession, Refusal:
				// Refusal: a quick reconnect can find its seat still held.
			default:
				t.Fatalf("unexpected line %s", where())
			}
		}
	}
}

func TestInformationBoundary(t *testing.T) {
	bots := newBots(11)
	for _, b := range bots {
		b.alert, b.signal = true, true
	}
	bots[engine.North].earlyDummy = true
	bots[engine.South].earlyDummy = true
	boards := engine.SeededBoards("spies", numbers(24))
	s := playTCP(t, Config{Boards: boards}, bots)
	require.NoError(t, s.runErr)
	checkRecords(t, s.recs, boards)
	checkBoundary(t, bots, s.recs)
	// The spies saw real traffic: alerts from opponents and dummy lines.
	var alerts, dummies int
	for _, l := range bots[engine.North].received() {
		if strings.Contains(l, "Alert.") {
			alerts++
		}
		if strings.HasPrefix(l, "Dummy's cards") {
			dummies++
		}
	}
	assert.Positive(t, alerts)
	assert.Positive(t, dummies)
	// North and South asked for dummy before the opening lead, every board:
	// each got dummy's cards exactly once when not dummy (after the lead,
	// as checkBoundary proved), and never when dummy or passed out.
	for _, seat := range []engine.Seat{engine.North, engine.South} {
		got := map[int]int{}
		board := 0
		for _, l := range bots[seat].received() {
			if m, err := Parse(l); err == nil {
				switch m := m.(type) {
				case BoardInfo:
					board = m.Number
				case DummyCards:
					got[board]++
				}
			}
		}
		for _, r := range s.recs {
			want := 1
			if r.Declarer == "" || r.Declarer == seat.Partner().String() {
				want = 0
			}
			assert.Equal(t, want, got[r.Board], "%s, board %d (declarer %q)", seat.Name(), r.Board, r.Declarer)
		}
	}
}
