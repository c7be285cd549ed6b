package protocol

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/netip"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/results"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// refusalOf sends line on a fresh connection and returns the refusal line.
func refusalOf(t *testing.T, addr, line string) string {
	t.Helper()
	s := dialRaw(t, addr)
	s.send(line)
	got, err := s.recv()
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(got, "Refused: "), got)
	return got
}

// No refusal names a team: the team name is the only thing a stranger
// would need to take a seat.
func TestRefusalsRevealNoTeamName(t *testing.T) {
	configured := seatTable(t, Config{NSTeam: "Homeside", EWTeam: "Awayside"})
	named := seatTable(t, Config{})
	dialRaw(t, named).sit("Firstcomer", "North")
	dialRaw(t, named).sit("Secondcomer", "West")
	dialRaw(t, configured).sit("Homeside", "North")
	var lines []string
	for _, addr := range []string{configured, named} {
		for _, l := range []string{
			`Connecting "Stranger" as South using protocol version 18`,
			`Connecting "Stranger" as West using protocol version 18`,
			`Connecting "Homeside" as West using protocol version 18`,
			`Connecting "Stranger" as ANYPL using protocol version 18`,
			`Connecting "Stranger" as North using protocol version 18`,
			`Connecting "Stranger" as North using protocol version 17`,
			`Connecting "" as South using protocol version 18`,
			`South ready for teams`,
			`garbage`,
		} {
			lines = append(lines, refusalOf(t, addr, l))
		}
	}
	require.NotEmpty(t, lines)
	for _, l := range lines {
		low := strings.ToLower(l)
		for _, team := range []string{"homeside", "awayside", "firstcomer", "secondcomer"} {
			assert.NotContains(t, low, team, "a refusal reveals a team name: %q", l)
		}
	}
}

