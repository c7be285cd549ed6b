package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/results"
	"github.com/openroom/openroom/tournaments"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// copyDir copies a folder's regular files (not its subfolders) into a new
// folder.
func copyDir(t *testing.T, from, to string) {
	t.Helper()
	require.NoError(t, os.MkdirAll(to, 0o755))
	entries, err := os.ReadDir(from)
	require.NoError(t, err)
	for _, e := range entries {
		if !e.Type().IsRegular() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(from, e.Name()))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(to, e.Name()), data, 0o644))
	}
}

// forgeLine changes the record on line n (from 1) of a results file.
func forgeLine(t *testing.T, path string, n int, change func(r *results.Record)) {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	lines := strings.Split(string(data), "\n")
	var r results.Record
	require.NoError(t, json.Unmarshal([]byte(lines[n-1]), &r))
	change(&r)
	b, err := json.Marshal(&r)
	require.NoError(t, err)
	lines[n-1] = string(b)
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644))
}

// within runs a command and fails the test if it has not ended by the
// deadline: an input that blocks (a FIFO) or never ends (/dev/zero) must
// be refused at once. unblock, if set, is called on a timeout to let the
// stuck command go.
func within(t *testing.T, d time.Duration, unblock func(), args ...string) (int, string) {
	t.Helper()
	type res struct {
		code int
		errs string
	}
	done := make(chan res, 1)
	go func() {
		code, _, errs := runCmd(t, "", args...)
		done <- res{code, errs}
	}()
	select {
	case r := <-done:
		return r.code, r.errs
	case <-time.After(d):
		if unblock != nil {
			unblock()
		}
		t.Fatalf("%v did not end within %s", args, d)
	}
	return 0, ""
}

// forgeries change one fact of a record that its deal, auction and play
// decide; each must be refused by name.
var forgeries = []struct {
	name, field string
	change      func(r *results.Record)
}{
	{"score_ns", "score_ns", func(r *results.Record) {
		s := *r.ScoreNS + 1000
		r.ScoreNS = &s
	}},
	{"result", "tricks", func(r *results.Record) {
		if r.Tricks == nil {
			t := 13
			r.Tricks = &t
			return
		}
		t := 13 - *r.Tricks
		if t == *r.Tricks {
			t++
		}
		r.Tricks = &t
	}},
	{"contract", "contract", func(r *results.Record) { r.Contract = "7NTXX" }},
	{"a card", "play", func(r *results.Record) { r.Play[0], r.Play[1] = r.Play[1], r.Play[0] }},
	{"vulnerability", "vulnerable", func(r *results.Record) {
		if r.Vulnerable == "None" {
			r.Vulnerable = "Both"
		} else {
			r.Vulnerable = "None"
		}
		rescore(r)
	}},
	{"adjusted score", "adjusted", func(r *results.Record) {
		r.Termination = results.Termination{Kind: results.KindTimeout, Seat: "N"}
		r.Adjusted = &results.Adjusted{NS: "A+", EW: "A-"}
		r.ScoreNS, r.Tricks = nil, nil
	}},
}

// rescore makes a record's score agree with its own vulnerability, so that
// only the event's board disagrees with it.
func rescore(r *results.Record) {
	c, err := engine.ParseContract(r.Contract)
	if err != nil || r.Tricks == nil || r.ScoreNS == nil {
		return
	}
	if c.Declarer, err = engine.ParseSeat(r.Declarer); err != nil {
		return
	}
	vul, err := engine.ParseVulnerability(r.Vulnerable)
	if err != nil {
		return
	}
	s := engine.ScoreNS(c, vul, *r.Tricks)
	r.ScoreNS = &s
}

// playedLine returns the first line of a results file whose board was
// played out (it has cards), for the forgeries that need them.
func playedLine(t *testing.T, path string) int {
	t.Helper()
	for i, r := range readResults(t, path) {
		if len(r.Play) > 1 && r.Tricks != nil {
			return i + 1
		}
	}
	t.Fatal("no board played out")
	return 0
}

