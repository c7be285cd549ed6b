package tournaments

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/results"
	"github.com/openroom/openroom/tournaments/bots"
	"github.com/openroom/openroom/tournaments/report"
	"github.com/openroom/openroom/tournaments/shards"
)

// shardTestFile is an event file of n teams of built-in random bots.
func shardTestFile(t testing.TB, kind ScheduleKind, n, count, segment int, seed string) *File {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "name = \"sh\"\nsegment = %d\nlin = true\n[boards]\nseed = %q\ncount = %d\n[schedule]\nkind = %q\n", segment, seed, count, kind)
	if kind == ScheduleGauntlet {
		b.WriteString("hero = \"B\"\n")
	}
	for i := 0; i < n; i++ {
		name := string(rune('A' + i))
		fmt.Fprintf(&b, "[bots.%s1]\nbuiltin = \"random\"\n[bots.%s2]\nbuiltin = \"random\"\n[teams.%s]\nbots = [\"%s1\", \"%s2\"]\n", name, name, name, name, name)
	}
	f, err := ParseFile([]byte(b.String()), "sh.toml")
	require.NoError(t, err)
	return f
}

// runShard plays shard k of n of the event file into dir (n = 0: the
// whole event) and returns the event.
func runShard(t testing.TB, f *File, k, n int, dir string) *Event {
	t.Helper()
	f.Out = dir
	ev, err := Resolve(f)
	require.NoError(t, err)
	opt := Options{Runner: SimRunner{}, MatchWriters: []MatchWriter{WritePBN, WriteLIN}}
	if n > 0 {
		require.NoError(t, ev.SetShard(shards.Shard{K: k, N: n}))
		opt.Manifest, err = NewManifest(f, ev)
		require.NoError(t, err)
	}
	_, err = Run(context.Background(), ev, opt)
	require.NoError(t, err)
	if n == 0 {
		rep, _, err := scoreFolder(ev, nil)
		require.NoError(t, err)
		require.NoError(t, WriteSummaryFile(rep))
	}
	return ev
}

// mergeInto merges shard folders into out as the merge command does
// (MergeAndScore), and checks its report and match files against those
// ScoreFolder makes of the merged results.
func mergeInto(t testing.TB, out string, dirs ...string) (*ShardSet, *MergeResult) {
	t.Helper()
	set, err := LoadShards(dirs)
	require.NoError(t, err)
	writers := []MatchWriter{WritePBN, WriteLIN}
	res, err := set.MergeAndScore(out, writers)
	require.NoError(t, err)
	require.Empty(t, res.Warnings)
	require.NotNil(t, res.Report)
	matchFiles := func() map[string]string {
		files := map[string]string{}
		for _, ext := range []string{".pbn", ".lin", ".bbo.txt"} {
			paths, err := filepath.Glob(filepath.Join(out, "*"+ext))
			require.NoError(t, err)
			for _, p := range paths {
				b, err := os.ReadFile(p)
				require.NoError(t, err)
				files[filepath.Base(p)] = string(b)
			}
		}
		return files
	}
	written := matchFiles()
	rep, warn, err := scoreFolder(set.Event, writers)
	require.NoError(t, err)
	require.Empty(t, warn)
	assert.Equal(t, reportText(t, rep), reportText(t, res.Report), "MergeAndScore's report is ScoreFolder's")
	assert.Equal(t, matchFiles(), written, "and so are its match files")
	require.NoError(t, WriteSummaryFile(res.Report))
	return set, res
}

// reportText is everything a report writes.
func reportText(t testing.TB, rep *report.Report) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, rep.WriteSummary(&b))
	require.NoError(t, rep.WriteBoards(&b))
	require.NoError(t, rep.WriteJSON(&b))
	return b.String()
}

// recordsByRoom reads a results file as board-rooms with their time
// fields cleared.
func recordsByRoom(t testing.TB, path string) map[string]results.Record {
	t.Helper()
	recs, bad, err := results.ReadFile(path)
	require.NoError(t, err)
	require.Empty(t, bad)
	out := map[string]results.Record{}
	for _, r := range recs {
		k := fmt.Sprintf("%s/%s/%d", r.Match, r.Room, r.Board)
		require.NotContains(t, out, k, "a board-room twice in %s", path)
		r.TimeMS = results.SideTimes{}
		out[k] = r
	}
	return out
}

