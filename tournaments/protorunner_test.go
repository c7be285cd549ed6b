package tournaments

import (
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/player"
	"github.com/openroom/openroom/protocol"
	"github.com/openroom/openroom/results"
	"github.com/openroom/openroom/tournaments/bots"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sameBoards compares two runs' records on what the bots decided: every
// board-room's auction, play, contract, score and termination.
func sameBoards(t *testing.T, want, got []results.Record) {
	t.Helper()
	require.Len(t, got, len(want))
	for i := range want {
		w, g := want[i], got[i]
		assert.Equal(t, w.Key(), g.Key())
		assert.Equal(t, w.Deal, g.Deal, "board %d %s", w.Board, w.Room)
		assert.Equal(t, w.Auction, g.Auction, "board %d %s", w.Board, w.Room)
		assert.Equal(t, w.Play, g.Play, "board %d %s", w.Board, w.Room)
		assert.Equal(t, w.ScoreNS, g.ScoreNS, "board %d %s", w.Board, w.Room)
		assert.Equal(t, w.Termination, g.Termination, "board %d %s", w.Board, w.Room)
	}
}

func protoRunner(t *testing.T) *ProtocolRunner {
	return &ProtocolRunner{LogDir: filepath.Join(t.TempDir(), "logs"), Logf: t.Logf, StartTimeout: 20 * time.Second, Backoff: 10 * time.Millisecond}
}

func TestProtocolRunnerBuiltinsMatchSimRunner(t *testing.T) {
	t.Parallel()
	sim := testEvent(t, ScheduleMatch, 2, 6, 3, "concurrency = 2")
	runEvent(t, sim, Options{})
	ev := testEvent(t, ScheduleMatch, 2, 6, 3, "concurrency = 2")
	out := runEvent(t, ev, Options{Runner: protoRunner(t)})
	assert.Equal(t, 12, out.Played)
	sameBoards(t, readRecords(t, sim.Out), readRecords(t, ev.Out))
	for _, r := range readRecords(t, ev.Out) {
		want := results.Seats{N: "A1", E: "B1", S: "A2", W: "B2"}
		if r.Room == RoomClosed {
			want = results.Seats{N: "B1", E: "A1", S: "B2", W: "A2"}
		}
		assert.Equal(t, want, r.Players)
	}
}

// timingCounter is a random bot that counts the timing lines its seat
// receives, by bot name.
type timingCounter struct {
	player.Random
	name   string
	mu     *sync.Mutex
	counts map[string]int
}

func (b timingCounter) Observe(m protocol.Message) {
	if _, ok := m.(protocol.Timing); ok {
		b.mu.Lock()
		b.counts[b.name]++
		b.mu.Unlock()
	}
}

func TestProtocolRunnerNoTimingForOneBot(t *testing.T) {
	t.Parallel()
	// B1 has timing = false: at every table it sits, it gets no timing
	// line; the other bots get one after every board.
	ev := testEvent(t, ScheduleMatch, 2, 3, 3, "")
	ev.Teams[1].Bots[0].NoTiming = true
	var mu sync.Mutex
	counts := map[string]int{}
	runner := protoRunner(t)
	runner.NewPlayer = func(spec bots.Spec, team string) (player.Player, error) {
		return timingCounter{Random: player.Random{Seed: spec.Name}, name: spec.Name, mu: &mu, counts: counts}, nil
	}
	out := runEvent(t, ev, Options{Runner: runner})
	require.Equal(t, 6, out.Played)
	mu.Lock()
	defer mu.Unlock()
	assert.Equal(t, map[string]int{"A1": 6, "A2": 6, "B2": 6}, counts)
}

// commandEvent is a team match where team B's bots are the test binary
// started as a command (mode and extra arguments before the placeholders).
func commandEvent(t *testing.T, mode string, extra ...string) *Event {
	t.Helper()
	t.Setenv(botModeEnv, mode)
	ev := testEvent(t, ScheduleMatch, 2, 4, 4, "concurrency = 2")
	argv := append([]string{os.Args[0]}, extra...)
	argv = append(argv, "{host}", "{port}", "{seat}", "{name}")
	for i := range ev.Teams[1].Bots {
		ev.Teams[1].Bots[i] = bots.Spec{Name: "testbot", Kind: bots.KindCommand, Command: argv}
	}
	ev.Faults.Restarts = 2
	ev.Faults.Reconnect = 10 * time.Second
	ev.Clocks.Action = 10 * time.Second
	return ev
}

func TestProtocolRunnerCommandBots(t *testing.T) {
	if testing.Short() {
		t.Skip("starts bot processes")
	}
	sim := testEvent(t, ScheduleMatch, 2, 4, 4, "")
	runEvent(t, sim, Options{})
	ev := commandEvent(t, "play")
	out := runEvent(t, ev, Options{Runner: protoRunner(t)})
	assert.Equal(t, 8, out.Played)
	got := readRecords(t, ev.Out)
	// The same random bot, as a process over TCP, decides as it does in-process.
	sameBoards(t, readRecords(t, sim.Out), got)
	for _, r := range got {
		if r.Room == RoomOpen {
			assert.Equal(t, results.Seats{N: "A1", E: "testbot", S: "A2", W: "testbot"}, r.Players)
		} else {
			assert.Equal(t, results.Seats{N: "testbot", E: "A1", S: "testbot", W: "A2"}, r.Players)
		}
	}
}

// seatLossObserver is a recordingObserver that is also a SeatObserver.
type seatLossObserver struct {
	*recordingObserver
	lost map[string][]engine.Seat // SeatLost per table
}

func (o *seatLossObserver) SeatLost(j *TableJob, s engine.Seat) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.lost[j.Table] = append(o.lost[j.Table], s)
}

