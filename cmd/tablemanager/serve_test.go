package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/pbn"
	"github.com/openroom/openroom/player"
	"github.com/openroom/openroom/player/playertest"
	"github.com/openroom/openroom/protocol"
	"github.com/openroom/openroom/results"
)

// watchWriter is a goroutine-safe standard error that calls on for every
// complete line written.
type watchWriter struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	part string
	on   func(line string)
}

func (w *watchWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	w.buf.Write(p)
	w.part += string(p)
	var lines []string
	for {
		i := strings.IndexByte(w.part, '\n')
		if i < 0 {
			break
		}
		lines = append(lines, w.part[:i])
		w.part = w.part[i+1:]
	}
	w.mu.Unlock()
	for _, l := range lines {
		if w.on != nil {
			w.on(l)
		}
	}
	return len(p), nil
}

func (w *watchWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

// serveCmd runs serve in-process with a deadline (generous: under -race on
// a loaded machine a --web test's board analysis alone takes seconds); on
// sees each stderr line.
func serveCmd(t *testing.T, ctx context.Context, bots botFactory, on func(string), args ...string) (int, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	errw := &watchWriter{on: on}
	var out bytes.Buffer
	e := &env{ctx: ctx, stdin: strings.NewReader(""), stdout: &out, stderr: errw}
	if bots == nil {
		bots = builtinBots
	}
	code := serveWith(e, args, bots)
	require.NoError(t, ctx.Err(), "serve did not finish in time: %s", errw.String())
	return code, errw.String()
}

func serveResults(t *testing.T, path string) []results.Record {
	t.Helper()
	recs, bad, err := results.ReadFile(path)
	require.NoError(t, err)
	require.Empty(t, bad)
	return recs
}

// checkScores replays each record through the engine: the recorded score
// is the Law 77 score of the recorded auction and play.
func checkScores(t *testing.T, recs []results.Record) {
	t.Helper()
	for _, r := range recs {
		require.True(t, r.Complete(), "board %d: %+v", r.Board, r.Termination)
		d, err := engine.ParseDeal(r.Deal)
		require.NoError(t, err)
		b := engine.NewBoard(r.Board, d)
		for _, c := range r.Auction {
			call, err := engine.ParseCall(c.Call)
			require.NoError(t, err)
			seat, _ := engine.ParseSeat(c.Seat)
			require.NoError(t, b.Call(seat, call))
		}
		for _, cs := range r.Play {
			card, err := engine.ParseCard(cs)
			require.NoError(t, err)
			turn, _ := b.Turn()
			require.NoError(t, b.PlayCard(turn, card))
		}
		score, ok := b.ScoreNS()
		require.True(t, ok)
		require.NotNil(t, r.ScoreNS)
		assert.Equal(t, score, *r.ScoreNS, "board %d", r.Board)
	}
}

func TestServeBuiltinBots(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	res, pbnPath := filepath.Join(dir, "results.jsonl"), filepath.Join(dir, "boards.pbn")
	code, errs := serveCmd(t, context.Background(), nil, nil,
		"--listen", "127.0.0.1:0", "--boards", "1-4", "--seed", "s1", "--results", res, "--pbn", pbnPath,
		"--seat", "North=builtin:random", "--seat", "e=builtin:random", "--seat", "SOUTH=builtin:random", "--seat", "West=builtin:random")
	require.Equal(t, exitOK, code, errs)
	recs := serveResults(t, res)
	require.Len(t, recs, 4)
	checkScores(t, recs)
	for i, r := range recs {
		assert.Equal(t, i+1, r.Board)
		assert.Equal(t, "s1", r.Seed)
		assert.Equal(t, "serve", r.Event)
		assert.Equal(t, "builtin:random", r.Players.N)
		assert.Equal(t, engine.NewDealSource("s1").Deal(i+1).Format(engine.BoardDealer(i+1)), r.Deal)
	}
	assert.Equal(t, 4, strings.Count(errs, "] board "), errs)
	assert.Contains(t, errs, "End of session: 4 boards")

	f, err := os.Open(pbnPath)
	require.NoError(t, err)
	defer f.Close()
	deals, err := pbn.ReadDeals(f)
	require.NoError(t, err)
	require.Len(t, deals, 4)

	// A second run appends to both files.
	code, errs = serveCmd(t, context.Background(), nil, nil,
		"--listen", "127.0.0.1:0", "--boards", "5", "--seed", "s1", "--results", res, "--pbn", pbnPath,
		"--seat", "N=builtin:random", "--seat", "E=builtin:random", "--seat", "S=builtin:random", "--seat", "W=builtin:random")
	require.Equal(t, exitOK, code, errs)
	assert.Len(t, serveResults(t, res), 5)
	data, err := os.ReadFile(pbnPath)
	require.NoError(t, err)
	assert.Equal(t, 1, strings.Count(string(data), "% PBN 2.1"))
	assert.Equal(t, 5, strings.Count(string(data), "[Board "))
}

var listening = regexp.MustCompile(`listening on (\S+):`)

func TestServeRemoteBotsOverTCP(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	res := filepath.Join(dir, "r.jsonl")
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	on := func(line string) {
		m := listening.FindStringSubmatch(line)
		if m == nil {
			return
		}
		for _, s := range []engine.Seat{engine.East, engine.West} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				cfg := protocol.ClientConfig{Team: "Visitors", Seat: s}
				_, err := protocol.RunSession(ctx, protocol.DialTCP(m[1]), cfg, player.Random{Seed: "3"}, time.Second)
				assert.NoError(t, err)
			}()
		}
	}
	code, errs := serveCmd(t, ctx, nil, on, "--listen", "127.0.0.1:0", "--boards", "1-3", "--seed", "tcp",
		"--results", res, "--seat", "N=builtin:random", "--seat", "S=builtin:random", "--ns-team", "Home")
	wg.Wait()
	require.Equal(t, exitOK, code, errs)
	recs := serveResults(t, res)
	require.Len(t, recs, 3)
	checkScores(t, recs)
	assert.Equal(t, results.Seats{N: "Home", E: "Visitors", S: "Home", W: "Visitors"}, recs[0].Players)
}