// TestForgedRecordsRefused forges one fact of one record in an event's
// folder and in a shard's: the resume of the event, the re-scoring of the
// finished event and the merge of the shards each exit 65 naming the
// file, the line and the field; the genuine folders pass unchanged.
func TestForgedRecordsRefused(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	whole := filepath.Join(root, "whole")
	code, wholeOut, errs := runCmd(t, "", append(shardArgs, "--out", whole)...)
	require.Equal(t, exitOK, code, errs)
	shards := filepath.Join(root, "shards")
	for _, k := range []string{"0", "1"} {
		code, _, errs := runCmd(t, "", append(shardArgs, "--out", shards, "--shard", k+"/2")...)
		require.Equal(t, exitOK, code, errs)
	}
	s0, s1 := filepath.Join(shards, "shard-0-of-2"), filepath.Join(shards, "shard-1-of-2")

	t.Run("genuine", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "e")
		copyDir(t, whole, dir)
		code, out, errs := runCmd(t, "", append(shardArgs, "--out", dir)...)
		require.Equal(t, exitOK, code, errs)
		assert.Contains(t, errs, "nothing to play")
		summary := func(s string) string { return s[:strings.Index(s, "\nResults: ")] }
		assert.Equal(t, summary(wholeOut), summary(out))
		code, _, errs = runCmd(t, "", "merge", "--out", filepath.Join(t.TempDir(), "m"), s0, s1)
		require.Equal(t, exitOK, code, errs)
	})
	for _, f := range forgeries {
		t.Run(f.name, func(t *testing.T) {
			// Re-scoring: the finished event run again.
			dir := filepath.Join(t.TempDir(), "e")
			copyDir(t, whole, dir)
			path := filepath.Join(dir, tournaments.ResultsFile)
			n := playedLine(t, path)
			forgeLine(t, path, n, f.change)
			code, _, errs := runCmd(t, "", append(shardArgs, "--out", dir)...)
			assert.Equal(t, exitDataErr, code, errs)
			assert.Contains(t, errs, fmt.Sprintf("%s:%d: %s ", path, n, f.field), "re-scoring")

			// Resume: the same file with its last board-room gone.
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
			require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines[:len(lines)-1], "\n")+"\n"), 0o644))
			code, _, errs = runCmd(t, "", append(shardArgs, "--out", dir)...)
			assert.Equal(t, exitDataErr, code, errs)
			assert.Contains(t, errs, fmt.Sprintf("%s:%d: %s ", path, n, f.field), "resume")

			// Merge: the forged record in a shard's folder.
			fs0 := filepath.Join(t.TempDir(), "s0")
			copyDir(t, s0, fs0)
			spath := filepath.Join(fs0, tournaments.ResultsFile)
			sn := playedLine(t, spath)
			forgeLine(t, spath, sn, f.change)
			code, _, errs = runCmd(t, "", "merge", "--out", filepath.Join(t.TempDir(), "m"), fs0, s1)
			assert.Equal(t, exitDataErr, code, errs)
			assert.Contains(t, errs, fmt.Sprintf("%s:%d: %s ", spath, sn, f.field), "merge")
		})
	}
}

// TestLongLinesRefused puts a 2 MiB line in a results file and in a
// manifest: resume and merge exit 65 naming the file and line, without
// reading the line whole.
func TestLongLinesRefused(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	dir := filepath.Join(root, "e")
	code, _, errs := runCmd(t, "", append(shardArgs, "--out", dir)...)
	require.Equal(t, exitOK, code, errs)
	shards := filepath.Join(root, "shards")
	code, _, errs = runCmd(t, "", append(shardArgs, "--out", shards, "--shard", "0/1")...)
	require.Equal(t, exitOK, code, errs)
	s0 := filepath.Join(shards, "shard-0-of-1")
	long := `{"ruleset":"` + strings.Repeat("x", 2<<20) + `"}` + "\n"

	path := filepath.Join(dir, tournaments.ResultsFile)
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.WriteString(long)
	require.NoError(t, err)
	require.NoError(t, f.Close())
	n := len(readResults(t, filepath.Join(s0, tournaments.ResultsFile))) + 1
	code, errs = within(t, 20*time.Second, nil, append(shardArgs, "--out", dir)...)
	assert.Equal(t, exitDataErr, code, errs)
	assert.Contains(t, errs, fmt.Sprintf("%s:%d: line longer than 1 MiB", path, n))

	sres := filepath.Join(s0, tournaments.ResultsFile)
	data, err := os.ReadFile(sres)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(sres, append([]byte(long), data...), 0o644))
	code, errs = within(t, 20*time.Second, nil, "merge", "--out", filepath.Join(root, "m"), s0)
	assert.Equal(t, exitDataErr, code, errs)
	assert.Contains(t, errs, sres+":1: line longer than 1 MiB")

	require.NoError(t, os.WriteFile(filepath.Join(s0, tournaments.ManifestFile), []byte(long), 0o644))
	code, errs = within(t, 20*time.Second, nil, "merge", "--out", filepath.Join(root, "m2"), s0)
	assert.Equal(t, exitDataErr, code, errs)
	assert.Contains(t, errs, "larger than")
}

