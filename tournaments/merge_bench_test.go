package tournaments

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/openroom/openroom/results"
	"github.com/openroom/openroom/tournaments/report"
	"github.com/openroom/openroom/tournaments/shards"
	"github.com/stretchr/testify/require"
)

var mergeBenchDir = flag.String("merge.dir", "", "BenchmarkMerge: make the shard folders here and keep them (to time tablemanager merge on them); default a temporary folder")

// BenchmarkMerge merges the 4 shard folders of a 10-team round robin (45
// matches) holding 99,990 and 999,990 board-rooms (a multiple of 90, nearly 10^5 and 10^6). The records are
// real-sized (a played board's auction and play, ~550 bytes a line) with
// their identities and deals from the event's schedule. It reports
// ns/record, the CPU time a record (cpu-ns/record, all threads: on a
// machine busy with other work the wall time is not the merge's), MB/s of results read, and the peak heap in use during the
// merge above what the loaded event holds before it (merge-heap-MB): it
// stays flat as the records grow tenfold, since the merge streams and
// keeps two bits a board-room.
func BenchmarkMerge(b *testing.B) {
	for _, records := range []int{99_990, 999_990} {
		b.Run(fmt.Sprintf("records=%d", records), func(b *testing.B) {
			root := benchRoot(b, records)
			dirs, size := makeShardFolders(b, root, records, 4)
			set, err := LoadShards(dirs)
			require.NoError(b, err)
			out := filepath.Join(root, "merged")
			runtime.GC()
			var before runtime.MemStats
			runtime.ReadMemStats(&before)
			var peak uint64
			merged := 0
			b.ResetTimer()
			start, cpu0 := time.Now(), cpuTime()
			for i := 0; i < b.N; i++ {
				stop := sampleHeap(&peak)
				res, err := set.merge(out, nil)
				stop()
				if err != nil {
					b.Fatal(err)
				}
				if len(res.Missing) > 0 || res.Records != records {
					b.Fatalf("merged %d records, %d ranges missing", res.Records, len(res.Missing))
				}
				merged += res.Records
			}
			el, cpu := time.Since(start), cpuTime()-cpu0
			b.StopTimer()
			b.ReportMetric(float64(el.Nanoseconds())/float64(merged), "ns/record")
			b.ReportMetric(float64(cpu.Nanoseconds())/float64(merged), "cpu-ns/record")
			b.ReportMetric(float64(size)*float64(b.N)/el.Seconds()/1e6, "MB/s")
			b.ReportMetric(float64(before.HeapInuse)/(1<<20), "event-heap-MB")
			b.ReportMetric(float64(peak-min(peak, before.HeapInuse))/(1<<20), "merge-heap-MB")
		})
	}
}

// makeShardFolders writes the shard folders of a 10-team round robin with
// about records board-rooms, cut into n shards; it returns the folders and
// the bytes of results they hold.
func makeShardFolders(b *testing.B, root string, records, n int) ([]string, int64) {
	b.Helper()
	const teams, matches = 10, 45
	perMatch := records / matches / 2
	require.Equal(b, records, perMatch*matches*2, "records must be a multiple of 90")
	f := shardTestFile(b, ScheduleRoundRobin, teams, perMatch, 16, "merge-bench")

	// A played record: its auction and play give the lines their size.
	f.Out = b.TempDir()
	one, err := Resolve(f)
	require.NoError(b, err)
	j := one.Jobs()[0]
	j.Boards = j.Boards[:1]
	var tmpl results.Record
	require.NoError(b, SimRunner{}.RunTable(context.Background(), j, func(r results.Record) error { tmpl = r; return nil }))

	var dirs []string
	var size int64
	for k := 0; k < n; k++ {
		dir := filepath.Join(root, fmt.Sprintf("shard-%d-of-%d", k, n))
		dirs = append(dirs, dir)
		f.Out = dir
		ev, err := Resolve(f)
		require.NoError(b, err)
		require.NoError(b, ev.SetShard(shards.Shard{K: k, N: n}))
		m, err := NewManifest(f, ev)
		require.NoError(b, err)
		require.NoError(b, os.MkdirAll(dir, 0o755))
		if st, err := os.Stat(filepath.Join(dir, ResultsFile)); err == nil && st.Size() > 0 {
			if old, err := readManifest(dir); err == nil && old.Fingerprint == m.Fingerprint {
				size += st.Size() // made by an earlier run with -merge.dir
				continue
			}
		}
		require.NoError(b, writeManifest(dir, m, true))
		fh, err := os.Create(filepath.Join(dir, ResultsFile))
		require.NoError(b, err)
		w := bufio.NewWriterSize(fh, 1<<20)
		for _, j := range ev.Jobs() {
			id := j.Identity()
			for _, bd := range j.Boards {
				r := tmpl
				id.Stamp(&r)
				r.Board, r.Dealer, r.Vulnerable = bd.Number, bd.Dealer.String(), bd.Vul.String()
				r.Deal, r.Seed = bd.Deal.Format(bd.Dealer), bd.Seed
				line, err := json.Marshal(&r)
				require.NoError(b, err)
				w.Write(line)
				w.WriteByte('\n')
				size += int64(len(line) + 1)
			}
		}
		require.NoError(b, w.Flush())
		require.NoError(b, fh.Close())
	}
	return dirs, size
}