func TestProtocolRunnerBotCrashesMidBoard(t *testing.T) {
	if testing.Short() {
		t.Skip("starts bot processes")
	}
	marker := filepath.Join(t.TempDir(), "died")
	ev := commandEvent(t, "crashonce", marker)
	ev.Concurrency = 1
	obs := &seatLossObserver{recordingObserver: newRecordingObserver(), lost: map[string][]engine.Seat{}}
	out := runEvent(t, ev, Options{Runner: protoRunner(t), Observer: obs})
	assert.Equal(t, 8, out.Played, "the event goes on after the crash")
	_, err := os.Stat(marker)
	require.NoError(t, err, "a bot process died")
	faults := 0
	for _, r := range readRecords(t, ev.Out) {
		if r.Complete() {
			continue
		}
		faults++
		assert.Equal(t, results.KindDisconnect, r.Termination.Kind)
		seat, err := engine.ParseSeat(r.Termination.Seat)
		require.NoError(t, err)
		// Team B's bot crashed: B sits E-W in the open room, N-S in the closed.
		if r.Room == RoomOpen {
			assert.Equal(t, engine.EW, seat.Side())
		} else {
			assert.Equal(t, engine.NS, seat.Side())
		}
		assert.Nil(t, r.ScoreNS)
		assert.NotEmpty(t, r.Play, "it died mid-board, after cards were played")
		obs.mu.Lock()
		assert.Contains(t, obs.lost[r.Table], seat, "a SeatObserver is told the seat was lost")
		obs.mu.Unlock()
	}
	assert.Equal(t, 1, faults, "only the board in play when the bot died is lost")
	assert.Equal(t, 1, out.Report.Matches[0].Adjusted)
	assert.Equal(t, 4, out.Report.Matches[0].Played)
}

func TestProtocolRunnerBotKeepsCrashing(t *testing.T) {
	if testing.Short() {
		t.Skip("starts bot processes")
	}
	ev := commandEvent(t, "crash")
	out := runEvent(t, ev, Options{Runner: protoRunner(t)})
	assert.Equal(t, 8, out.Played)
	m := out.Report.Matches[0]
	assert.Equal(t, 4, m.Played)
	assert.Equal(t, 4, m.Adjusted)
	for _, br := range m.Boards {
		assert.Equal(t, 3, br.HomeIMPs, "team B is at fault on board %d", br.Board)
	}
	for _, r := range readRecords(t, ev.Out) {
		assert.Equal(t, results.KindDisconnect, r.Termination.Kind)
		assert.Contains(t, r.Termination.Detail, `bot "testbot"`)
		assert.Contains(t, r.Termination.Detail, "failed 3 times")
	}
}

func TestProtocolRunnerCommandNotFound(t *testing.T) {
	t.Parallel()
	ev := testEvent(t, ScheduleMatch, 2, 2, 16, "")
	ev.Teams[1].Bots[0] = bots.Spec{Name: "ghost", Kind: bots.KindCommand, Command: []string{"/nonexistent/bot", "{port}"}}
	ev.Faults.Restarts = 1
	out := runEvent(t, ev, Options{Runner: protoRunner(t)})
	for _, r := range readRecords(t, ev.Out) {
		require.False(t, r.Complete())
		assert.Contains(t, r.Termination.Detail, "start /nonexistent/bot")
	}
	assert.Equal(t, 2, out.Report.Matches[0].Adjusted)
}