// TestMergeMatchesUnsharded plays events whole and in shards, merges the
// shards and compares every file the merge writes with the whole run's:
// the results record by record (time fields aside), the match PBN and LIN
// files and the summary byte for byte.
func TestMergeMatchesUnsharded(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		kind                        ScheduleKind
		teams, count, segment, nshd int
	}{
		{ScheduleMatch, 2, 20, 6, 4},       // shard edges inside segments
		{ScheduleRoundRobin, 3, 11, 4, 3},  // byes, several rounds and matches
		{ScheduleGauntlet, 3, 5, 16, 1},    // one shard is the whole event
		{ScheduleRoundRobin, 4, 3, 16, 5},  // more shards than boards
		{ScheduleMatch, 2, 7, 2, 7},        // a board a shard
		{ScheduleRoundRobin, 4, 10, 3, 10}, // many matches, many shards
	} {
		t.Run(fmt.Sprintf("%s/%dx%d/%d-shards", tc.kind, tc.teams, tc.count, tc.nshd), func(t *testing.T) {
			root := t.TempDir()
			f := shardTestFile(t, tc.kind, tc.teams, tc.count, tc.segment, "merge-test")
			whole := filepath.Join(root, "whole")
			ev := runShard(t, f, 0, 0, whole)
			var dirs []string
			for k := tc.nshd - 1; k >= 0; k-- { // any order
				d := filepath.Join(root, fmt.Sprintf("shard-%d", k))
				runShard(t, f, k, tc.nshd, d)
				dirs = append(dirs, d)
			}
			merged := filepath.Join(root, "merged")
			_, res := mergeInto(t, merged, dirs...)
			assert.Empty(t, res.Missing)
			assert.Empty(t, res.Absent)
			assert.Empty(t, res.Skipped)
			assert.Equal(t, 2*tc.count*len(ev.Matches()), res.Records)
			assert.Equal(t, res.Expected, res.Records)

			assert.Equal(t, recordsByRoom(t, filepath.Join(whole, ResultsFile)), recordsByRoom(t, filepath.Join(merged, ResultsFile)))
			files, err := filepath.Glob(filepath.Join(whole, "*"))
			require.NoError(t, err)
			compared := 0
			for _, p := range files {
				name := filepath.Base(p)
				switch {
				case name == ResultsFile, name == SeedFile, strings.HasPrefix(name, "."):
					continue
				}
				want, err := os.ReadFile(p)
				require.NoError(t, err)
				got, err := os.ReadFile(filepath.Join(merged, name))
				require.NoError(t, err, "the merge writes %s", name)
				assert.Equal(t, string(want), string(got), name)
				compared++
			}
			assert.Equal(t, 3+3*len(ev.Matches()), compared, "summary.txt, summary.json, bots.json and each match's .pbn, .lin, .bbo.txt")
		})
	}
}

// TestMergeMissing merges some of an event's shards, and shards with
// boards still to play, and checks the missing board-rooms are named.
func TestMergeMissing(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	f := shardTestFile(t, ScheduleRoundRobin, 3, 12, 16, "missing")
	const n = 4
	dirs := make([]string, n)
	var ev *Event
	for k := range n {
		dirs[k] = filepath.Join(root, fmt.Sprintf("s%d", k))
		ev = runShard(t, f, k, n, dirs[k])
	}
	// Shard 2 loses its last record (as if killed before it), shard 3's
	// folder is not given, and shard 1 loses a line in the middle.
	dropLine(t, filepath.Join(dirs[2], ResultsFile), -1)
	gone := dropLine(t, filepath.Join(dirs[1], ResultsFile), 3)

	set, res := mergeInto(t, filepath.Join(root, "m"), dirs[0], dirs[1], dirs[2])
	assert.Equal(t, []int{3}, res.Absent)
	assert.Equal(t, res.Expected-2-2*3*3, res.Records, "two records dropped; shard 3 has 3 boards of each of the 3 matches")

	// What should be missing, worked out from the schedule.
	type want struct {
		match       string
		first, last int
		rooms       string
		shard       int
		noFolder    bool
	}
	var wants []want
	for _, m := range set.Event.Matches() {
		lo, hi := shards.Shard{K: 3, N: n}.Span(len(m.Boards))
		wants = append(wants, want{m.ID, m.Boards[lo].Number, m.Boards[hi-1].Number, "both rooms", 3, true})
	}
	for _, r := range []results.Record{lastRecord(t, filepath.Join(dirs[2], ResultsFile)+".dropped"), gone} {
		wants = append(wants, want{r.Match, r.Board, r.Board, r.Room + " room", shards.Of(r.Board-firstBoard(ev, r.Match), 12, n), false})
	}
	var gotW []want
	for _, m := range res.Missing {
		gotW = append(gotW, want{m.Match, m.First, m.Last, m.Rooms, m.From, m.ShardMissing})
		assert.Equal(t, m.From, m.To)
		assert.Equal(t, m.Last-m.First+1, m.Count)
	}
	key := func(w want) string { return fmt.Sprintf("%s/%04d/%s", w.match, w.first, w.rooms) }
	sort.Slice(wants, func(i, j int) bool { return key(wants[i]) < key(wants[j]) })
	sort.Slice(gotW, func(i, j int) bool { return key(gotW[i]) < key(gotW[j]) })
	assert.Equal(t, wants, gotW)
	assert.Contains(t, res.Missing[0].String(), "match ")

	// The summary of a partial merge says what it lacks.
	sum, err := os.ReadFile(filepath.Join(root, "m", "summary.txt"))
	require.NoError(t, err)
	assert.Contains(t, string(sum), fmt.Sprintf("incomplete: %d of %d board-rooms played", res.Records, res.Expected))
}