// BenchmarkScoreFolder scores the merged results of BenchmarkMerge's
// shard folders (99,990 and 999,990 board-rooms) and writes the match PBN
// and LIN files, as tablemanager merge does after the join. It reports
// ns/record and cpu-ns/record, the peak heap in use while scoring above
// what the loaded event holds before it (score-heap-MB: the report, the
// largest match's records and its files' buffers), and the heap the
// finished report holds (report-heap-MB): tens of bytes a board-room,
// where reading the records whole took kilobytes.
func BenchmarkScoreFolder(b *testing.B) {
	for _, records := range []int{99_990, 999_990} {
		b.Run(fmt.Sprintf("records=%d", records), func(b *testing.B) {
			root := benchRoot(b, records)
			dirs, _ := makeShardFolders(b, root, records, 4)
			set, err := LoadShards(dirs)
			require.NoError(b, err)
			res, err := set.merge(filepath.Join(root, "merged"), nil)
			require.NoError(b, err)
			require.Equal(b, records, res.Records)
			ev := set.Event
			writers := []MatchWriter{WritePBN, WriteLIN}
			runtime.GC()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			var peak uint64
			var rep *report.Report
			b.ResetTimer()
			start, cpu0 := time.Now(), cpuTime()
			for i := 0; i < b.N; i++ {
				rep = nil
				stop := sampleHeap(&peak)
				var warn []string
				rep, warn, err = scoreFolder(ev, writers)
				stop()
				if err != nil || len(warn) > 0 || rep.Records != records {
					b.Fatalf("scored %v records: %v %v", rep, err, warn)
				}
			}
			el, cpu := time.Since(start), cpuTime()-cpu0
			b.StopTimer()
			runtime.GC()
			runtime.ReadMemStats(&after)
			runtime.KeepAlive(rep)
			n := float64(records) * float64(b.N)
			b.ReportMetric(float64(el.Nanoseconds())/n, "ns/record")
			b.ReportMetric(float64(cpu.Nanoseconds())/n, "cpu-ns/record")
			b.ReportMetric(float64(before.HeapInuse)/(1<<20), "event-heap-MB")
			b.ReportMetric(float64(peak-min(peak, before.HeapInuse))/(1<<20), "score-heap-MB")
			b.ReportMetric(float64(after.HeapInuse-min(after.HeapInuse, before.HeapInuse))/(1<<20), "report-heap-MB")
		})
	}
}

// BenchmarkMergeCommand does what tablemanager merge does with
// BenchmarkMerge's shard folders (99,990 board-rooms; 999,990 too with
// -merge.big): join them, score the merged results and write the match
// PBN and LIN files, in two passes over the records (Merge, then
// ScoreFolder: each record decoded twice before its writers read it back)
// and in one (MergeAndScore: scored as it is copied). It reports
// ns/record and cpu-ns/record (all threads: on a busy machine the wall
// time is not the command's), and the peak heap in use above the loaded
// event's (heap-MB).
func BenchmarkMergeCommand(b *testing.B) {
	sizes := []int{99_990}
	if *mergeBig {
		sizes = append(sizes, 999_990)
	}
	for _, records := range sizes {
		root := benchRoot(b, records)
		dirs, _ := makeShardFolders(b, root, records, 4)
		for _, mode := range []string{"two-pass", "one-pass"} {
			b.Run(fmt.Sprintf("records=%d/%s", records, mode), func(b *testing.B) {
				set, err := LoadShards(dirs)
				require.NoError(b, err)
				out := filepath.Join(root, "merged")
				writers := []MatchWriter{WritePBN, WriteLIN}
				runtime.GC()
				var before runtime.MemStats
				runtime.ReadMemStats(&before)
				var peak uint64
				b.ResetTimer()
				start, cpu0 := time.Now(), cpuTime()
				for i := 0; i < b.N; i++ {
					stop := sampleHeap(&peak)
					var rep *report.Report
					var warn []string
					if mode == "two-pass" {
						_, err = set.merge(out, nil)
						if err == nil {
							rep, warn, err = scoreFolder(set.Event, writers)
						}
					} else {
						var res *MergeResult
						if res, err = set.MergeAndScore(out, writers); err == nil {
							rep, warn = res.Report, res.Warnings
						}
					}
					stop()
					if err != nil || len(warn) > 0 || rep.Records != records {
						b.Fatalf("%v %v %v", rep, err, warn)
					}
				}
				el, cpu := time.Since(start), cpuTime()-cpu0
				b.StopTimer()
				n := float64(records) * float64(b.N)
				b.ReportMetric(float64(el.Nanoseconds())/n, "ns/record")
				b.ReportMetric(float64(cpu.Nanoseconds())/n, "cpu-ns/record")
				b.ReportMetric(float64(peak-min(peak, before.HeapInuse))/(1<<20), "heap-MB")
			})
		}
	}
}

var mergeBig = flag.Bool("merge.big", false, "BenchmarkMergeCommand: also 999,990 board-rooms (minutes, 2 GB of shard folders)")

// benchRoot is where a benchmark of records board-rooms keeps its folders:
// a fresh temporary one, or under -merge.dir to keep them.
func benchRoot(b *testing.B, records int) string {
	if *mergeBenchDir == "" {
		return b.TempDir()
	}
	return filepath.Join(*mergeBenchDir, fmt.Sprintf("records-%d", records))
}
