package protocol

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/player/playertest"
	"github.com/openroom/openroom/results"
)

// testDeadline bounds every whole-session test.
const testDeadline = 10 * time.Second

// newBots returns four well-behaved bots, seeded by seat.
func newBots(seed uint64) [4]*testBot {
	var bots [4]*testBot
	for s := engine.North; s < engine.NumSeats; s++ {
		team := "Norse"
		if s.Side() == engine.EW {
			team = "Westerlies"
		}
		bots[s] = &testBot{seat: s, team: team, rng: rand.New(rand.NewPCG(seed, uint64(s)))}
	}
	return bots
}

// numbers returns 1..n.
func numbers(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

// session is the outcome of one table run in a test.
type session struct {
	recs   []results.Record
	runErr error
	botErr [4]error
}

// playTCP runs a table on 127.0.0.1:0 with the bots dialling in over TCP
// and returns what was recorded. The whole run is bounded by testDeadline.
func playTCP(t testing.TB, cfg Config, bots [4]*testBot) *session {
	t.Helper()
	return playTCPWith(t, cfg, bots, nil)
}

// playTCPWith is playTCP with a hook called on each record as it arrives.
func playTCPWith(t testing.TB, cfg Config, bots [4]*testBot, hook func(results.Record)) *session {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testDeadline)
	defer cancel()
	out := &session{}
	var mu sync.Mutex
	cfg.OnBoard = func(r results.Record) error {
		if hook != nil {
			hook(r)
		}
		mu.Lock()
		defer mu.Unlock()
		out.recs = append(out.recs, r)
		return nil
	}
	if cfg.Logf == nil {
		cfg.Logf = t.Logf
	}
	tbl, err := NewTable(cfg)
	require.NoError(t, err)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	srvCtx, stopSrv := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		(&Server{Table: tbl}).Serve(srvCtx, ln)
	}()
	dial := func() (net.Conn, error) {
		d := net.Dialer{Timeout: time.Second}
		return d.DialContext(ctx, "tcp", ln.Addr().String())
	}
	for i, b := range bots {
		if b == nil {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			out.botErr[i] = b.run(ctx, dial)
		}()
	}
	out.runErr = tbl.Run(ctx)
	stopSrv()
	wg.Wait()
	if ctx.Err() != nil {
		for _, b := range bots {
			if b != nil {
				tr := b.transcript()
				t.Logf("%s's last lines: %q", b.seat.Name(), tr[max(0, len(tr)-12):])
			}
		}
	}
	require.NoError(t, ctx.Err(), "the session did not finish within %s", testDeadline)
	return out
}

// checkRecords replays every normally finished record through the engine
// and checks its contract, tricks and Law 77 score; adjusted records must
// carry no score.
func checkRecords(t *testing.T, recs []results.Record, boards []engine.BoardSetup) {
	t.Helper()
	require.Len(t, recs, len(boards))
	for i, r := range recs {
		spec := boards[i]
		require.Equal(t, spec.Number, r.Board)
		assert.Equal(t, results.Ruleset, r.Ruleset)
		assert.Equal(t, spec.Deal.Format(spec.Dealer), r.Deal)
		if !r.Complete() {
			assert.Nil(t, r.ScoreNS, "board %d: an adjusted board has no score", r.Board)
			require.NotNil(t, r.Adjusted, "board %d", r.Board)
			continue
		}
		b := engine.NewBoard(spec.Number, spec.Deal)
		for j, c := range r.Auction {
			call, err := engine.ParseCall(c.Call)
			require.NoError(t, err)
			seat, err := engine.ParseSeat(c.Seat)
			require.NoError(t, err)
			require.NoError(t, b.Call(seat, call), "board %d call %d", r.Board, j)
		}
		for _, cs := range r.Play {
			card, err := engine.ParseCard(cs)
			require.NoError(t, err)
			turn, ok := b.Turn()
			require.True(t, ok)
			require.NoError(t, b.PlayCard(turn, card), "board %d", r.Board)
		}
		score, ok := b.ScoreNS()
		require.True(t, ok, "board %d is not finished", r.Board)
		require.NotNil(t, r.ScoreNS)
		assert.Equal(t, score, *r.ScoreNS, "board %d", r.Board)
		c, _ := b.Contract()
		assert.Equal(t, c.String(), r.Contract)
		assert.Nil(t, r.Adjusted)
		if !c.PassedOut() {
			require.NotNil(t, r.Tricks)
			assert.Equal(t, b.DeclarerTricks(), *r.Tricks)
		}
	}
}