// firstBoard returns the number of a match's first board.
func firstBoard(ev *Event, match string) int {
	for _, m := range ev.Matches() {
		if m.ID == match {
			return m.Boards[0].Number
		}
	}
	return 0
}

// dropLine removes line i (from 0; -1 for the last) of a file, keeping the
// removed line in FILE.dropped, and returns it as a record.
func dropLine(t testing.TB, path string, i int) results.Record {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	lines := strings.SplitAfter(strings.TrimSuffix(string(b), "\n"), "\n")
	if i < 0 {
		i = len(lines) - 1
	}
	gone := strings.TrimSuffix(lines[i], "\n")
	lines = append(lines[:i], lines[i+1:]...)
	out := strings.Join(lines, "")
	if !strings.HasSuffix(out, "\n") {
		out += "\n"
	}
	require.NoError(t, os.WriteFile(path, []byte(out), 0o644))
	require.NoError(t, os.WriteFile(path+".dropped", []byte(gone+"\n"), 0o644))
	var r results.Record
	require.NoError(t, json.Unmarshal([]byte(gone), &r))
	return r
}

func lastRecord(t testing.TB, path string) results.Record {
	t.Helper()
	recs, _, err := results.ReadFile(path)
	require.NoError(t, err)
	require.NotEmpty(t, recs)
	return recs[len(recs)-1]
}