func TestServeNoTiming(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		remote []engine.Seat // seats taken over TCP; the others are builtin:random
		args   []string
		want   map[engine.Seat]int // timing lines received by each remote seat
	}{
		{"one seat", []engine.Seat{engine.East, engine.West},
			[]string{"--seat", "N=builtin:random", "--seat", "S=builtin:random", "--ns-team", "Home", "--no-timing", "east"},
			map[engine.Seat]int{engine.West: 2}},
		// Four bridge_env clients: none of them expects the line.
		{"all four seats", []engine.Seat{engine.North, engine.East, engine.South, engine.West},
			[]string{"--no-timing", "N", "--no-timing", "E", "--no-timing", "S", "--no-timing", "W"},
			map[engine.Seat]int{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			res := filepath.Join(dir, "r.jsonl")
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			var wg sync.WaitGroup
			var mu sync.Mutex
			timings := map[engine.Seat]int{}
			on := func(line string) {
				m := listening.FindStringSubmatch(line)
				if m == nil {
					return
				}
				for _, s := range tc.remote {
					wg.Add(1)
					go func() {
						defer wg.Done()
						team := "Visitors"
						if s.Side() == engine.NS {
							team = "Home"
						}
						cfg := protocol.ClientConfig{Team: team, Seat: s, Trace: func(in bool, line string) {
							if in && strings.HasPrefix(line, "Timing") {
								mu.Lock()
								timings[s]++
								mu.Unlock()
							}
						}}
						_, err := protocol.RunSession(ctx, protocol.DialTCP(m[1]), cfg, player.Random{Seed: "3"}, time.Second)
						assert.NoError(t, err)
					}()
				}
			}
			args := append([]string{"--listen", "127.0.0.1:0", "--boards", "1-2", "--seed", "tcp", "--results", res}, tc.args...)
			code, errs := serveCmd(t, ctx, nil, on, args...)
			wg.Wait()
			require.Equal(t, exitOK, code, errs)
			require.Len(t, serveResults(t, res), 2)
			mu.Lock()
			defer mu.Unlock()
			assert.Equal(t, tc.want, timings, "a --no-timing seat gets no timing line; the others get one a board")
		})
	}
}

