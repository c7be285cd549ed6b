package tournaments

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"testing"
	"time"
)

// BenchmarkMatch1000 plays a 1,000-board team match (2,000 board-rooms)
// of random bots at concurrency 1 and 2, with every record written and
// synced to a results file: through SimRunner (bots asked in-process) and
// through ProtocolRunner (bots over the wire protocol on net.Pipe, the
// table host refereeing). It reports board-rooms per second and the peak
// heap in use: over the whole run (peak-heap-MB, which includes reading
// the results back and scoring them at the end) and while the tables play
// (playing-heap-MB, sampled every 200 board-rooms).
func BenchmarkMatch1000(b *testing.B) {
	runners := []struct {
		name string
		r    TableRunner
	}{{"sim", SimRunner{}}, {"protocol", &ProtocolRunner{}}}
	for _, rn := range runners {
		for _, c := range []int{1, 2} {
			benchMatch(b, rn.name, rn.r, c)
		}
	}
}

func benchMatch(b *testing.B, name string, runner TableRunner, c int) {
	b.Run(fmt.Sprintf("%s/concurrency=%d", name, c), func(b *testing.B) {
		var peak, playing uint64
		var played int
		start := time.Now()
		for i := 0; i < b.N; i++ {
			ev := testEvent(b, ScheduleMatch, 2, 1000, 16, fmt.Sprintf("concurrency = %d", c))
			stop := sampleHeap(&peak)
			progress := func(p Progress) {
				if p.Played%200 == 0 {
					var ms runtime.MemStats
					runtime.ReadMemStats(&ms)
					playing = max(playing, ms.HeapInuse)
				}
			}
			out, err := Run(context.Background(), ev, Options{Runner: runner, Progress: progress})
			stop()
			if err != nil {
				b.Fatal(err)
			}
			played += out.Played
		}
		b.ReportMetric(float64(played)/time.Since(start).Seconds(), "board-rooms/s")
		b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
		b.ReportMetric(float64(playing)/(1<<20), "playing-heap-MB")
	})
}

// sampleHeap records the largest HeapInuse seen every 5ms until stopped.
func sampleHeap(peak *uint64) (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		var ms runtime.MemStats
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > *peak {
				*peak = ms.HeapInuse
			}
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	return func() { close(done); wg.Wait() }
}
