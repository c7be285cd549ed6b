package protocol

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"net"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/results"
)

// lateEOF holds back the table's sight of one connection's end: the first
// connection whose first lines hold claim (North's) gets its read error
// (the bot's close) only once open is called, as when the table's reader
// goroutine has not yet run under load.
type lateEOF struct {
	claim  []byte
	marked atomic.Bool
	gate   chan struct{}
	once   sync.Once
}

func newLateEOF(claim string) *lateEOF {
	return &lateEOF{claim: []byte(claim), gate: make(chan struct{})}
}

func (l *lateEOF) open() { l.once.Do(func() { close(l.gate) }) }

// wrap returns nc with its reads watched. A net.Conn embedded keeps the
// socket's syscall.Conn, so the table can still look at it.
func (l *lateEOF) wrap(nc net.Conn) net.Conn {
	if tc, ok := nc.(*net.TCPConn); ok {
		return &lateTCP{TCPConn: tc, l: l}
	}
	return &latePipe{Conn: nc, l: l}
}

// read is the watched read: it marks the first North claim, and holds
// back that connection's read error until the gate opens.
func (l *lateEOF) read(held *bool, read func([]byte) (int, error), p []byte) (int, error) {
	n, err := read(p)
	if err == nil && !*held && bytes.Contains(p[:n], l.claim) && l.marked.CompareAndSwap(false, true) {
		*held = true
	}
	if err != nil && *held {
		<-l.gate
	}
	return n, err
}

type lateTCP struct {
	*net.TCPConn
	l    *lateEOF
	held bool // touched by the table's reader goroutine only
}

func (c *lateTCP) Read(p []byte) (int, error) { return c.l.read(&c.held, c.TCPConn.Read, p) }

type latePipe struct {
	net.Conn
	l    *lateEOF
	held bool
}

func (c *latePipe) Read(p []byte) (int, error) { return c.l.read(&c.held, c.Conn.Read, p) }

// serveFunc sets up how the bots reach a table (see playOver).
type serveFunc = func(ctx context.Context, tbl *Table, wg *sync.WaitGroup) func() (net.Conn, error)

// reconnectSession plays boards with North dropping its connection in the
// middle of board faultBoard (of every board but the last when 0) and
// dialling again at once (`as ANYPL` with anySeat). It returns the session
// and the bots.
func reconnectSession(t *testing.T, cfg Config, faultBoard int, anySeat bool, serve serveFunc) (*session, [4]*testBot) {
	t.Helper()
	bots := newBots(21)
	north := bots[engine.North]
	north.fault, north.maxConns, north.anySeat = "disconnect", 3*len(cfg.Boards), anySeat
	if faultBoard > 0 {
		north.faultBoard = faultBoard
	} else {
		north.faultEach = len(cfg.Boards) - 1 // the last one ends the session
	}
	// A bound for a machine under load (TestReconnectUnderLoad).
	return playOver(t, cfg, bots, nil, 3*testDeadline, serve), bots
}

// tcpServe serves the table on loopback, each connection through wrap.
func tcpServe(t *testing.T, wrap func(net.Conn) net.Conn) serveFunc {
	return func(ctx context.Context, tbl *Table, wg *sync.WaitGroup) func() (net.Conn, error) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		wg.Add(2)
		go func() {
			defer wg.Done()
			<-ctx.Done()
			ln.Close()
		}()
		go func() {
			defer wg.Done()
			for {
				nc, err := ln.Accept()
				if err != nil {
					return
				}
				tbl.Attach(wrap(nc))
			}
		}()
		return func() (net.Conn, error) {
			d := net.Dialer{Timeout: time.Second}
			return d.DialContext(ctx, "tcp", ln.Addr().String())
		}
	}
}

// checkTakenBack checks that North was never refused and that every board
// was played, or stopped by North's own disconnect: never scored as a
// seat that did not come back.
func checkTakenBack(t *testing.T, s *session, bots [4]*testBot, faulted func(board int) bool) {
	t.Helper()
	require.NoError(t, s.runErr)
	for i, b := range bots {
		assert.NoError(t, s.botErr[i], b.seat.Name())
	}
	for _, l := range bots[engine.North].received() {
		assert.False(t, strings.HasPrefix(l, "Refused"), "North was refused: %q", l)
	}
	for _, r := range s.recs {
		if !faulted(r.Board) {
			assert.Equal(t, "normal", r.Termination.Kind, "board %d: %+v", r.Board, r.Termination)
			continue
		}
		assert.Equal(t, results.KindDisconnect, r.Termination.Kind, "board %d", r.Board)
		assert.Equal(t, engine.North.String(), r.Termination.Seat, "board %d", r.Board)
		assert.NotContains(t, r.Termination.Detail, "did not come back", "board %d", r.Board)
	}
}

