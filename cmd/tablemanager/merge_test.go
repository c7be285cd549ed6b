package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/openroom/openroom/results"
	"github.com/openroom/openroom/tournaments"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// shardArgs is the event of these tests: a 9-board match of two random
// bots (deterministic) cut into segments of 4 boards.
var shardArgs = []string{"run", "--team", "A=builtin:random", "--team", "B=builtin:random", "--boards", "9", "--seed", "sh", "--segment", "4", "--quiet"}

func withoutTimes(t *testing.T, path string) map[string]results.Record {
	t.Helper()
	out := map[string]results.Record{}
	for _, r := range readResults(t, path) {
		r.TimeMS = results.SideTimes{}
		out[fmt.Sprintf("%s/%s/%d", r.Match, r.Room, r.Board)] = r
	}
	return out
}

// TestRunShardsThenMerge plays the event whole and as three shards (one
// numbered by Slurm's variable), merges them, and compares what the merge
// writes and prints with the whole run's.
func TestRunShardsThenMerge(t *testing.T) {
	root := t.TempDir()
	whole := filepath.Join(root, "whole")
	code, wholeOut, errs := runCmd(t, "", append(shardArgs, "--out", whole)...)
	require.Equal(t, exitOK, code, errs)

	shards := filepath.Join(root, "shards")
	for _, k := range []string{"0", "1"} {
		code, _, errs := runCmd(t, "", append(shardArgs, "--out", shards, "--shard", k+"/3")...)
		require.Equal(t, exitOK, code, errs)
	}
	t.Setenv("SLURM_ARRAY_TASK_ID", "2")
	code, _, errs = runCmd(t, "", append(append([]string{}, shardArgs[:len(shardArgs)-1]...), "--out", shards, "--shard", "auto/3")...)
	require.Equal(t, exitOK, code, errs)
	assert.Contains(t, errs, "shard 2/3: boards 7-9 of match A-v-B")
	dirs, err := filepath.Glob(filepath.Join(shards, "shard-*-of-3"))
	require.NoError(t, err)
	require.Len(t, dirs, 3)

	merged := filepath.Join(root, "merged")
	code, mergeOut, errs := runCmd(t, "", append([]string{"merge", "--out", merged}, dirs...)...)
	require.Equal(t, exitOK, code, errs)
	assert.Empty(t, errs)
	assert.Equal(t, withoutTimes(t, filepath.Join(whole, "results.jsonl")), withoutTimes(t, filepath.Join(merged, "results.jsonl")))
	for _, f := range []string{"summary.txt", "A-v-B.pbn"} {
		want, err := os.ReadFile(filepath.Join(whole, f))
		require.NoError(t, err)
		got, err := os.ReadFile(filepath.Join(merged, f))
		require.NoError(t, err)
		assert.Equal(t, string(want), string(got), f)
	}
	summary := func(s string) string { return s[:strings.Index(s, "\nResults: ")] }
	assert.Equal(t, summary(wholeOut), summary(mergeOut))
	assert.Contains(t, mergeOut, "(18 of 18 board-rooms, from 3 of 3 shards)")

	// A rerun of a finished shard resumes and plays nothing.
	code, _, errs = runCmd(t, "", append(shardArgs[:len(shardArgs)-1], "--out", shards, "--shard", "1/3")...)
	require.Equal(t, exitOK, code, errs)
	assert.Contains(t, errs, "nothing to play")
}

func TestMergeExitStatus(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	shards := filepath.Join(root, "s")
	for _, k := range []string{"0", "1"} {
		code, _, errs := runCmd(t, "", append(shardArgs, "--out", shards, "--shard", k+"/2")...)
		require.Equal(t, exitOK, code, errs)
	}
	s0, s1 := filepath.Join(shards, "shard-0-of-2"), filepath.Join(shards, "shard-1-of-2")
	other := filepath.Join(root, "o")
	code, _, errs := runCmd(t, "", "run", "--team", "A=builtin:random", "--team", "B=builtin:random", "--boards", "9", "--seed", "other", "--out", other, "--shard", "1/2", "--quiet")
	require.Equal(t, exitOK, code, errs)

	tests := []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"no --out", []string{"merge", s0, s1}, exitUsage, "--out DIR is required"},
		{"no folders", []string{"merge", "--out", filepath.Join(root, "m")}, exitUsage, "no shard folders"},
		{"not a folder", []string{"merge", "--out", filepath.Join(root, "m"), s0, filepath.Join(root, "nowhere")}, exitNoInput, "not a shard folder"},
		{"other event", []string{"merge", "--out", filepath.Join(root, "m"), s0, filepath.Join(other, "shard-1-of-2")}, exitDataErr, "fingerprints differ"},
		{"a shard missing", []string{"merge", "--out", filepath.Join(root, "m1"), s1}, exitFailure, "missing: match A-v-B: boards 1-4, both rooms (shard 0: no folder given)"},
		{"partial", []string{"merge", "--partial", "--out", filepath.Join(root, "m2"), s1}, exitOK, "missing: match A-v-B: boards 1-4"},
		{"into a shard", []string{"merge", "--out", s1, s0, s1}, exitFailure, "merge into another one"},
		{"shard without a seed", []string{"run", "--team", "A=builtin:random", "--team", "B=builtin:random", "--out", filepath.Join(root, "x"), "--shard", "0/2"}, exitUsage, "--seed"},
		{"shard out of range", append(shardArgs, "--out", filepath.Join(root, "y"), "--shard", "2/2"), exitUsage, "want a whole number from 0 to 1"},
		{"auto without an index", append(shardArgs, "--out", filepath.Join(root, "y"), "--shard", "auto/2"), exitUsage, "SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errs := runCmd(t, "", tt.args...)
			assert.Equal(t, tt.code, code, errs)
			assert.Contains(t, errs, tt.msg)
		})
	}
	// A partial merge's results hold the shard it was given.
	assert.Len(t, readResults(t, filepath.Join(root, "m2", tournaments.ResultsFile)), 10)
}

