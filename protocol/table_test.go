package protocol

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net"
	"slices"
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

// serveLoopback serves the table on an ephemeral loopback port until ctx
// ends and returns its address.
func serveLoopback(t *testing.T, ctx context.Context, tbl *Table) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	go (&Server{Table: tbl}).Serve(ctx, ln)
	return ln.Addr().String()
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
	return playOver(t, cfg, bots, hook, testDeadline, func(ctx context.Context, tbl *Table, wg *sync.WaitGroup) func() (net.Conn, error) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		wg.Add(1)
		go func() {
			defer wg.Done()
			(&Server{Table: tbl}).Serve(ctx, ln)
		}()
		return func() (net.Conn, error) {
			d := net.Dialer{Timeout: time.Second}
			return d.DialContext(ctx, "tcp", ln.Addr().String())
		}
	})
}

// playOver runs a table with the bots connecting through what serve sets
// up (it returns their dial function; its goroutines end with ctx, which
// ends when Run returns, and count in wg) and returns what was recorded.
// The whole run is bounded by deadline.
func playOver(t testing.TB, cfg Config, bots [4]*testBot, hook func(results.Record), deadline time.Duration,
	serve func(ctx context.Context, tbl *Table, wg *sync.WaitGroup) func() (net.Conn, error)) *session {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), deadline)
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
	srvCtx, stopSrv := context.WithCancel(ctx)
	var wg sync.WaitGroup
	dial := serve(srvCtx, tbl, &wg)
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
	require.NoError(t, ctx.Err(), "the session did not finish within %s", deadline)
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
	addr := serveLoopback(t, ctx, tbl)
	var wg sync.WaitGroup
	for _, b := range bots {
		wg.Add(1)
		go func() {
			defer wg.Done()
			nc, err := net.DialTimeout("tcp", addr, time.Second)
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
	// In virtual time South thinks exactly 3s an action against a 4s
	// budget: its first action leaves it 1s, and its second runs out.
	clock := newFakeClock()
	bots := newBots(4)
	for _, b := range bots {
		b.clock = clock
	}
	boards := engine.SeededBoards("budget", numbers(2))
	bots[engine.South].delay = 3 * time.Second
	s := playTCP(t, Config{Boards: boards, BoardBudget: 4 * time.Second, Clock: clock}, bots)
	require.NoError(t, s.runErr)
	require.Len(t, s.recs, 2)
	// The bots' choices are seeded, so where South runs out is fixed.
	stops := []string{"South's bid", "dummy's card to trick 1"}
	for i, r := range s.recs {
		require.Equal(t, results.KindTimeout, r.Termination.Kind, "board %d: %+v", r.Board, r.Termination)
		assert.Equal(t, "S", r.Termination.Seat)
		assert.Equal(t, "no answer within 1s: the table waited for its action, within its side's board budget ("+stops[i]+")", r.Termination.Detail)
		// The timeout is seen when the clock moves past it, at the end
		// of South's second 3s: both its actions count in full.
		assert.Equal(t, results.SideTimes{NS: 6000, EW: 0}, r.TimeMS, "board %d", r.Board)
	}
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
	var ready [engine.NumSeats]int
	ctx, cancel := context.WithTimeout(context.Background(), testDeadline)
	defer cancel()
	var recs []results.Record
	tbl, err := NewTable(Config{Boards: boards, Local: local,
		OnSeatLost:  func(s engine.Seat) { lost = append(lost, s) },
		OnSeatReady: func(s engine.Seat) { ready[s]++ },
		OnBoard:     func(r results.Record) error { recs = append(recs, r); return nil }})
	require.NoError(t, err)
	require.NoError(t, tbl.Run(ctx))
	checkRecords(t, recs, boards)
	assert.Equal(t, results.KindProtocol, recs[0].Termination.Kind)
	assert.Equal(t, "normal", recs[1].Termination.Kind)
	assert.Equal(t, []engine.Seat{engine.North}, lost)
	assert.Equal(t, [engine.NumSeats]int{2, 1, 1, 1}, ready, "each seat ready at the start, North again on its return")
}

func TestMinGap(t *testing.T) {
	// A whole session in virtual time, where only the writers' gaps make
	// time pass: each seat's k-th line cannot be written before k gaps
	// from the start.
	clock := newFakeClock()
	start := clock.Now()
	bots := newBots(8)
	boards := engine.SeededBoards("gap", numbers(1))
	const gap = 300 * time.Millisecond
	for _, b := range bots {
		b.stamp = true
		b.clock = clock
	}
	s := playTCP(t, Config{Boards: boards, MinGap: gap, Clock: clock}, bots)
	require.NoError(t, s.runErr)
	for _, b := range bots {
		at := b.receivedAt()
		require.Greater(t, len(at), 10)
		for k, a := range at {
			require.False(t, a.Before(start.Add(time.Duration(k)*gap)), "%s's line %d came %s after the start, before %d gaps", b.seat.Name(), k, a.Sub(start), k)
		}
	}
	sleeps := clock.Sleeps()
	require.NotEmpty(t, sleeps)
	for _, d := range sleeps {
		require.True(t, d > 0 && d <= gap, "a writer slept %s with a gap of %s", d, gap)
	}
}

// TestMinGapWriter drives one writer in virtual time and checks the exact
// time of every write: lines queued together go out exactly one gap apart,
// a line queued after a longer pause goes out at once, and one queued
// half a gap after the last write waits exactly the other half.
func TestMinGapWriter(t *testing.T) {
	clock := newFakeClock()
	const gap = 100 * time.Millisecond
	tbl, err := NewTable(Config{Boards: engine.SeededBoards("gap", numbers(1)), MinGap: gap, Clock: clock})
	require.NoError(t, err)
	rc := &recordingConn{clock: clock}
	c := &hostConn{nc: rc, out: make(chan []byte, outQueue), wdone: make(chan struct{}), rdone: make(chan struct{})}
	close(c.rdone)
	tbl.wg.Add(1)
	go tbl.writeLoop(c)

	t0 := clock.Now()
	for i := range 5 {
		c.out <- fmt.Appendf(nil, "line %d\r\n", i)
	}
	rc.waitWrites(t, 5)
	clock.Advance(5 * gap)
	c.out <- []byte("after a pause\r\n")
	rc.waitWrites(t, 6)
	clock.Advance(gap / 2)
	c.out <- []byte("half a gap on\r\n")
	rc.waitWrites(t, 7)
	close(c.out)
	select {
	case <-c.wdone:
	case <-time.After(testDeadline):
		t.Fatal("the writer did not finish")
	}

	want := []time.Duration{0, gap, 2 * gap, 3 * gap, 4 * gap, 9 * gap, 10 * gap}
	writes := rc.stamped()
	require.Len(t, writes, len(want))
	for i, w := range writes {
		assert.Equal(t, want[i], w.at.Sub(t0), "write %d (%q)", i, w.line)
	}
	assert.Equal(t, "after a pause\r\n", writes[5].line)
	assert.Equal(t, []time.Duration{gap, gap, gap, gap, gap / 2}, clock.Sleeps())
	// The write deadline is set from the clock, and moved only when stale.
	require.NotEmpty(t, rc.deadlines)
	assert.Equal(t, t0.Add(tbl.cfg.ActionTimeout), rc.deadlines[0])
}

// recordingConn is a net.Conn that records each write and write deadline
// with the time on a fake clock. Only what writeLoop uses is implemented.
type recordingConn struct {
	net.Conn
	clock     *fakeClock
	mu        sync.Mutex
	writes    []stampedWrite
	deadlines []time.Time
}

type stampedWrite struct {
	at   time.Time
	line string
}

func (c *recordingConn) Write(b []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.writes = append(c.writes, stampedWrite{c.clock.Now(), string(b)})
	return len(b), nil
}

func (c *recordingConn) SetWriteDeadline(t time.Time) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.deadlines = append(c.deadlines, t)
	return nil
}