func TestSessionWithSloppyBots(t *testing.T) {
	bots := newBots(1)
	bots[engine.North].upper = true
	bots[engine.East].doubleSpace = true
	bots[engine.East].anySeat = true
	bots[engine.South].alert = true
	bots[engine.South].signal = true
	bots[engine.West].earlyDummy = true
	bots[engine.North].earlyDummy = true
	boards := engine.SeededBoards("sloppy", numbers(6))
	s := playTCP(t, Config{Boards: boards, Identity: results.Identity{Event: "ev", Table: "t1"}, NSTeam: "Norse", EWTeam: "Westerlies"}, bots)
	require.NoError(t, s.runErr)
	for i, err := range s.botErr {
		require.NoError(t, err, "bot %d", i)
	}
	checkRecords(t, s.recs, boards)
	for _, r := range s.recs {
		assert.Equal(t, "normal", r.Termination.Kind)
		assert.Equal(t, "Norse", r.Players.N)
		assert.Equal(t, "Westerlies", r.Players.E)
		assert.Equal(t, "ev", r.Event)
		assert.Equal(t, "t1", r.Table)
		assert.Equal(t, "sloppy", r.Seed)
	}
	for _, b := range bots {
		lines := b.received()
		assert.Equal(t, "End of session", lines[len(lines)-1])
	}
	checkBoundary(t, bots, s.recs)
}

func TestPassedOutBoard(t *testing.T) {
	bots := newBots(2)
	for _, b := range bots {
		b.passer = true
	}
	boards := engine.SeededBoards("pass", numbers(2))
	s := playTCP(t, Config{Boards: boards}, bots)
	require.NoError(t, s.runErr)
	checkRecords(t, s.recs, boards)
	for _, r := range s.recs {
		assert.Equal(t, "Pass", r.Contract)
		assert.Equal(t, "", r.Declarer)
		require.NotNil(t, r.ScoreNS)
		assert.Equal(t, 0, *r.ScoreNS)
		assert.Nil(t, r.Tricks)
		assert.Len(t, r.Auction, 4)
		assert.Empty(t, r.Play)
	}
	// A passed-out board goes straight from the last pass to the timing line.
	lines := bots[engine.North].received()
	var timing int
	for i, l := range lines {
		if strings.HasPrefix(l, "Timing") {
			timing++
			assert.Contains(t, lines[i-1], "passes")
		}
	}
	assert.Equal(t, 2, timing)
}

func TestFaults(t *testing.T) {
	tests := []struct {
		fault   string
		kind    string
		detail  string
		seat    engine.Seat
		board   int
		timeout time.Duration
	}{
		{"illegal-bid", results.KindIllegal, "", engine.East, 2, 0},
		{"revoke", results.KindIllegal, "follow", engine.East, 2, 0},
		{"out-of-turn", results.KindProtocol, "out of turn", engine.West, 2, 0},
		{"garbage", results.KindProtocol, "unparseable", engine.North, 2, 0},
		{"silent", results.KindTimeout, "no answer", engine.East, 2, 500 * time.Millisecond},
		{"disconnect", results.KindDisconnect, "connection", engine.South, 2, 0},
	}
	for _, tc := range tests {
		t.Run(tc.fault, func(t *testing.T) {
			bots := newBots(7)
			bots[tc.seat].fault, bots[tc.seat].faultBoard = tc.fault, tc.board
			boards := engine.SeededBoards("faults", numbers(3))
			cfg := Config{Boards: boards, ActionTimeout: tc.timeout, ReconnectTimeout: 5 * time.Second}
			if tc.fault == "silent" {
				cfg.ActionTimeout = tc.timeout
			}
			s := playTCP(t, cfg, bots)
			require.NoError(t, s.runErr)
			checkRecords(t, s.recs, boards)
			for _, r := range s.recs {
				if r.Board != tc.board {
					assert.Equal(t, "normal", r.Termination.Kind, "board %d: %+v", r.Board, r.Termination)
					continue
				}
				require.Equal(t, tc.kind, r.Termination.Kind, "%+v", r.Termination)
				assert.Equal(t, tc.seat.String(), r.Termination.Seat)
				assert.Contains(t, r.Termination.Detail, tc.detail)
				side := tc.seat.Side()
				want := &results.Adjusted{NS: "A-", EW: "A+"}
				if side == engine.EW {
					want = &results.Adjusted{NS: "A+", EW: "A-"}
				}
				assert.Equal(t, want, r.Adjusted)
			}
			for i, b := range bots {
				require.NoError(t, s.botErr[i])
				lines := b.received()
				assert.Equal(t, "End of session", lines[len(lines)-1], "bot %d", i)
			}
			checkBoundary(t, bots, s.recs)
		})
	}
}