func TestMergeHelp(t *testing.T) {
	t.Parallel()
	code, out, _ := runCmd(t, "", "merge", "--help")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "usage: tablemanager merge --out DIR SHARD_DIR...")
	assert.Contains(t, out, "--partial")
}

// TestMergeSPRT: merge --sprt decides the sequential test on the merged
// shards' finished prefix, exactly as a run of the whole match under the
// same test does (which stops once it decides), even though the shards
// played every board; a test the event cannot take is refused.
func TestMergeSPRT(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	args := []string{"run", "--team", "A=builtin:random", "--team", "B=builtin:random", "--boards", "24", "--seed", "sprt-merge", "--segment", "4", "--quiet"}
	const test = "imp0=20,imp1=21,min_boards=8" // two random teams are level: far below imp0, H0
	whole := filepath.Join(root, "whole")
	code, wholeOut, errs := runCmd(t, "", append(args, "--out", whole, "--sprt", test)...)
	require.Equal(t, exitOK, code, errs)

	shards := filepath.Join(root, "shards")
	for _, k := range []string{"0", "1"} {
		code, _, errs := runCmd(t, "", append(args, "--out", shards, "--shard", k+"/2")...)
		require.Equal(t, exitOK, code, errs)
	}
	dirs, err := filepath.Glob(filepath.Join(shards, "shard-*-of-2"))
	require.NoError(t, err)
	merged := filepath.Join(root, "merged")
	code, mergeOut, errs := runCmd(t, "", append([]string{"merge", "--out", merged, "--sprt", test}, dirs...)...)
	require.Equal(t, exitOK, code, errs)

	sprtLines := func(s string) []string {
		var out []string
		for _, l := range strings.Split(s, "\n") {
			if strings.HasPrefix(l, "LLR: ") || strings.HasPrefix(l, "Boards: ") || strings.HasPrefix(l, "SPRT (") {
				out = append(out, l)
			}
		}
		return out
	}
	want := sprtLines(wholeOut)
	require.NotEmpty(t, want, wholeOut)
	assert.Contains(t, want[len(want)-1], "H0 was accepted")
	assert.Equal(t, want, sprtLines(mergeOut))
	assert.Contains(t, mergeOut, "(48 of 48 board-rooms, from 2 of 2 shards)", "the shards played every board")

	code, _, errs = runCmd(t, "", append([]string{"merge", "--out", filepath.Join(root, "m2"), "--sprt", "imp0=0,imp1=0.5,min_boards=100"}, dirs...)...)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errs, "fewer than min_boards 100")
	code, _, errs = runCmd(t, "", append([]string{"merge", "--out", filepath.Join(root, "m3"), "--sprt", "imp0=0"}, dirs...)...)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errs, "--sprt")
}

// TestClockCappedShardIsReported checks what a user is told about a board
// on which the clock shaped a built-in bot's decision: a (re)run of the
// shard says the event is not reproducible and why, its manifest carries
// the count, and merge reports it by shard and for the merged event.
func TestClockCappedShardIsReported(t *testing.T) {
	t.Parallel()
	shards := filepath.Join(t.TempDir(), "s")
	for _, k := range []string{"0", "1"} {
		code, _, errs := runCmd(t, "", append(shardArgs, "--out", shards, "--shard", k+"/2")...)
		require.Equal(t, exitOK, code, errs)
		assert.NotContains(t, errs, "not reproducible")
	}
	// As if the clock had cut short three of North's decisions on one
	// board of shard 1.
	dir := filepath.Join(shards, "shard-1-of-2")
	path := filepath.Join(dir, "results.jsonl")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	first, rest, ok := strings.Cut(string(data), "\n")
	require.True(t, ok)
	var rec results.Record
	require.NoError(t, json.Unmarshal([]byte(first), &rec))
	rec.ClockCapped = []results.ClockCap{{Seat: "N", Decisions: 3}}
	line, err := json.Marshal(&rec)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path, []byte(string(line)+"\n"+rest), 0o644))

	code, _, errs := runCmd(t, "", append(shardArgs, "--out", shards, "--shard", "1/2")...)
	require.Equal(t, exitOK, code, errs)
	assert.Contains(t, errs, "nothing to play")
	assert.Contains(t, errs, "not reproducible: on 1 board-room(s) the clock cut short 3 decision(s)")
	manifest, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	require.NoError(t, err)
	assert.Contains(t, string(manifest), `"clock_capped"`)

	dirs, err := filepath.Glob(filepath.Join(shards, "shard-*-of-2"))
	require.NoError(t, err)
	code, _, errs = runCmd(t, "", append([]string{"merge", "--out", filepath.Join(shards, "merged")}, dirs...)...)
	require.Equal(t, exitOK, code, errs)
	assert.Contains(t, errs, "shard 1/2 ("+dir+"): not reproducible")
	assert.Contains(t, errs, "the merged event is not reproducible: on 1 board-room(s) the clock cut short 3 decision(s)")
}