func (c *recordingConn) Close() error { return nil }

func (c *recordingConn) stamped() []stampedWrite {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]stampedWrite(nil), c.writes...)
}

// waitWrites waits (at most testDeadline) until n writes are recorded.
func (c *recordingConn) waitWrites(t *testing.T, n int) {
	t.Helper()
	giveUp := time.Now().Add(testDeadline)
	for len(c.stamped()) < n {
		require.True(t, time.Now().Before(giveUp), "only %d of %d writes", len(c.stamped()), n)
		time.Sleep(100 * time.Microsecond)
	}
}

func TestThinkTime(t *testing.T) {
	// In virtual time East thinks exactly 2s before each of its calls and
	// cards (dummy's too when it declares), and nobody else thinks at all,
	// so every think time is exact.
	clock := newFakeClock()
	bots := newBots(9)
	const delay = 2 * time.Second
	for _, b := range bots {
		b.clock = clock
	}
	bots[engine.East].delay = delay
	boards := engine.SeededBoards("timing", numbers(3))
	s := playTCP(t, Config{Boards: boards, Clock: clock}, bots)
	require.NoError(t, s.runErr)
	checkRecords(t, s.recs, boards)
	for _, b := range bots {
		timings := timingLines(t, b)
		require.Len(t, timings, len(boards), "%s", b.seat.Name())
		var total time.Duration
		for i, r := range s.recs {
			ew := time.Duration(decisions(t, boards[i], r, engine.East)) * delay
			require.Positive(t, ew, "board %d: East made no decision", r.Board)
			total += ew
			assert.Equal(t, results.SideTimes{NS: 0, EW: ew.Milliseconds()}, r.TimeMS, "board %d", r.Board)
			assert.Equal(t, Timing{EWBoard: ew, EWTotal: total}, timings[i], "board %d to %s", r.Board, b.seat.Name())
		}
	}
}