func TestReplayOnFault(t *testing.T) {
	bots := newBots(7)
	bots[engine.East].fault, bots[engine.East].faultBoard = "illegal-bid", 2
	boards := engine.SeededBoards("faults", numbers(3))
	s := playTCP(t, Config{Boards: boards, FaultPolicy: ReplayOnFault}, bots)
	require.NoError(t, s.runErr)
	checkRecords(t, s.recs, boards)
	r := s.recs[1]
	assert.Equal(t, "normal", r.Termination.Kind)
	assert.Equal(t, 1, r.Attempt)
	require.Contains(t, r.Extra, "replayed_after")
	earlier := r.Extra["replayed_after"].([]results.Termination)
	require.Len(t, earlier, 1)
	assert.Equal(t, results.KindIllegal, earlier[0].Kind)
	assert.Equal(t, "E", earlier[0].Seat)
	checkBoundary(t, bots, s.recs)
}

func TestReplayGivesUpAfterMaxReplays(t *testing.T) {
	bots := newBots(7)
	bots[engine.East].fault, bots[engine.East].faultBoard = "illegal-bid", 2
	bots[engine.East].faultAgain = true
	boards := engine.SeededBoards("faults", numbers(3))
	s := playTCP(t, Config{Boards: boards, FaultPolicy: ReplayOnFault, MaxReplays: 2}, bots)
	require.NoError(t, s.runErr)
	checkRecords(t, s.recs, boards)
	r := s.recs[1]
	assert.Equal(t, results.KindIllegal, r.Termination.Kind)
	assert.Equal(t, 2, r.Attempt)
	assert.Len(t, r.Extra["replayed_after"], 2)
}

func TestSeatThatNeverReturns(t *testing.T) {
	bots := newBots(3)
	bots[engine.West].fault, bots[engine.West].faultBoard = "disconnect", 1
	boards := engine.SeededBoards("gone", numbers(3))
	// West's bot gives up after its disconnect: nil dialler below.
	ctx, cancel := context.WithTimeout(context.Background(), testDeadline)
	defer cancel()
	var recs []results.Record
	tbl, err := NewTable(Config{Boards: boards, ReconnectTimeout: 200 * time.Millisecond,
		OnBoard: func(r results.Record) error { recs = append(recs, r); return nil }})
	require.NoError(t, err)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	go (&Server{Table: tbl}).Serve(ctx, ln)
	var wg sync.WaitGroup
	for _, b := range bots {
		wg.Add(1)
		go func() {
			defer wg.Done()
			nc, err := net.DialTimeout("tcp", ln.Addr().String(), time.Second)
			if err != nil {
				return
			}
			defer nc.Close()
			b.session(ctx, nc) // once: no reconnect
		}()
	}
	require.NoError(t, tbl.Run(ctx))
	wg.Wait()
	require.Len(t, recs, 3)
	for _, r := range recs {
		assert.Equal(t, results.KindDisconnect, r.Termination.Kind)
		assert.Equal(t, "W", r.Termination.Seat)
		assert.Equal(t, &results.Adjusted{NS: "A+", EW: "A-"}, r.Adjusted)
	}
	assert.Contains(t, recs[2].Termination.Detail, "did not come back")
	lines := bots[engine.North].received()
	assert.Equal(t, "End of session", lines[len(lines)-1])
}

