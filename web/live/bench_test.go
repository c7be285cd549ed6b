package live

import (
	"context"
	"fmt"
	"net"
	"net/http/httptest"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/results"
	"github.com/openroom/openroom/tournaments"
	"github.com/stretchr/testify/require"
)

// eightTables is a team match of random bots played on 8 tables at once
// (4 segments, two rooms each).
func eightTables(b *testing.B, boards int) *tournaments.Event {
	src := fmt.Sprintf("name = \"bench\"\nconcurrency = 8\nsegment = %d\n[boards]\nseed = \"bench\"\ncount = %d\n"+
		"[teams.A]\nbots = [\"builtin:random\"]\n[teams.B]\nbots = [\"builtin:random\"]\n", boards/4, boards)
	f, err := tournaments.ParseFile([]byte(src), "bench.toml")
	require.NoError(b, err)
	f.Out = b.TempDir()
	ev, err := tournaments.Resolve(f)
	require.NoError(b, err)
	return ev
}

// BenchmarkLiveEightTables plays 8 tables of builtin:random bots with the
// live view fed and one browser-like client reading the stream over HTTP,
// and reports what the view had to keep up with: the feeding calls a
// second (every call, card, record), the events published and received a
// second, the client's largest lag behind the stream (sampled every 10ms)
// and at the end, and the snapshots it needed (a client that fell out of
// the window gets one: a backlog would show here). Each table's events
// are published at most every 100ms, so a client's load does not grow
// with the bots' speed.
//
//	go test -run X -bench LiveEightTables -benchtime 1x ./web/live/
func BenchmarkLiveEightTables(b *testing.B) {
	for _, tc := range []struct {
		name   string
		runner func() tournaments.TableRunner
	}{
		{"sim", func() tournaments.TableRunner { return tournaments.SimRunner{} }},
		{"protocol", func() tournaments.TableRunner { return &tournaments.ProtocolRunner{} }},
	} {
		b.Run(tc.name+"/no-view", func(b *testing.B) {
			for b.Loop() {
				ev := eightTables(b, 512)
				start := time.Now()
				out, err := tournaments.Run(context.Background(), ev, tournaments.Options{Runner: tc.runner()})
				require.NoError(b, err)
				b.ReportMetric(float64(out.Played)/time.Since(start).Seconds(), "boardrooms/s")
			}
		})
		b.Run(tc.name+"/live", func(b *testing.B) {
			for b.Loop() {
				benchLive(b, tc.runner(), 512)
			}
		})
	}
}

func benchLive(b *testing.B, runner tournaments.TableRunner, boards int) {
	ev := eightTables(b, boards)
	st := New(Options{})
	v := NewViewer(st)
	srv := httptest.NewUnstartedServer(NewHandler(st, v))
	ctx, cancel := context.WithCancel(context.Background())
	srv.Config.BaseContext = func(net.Listener) context.Context { return ctx }
	srv.Start()
	defer srv.Close()
	defer cancel()
	go st.Run(ctx, 0)

	var (
		received atomic.Uint64
		lastSeq  atomic.Uint64
		wg       sync.WaitGroup
	)
	tctx, tcancel := context.WithTimeout(ctx, 10*time.Minute)
	defer tcancel()
	c := dial(b, tctx, srv.URL, "")
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			e, err := c.next()
			if err != nil {
				return
			}
			received.Add(1)
			if seq, ok := st.parseID(e.ID); ok {
				lastSeq.Store(seq)
			}
		}
	}()
	var maxLag uint64
	stopSample := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		t := time.NewTicker(10 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-stopSample:
				return
			case <-t.C:
				st.mu.Lock()
				pub := st.seq
				st.mu.Unlock()
				if got := lastSeq.Load(); pub > got && pub-got > maxLag {
					maxLag = pub - got
				}
			}
		}
	}()

	start := time.Now()
	out, err := tournaments.Run(ctx, ev, tournaments.Options{Runner: runner, Observer: st.Observer()})
	require.NoError(b, err)
	st.EventFinished(nil)
	elapsed := time.Since(start)
	// Let the client take the last events, then read its final lag.
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		st.mu.Lock()
		pub := st.seq
		st.mu.Unlock()
		if lastSeq.Load() == pub {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	close(stopSample)
	<-sampled
	st.mu.Lock()
	finalLag := st.seq - lastSeq.Load()
	st.mu.Unlock()
	stats := st.Stats()
	cancel()
	wg.Wait()

	s := elapsed.Seconds()
	b.ReportMetric(float64(out.Played)/s, "boardrooms/s")
	b.ReportMetric(float64(stats.Inputs)/s, "inputs/s")
	b.ReportMetric(float64(stats.Published)/s, "published/s")
	b.ReportMetric(float64(received.Load())/s, "received/s")
	b.ReportMetric(float64(maxLag), "maxlag")
	b.ReportMetric(float64(finalLag), "finallag")
	b.ReportMetric(float64(stats.Snapshots), "snapshots")
	if finalLag != 0 {
		b.Errorf("the client ended %d events behind", finalLag)
	}
}

// BenchmarkStateMemory measures the heap a State holds per board-room of
// a long two-room match once every board is public (records kept whole
// for the last KeepBoards boards, slim ones for the standings, the plan).
//
//	go test -run X -bench StateMemory -benchtime 1x ./web/live/
func BenchmarkStateMemory(b *testing.B) {
	const n = 20000
	for b.Loop() {
		boards := engine.SeededBoards("memory", engine.BoardNumbers(1, n))
		plan := twoRoomPlan(boards)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		st := New(Options{})
		require.NoError(b, st.Begin(plan, nil, EventScorerless, nil))
		for i, bd := range boards {
			for _, pt := range plan.Tables {
				r := fakeRecord(pt, bd)
				st.BoardFinished(&r)
			}
			if i%1000 == 0 {
				st.Flush()
			}
		}
		st.Flush()
		runtime.GC()
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/float64(2*n), "heapB/boardroom")
		runtime.KeepAlive(st)
	}
}

// EventScorerless is a Scorer that scores nothing (the memory benchmark
// measures the State, not the event's scoring).
func EventScorerless([]results.Record) *Standings { return &Standings{} }

// fakeRecord is a passed-out board's record, stamped for a table.
func fakeRecord(pt PlanTable, bd engine.BoardSetup) results.Record {
	var b engine.Board
	b.Reset(bd)
	for i := 0; i < 4; i++ {
		_ = b.Call(b.Auction().SeatOf(i), engine.Pass)
	}
	r := results.FromBoard(&b, nil)
	r.SetOutcome(engine.Outcome{Kind: engine.PassedOut})
	id := results.Identity{Event: "ev", Match: pt.Match, Room: pt.Room, Table: pt.Table}
	id.Stamp(&r)
	return r
}
