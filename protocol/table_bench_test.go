package protocol

import (
	"context"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/player/playertest"
	"github.com/openroom/openroom/results"
)

// Harness overhead: four Instant bots (1C by the dealer, lowest legal
// card: 4 calls and 52 cards a board), so the time is the table's and the
// transport's, not the bots'. Each reports ns per board and boards/s.

// benchTable plays n boards at one table, with the bots over loopback TCP
// (tcp) or in-process pipes.
func benchTable(b *testing.B, n int, tcp bool) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	specs := engine.SeededBoards("bench", numbers(16))
	boards := make([]engine.BoardSetup, n)
	for i := range boards {
		boards[i] = specs[i%16]
	}
	cfg := Config{Boards: boards, OnBoard: func(results.Record) error { return nil }}
	if !tcp {
		for s := range cfg.Local {
			cfg.Local[s] = ClientBot("Bench", playertest.Instant{})
		}
	}
	tbl, err := NewTable(cfg)
	if err != nil {
		b.Fatal(err)
	}
	var wg sync.WaitGroup
	if tcp {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			b.Fatal(err)
		}
		srvCtx, stop := context.WithCancel(ctx)
		defer func() { stop(); wg.Wait() }()
		wg.Add(1)
		go func() {
			defer wg.Done()
			(&Server{Table: tbl}).Serve(srvCtx, ln)
		}()
		for s := engine.North; s < engine.NumSeats; s++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				RunSession(ctx, DialTCP(ln.Addr().String()), ClientConfig{Team: "Bench", Seat: s}, playertest.Instant{}, time.Second)
			}()
		}
	}
	if err := tbl.Run(ctx); err != nil {
		b.Fatal(err)
	}
}

func reportBoards(b *testing.B, boards int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(boards), "ns/board")
	b.ReportMetric(float64(boards)/b.Elapsed().Seconds(), "boards/s")
}

// BenchmarkTableTCP: one table, four instant bots over loopback TCP.
func BenchmarkTableTCP(b *testing.B) {
	b.ReportAllocs()
	benchTable(b, b.N, true)
	reportBoards(b, b.N)
}

// BenchmarkTablePipe: one table, four instant in-process bots over pipes.
func BenchmarkTablePipe(b *testing.B) {
	b.ReportAllocs()
	benchTable(b, b.N, false)
	reportBoards(b, b.N)
}

// BenchmarkTables8TCP: eight tables at once, each with four instant bots
// over loopback TCP, b.N boards in all.
func BenchmarkTables8TCP(b *testing.B) {
	b.ReportAllocs()
	const tables = 8
	per := max(1, b.N/tables)
	var wg sync.WaitGroup
	for range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			benchTable(b, per, true)
		}()
	}
	wg.Wait()
	reportBoards(b, per*tables)
}