func TestBoardBudget(t *testing.T) {
	bots := newBots(4)
	boards := engine.SeededBoards("budget", numbers(2))
	// South thinks 30ms an action; a 40ms budget runs out on board 1.
	bots[engine.South].delay = 30 * time.Millisecond
	s := playTCP(t, Config{Boards: boards, BoardBudget: 40 * time.Millisecond}, bots)
	require.NoError(t, s.runErr)
	require.Len(t, s.recs, 2)
	var faulted int
	for _, r := range s.recs {
		if r.Termination.Kind == results.KindTimeout {
			faulted++
			assert.Equal(t, "S", r.Termination.Seat)
			assert.Contains(t, r.Termination.Detail, "budget")
			assert.GreaterOrEqual(t, r.TimeMS.NS, int64(25))
		}
	}
	assert.Positive(t, faulted)
}

func TestContextCancelEndsSession(t *testing.T) {
	bots := newBots(5)
	for _, b := range bots {
		b.delay = 2 * time.Millisecond
	}
	boards := engine.SeededBoards("cancel", numbers(200))
	ctx, cancel := context.WithTimeout(context.Background(), testDeadline)
	defer cancel()
	var mu sync.Mutex
	var recs []results.Record
	var tbl *Table
	runCtx, stop := context.WithCancel(ctx)
	tbl, err := NewTable(Config{Boards: boards, OnBoard: func(r results.Record) error {
		mu.Lock()
		defer mu.Unlock()
		recs = append(recs, r)
		if len(recs) == 2 {
			stop()
		}
		return nil
	}})
	require.NoError(t, err)
	var wg sync.WaitGroup
	for s, b := range bots {
		host, bot := net.Pipe()
		tbl.Attach(host)
		_ = s
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := b.session(ctx, bot)
			if err != errBotSessionOver {
				t.Logf("%s: %v: %q", b.seat.Name(), err, b.transcript()[max(0, len(b.transcript())-5):])
			}
		}()
	}
	err = tbl.Run(runCtx)
	require.ErrorIs(t, err, context.Canceled)
	wg.Wait()
	require.NoError(t, ctx.Err())
	assert.Len(t, recs, 2)
	for _, b := range bots {
		lines := b.received()
		assert.Equal(t, "End of session", lines[len(lines)-1])
	}
}

func TestLocalBotsArePipedAndRestarted(t *testing.T) {
	bots := newBots(6)
	bots[engine.North].fault, bots[engine.North].faultBoard = "garbage", 1
	boards := engine.SeededBoards("local", numbers(3))
	var local [4]LocalBot
	for s, b := range bots {
		local[s] = func(ctx context.Context, seat engine.Seat, conn net.Conn) error {
			require.Equal(t, engine.Seat(s), seat)
			err := b.session(ctx, conn)
			if err == errBotSessionOver {
				return nil
			}
			return err
		}
	}
	var lost []engine.Seat
	ctx, cancel := context.WithTimeout(context.Background(), testDeadline)
	defer cancel()
	var recs []results.Record
	tbl, err := NewTable(Config{Boards: boards, Local: local,
		OnSeatLost: func(s engine.Seat) { lost = append(lost, s) },
		OnBoard:    func(r results.Record) error { recs = append(recs, r); return nil }})
	require.NoError(t, err)
	require.NoError(t, tbl.Run(ctx))
	checkRecords(t, recs, boards)
	assert.Equal(t, results.KindProtocol, recs[0].Termination.Kind)
	assert.Equal(t, "normal", recs[1].Termination.Kind)
	assert.Equal(t, []engine.Seat{engine.North}, lost)
}

func TestMinGap(t *testing.T) {
	bots := newBots(8)
	boards := engine.SeededBoards("gap", numbers(1))
	gap := 3 * time.Millisecond
	for _, b := range bots {
		b.stamp = true
	}
	s := playTCP(t, Config{Boards: boards, MinGap: gap}, bots)
	require.NoError(t, s.runErr)
	for _, b := range bots {
		at := b.receivedAt()
		require.Greater(t, len(at), 10)
		// Reads may bunch up at the receiver, but the first and last line
		// are at least the sum of the gaps apart.
		span := at[len(at)-1].Sub(at[0])
		assert.GreaterOrEqual(t, span, time.Duration(len(at)-2)*gap, "lines must be spaced by the minimum gap")
	}
}