func TestServeRemoteNorthBesideBuiltinSouth(t *testing.T) {
	t.Parallel()
	// A remote robot at North over TCP, builtin:random at South (and
	// East-West), no --ns-team: the built-in partner plays under the
	// remote robot's name.
	dir := t.TempDir()
	res := filepath.Join(dir, "r.jsonl")
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	var mu sync.Mutex
	var got []string
	on := func(line string) {
		m := listening.FindStringSubmatch(line)
		if m == nil {
			return
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			cfg := protocol.ClientConfig{Team: "BEN", Seat: engine.North, Trace: func(in bool, line string) {
				if in && (strings.HasSuffix(line, "seated") || strings.HasPrefix(line, "Teams")) {
					mu.Lock()
					got = append(got, line)
					mu.Unlock()
				}
			}}
			_, err := protocol.RunSession(ctx, protocol.DialTCP(m[1]), cfg, player.Random{Seed: "ben"}, time.Second)
			assert.NoError(t, err)
		}()
	}
	code, errs := serveCmd(t, ctx, nil, on, "--listen", "127.0.0.1:0", "--boards", "1-2", "--seed", "ben",
		"--results", res, "--seat", "S=builtin:random", "--seat", "E=builtin:random", "--seat", "W=builtin:random")
	wg.Wait()
	require.Equal(t, exitOK, code, errs)
	recs := serveResults(t, res)
	require.Len(t, recs, 2)
	checkScores(t, recs)
	assert.Equal(t, results.Seats{N: "BEN", E: "builtin:random", S: "BEN", W: "builtin:random"}, recs[0].Players)
	mu.Lock()
	defer mu.Unlock()
	assert.Equal(t, []string{`North ("BEN") seated`, `Teams : N/S : "BEN" E/W : "builtin:random"`}, got)
}

func TestServeTwoBuiltinPartnersPlayAsTheFirst(t *testing.T) {
	t.Parallel()
	// Partners with different specs and no --ns-team: the side plays as the
	// first one's spec, as before.
	dir := t.TempDir()
	res := filepath.Join(dir, "r.jsonl")
	code, errs := serveCmd(t, context.Background(), nil, nil, "--listen", "127.0.0.1:0", "--boards", "1", "--seed", "x", "--results", res,
		"--seat", "N=builtin:random", "--seat", "E=builtin:random", "--seat", "S=builtin:refbot:easy", "--seat", "W=builtin:random")
	require.Equal(t, exitOK, code, errs)
	recs := serveResults(t, res)
	require.Len(t, recs, 1)
	assert.Equal(t, "builtin:random", recs[0].Players.S)
}

func TestServeDealsFromPBN(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	deals := filepath.Join(dir, "deals.pbn")
	src := engine.NewDealSource("pbn")
	var b strings.Builder
	for _, n := range []int{3, 7} {
		fmt.Fprintf(&b, "[Board \"%d\"]\n[Dealer \"%s\"]\n[Vulnerable \"%s\"]\n[Deal \"%s\"]\n\n",
			n, engine.BoardDealer(n), engine.BoardVulnerability(n), src.Deal(n).Format(engine.BoardDealer(n)))
	}
	require.NoError(t, os.WriteFile(deals, []byte(b.String()), 0o644))
	res := filepath.Join(dir, "r.jsonl")
	instant := func(spec, team string) (player.Player, error) { return playertest.Instant{}, nil }
	code, errs := serveCmd(t, context.Background(), instant, nil, "--listen", "127.0.0.1:0", "--deals", deals, "--results", res,
		"--seat", "N=instant", "--seat", "E=instant", "--seat", "S=instant", "--seat", "W=instant")
	require.Equal(t, exitOK, code, errs)
	recs := serveResults(t, res)
	require.Len(t, recs, 2)
	checkScores(t, recs)
	assert.Equal(t, 3, recs[0].Board)
	assert.Equal(t, src.Deal(7).Format(engine.BoardDealer(7)), recs[1].Deal)
	assert.Equal(t, "", recs[0].Seed)

	code, errs = serveCmd(t, context.Background(), instant, nil, "--listen", "127.0.0.1:0", "--deals", deals, "--boards", "7", "--results", res,
		"--seat", "N=instant", "--seat", "E=instant", "--seat", "S=instant", "--seat", "W=instant")
	require.Equal(t, exitOK, code, errs)
	recs = serveResults(t, res)
	require.Len(t, recs, 3)
	assert.Equal(t, 7, recs[2].Board)
}

func TestServeInterrupted(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	res := filepath.Join(dir, "r.jsonl")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	on := func(line string) {
		if strings.HasPrefix(line, "[2/") {
			cancel() // Ctrl-C after the second board
		}
	}
	slow := func(spec, team string) (player.Player, error) {
		return playertest.Slow{Player: playertest.Instant{}, Think: time.Millisecond}, nil
	}
	errw := &watchWriter{on: on}
	e := &env{ctx: ctx, stdin: strings.NewReader(""), stdout: &bytes.Buffer{}, stderr: errw}
	done := make(chan int, 1)
	go func() {
		done <- serveWith(e, []string{"--listen", "127.0.0.1:0", "--boards", "1-100", "--seed", "x", "--results", res,
			"--seat", "N=slow", "--seat", "E=slow", "--seat", "S=slow", "--seat", "W=slow"}, slow)
	}()
	var code int
	select {
	case code = <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not stop after the interrupt")
	}
	assert.Equal(t, exitInterrupted, code, errw.String())
	recs := serveResults(t, res)
	assert.GreaterOrEqual(t, len(recs), 2)
	assert.Less(t, len(recs), 100)
	assert.Contains(t, errw.String(), "interrupted")
}

func TestServeUsageErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	res := filepath.Join(dir, "r.jsonl")
	bad := filepath.Join(dir, "bad.pbn")
	require.NoError(t, os.WriteFile(bad, []byte("[Board \"1\"]\n[Deal \"N:AKQ\"]\n\n"), 0o644))
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no results", []string{"--seed", "x"}, exitUsage, "--results"},
		{"bad boards", []string{"--results", res, "--boards", "3-1"}, exitUsage, "--boards"},
		{"zero board", []string{"--results", res, "--boards", "0"}, exitUsage, "--boards"},
		{"twice", []string{"--results", res, "--boards", "1-3,2"}, exitUsage, "twice"},
		{"open listen without allow", []string{"--results", res, "--listen", "0.0.0.0:0"}, exitUsage, "--allow"},
		{"bad allow", []string{"--results", res, "--allow", "example.com"}, exitUsage, "--allow"},
		{"bad seat", []string{"--results", res, "--seat", "Northeast=builtin:random"}, exitUsage, "--seat"},
		{"seat twice", []string{"--results", res, "--seat", "N=builtin:random", "--seat", "North=builtin:random"}, exitUsage, "twice"},
		{"unknown bot", []string{"--results", res, "--seat", "N=builtin:genius"}, exitUsage, "genius"},
		{"command bot", []string{"--results", res, "--seat", "N=./mybot --fast"}, exitUsage, "built-in"},
		{"bad no-timing seat", []string{"--results", res, "--no-timing", "Eest"}, exitUsage, "--no-timing"},
		{"bad seat address", []string{"--results", res, "--seat-address", "North=example.com"}, exitUsage, "--seat-address"},
		{"seat address without seat", []string{"--results", res, "--seat-address", "192.0.2.7"}, exitUsage, "--seat-address"},
		{"bad policy", []string{"--results", res, "--on-fault", "forgive"}, exitUsage, "--on-fault"},
		{"bad timeout", []string{"--results", res, "--action-timeout", "0s"}, exitUsage, "--action-timeout"},
		{"zero accept budget", []string{"--results", res, "--accept-budget", "0"}, exitUsage, "--accept-budget"},
		{"negative accept budget", []string{"--results", res, "--accept-budget", "-2"}, exitUsage, "--accept-budget"},
		{"seed and deals", []string{"--results", res, "--seed", "x", "--deals", bad}, exitUsage, "not both"},
		{"missing deals", []string{"--results", res, "--deals", filepath.Join(dir, "none.pbn")}, exitNoInput, "--deals"},
		{"bad deals", []string{"--results", res, "--deals", bad}, exitDataErr, "--deals"},
		{"unknown flag", []string{"--results", res, "--colour", "red"}, exitUsage, "colour"},
		{"extra argument", []string{"--results", res, "now"}, exitUsage, "now"},
		{"results in a missing folder", []string{"--results", filepath.Join(dir, "no", "r.jsonl")}, exitNoInput, "results"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errs := runCmd(t, "", append([]string{"serve"}, tc.args...)...)
			assert.Equal(t, tc.code, code, errs)
			assert.Contains(t, errs, tc.want)
		})
	}
	code, out, _ := runCmd(t, "", "serve", "--help")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "--action-timeout")
}

func TestParseBoardList(t *testing.T) {
	t.Parallel()
	got, err := parseBoardList("1-3, 9,12-13")
	require.NoError(t, err)
	assert.Equal(t, []int{1, 2, 3, 9, 12, 13}, got)
	for _, bad := range []string{"", "a", "1-", "-3", "2-1", "1,1", "1-1000000"} {
		_, err := parseBoardList(bad)
		assert.Error(t, err, bad)
	}
}

func TestServeCountsBoardsInTheResultsWhenThePBNFails(t *testing.T) {
	t.Parallel()
	const full = "/dev/full" // every write fails with "no space left on device"
	if _, err := os.Stat(full); err != nil {
		t.Skip("needs /dev/full")
	}
	res := filepath.Join(t.TempDir(), "r.jsonl")
	instant := func(spec, team string) (player.Player, error) { return playertest.Instant{}, nil }
	code, errs := serveCmd(t, context.Background(), instant, nil, "--listen", "127.0.0.1:0", "--boards", "1-3", "--seed", "x",
		"--results", res, "--pbn", full, "--seat", "N=instant", "--seat", "E=instant", "--seat", "S=instant", "--seat", "W=instant")
	assert.Equal(t, exitFailure, code, errs)
	recs := serveResults(t, res)
	require.Len(t, recs, 1, "the first board is in the results before its PBN write fails")
	lines := strings.Split(strings.TrimSpace(errs), "\n")
	last := lines[len(lines)-1]
	assert.Contains(t, last, "--pbn")
	assert.Contains(t, last, fmt.Sprintf("(%d boards in %s)", len(recs), res))
}