// TestNonRegularInputsRefused puts a FIFO, and a link to /dev/zero, in the
// place of a results file, a manifest and a PBN file: each is refused at
// once (a hang fails the test at its deadline).
func TestNonRegularInputsRefused(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	shards := filepath.Join(root, "shards")
	code, _, errs := runCmd(t, "", append(shardArgs, "--out", shards, "--shard", "0/1")...)
	require.Equal(t, exitOK, code, errs)
	s0 := filepath.Join(shards, "shard-0-of-1")

	kinds := map[string]func(t *testing.T, path string) func(){
		"FIFO": func(t *testing.T, path string) func() {
			require.NoError(t, syscall.Mkfifo(path, 0o644))
			return func() { // a writer lets a blocked open go
				if f, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
					f.Close()
				}
			}
		},
		"link to /dev/zero": func(t *testing.T, path string) func() {
			require.NoError(t, os.Symlink("/dev/zero", path))
			return nil
		},
	}
	for kind, make := range kinds {
		t.Run(kind, func(t *testing.T) {
			dir := t.TempDir()
			// The results file of an event's folder.
			ev := filepath.Join(dir, "e")
			require.NoError(t, os.MkdirAll(ev, 0o755))
			unblock := make(t, filepath.Join(ev, tournaments.ResultsFile))
			code, errs := within(t, 10*time.Second, unblock, append(shardArgs, "--out", ev)...)
			assert.Equal(t, exitNoInput, code, errs)
			assert.Contains(t, errs, "not a regular file", "results file")

			// A shard's results file, and its manifest.
			for _, name := range []string{tournaments.ResultsFile, tournaments.ManifestFile} {
				sh := filepath.Join(dir, "s-"+name)
				copyDir(t, s0, sh)
				require.NoError(t, os.Remove(filepath.Join(sh, name)))
				unblock := make(t, filepath.Join(sh, name))
				code, errs := within(t, 10*time.Second, unblock, "merge", "--out", filepath.Join(dir, "m-"+name), sh)
				assert.Equal(t, exitNoInput, code, errs)
				assert.Contains(t, errs, "not a regular file", name)
			}

			// The boards' PBN file.
			pbn := filepath.Join(dir, "boards.pbn")
			unblock = make(t, pbn)
			code, errs = within(t, 10*time.Second, unblock, "run", "--team", "A=builtin:random", "--team", "B=builtin:random", "--pbn", pbn, "--out", filepath.Join(dir, "p"), "--quiet")
			assert.Equal(t, exitNoInput, code, errs)
			assert.Contains(t, errs, "not a regular file", "PBN file")
		})
	}
}

// TestResumeRefusesChangedBot resumes an event with a team's bot changed:
// exit 64 naming the team and both bots; --fresh plays it afresh with the
// new bot; a folder written before bots.json existed resumes and records
// the bots.
func TestResumeRefusesChangedBot(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "e")
	args := func(botA string, more ...string) []string {
		return append([]string{"run", "--team", "A=" + botA, "--team", "B=builtin:random", "--boards", "4", "--seed", "bots", "--out", dir, "--quiet"}, more...)
	}
	code, _, errs := runCmd(t, "", args("builtin:random")...)
	require.Equal(t, exitOK, code, errs)
	require.FileExists(t, filepath.Join(dir, tournaments.BotsFile))

	code, _, errs = runCmd(t, "", args("builtin:refbot:easy")...)
	assert.Equal(t, exitUsage, code, errs)
	assert.Contains(t, errs, `team A played the results there with "builtin:random", now with "builtin:refbot:easy"`)

	code, _, errs = runCmd(t, "", args("builtin:random")...)
	assert.Equal(t, exitOK, code, errs, "the same bots resume")

	code, _, errs = runCmd(t, "", args("builtin:refbot:easy", "--fresh")...)
	require.Equal(t, exitOK, code, errs)
	assert.NotContains(t, errs, "nothing to play", "--fresh plays again")
	assert.FileExists(t, filepath.Join(dir, tournaments.ResultsFile+".1"), "the old results set aside")
	code, _, errs = runCmd(t, "", args("builtin:random")...)
	assert.Equal(t, exitUsage, code, errs, "the bots recorded by --fresh are the new ones")

	// A folder from before the record: it resumes, and records the bots.
	require.NoError(t, os.Remove(filepath.Join(dir, tournaments.BotsFile)))
	code, _, errs = runCmd(t, "", args("builtin:refbot:easy")...)
	require.Equal(t, exitOK, code, errs)
	data, err := os.ReadFile(filepath.Join(dir, tournaments.BotsFile))
	require.NoError(t, err)
	assert.Contains(t, string(data), "builtin:refbot:easy")
}