// TestMergeRefuses checks what the merge will not join, and that it names
// the folders, lines and boards concerned.
func TestMergeRefuses(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	f := shardTestFile(t, ScheduleMatch, 2, 8, 16, "refuse")
	s0, s1 := filepath.Join(root, "s0"), filepath.Join(root, "s1")
	runShard(t, f, 0, 2, s0)
	runShard(t, f, 1, 2, s1)
	copyDir := func(src, name string) string {
		dst := filepath.Join(root, name)
		require.NoError(t, os.MkdirAll(dst, 0o755))
		for _, n := range []string{ManifestFile, ResultsFile} {
			b, err := os.ReadFile(filepath.Join(src, n))
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(filepath.Join(dst, n), b, 0o644))
		}
		return dst
	}
	appendLine := func(dir, line string) {
		fh, err := os.OpenFile(filepath.Join(dir, ResultsFile), os.O_APPEND|os.O_WRONLY, 0)
		require.NoError(t, err)
		_, err = fh.WriteString(line + "\n")
		require.NoError(t, err)
		require.NoError(t, fh.Close())
	}
	firstLine := func(dir string) string {
		b, err := os.ReadFile(filepath.Join(dir, ResultsFile))
		require.NoError(t, err)
		return strings.SplitN(string(b), "\n", 2)[0]
	}

	otherSeed := filepath.Join(root, "other-seed")
	runShard(t, shardTestFile(t, ScheduleMatch, 2, 8, 16, "another"), 1, 2, otherSeed)
	otherN := filepath.Join(root, "other-n")
	runShard(t, shardTestFile(t, ScheduleMatch, 2, 8, 16, "refuse"), 1, 3, otherN)

	dupShard := copyDir(s1, "dup-shard")
	dupLine := copyDir(s1, "dup-line")
	appendLine(dupLine, firstLine(dupLine))
	wrongShard := copyDir(s1, "wrong-shard")
	appendLine(wrongShard, firstLine(s0))
	otherCards := copyDir(s1, "other-cards")
	var r results.Record
	require.NoError(t, json.Unmarshal([]byte(firstLine(s1)), &r))
	r.Deal = strings.Replace(r.Deal, "N:", "E:", 1)
	b, err := json.Marshal(&r)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(otherCards, ResultsFile), append(b, '\n'), 0o644))
	otherBuild := copyDir(s1, "other-build")
	m, err := readManifest(otherBuild)
	require.NoError(t, err)
	m.Version, m.Fingerprint = "github.com/openroom/openroom@v9.9.9", "0123"
	require.NoError(t, writeManifest(otherBuild, m, true))
	badManifest := copyDir(s1, "bad-manifest")
	require.NoError(t, os.WriteFile(filepath.Join(badManifest, ManifestFile), []byte(`{"format":"openroom-shard/v1","surprise":1}`), 0o644))

	tests := []struct {
		name string
		dirs []string
		out  string
		is   error
		msg  []string
	}{
		{"another seed", []string{s0, otherSeed}, "", ErrShardMismatch, []string{s0, otherSeed, "fingerprints differ"}},
		{"another build", []string{s0, otherBuild}, "", ErrShardMismatch, []string{"played by different builds", "v9.9.9"}},
		{"another split", []string{s0, otherN}, "", ErrShardMismatch, []string{"shard 0/2", "shard 1/3", "different numbers of shards"}},
		{"a shard twice", []string{s0, s1, dupShard}, "", ErrShardDuplicate, []string{"shard 1/2 is in both", s1, dupShard}},
		{"a board-room twice", []string{s0, dupLine}, "", ErrShardDuplicate, []string{dupLine, "line 9", "is there twice"}},
		{"another shard's board", []string{s0, wrongShard}, "", ErrShardConflict, []string{wrongShard, "line 9", "belongs to shard 0, not to this folder's shard 1/2"}},
		{"other cards", []string{s0, otherCards}, "", ErrShardConflict, []string{otherCards, "line 1", "other cards"}},
		{"no manifest", []string{s0, root}, "", os.ErrNotExist, []string{root, "not a shard folder"}},
		{"bad manifest", []string{s0, badManifest}, "", nil, []string{"surprise"}},
		{"into a shard's folder", []string{s0, s1}, s1, nil, []string{"is shard 1/2's folder"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := tt.out
			if out == "" {
				out = filepath.Join(t.TempDir(), "m")
			}
			set, err := LoadShards(tt.dirs)
			if err == nil {
				_, err = set.merge(out, nil)
			}
			require.Error(t, err)
			if tt.is != nil {
				assert.ErrorIs(t, err, tt.is)
			}
			for _, m := range tt.msg {
				assert.Contains(t, err.Error(), m)
			}
			_, serr := os.Stat(filepath.Join(out, ResultsFile))
			if tt.out == "" {
				assert.ErrorIs(t, serr, os.ErrNotExist, "a refused merge writes no results")
			}
		})
	}
}