func TestProtocolRunnerRemoteBots(t *testing.T) {
	t.Parallel()
	// A free port for the remote bots to connect to.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	require.NoError(t, ln.Close())

	ev := testEvent(t, ScheduleMatch, 2, 3, 16, "concurrency = 2")
	ev.Teams[1].Bots = [2]bots.Spec{{Name: "far", Kind: bots.KindRemote}, {Name: "far", Kind: bots.KindRemote}}
	runner := protoRunner(t)
	runner.Listen = addr
	var notices syncBuf
	runner.Notify = notices.logf

	// Team B's two bots keep connecting, as ANYPL, for each table in turn.
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for i := 0; i < 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				_, _ = protocol.RunSession(ctx, protocol.DialTCP(addr), protocol.ClientConfig{Team: "B", AnySeat: true}, player.Random{Seed: "B"}, time.Second)
				time.Sleep(5 * time.Millisecond)
			}
		}()
	}
	out, err := Run(context.Background(), ev, Options{Runner: runner})
	cancel()
	wg.Wait()
	require.NoError(t, err)
	assert.Equal(t, 6, out.Played)

	sim := testEvent(t, ScheduleMatch, 2, 3, 16, "")
	runEvent(t, sim, Options{})
	sameBoards(t, readRecords(t, sim.Out), readRecords(t, ev.Out))
	assert.Contains(t, notices.String(), `waiting for remote bot "far" to sit East as team "B" on `+addr)
	assert.Contains(t, notices.String(), `waiting for remote bot "far" to sit North as team "B"`)
}

// TestProtocolRunnerRemoteBotSecret: a remote bot with a secret in the
// event file is seated only when it sends the secret; one without it is
// refused and the table waits for the real one.
func TestProtocolRunnerRemoteBotSecret(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	require.NoError(t, ln.Close())

	ev := testEvent(t, ScheduleMatch, 2, 2, 16, "")
	far := bots.Spec{Name: "far", Kind: bots.KindRemote, Secret: "s3cret"}
	ev.Teams[1].Bots = [2]bots.Spec{far, far}
	runner := protoRunner(t)
	runner.Listen = addr
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	var refused, seated atomic.Int32
	for _, info := range []string{"MyBot 1.0", "MyBot 1.0 s3cret"} {
		for range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for ctx.Err() == nil {
					cfg := protocol.ClientConfig{Team: "B", AnySeat: true, Info: info}
					_, err := protocol.RunSession(ctx, protocol.DialTCP(addr), cfg, player.Random{Seed: "B"}, time.Second)
					switch {
					case errors.Is(err, protocol.ErrRefused) && info == "MyBot 1.0":
						refused.Add(1)
					case err == nil && info != "MyBot 1.0":
						seated.Add(1)
					}
					time.Sleep(5 * time.Millisecond)
				}
			}()
		}
	}
	out, err := Run(context.Background(), ev, Options{Runner: runner})
	cancel()
	wg.Wait()
	require.NoError(t, err)
	assert.Equal(t, 4, out.Played)
	assert.Positive(t, refused.Load(), "the bots without the secret were refused")
	assert.Positive(t, seated.Load(), "the bots with it played")
	for _, r := range readRecords(t, ev.Out) {
		assert.Equal(t, results.KindNormal, r.Termination.Kind)
	}
}

func TestProtocolRunnerRemoteNeedsListen(t *testing.T) {
	t.Parallel()
	ev := testEvent(t, ScheduleMatch, 2, 2, 16, "")
	ev.Teams[1].Bots[0] = bots.Spec{Name: "far", Kind: bots.KindRemote}
	_, err := Run(context.Background(), ev, Options{Runner: protoRunner(t)})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no listen address")
}

// TestListenAgainWaitsForTheAddress: the next table's listener waits while
// the address is still held, and gives up at once on other errors.
func TestListenAgainWaitsForTheAddress(t *testing.T) {
	t.Parallel()
	held, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := held.Addr().String()
	go func() {
		time.Sleep(200 * time.Millisecond)
		_ = held.Close()
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ln, err := listenAgain(ctx, addr)
	require.NoError(t, err)
	require.NoError(t, ln.Close())

	_, err = listenAgain(ctx, "127.0.0.1:notaport")
	require.Error(t, err)
}

// A table that fails while starting its bots, after one of them is running,
// returns its error: it stops what it started instead of waiting for it.
func TestProtocolRunnerStartFailureStopsTheStartedBots(t *testing.T) {
	if testing.Short() {
		t.Skip("starts bot processes")
	}
	ev := commandEvent(t, "play")
	ev.Concurrency = 1
	r := protoRunner(t)
	// West's log cannot be opened (a folder is in its place) once East's
	// bot has started, at every table of the event.
	for _, j := range ev.Jobs() {
		require.NoError(t, os.MkdirAll(filepath.Join(r.LogDir, sanitize(j.Table)+"-"+engine.West.Name()+".log"), 0o755))
	}
	done := make(chan error, 1)
	go func() {
		_, err := Run(context.Background(), ev, Options{Runner: r})
		done <- err
	}()
	select {
	case err := <-done:
		require.Error(t, err)
		assert.Contains(t, err.Error(), "bot log")
	case <-time.After(time.Minute):
		t.Fatal("the table hangs after a bot failed to start")
	}
}