// TestServeStartTimeoutNamesTheEmptySeats: a session that never fills ends
// after --start-timeout, non-zero, naming the seats nobody took; a
// handshake that stalls is dropped after --handshake-timeout, while a bot
// that finished its handshake and waits for the others keeps its seat.
func TestServeStartTimeoutNamesTheEmptySeats(t *testing.T) {
	t.Parallel()
	res := filepath.Join(t.TempDir(), "r.jsonl")
	ctx := context.Background()
	var wg sync.WaitGroup
	var dropped time.Duration // when the table hung up on the stranger
	start := time.Now()
	on := func(line string) {
		m := listening.FindStringSubmatch(line)
		if m == nil {
			return
		}
		wg.Add(2)
		go func() { // a stranger that connects and says nothing
			defer wg.Done()
			nc, err := net.DialTimeout("tcp", m[1], time.Second)
			if !assert.NoError(t, err) {
				return
			}
			defer nc.Close()
			nc.SetReadDeadline(time.Now().Add(10 * time.Second))
			_, err = io.Copy(io.Discard, nc) // ends when the table drops it
			assert.NoError(t, err, "the idle connection is closed by the table, not by the deadline")
			dropped = time.Since(start)
		}()
		go func() { // North sits down and waits for the others
			defer wg.Done()
			cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
			defer cancel()
			cl, err := protocol.DialTCP(m[1])(cctx)
			if !assert.NoError(t, err) {
				return
			}
			_ = protocol.NewClient(cl, protocol.ClientConfig{Team: "Waiting", Seat: engine.North}, playertest.Instant{}).Run(cctx)
		}()
	}
	code, errs := serveCmd(t, ctx, nil, on, "--listen", "127.0.0.1:0", "--boards", "1", "--seed", "s",
		"--results", res, "--seat", "South=builtin:random", "--handshake-timeout", "100ms", "--start-timeout", "3s")
	ended := time.Since(start)
	wg.Wait()
	assert.Equal(t, exitFailure, code, errs)
	assert.Contains(t, errs, "East, West not seated within 3s", "North kept its seat while it waited")
	assert.GreaterOrEqual(t, ended, 3*time.Second)
	assert.Less(t, dropped, ended-time.Second, "the stranger was dropped by the handshake timeout, well before the session ended")
	assert.Contains(t, errs, "0 boards")
}

// TestServeAcceptBudget: with --accept-budget 2, the third connection one
// address opens within a second is reset at once, while the first two are
// kept waiting for their Connecting line.
func TestServeAcceptBudget(t *testing.T) {
	t.Parallel()
	res := filepath.Join(t.TempDir(), "r.jsonl")
	type outcome struct {
		reset   bool // closed or reset by the table
		timeout bool // still open when the test stopped waiting
	}
	var got []outcome
	done := make(chan struct{})
	on := func(line string) {
		m := listening.FindStringSubmatch(line)
		if m == nil {
			return
		}
		go func() {
			defer close(done)
			var conns []net.Conn
			for range 3 {
				nc, err := net.DialTimeout("tcp", m[1], time.Second)
				if err != nil { // reset before the dial returned
					assert.ErrorIs(t, err, syscall.ECONNRESET)
				}
				conns = append(conns, nc)
			}
			for _, nc := range conns {
				if nc == nil {
					got = append(got, outcome{reset: true})
					continue
				}
				nc.SetReadDeadline(time.Now().Add(500 * time.Millisecond))
				_, err := nc.Read(make([]byte, 1))
				var ne net.Error
				to := errors.As(err, &ne) && ne.Timeout()
				got = append(got, outcome{reset: err != nil && !to, timeout: to})
				nc.Close()
			}
		}()
	}
	// The session never fills: --start-timeout ends it.
	serveCmd(t, context.Background(), nil, on, "--listen", "127.0.0.1:0", "--boards", "1", "--seed", "s",
		"--results", res, "--accept-budget", "2", "--handshake-timeout", "5s", "--start-timeout", "2s")
	<-done
	assert.Equal(t, []outcome{{timeout: true}, {timeout: true}, {reset: true}}, got)
}