func TestReconnectBeforeTheCloseIsReported(t *testing.T) {
	// North drops in the middle of board 2 and connects again at once,
	// and the table's reader of the old connection reports the close
	// only after North is back (or, should North never get back, after
	// a while). The claim must not be refused for a seat whose
	// connection has closed: the table looks at the old connection.
	// Over TCP the socket shows the close at once.
	overTCP := func(t *testing.T, l *lateEOF) serveFunc { return tcpServe(t, l.wrap) }
	// A pipe cannot be looked at: the claim is held until the close is
	// reported.
	overPipe := func(t *testing.T, l *lateEOF) serveFunc {
		return func(_ context.Context, tbl *Table, _ *sync.WaitGroup) func() (net.Conn, error) {
			return func() (net.Conn, error) {
				host, bot := net.Pipe()
				tbl.Attach(l.wrap(host))
				return bot, nil
			}
		}
	}
	tests := []struct {
		name    string
		anySeat bool // North connects `as ANYPL`
		serve   func(t *testing.T, l *lateEOF) serveFunc
	}{
		{"tcp", false, overTCP},
		{"tcp as ANYPL", true, overTCP},
		{"pipe", false, overPipe},
		{"pipe as ANYPL", true, overPipe},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			claim := " as North "
			if tc.anySeat {
				claim = " as ANYPL "
			}
			late := newLateEOF(claim)
			var readies atomic.Int32
			cfg := Config{
				Boards:           engine.SeededBoards("late-eof", numbers(3)),
				ReconnectTimeout: time.Second,
				Logf: func(format string, args ...any) {
					line := fmt.Sprintf(format, args...)
					t.Log(line)
					if strings.HasPrefix(line, "North ") && strings.HasSuffix(line, " is ready") && readies.Add(1) == 2 ||
						strings.Contains(line, "claim held") {
						// North is back, or its claim waits for the close
						// to show: it may show now.
						late.open()
					}
				},
			}
			// Should North not get back, the close shows after a while.
			defer time.AfterFunc(1500*time.Millisecond, late.open).Stop()
			s, bots := reconnectSession(t, cfg, 2, tc.anySeat, tc.serve(t, late))
			require.True(t, late.marked.Load())
			checkTakenBack(t, s, bots, func(board int) bool { return board == 2 })
			assert.Len(t, s.recs, 3)
		})
	}
}

func TestReconnectUnderLoad(t *testing.T) {
	// Busy goroutines keep both cores taken while North drops in the
	// middle of every board but the last and dials again at once: whichever of its
	// claim and its old connection's close the table sees first, North
	// gets its seat back for every next board.
	stop := make(chan struct{})
	var spinners sync.WaitGroup
	var sink atomic.Uint64
	for range runtime.GOMAXPROCS(0) {
		spinners.Add(1)
		go func() {
			defer spinners.Done()
			x := uint64(1)
			for {
				select {
				case <-stop:
					sink.Add(x)
					return
				default:
				}
				for i := range uint64(1 << 16) {
					x = x*6364136223846793005 + i
				}
			}
		}()
	}
	defer spinners.Wait()
	defer close(stop)
	const boards = 12
	cfg := Config{Boards: engine.SeededBoards("reconnect-load", numbers(boards)), ReconnectTimeout: 5 * time.Second, Logf: t.Logf}
	s, bots := reconnectSession(t, cfg, 0, false, tcpServe(t, func(nc net.Conn) net.Conn { return nc }))
	checkTakenBack(t, s, bots, func(board int) bool { return board < boards })
	assert.Len(t, s.recs, boards)
}

func TestLiveConnectionKeepsItsSeat(t *testing.T) {
	// A claim for a seat whose connection is open is refused, over TCP
	// at once (the socket shows it open) and over a pipe once the
	// reconnect window has passed; the holder keeps its seat.
	tests := []struct {
		name string
		dial func(t *testing.T, cfg Config) func() net.Conn
	}{
		{"tcp", func(t *testing.T, cfg Config) func() net.Conn {
			addr := seatTable(t, cfg)
			return func() net.Conn { return dialRaw(t, addr).nc }
		}},
		{"pipe", func(t *testing.T, cfg Config) func() net.Conn {
			cfg.Boards = engine.SeededBoards("seat", numbers(1))
			tbl, err := NewTable(cfg)
			require.NoError(t, err)
			ctx, cancel := context.WithTimeout(context.Background(), testDeadline)
			done := make(chan struct{})
			go func() {
				defer close(done)
				tbl.Run(ctx)
			}()
			t.Cleanup(func() {
				cancel()
				<-done
			})
			return func() net.Conn {
				host, bot := net.Pipe()
				tbl.Attach(host)
				t.Cleanup(func() { bot.Close() })
				require.NoError(t, bot.SetDeadline(time.Now().Add(5*time.Second)))
				return bot
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// Over TCP a claim held for the whole window would outlast
			// the raw seat's 5s read deadline.
			cfg := Config{ReconnectTimeout: 30 * time.Second, Logf: t.Logf}
			if tc.name == "pipe" {
				cfg.ReconnectTimeout = 300 * time.Millisecond
			}
			dial := tc.dial(t, cfg)
			raw := func() *rawSeat {
				nc := dial()
				return &rawSeat{t: t, nc: nc, r: bufio.NewReader(nc)}
			}
			holder := raw()
			holder.sit("A", "North")
			holder.send("North ready for teams") // a line still unread cannot pass for a close
			claimant := raw()
			claimant.send(`Connecting "A" as North using protocol version 18`)
			claimant.refused("seat North is taken")
			// The holder is still seated: its connection stays open.
			require.NoError(t, holder.nc.SetReadDeadline(time.Now().Add(100*time.Millisecond)))
			_, err := holder.recv()
			var ne net.Error
			require.ErrorAs(t, err, &ne, "the holder's connection was closed: %v", err)
			assert.True(t, ne.Timeout())
		})
	}
}