func TestThinkTime(t *testing.T) {
	bots := newBots(9)
	const delay = 5 * time.Millisecond
	bots[engine.East].delay = delay
	boards := engine.SeededBoards("timing", numbers(3))
	s := playTCP(t, Config{Boards: boards}, bots)
	require.NoError(t, s.runErr)
	checkRecords(t, s.recs, boards)
	var timings []Timing
	for _, l := range bots[engine.North].received() {
		if m, err := Parse(l); err == nil {
			if tm, ok := m.(Timing); ok {
				timings = append(timings, tm)
			}
		}
	}
	require.Len(t, timings, len(boards))
	for i, r := range s.recs {
		// Count East's decisions: its calls and the cards it chose.
		b := engine.NewBoard(boards[i].Number, boards[i].Deal)
		decisions := 0
		for _, c := range r.Auction {
			call, _ := engine.ParseCall(c.Call)
			seat, _ := engine.ParseSeat(c.Seat)
			if seat == engine.East {
				decisions++
			}
			require.NoError(t, b.Call(seat, call))
		}
		for _, cs := range r.Play {
			card, _ := engine.ParseCard(cs)
			if a, _ := b.Actor(); a == engine.East {
				decisions++
			}
			turn, _ := b.Turn()
			require.NoError(t, b.PlayCard(turn, card))
		}
		assert.GreaterOrEqual(t, r.TimeMS.EW, int64(decisions)*delay.Milliseconds(), "board %d", r.Board)
		assert.GreaterOrEqual(t, timings[i].EWTotal, timings[i].EWBoard)
	}
}

func TestNewTableRejectsBadConfig(t *testing.T) {
	_, err := NewTable(Config{})
	require.Error(t, err)
	bad := engine.SeededBoards("x", numbers(1))
	bad[0].Deal[0] = bad[0].Deal[1]
	_, err = NewTable(Config{Boards: bad})
	require.Error(t, err)
	_, err = NewTable(Config{Boards: engine.SeededBoards("x", numbers(1)), NSTeam: `a"b`})
	require.Error(t, err)
}

func ExampleTable() {
	// Four in-process bots: each plays through the protocol's Client over
	// a pipe, so it learns exactly what a remote bot would.
	var local [engine.NumSeats]LocalBot
	for s := range local {
		local[s] = ClientBot("Robots", playertest.Instant{})
	}
	tbl, err := NewTable(Config{
		Boards: engine.SeededBoards("example", []int{1, 2}),
		Local:  local,
		OnBoard: func(r results.Record) error {
			// Write and flush the record here: the next board waits.
			fmt.Println("board", r.Board, r.Contract, "by", r.Declarer, "score", *r.ScoreNS)
			return nil
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := tbl.Run(context.Background()); err != nil {
		fmt.Println(err)
	}
	// Output:
	// board 1 1C by N score 150
	// board 2 1C by E score -130
}

func ExampleServer() {
	tbl, err := NewTable(Config{Boards: engine.SeededBoards("example", []int{1})})
	if err != nil {
		fmt.Println(err)
		return
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0") // loopback: who may sit needs no allow list
	if err != nil {
		fmt.Println(err)
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go (&Server{Table: tbl}).Serve(ctx, ln)
	// Four bots connect to ln.Addr() (here the protocol's own client).
	for range engine.NumSeats {
		go RunSession(ctx, DialTCP(ln.Addr().String()), ClientConfig{Team: "Robots", AnySeat: true}, playertest.Instant{}, time.Second)
	}
	fmt.Println(tbl.Run(ctx))
	// Output:
	// <nil>
}

func TestRecordIsDeliveredBeforeTheNextBoard(t *testing.T) {
	bots := newBots(12)
	bots[engine.North].stamp = true
	boards := engine.SeededBoards("order", numbers(4))
	var mu sync.Mutex
	var recorded []time.Time
	s := playTCPWith(t, Config{Boards: boards}, bots, func(results.Record) {
		time.Sleep(5 * time.Millisecond) // a slow disk
		mu.Lock()
		recorded = append(recorded, time.Now())
		mu.Unlock()
	})
	require.NoError(t, s.runErr)
	var starts []time.Time
	at := bots[engine.North].receivedAt()
	for i, l := range bots[engine.North].received() {
		if l == "Start of board" {
			starts = append(starts, at[i])
		}
	}
	require.Len(t, starts, 4)
	require.Len(t, recorded, 4)
	for i := 0; i < 3; i++ {
		assert.True(t, starts[i+1].After(recorded[i]), "board %d began before board %d was recorded", i+2, i+1)
	}
}