// dialFrom dials addr from a given loopback source address.
func dialFrom(ctx context.Context, from, addr string) (net.Conn, error) {
	d := net.Dialer{Timeout: time.Second, LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
	return d.DialContext(ctx, "tcp", addr)
}

// stranger dials from 127.0.0.2 every 20 ms until ctx ends, claiming
// seat as team, and counts the times it was seated.
func stranger(ctx context.Context, addr, team, seat string, seated *atomic.Int32) {
	for ctx.Err() == nil {
		nc, err := dialFrom(ctx, "127.0.0.2", addr)
		if err == nil {
			nc.SetDeadline(time.Now().Add(time.Second))
			fmt.Fprintf(nc, "Connecting %q as %s using protocol version 18\r\n", team, seat)
			line, _ := bufio.NewReader(nc).ReadString('\n')
			if strings.HasSuffix(strings.TrimSpace(line), "seated") {
				seated.Add(1)
			}
			nc.Close()
		}
		select {
		case <-ctx.Done():
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// After North's fault, a stranger on another address who knows the team
// name retries every 20 ms; North stays bound to the address it joined
// from, so the real bot, slower to come back, gets its seat and plays on.
func TestLostSeatIsBoundToItsAddress(t *testing.T) {
	bots := newBots(11)
	bots[engine.North].fault, bots[engine.North].faultBoard = "disconnect", 2
	boards := engine.SeededBoards("bound", numbers(4))
	ctx, cancel := context.WithTimeout(context.Background(), testDeadline)
	defer cancel()
	var recs []results.Record
	tbl, err := NewTable(Config{Boards: boards, ReconnectTimeout: 5 * time.Second, Logf: t.Logf,
		OnBoard: func(r results.Record) error { recs = append(recs, r); return nil }})
	require.NoError(t, err)
	addr := serveLoopback(t, ctx, tbl)
	var wg sync.WaitGroup
	var botErr [4]error
	var northDials atomic.Int32
	for i, b := range bots {
		wg.Add(1)
		go func() {
			defer wg.Done()
			botErr[i] = b.run(ctx, func() (net.Conn, error) {
				if b.seat == engine.North && northDials.Add(1) > 1 {
					time.Sleep(300 * time.Millisecond) // slow to come back
				}
				return dialFrom(ctx, "127.0.0.1", addr)
			})
		}()
	}
	var seated atomic.Int32
	sctx, stopStranger := context.WithCancel(ctx)
	var swg sync.WaitGroup
	swg.Add(1)
	go func() {
		defer swg.Done()
		// From the start of the session on.
		for northDials.Load() == 0 && sctx.Err() == nil {
			time.Sleep(time.Millisecond)
		}
		time.Sleep(200 * time.Millisecond)
		stranger(sctx, addr, "Norse", "North", &seated)
	}()
	require.NoError(t, tbl.Run(ctx))
	stopStranger()
	swg.Wait()
	wg.Wait()
	assert.Zero(t, seated.Load(), "the stranger took North")
	assert.Greater(t, northDials.Load(), int32(1), "North came back")
	require.Len(t, recs, 4)
	for _, r := range recs {
		if r.Board == 2 {
			assert.Equal(t, results.KindDisconnect, r.Termination.Kind)
			continue
		}
		assert.Equal(t, "normal", r.Termination.Kind, "board %d: %+v", r.Board, r.Termination)
	}
	for i := range bots {
		assert.NoError(t, botErr[i])
	}
}

func TestSeatAddressRefusesOtherAddresses(t *testing.T) {
	var bound [engine.NumSeats][]netip.Prefix
	require.NoError(t, ParseSeatAddress("North=127.0.0.1", &bound))
	require.NoError(t, ParseSeatAddress("EW=127.0.0.0/31, 192.0.2.7", &bound))
	assert.Equal(t, []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}, bound[engine.North])
	assert.Empty(t, bound[engine.South])
	assert.Equal(t, bound[engine.East], bound[engine.West])
	assert.Len(t, bound[engine.West], 2)
	for _, bad := range []string{"North", "Nord=127.0.0.1", "NS=", "NS=example.com"} {
		assert.Error(t, ParseSeatAddress(bad, &bound), bad)
	}

	addr := seatTable(t, Config{SeatAddress: bound})
	ctx, cancel := context.WithTimeout(context.Background(), testDeadline)
	defer cancel()
	from := func(ip string) *rawSeat {
		nc, err := dialFrom(ctx, ip, addr)
		require.NoError(t, err)
		t.Cleanup(func() { nc.Close() })
		require.NoError(t, nc.SetDeadline(time.Now().Add(5*time.Second)))
		return &rawSeat{t: t, nc: nc, r: bufio.NewReader(nc)}
	}
	s := from("127.0.0.2")
	s.send(`Connecting "A" as North using protocol version 18`)
	s.refused("not allowed")
	s = from("127.0.0.2")
	s.send(`Connecting "B" as East using protocol version 18`)
	s.refused("not allowed")
	// ANYPL from the unbound address gets the one seat it may take.
	s = from("127.0.0.2")
	s.send(`Connecting "A" as ANYPL using protocol version 18`)
	line, err := s.recv()
	require.NoError(t, err)
	assert.Equal(t, `South ("A") seated`, line)
	from("127.0.0.1").sit("A", "North")
	from("127.0.0.1").sit("B", "East")
}

// flood opens idle connections from one address every few milliseconds
// and keeps them open (until the table closes them or ctx ends), so the
// pending slots of that address stay full.
func flood(ctx context.Context, from, addr string, opened *atomic.Int32) {
	var wg sync.WaitGroup
	defer wg.Wait()
	for ctx.Err() == nil {
		nc, err := dialFrom(ctx, from, addr)
		if err == nil {
			opened.Add(1)
			wg.Add(1)
			go func() {
				defer wg.Done()
				stop := context.AfterFunc(ctx, func() { nc.Close() })
				defer stop()
				io.Copy(io.Discard, nc)
				nc.Close()
			}()
		}
		select {
		case <-ctx.Done():
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// A lost seat always finds a handshake slot: idle connections from its
// own address fill every pending slot while it is away, and it still
// comes back and plays the next board.
func TestFloodCannotLockOutALostSeat(t *testing.T) {
	for _, from := range []string{"127.0.0.1", "127.0.0.2"} {
		t.Run("flood from "+from, func(t *testing.T) {
			bots := newBots(5)
			bots[engine.North].fault, bots[engine.North].faultBoard = "disconnect", 2
			boards := engine.SeededBoards("flood", numbers(3))
			ctx, cancel := context.WithTimeout(context.Background(), testDeadline)
			defer cancel()
			var recs []results.Record
			tbl, err := NewTable(Config{Boards: boards, ReconnectTimeout: 3 * time.Second,
				HandshakeTimeout: 5 * time.Second, MaxPending: 4,
				OnBoard: func(r results.Record) error { recs = append(recs, r); return nil }})
			require.NoError(t, err)
			addr := serveLoopback(t, ctx, tbl)
			fctx, stopFlood := context.WithCancel(ctx)
			var opened atomic.Int32
			var fwg sync.WaitGroup
			var wg sync.WaitGroup
			var botErr [4]error
			var northDials atomic.Int32
			for i, b := range bots {
				wg.Add(1)
				go func() {
					defer wg.Done()
					botErr[i] = b.run(ctx, func() (net.Conn, error) {
						if b.seat == engine.North && northDials.Add(1) == 2 {
							// North's fault: the flood starts and fills
							// the slots before North dials again.
							fwg.Add(1)
							go func() {
								defer fwg.Done()
								flood(fctx, from, addr, &opened)
							}()
							// Dial again only once the flood is under way,
							// however slow the machine.
							for opened.Load() <= 20 && ctx.Err() == nil {
								time.Sleep(10 * time.Millisecond)
							}
						}
						return dialFrom(ctx, "127.0.0.1", addr)
					})
				}()
			}
			require.NoError(t, tbl.Run(ctx))
			stopFlood()
			fwg.Wait()
			wg.Wait()
			assert.Greater(t, opened.Load(), int32(20), "the flood ran")
			require.Len(t, recs, 3)
			assert.Equal(t, results.KindDisconnect, recs[1].Termination.Kind)
			assert.Equal(t, "normal", recs[2].Termination.Kind, "%+v", recs[2].Termination)
			assert.NoError(t, botErr[engine.North])
		})
	}
}

// A seat away for several reconnect timeouts loses one board per
// timeout, not the rest of the session at once, and plays again from the
// next board after it returns.
func TestAbsentSeatLosesOneBoardPerReconnectTimeout(t *testing.T) {
	const reconnect = 200 * time.Millisecond
	bots := newBots(9)
	bots[engine.West].fault, bots[engine.West].faultBoard = "disconnect", 1
	boards := engine.SeededBoards("away", numbers(12))
	ctx, cancel := context.WithTimeout(context.Background(), testDeadline)
	defer cancel()
	var recs []results.Record
	var at []time.Time
	tbl, err := NewTable(Config{Boards: boards, ReconnectTimeout: reconnect,
		OnBoard: func(r results.Record) error {
			recs, at = append(recs, r), append(at, time.Now())
			return nil
		}})
	require.NoError(t, err)
	addr := serveLoopback(t, ctx, tbl)
	var wg sync.WaitGroup
	var botErr [4]error
	var westDials atomic.Int32
	var backAt atomic.Int64
	for i, b := range bots {
		wg.Add(1)
		go func() {
			defer wg.Done()
			botErr[i] = b.run(ctx, func() (net.Conn, error) {
				if b.seat == engine.West && westDials.Add(1) == 2 {
					time.Sleep(3*reconnect + reconnect/2) // away for 3.5 timeouts
					backAt.Store(time.Now().UnixNano())
				}
				return dialFrom(ctx, "127.0.0.1", addr)
			})
		}()
	}
	require.NoError(t, tbl.Run(ctx))
	wg.Wait()
	require.Len(t, recs, len(boards))
	back := time.Unix(0, backAt.Load())
	var missed []int
	for i, r := range recs {
		if i == 0 {
			assert.Equal(t, results.KindDisconnect, r.Termination.Kind)
			continue
		}
		if r.Termination.Kind == results.KindDisconnect {
			missed = append(missed, i)
			assert.Contains(t, r.Termination.Detail, "did not come back")
			// At least a reconnect timeout after the board before it.
			assert.GreaterOrEqual(t, at[i].Sub(at[i-1]), reconnect*9/10, "board %d", r.Board)
			continue
		}
		assert.Equal(t, "normal", r.Termination.Kind, "board %d: %+v", r.Board, r.Termination)
	}
	assert.LessOrEqual(t, len(missed), 4, "boards missed while away: %v", missed)
	assert.NotEmpty(t, missed)
	// Every board recorded after West came back (but the first) was played.
	for i, r := range recs {
		if at[i].After(back.Add(reconnect)) {
			assert.Equal(t, "normal", r.Termination.Kind, "board %d after West's return", r.Board)
		}
	}
	for i := range bots {
		assert.NoError(t, botErr[i])
	}
}

func TestSeatSecret(t *testing.T) {
	var secrets [engine.NumSeats]string
	require.NoError(t, ParseSeatSecret("North=n0rth", &secrets))
	require.NoError(t, ParseSeatSecret("EW=w3st", &secrets))
	assert.Equal(t, [engine.NumSeats]string{"n0rth", "w3st", "", "w3st"}, secrets)
	for _, bad := range []string{"North", "Nord=x", "NS=", `NS=a b`, `NS=a"b`} {
		err := ParseSeatSecret(bad, &secrets)
		if assert.Error(t, err, bad) && strings.Contains(bad, "=") {
			_, secret, _ := strings.Cut(bad, "=")
			if secret != "" {
				assert.NotContains(t, err.Error(), secret, "the error does not echo the secret")
			}
		}
	}
	_, err := NewTable(Config{Boards: engine.SeededBoards("s", numbers(1)), SeatSecret: [engine.NumSeats]string{"two words"}})
	assert.Error(t, err)

	var log syncLog
	addr := seatTable(t, Config{SeatSecret: secrets, Logf: log.logf})
	for _, line := range []string{
		`Connecting "A" as North using protocol version 18`,        // no secret
		`Connecting "A" as North using protocol version 18 w3st`,   // another seat's secret
		`Connecting "A" as North using protocol version 18 n0rth2`, // not the word
		`Connecting "B" as ANYPL using protocol version 18 n0rth`,  // ANYPL gets only seats it may take...
	} {
		s := dialRaw(t, addr)
		s.send(line)
		if strings.Contains(line, "ANYPL") {
			l, err := s.recv()
			require.NoError(t, err)
			assert.Equal(t, `North ("B") seated`, l, "...North, by its secret")
			continue
		}
		s.refused("not allowed")
	}
	s := dialRaw(t, addr)
	s.send(`Connecting "C" as East using protocol version 18 MyBot 1.0 w3st`)
	l, err := s.recv()
	require.NoError(t, err)
	assert.Equal(t, `East ("C") seated`, l, "the secret among other words")
	dialRaw(t, addr).sit("B", "South") // South has no secret
	assert.NotContains(t, log.String(), "n0rth", "the log never holds a secret")
	assert.NotContains(t, log.String(), "w3st")
	assert.Contains(t, log.String(), "MyBot 1.0 (secret)")
}

// syncLog collects a table's log lines from its goroutines.
type syncLog struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *syncLog) logf(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintf(&l.b, format+"\n", args...)
}

func (l *syncLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
