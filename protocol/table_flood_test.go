package protocol

import (
	"bufio"
	"context"
	"flag"
	"io"
	"net"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/player/playertest"
	"github.com/openroom/openroom/results"
)

var floodFor = flag.Duration("flood", 0, "TestFlood: flood the table with connection attempts for this long (make flood)")

// TestFlood is a bounded local load test, run by `make flood`: four
// instant bots play over loopback TCP from 127.0.0.1 while 32 goroutines
// at 127.0.0.2 open connection after connection (each claims North with
// the right team name, then reads until the table hangs up). It reports
// the boards per second of the four real seats in a quiet phase, during
// the flood, and after it, and fails if the seats lose a board to it.
func TestFlood(t *testing.T) {
	if *floodFor <= 0 {
		t.Skip("a load test: make flood (go test -run TestFlood ./protocol/ -args -flood 10s)")
	}
	const quiet = 3 * time.Second
	ctx, cancel := context.WithTimeout(context.Background(), *floodFor+2*quiet+30*time.Second)
	defer cancel()
	specs := engine.SeededBoards("flood", numbers(16))
	boards := make([]engine.BoardSetup, 200_000)
	for i := range boards {
		boards[i] = specs[i%16]
	}
	var played, faults atomic.Int64
	// Faults count until the test stops the seats: a seat that hangs up
	// on the way out may be recorded as a disconnect before the table
	// sees the context end.
	var stopping atomic.Bool
	tbl, err := NewTable(Config{Boards: boards, NSTeam: "Flood", EWTeam: "Flood",
		OnBoard: func(r results.Record) error {
			played.Add(1)
			if r.Termination.Kind != "normal" && !stopping.Load() {
				faults.Add(1)
				t.Logf("board %d: %+v", r.Board, r.Termination)
			}
			return nil
		}})
	require.NoError(t, err)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	runCtx, stopRun := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		(&Server{Table: tbl}).Serve(runCtx, ln)
	}()
	for s := engine.North; s < engine.NumSeats; s++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for runCtx.Err() == nil {
				nc, err := DialTCP(addr)(runCtx)
				if err != nil {
					continue
				}
				err = NewClient(nc, ClientConfig{Team: "Flood", Seat: s}, playertest.Instant{}).Run(runCtx)
				nc.Close()
				if err == nil || runCtx.Err() != nil {
					return
				}
				t.Logf("%s: %v", s.Name(), err)
				time.Sleep(10 * time.Millisecond)
			}
		}()
	}
	runDone := make(chan error, 1)
	go func() { runDone <- tbl.Run(runCtx) }()

	// Wait for the first board, then measure.
	for played.Load() == 0 {
		select {
		case err := <-runDone:
			t.Fatalf("the table ended before the first board: %v", err)
		case <-ctx.Done():
			t.Fatal("no board within the deadline")
		case <-time.After(10 * time.Millisecond):
		}
	}
	rate := func(d time.Duration) float64 {
		n0, t0 := played.Load(), time.Now()
		select {
		case <-time.After(d):
		case <-ctx.Done():
		}
		return float64(played.Load()-n0) / time.Since(t0).Seconds()
	}
	before := rate(quiet)

	var attempts, seated atomic.Int64
	fctx, stopFlood := context.WithTimeout(ctx, *floodFor)
	var fwg sync.WaitGroup
	for range 32 {
		fwg.Add(1)
		go func() {
			defer fwg.Done()
			d := net.Dialer{Timeout: time.Second, LocalAddr: &net.TCPAddr{IP: net.ParseIP("127.0.0.2")}}
			for fctx.Err() == nil {
				nc, err := d.DialContext(fctx, "tcp", addr)
				if err != nil {
					continue
				}
				attempts.Add(1)
				nc.SetDeadline(time.Now().Add(time.Second))
				io.WriteString(nc, "Connecting \"Flood\" as North using protocol version 18\r\n")
				r := bufio.NewReader(nc)
				if line, _ := r.ReadString('\n'); len(line) > 0 && line[0] != 'R' {
					seated.Add(1)
				}
				io.Copy(io.Discard, r)
				nc.Close()
			}
		}()
	}
	during := rate(*floodFor)
	stopFlood()
	fwg.Wait()
	after := rate(quiet)
	stopping.Store(true)
	stopRun()
	<-runDone
	wg.Wait()
	t.Logf("boards/s: %.0f before, %.0f during a %s flood of %d connection attempts from 127.0.0.2 (%.0f/s), %.0f after; %d boards, %d faults, %d stranger seatings",
		before, during, *floodFor, attempts.Load(), float64(attempts.Load())/floodFor.Seconds(), after, played.Load(), faults.Load(), seated.Load())
	require.Zero(t, faults.Load(), "the seats lost boards to the flood")
	require.Zero(t, seated.Load(), "a stranger was seated")
}