// timingLines returns the timing lines a bot received, parsed.
func timingLines(t *testing.T, b *testBot) []Timing {
	t.Helper()
	var timings []Timing
	for _, l := range b.received() {
		if m, err := Parse(l); err == nil {
			if tm, ok := m.(Timing); ok {
				timings = append(timings, tm)
			}
		}
	}
	return timings
}

// decisions counts a seat's decisions in a record: its calls and the
// cards it chose (dummy's included when it declares).
func decisions(t *testing.T, spec engine.BoardSetup, r results.Record, seat engine.Seat) int {
	t.Helper()
	b := engine.NewBoard(spec.Number, spec.Deal)
	n := 0
	for _, c := range r.Auction {
		call, _ := engine.ParseCall(c.Call)
		s, _ := engine.ParseSeat(c.Seat)
		if s == seat {
			n++
		}
		require.NoError(t, b.Call(s, call))
	}
	for _, cs := range r.Play {
		card, _ := engine.ParseCard(cs)
		if a, _ := b.Actor(); a == seat {
			n++
		}
		turn, _ := b.Turn()
		require.NoError(t, b.PlayCard(turn, card))
	}
	return n
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
	// In virtual time nothing takes time but writing a record, which
	// takes exactly a second: board k+1's start line must reach North
	// at exactly k seconds, after the k-th record was written.
	clock := newFakeClock()
	t0 := clock.Now()
	bots := newBots(12)
	for _, b := range bots {
		b.clock = clock
	}
	bots[engine.North].stamp = true
	boards := engine.SeededBoards("order", numbers(4))
	var mu sync.Mutex
	var recorded []time.Time
	s := playTCPWith(t, Config{Boards: boards, Clock: clock}, bots, func(results.Record) {
		clock.Advance(time.Second) // a slow disk
		mu.Lock()
		recorded = append(recorded, clock.Now())
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
	assert.Equal(t, t0, starts[0])
	for i := 0; i < 3; i++ {
		assert.Equal(t, t0.Add(time.Duration(i+1)*time.Second), recorded[i])
		assert.Equal(t, recorded[i], starts[i+1], "board %d began before board %d was recorded", i+2, i+1)
	}
}

func TestStoppedBoardGetsNoTimingLine(t *testing.T) {
	// East thinks 2s (virtual) an action and bids illegally on board 2.
	// The seats still in that board get no timing line for it: the next
	// line after it is Start of board. Its think time shows in the totals
	// of the next timing line.
	clock := newFakeClock()
	bots := newBots(7)
	for _, b := range bots {
		b.clock = clock
	}
	bots[engine.East].delay = 2 * time.Second
	bots[engine.East].fault, bots[engine.East].faultBoard = "illegal-bid", 2
	boards := engine.SeededBoards("faults", numbers(3))
	s := playTCP(t, Config{Boards: boards, Clock: clock}, bots)
	require.NoError(t, s.runErr)
	require.Len(t, s.recs, 3)
	require.Equal(t, results.KindIllegal, s.recs[1].Termination.Kind)
	require.Positive(t, s.recs[1].TimeMS.EW, "East thought before its illegal bid")
	for _, b := range bots {
		timings := timingLines(t, b)
		require.Len(t, timings, 2, "%s: a timing line for each board played out, none for the stopped one", b.seat.Name())
		var total int64
		for _, r := range s.recs {
			total += r.TimeMS.EW
		}
		assert.Equal(t, time.Duration(s.recs[2].TimeMS.EW)*time.Millisecond, timings[1].EWBoard, b.seat.Name())
		assert.Equal(t, time.Duration(total)*time.Millisecond, timings[1].EWTotal, "%s: the stopped board counts in the totals", b.seat.Name())
		if b.seat == engine.East {
			continue
		}
		// After board 2's deal, the next board-level line is Start of board.
		lines := b.received()
		i := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "Board number 2.") })
		require.GreaterOrEqual(t, i, 0)
		for _, l := range lines[i+1:] {
			require.False(t, strings.HasPrefix(l, "Timing"), "%s got %q after the stopped board", b.seat.Name(), l)
			if l == "Start of board" {
				break
			}
		}
	}
}