// TestMergeSkipsTornLines checks that a torn last line (a shard killed
// mid-write) is skipped and named, and its board-room counted missing.
func TestMergeSkipsTornLines(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	f := shardTestFile(t, ScheduleMatch, 2, 6, 16, "torn")
	s0 := filepath.Join(root, "s0")
	runShard(t, f, 0, 1, s0)
	gone := dropLine(t, filepath.Join(s0, ResultsFile), -1)
	b, err := os.ReadFile(filepath.Join(s0, ResultsFile) + ".dropped")
	require.NoError(t, err)
	fh, err := os.OpenFile(filepath.Join(s0, ResultsFile), os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = fh.Write(b[:len(b)/2])
	require.NoError(t, err)
	require.NoError(t, fh.Close())

	_, res := mergeInto(t, filepath.Join(root, "m"), s0)
	require.Len(t, res.Skipped, 1)
	assert.Contains(t, res.Skipped[0], "line 12: malformed")
	require.Len(t, res.Missing, 1)
	assert.Equal(t, gone.Board, res.Missing[0].First)
	assert.Equal(t, gone.Room+" room", res.Missing[0].Rooms)
}

// TestShardRunRefusesOtherManifest checks that a shard's folder cannot be
// reused by another shard or event, except with Fresh.
func TestShardRunRefusesOtherManifest(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	f := shardTestFile(t, ScheduleMatch, 2, 4, 16, "folder")
	runShard(t, f, 0, 2, dir)
	f.Out = dir
	ev, err := Resolve(f)
	require.NoError(t, err)
	require.NoError(t, ev.SetShard(shards.Shard{K: 1, N: 2}))
	m, err := NewManifest(f, ev)
	require.NoError(t, err)
	_, err = Run(context.Background(), ev, Options{Runner: SimRunner{}, Manifest: m})
	require.ErrorIs(t, err, ErrOtherEvent)
	assert.Contains(t, err.Error(), "holds shard 0/2 of this event")

	out, err := Run(context.Background(), ev, Options{Runner: SimRunner{}, Manifest: m, Fresh: true})
	require.NoError(t, err)
	assert.Equal(t, 4, out.Played)
	got, err := readManifest(dir)
	require.NoError(t, err)
	assert.Equal(t, shards.Shard{K: 1, N: 2}, got.Shard)

	// A rerun of the same shard resumes.
	out, err = Run(context.Background(), ev, Options{Runner: SimRunner{}, Manifest: m})
	require.NoError(t, err)
	assert.Equal(t, 0, out.Played)
	assert.Equal(t, 4, out.Resumed)
}

// TestManifestFingerprint checks what changes the fingerprint and what
// does not.
func TestManifestFingerprint(t *testing.T) {
	t.Parallel()
	fp := func(change func(f *File)) string {
		f := shardTestFile(t, ScheduleMatch, 2, 8, 16, "fp")
		f.Out = t.TempDir()
		change(f)
		ev, err := Resolve(f)
		require.NoError(t, err)
		require.NoError(t, ev.SetShard(shards.Shard{K: 0, N: 2}))
		m, err := NewManifest(f, ev)
		require.NoError(t, err)
		return m.Fingerprint
	}
	base := fp(func(*File) {})
	same := map[string]func(f *File){
		"output folder": func(f *File) { f.Out = t.TempDir() },
		"concurrency":   func(f *File) { f.Concurrency = 7 },
	}
	for name, c := range same {
		assert.Equal(t, base, fp(c), name)
	}
	differ := map[string]func(f *File){
		"seed":     func(f *File) { f.Boards.Seed = "fp2" },
		"count":    func(f *File) { f.Boards.Count = 9 },
		"segment":  func(f *File) { f.Segment = 4 },
		"bot":      func(f *File) { f.Bots["A1"] = BotConfig{Builtin: "refbot", Level: "easy"} },
		"name":     func(f *File) { f.Name = "other" },
		"policy":   func(f *File) { f.Faults.Policy = "replay" },
		"schedule": func(f *File) { f.Schedule.Teams = []string{"B", "A"} },
	}
	for name, c := range differ {
		assert.NotEqual(t, base, fp(c), name)
	}
}

func FuzzParseManifest(f *testing.F) {
	good, err := json.Marshal(&Manifest{Format: manifestFormat, Fingerprint: "ab", EventFile: "x", Shard: shards.Shard{K: 1, N: 2}})
	require.NoError(f, err)
	f.Add(good)
	f.Add([]byte(`{"format":"openroom-shard/v1","shard":{"k":5,"n":2},"fingerprint":"a","event_file":"b"}`))
	f.Add([]byte(`{`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := parseManifest(data, "m.json")
		if err != nil {
			return
		}
		if m.Shard.K < 0 || m.Shard.K >= m.Shard.N || m.Fingerprint == "" {
			t.Fatalf("accepted %+v", m)
		}
	})
}

// FuzzMergeResults reads arbitrary bytes as shard 0/2's results: the
// merge never panics, and what it accepts is that shard's, each board-room
// once.
func FuzzMergeResults(f *testing.F) {
	root := f.TempDir()
	ef := shardTestFile(f, ScheduleMatch, 2, 4, 16, "fuzz")
	s0 := filepath.Join(root, "s0")
	runShard(f, ef, 0, 2, s0)
	good, err := os.ReadFile(filepath.Join(s0, ResultsFile))
	require.NoError(f, err)
	// Seeds of a record or two: a mutation of a seed is about its size, and
	// an execution costs its records' decoding and replay.
	lines := bytes.SplitAfter(good, []byte("\n"))
	f.Add(lines[0])
	f.Add(bytes.Join(lines[:2], nil))
	f.Add(lines[1][:len(lines[1])/2])
	f.Add(append(append([]byte{}, lines[0]...), lines[0]...))
	f.Add([]byte("{\"ruleset\":\"x\",\"board\":1,\"event\":\"sh\",\"match\":\"A-v-B\",\"room\":\"open\"}\n"))
	set, err := LoadShards([]string{s0})
	require.NoError(f, err)
	slots := newSlots(set.Event)
	var out bytes.Buffer
	w := bufio.NewWriter(&out)
	f.Fuzz(func(t *testing.T, data []byte) {
		// The slots and the output are reused, cleared: one execution
		// allocates only what the merge of its bytes does.
		for _, ms := range slots {
			clear(ms.seen)
		}
		out.Reset()
		w.Reset(&out)
		res := &MergeResult{}
		err := set.copyRecords(bytes.NewReader(data), "fuzz", shards.Shard{K: 0, N: 2}, slots, w, res, nil, 0)
		if err != nil {
			return
		}
		require.NoError(t, w.Flush())
		recs, bad, err := results.Read(&out)
		require.NoError(t, err)
		require.Empty(t, bad, "the merge copies only whole records")
		require.Len(t, recs, res.Records)
		seen := map[roomKey]bool{}
		for i := range recs {
			k := keyOf(&recs[i])
			require.False(t, seen[k], "%v twice", k)
			seen[k] = true
			require.LessOrEqual(t, recs[i].Board, 2, "shard 0/2 of 4 boards is boards 1-2")
		}
	})
}

// TestMatchSlotsBoardNumbers checks a match whose board numbers do not run
// on (a PBN file's, wrapping round in a later round): every position is
// found from its board's number, and numbers not in the match are not.
func TestMatchSlotsBoardNumbers(t *testing.T) {
	t.Parallel()
	ev := testEvent(t, ScheduleRoundRobin, 3, 4, 16, "")
	ev.Boards = engine.SeededBoards("x", []int{7, 3, 11, 5, 20, 1, 2}) // 7 boards for 3 rounds of 4: round 2 wraps
	for _, m := range ev.Matches() {
		ms := newMatchSlots(ev, m)
		require.Equal(t, len(m.Boards), ms.n)
		for p, b := range m.Boards {
			assert.Equal(t, b, ms.board(p))
			got, ok := ms.position(b.Number)
			assert.True(t, ok)
			assert.Equal(t, p, got, "round %d board %d", m.Round, b.Number)
		}
		for _, n := range []int{0, 4, 99} {
			_, ok := ms.position(n)
			assert.False(t, ok, "board %d is in no match", n)
		}
	}
}

// TestLoadShardsNeedsNoBotPrograms checks that the merge, which plays
// nothing, resolves an event whose command bots are not installed where
// it runs (a merge job's image holds only tablemanager).
func TestLoadShardsNeedsNoBotPrograms(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	event := "name = \"cmd\"\n[boards]\nseed = \"x\"\ncount = 4\n[bots.mine]\ncommand = \"/nowhere/mybot --port {port}\"\n[teams.A]\nbots = [\"mine\"]\n[teams.B]\nbots = [\"builtin:random\"]\n"
	_, err := Resolve(mustParse(t, event))
	require.ErrorContains(t, err, "cannot start", "the premise: a run would refuse it")
	m := &Manifest{Format: manifestFormat, Fingerprint: "f", Event: "cmd", Shard: shards.Shard{K: 0, N: 1}, EventFile: event}
	require.NoError(t, writeManifest(dir, m, true))
	set, err := LoadShards([]string{dir})
	require.NoError(t, err)
	assert.Equal(t, bots.KindCommand, set.Event.Teams[0].Bots[0].Kind)
	_, err = set.merge(filepath.Join(t.TempDir(), "m"), nil)
	require.NoError(t, err)
}

func mustParse(t *testing.T, event string) *File {
	t.Helper()
	f, err := ParseFile([]byte(event), "e.toml")
	require.NoError(t, err)
	f.Out = t.TempDir()
	return f
}
