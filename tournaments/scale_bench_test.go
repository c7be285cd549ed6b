package tournaments

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// BenchmarkScaleRefbot plays a 32-board team match (64 board-rooms, 16
// tables of 4 boards) of refbot medium against the random bot, CPU-bound
// in refbot's double-dummy search, through ProtocolRunner as tablemanager
// run plays it, at concurrency 1 and then 2 in each iteration. It reports
// board-rooms a second at each (br/s-c1, br/s-c2) and their ratio
// (speedup), and the CPU time a board-room takes at each (cpu-ms/br-c1,
// cpu-ms/br-c2): equal CPU times with a speedup below the number of cores
// mean the cores were busy with other work, not that the tables contend;
// cores-busy-c1 and -c2 (CPU time over wall time) say how many cores the
// run had: 1 and 2 on an idle machine when nothing waits.
// The one-minute load average at the end is reported too (load1).
func BenchmarkScaleRefbot(b *testing.B) {
	var rate, cpu, busy [3]float64
	for i := 0; i < b.N; i++ {
		for _, c := range []int{1, 2} {
			f, err := ParseFile([]byte(fmt.Sprintf(`name = "scale"
segment = 4
concurrency = %d
[boards]
seed = "scale"
count = 32
[teams.A]
bots = ["builtin:refbot:medium"]
[teams.B]
bots = ["builtin:random"]
`, c)), "scale.toml")
			require.NoError(b, err)
			f.Out = b.TempDir()
			ev, err := Resolve(f)
			require.NoError(b, err)
			start, cpu0 := time.Now(), cpuTime()
			out, err := Run(context.Background(), ev, Options{Runner: &ProtocolRunner{}})
			require.NoError(b, err)
			el, used := time.Since(start), cpuTime()-cpu0
			require.Equal(b, 64, out.Played)
			rate[c] += float64(out.Played) / el.Seconds()
			cpu[c] += float64(used.Milliseconds()) / float64(out.Played)
			busy[c] += used.Seconds() / el.Seconds()
		}
	}
	n := float64(b.N)
	b.ReportMetric(rate[1]/n, "br/s-c1")
	b.ReportMetric(rate[2]/n, "br/s-c2")
	b.ReportMetric(rate[2]/rate[1], "speedup")
	b.ReportMetric(cpu[1]/n, "cpu-ms/br-c1")
	b.ReportMetric(cpu[2]/n, "cpu-ms/br-c2")
	b.ReportMetric(busy[1]/n, "cores-busy-c1")
	b.ReportMetric(busy[2]/n, "cores-busy-c2")
	b.ReportMetric(load1(), "load1")
	b.ReportMetric(float64(runtime.NumCPU()), "cores")
}

// load1 returns the one-minute load average (Linux), or -1.
func load1() float64 {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return -1
	}
	fields := strings.Fields(string(data))
	var l float64
	if len(fields) == 0 {
		return -1
	}
	if _, err := fmt.Sscanf(fields[0], "%g", &l); err != nil {
		return -1
	}
	return l
}