func TestNoTimingForOneSeat(t *testing.T) {
	// East's robot does not expect the timing line: it never gets one,
	// and the other seats get one after every board.
	bots := newBots(11)
	boards := engine.SeededBoards("notiming", numbers(3))
	cfg := Config{Boards: boards}
	cfg.NoTiming[engine.East] = true
	s := playTCP(t, cfg, bots)
	require.NoError(t, s.runErr)
	checkRecords(t, s.recs, boards)
	for _, b := range bots {
		want := len(boards)
		if b.seat == engine.East {
			want = 0
		}
		assert.Len(t, timingLines(t, b), want, b.seat.Name())
		lines := b.received()
		assert.Equal(t, "End of session", lines[len(lines)-1], b.seat.Name())
	}
}

func TestNoTimingForAllFourSeats(t *testing.T) {
	// Four robots that do not expect the timing line (bridge_env's
	// clients) may sit together: none gets one.
	bots := newBots(12)
	boards := engine.SeededBoards("notiming", numbers(2))
	cfg := Config{Boards: boards, NoTiming: [engine.NumSeats]bool{true, true, true, true}}
	s := playTCP(t, cfg, bots)
	require.NoError(t, s.runErr)
	checkRecords(t, s.recs, boards)
	for _, b := range bots {
		assert.Empty(t, timingLines(t, b), b.seat.Name())
		lines := b.received()
		assert.Equal(t, "End of session", lines[len(lines)-1], b.seat.Name())
	}
}
