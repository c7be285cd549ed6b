package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/openroom/openroom/results"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func readResults(t *testing.T, path string) []results.Record {
	t.Helper()
	recs, bad, err := results.ReadFile(path)
	require.NoError(t, err)
	require.Empty(t, bad)
	return recs
}

func TestRunDefaultEventTwice(t *testing.T) {
	t.Chdir(t.TempDir())
	code, out1, errs := runCmd(t, "", "run", "--quiet")
	require.Equal(t, exitOK, code, errs)
	assert.Contains(t, out1, "Event default: team match, 16 boards a match")
	assert.Contains(t, out1, "Match A-v-B: A ")
	assert.Contains(t, out1, "VPs A ")
	recs := readResults(t, filepath.Join("out", "default", "results.jsonl"))
	require.Len(t, recs, 32)
	assert.Equal(t, "default", recs[0].Event)
	assert.Equal(t, "openroom", recs[0].Seed, "the demo keeps its fixed seed")
	assert.Contains(t, []string{defaultBotA, defaultBotB}, recs[0].Players.N)
	for _, f := range []string{"summary.txt", "A-v-B.pbn"} {
		_, err := os.Stat(filepath.Join("out", "default", f))
		assert.NoError(t, err, f)
	}

	// make run runs it twice in a row: the rerun resumes a finished event.
	code, out2, errs := runCmd(t, "", "run")
	require.Equal(t, exitOK, code, errs)
	assert.Equal(t, out1, out2)
	assert.Contains(t, errs, "nothing to play")
	assert.Len(t, readResults(t, filepath.Join("out", "default", "results.jsonl")), 32)

	// --fresh plays it again, keeping the old results aside.
	// The reference bot's decisions are deterministic unless its clock cap
	// binds, which the race detector on a busy machine can make happen; so
	// compare the deals, which never depend on the bots. (Identical results for deterministic bots at any concurrency are
	// tested in package tournaments.)
	code, out3, errs := runCmd(t, "", "run", "--fresh", "--quiet")
	require.Equal(t, exitOK, code, errs)
	assert.Contains(t, out3, "Match A-v-B: A ")
	old := readResults(t, filepath.Join("out", "default", "results.jsonl.1"))
	again := readResults(t, filepath.Join("out", "default", "results.jsonl"))
	require.Len(t, again, len(old))
	deals := func(recs []results.Record) map[results.Key]string {
		m := map[results.Key]string{}
		for _, r := range recs {
			m[r.Key()] = r.Deal
		}
		return m
	}
	assert.Equal(t, deals(old), deals(again), "the same seed deals the same boards")
}

func TestRunTeamsFromFlags(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	code, out, errs := runCmd(t, "", "run", "--team", "A=builtin:random", "--team", "B = builtin:random", "--boards", "6", "--seed", "7", "--out", dir, "--concurrency", "2", "--show-boards")
	require.Equal(t, exitOK, code, errs)
	assert.Contains(t, out, "Event match: team match, 6 boards a match, seed 7")
	assert.Contains(t, out, "Match A-v-B: open room A N-S")
	assert.Contains(t, errs, "played 12 of 12 board-rooms")
	recs := readResults(t, filepath.Join(dir, "results.jsonl"))
	require.Len(t, recs, 12)
	rooms := map[string]int{}
	for _, r := range recs {
		assert.Equal(t, "A-v-B", r.Match)
		assert.Equal(t, "7", r.Seed)
		assert.Equal(t, results.Seats{N: "builtin:random", E: "builtin:random", S: "builtin:random", W: "builtin:random"}, r.Players)
		rooms[r.Room]++
	}
	assert.Equal(t, map[string]int{"open": 6, "closed": 6}, rooms)

	// Another seed into the same folder is another event: refused.
	code, _, errs = runCmd(t, "", "run", "--team", "A=builtin:random", "--team", "B=builtin:random", "--boards", "6", "--seed", "8", "--out", dir)
	assert.Equal(t, exitDataErr, code)
	assert.Contains(t, errs, "other cards")
}

func TestRunEventFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	src := `name = "rr"
out = "res"
concurrency = 3
[boards]
seed = 5
count = 4
[teams.X]
bots = ["builtin:random"]
[teams.Y]
bots = ["builtin:random"]
[teams.Z]
bots = ["builtin:random"]
`
	path := filepath.Join(dir, "rr.toml")
	require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
	code, out, errs := runCmd(t, "", "run", path, "--quiet", "--boards", "2")
	require.Equal(t, exitOK, code, errs)
	assert.Contains(t, out, "Event rr: round robin, 2 boards a match, seed 5")
	assert.Contains(t, out, "Standings")
	assert.Len(t, readResults(t, filepath.Join(dir, "res", "results.jsonl")), 3*2*2)
}

func TestRunErrors(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir) // a case that wrongly plays writes nothing in the source tree
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(src), 0o644))
		return p
	}
	unknown := write("unknown.toml", "name = \"x\"\n[boards]\nsead = 4\n")
	wrongType := write("type.toml", "concurrency = \"many\"\n")
	noBot := write("nobot.toml", "[teams.A]\nbots = [\"ghost\"]\n[teams.B]\nbots = [\"builtin:random\"]\n")
	noCmd := write("nocmd.toml", "[bots.c]\ncommand = \"/no/such/bot {host} {port}\"\n[teams.A]\nbots = [\"c\"]\n[teams.B]\nbots = [\"builtin:random\"]\n")
	const two = "[teams.A]\nbots = [\"builtin:random\"]\n[teams.B]\nbots = [\"builtin:random\"]\n"
	plain := write("plain.toml", two)
	zero := write("zero.toml", "[boards]\nseed = 1\ncount = 0\n"+two)
	huge := write("huge.toml", "[boards]\ncount = 1000000000000\n"+two)
	open := write("open.toml", "listen = \"0.0.0.0:2000\"\n"+two)
	eleven := "[schedule]\nkind = \"round-robin\"\n" // eleven rounds
	for _, team := range strings.Split("ABCDEFGHIJK", "") {
		eleven += "[teams." + team + "]\nbots = [\"builtin:random\"]\n"
	}
	manyRounds := write("eleven.toml", eleven)
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"unknown key", []string{"run", unknown}, exitDataErr, "unknown.toml:3: unknown key \"boards.sead\""},
		{"wrong type", []string{"run", wrongType}, exitDataErr, "type.toml:1: concurrency: incompatible types"},
		{"missing bot", []string{"run", noBot}, exitDataErr, `nobot.toml:2: team "A": bot "ghost" is not defined`},
		{"command not found", []string{"run", noCmd}, exitDataErr, `bot "c": cannot start "/no/such/bot"`},
		{"flag command not found", []string{"run", "--team", "A=/no/such/bot {port}", "--team", "B=builtin:random"}, exitUsage, `--team: bot "/no/such/bot {port}": cannot start "/no/such/bot"`},
		{"no file", []string{"run", filepath.Join(dir, "none.toml")}, exitNoInput, "none.toml"},
		{"two files", []string{"run", "a.toml", "b.toml"}, exitUsage, "at most one event file"},
		{"bad flag", []string{"run", "--bords", "4"}, exitUsage, "unknown flag"},
		{"bad team", []string{"run", "--team", "A"}, exitUsage, "want NAME=BOT"},
		{"team twice", []string{"run", "--team", "A=builtin:random", "--team", "A=builtin:random"}, exitUsage, "given twice"},
		{"team twice in another case", []string{"run", "--team", "A=builtin:random", "--team", "a=builtin:random"}, exitUsage, "team a differs only in case from team A"},
		{"bad builtin", []string{"run", "--team", "A=builtin:genius", "--team", "B=builtin:random"}, exitUsage, "unknown built-in bot"},
		{"one team", []string{"run", "--team", "A=builtin:random"}, exitUsage, "--team: a team match needs exactly 2 teams"},
		{"zero boards", []string{"run", "--boards", "0"}, exitUsage, "--boards 0"},
		// A value from a flag that the event's checks refuse is a usage
		// error naming the flag; one from an event file is bad data
		// naming the file and line.
		{"too many boards", []string{"run", "--boards", "1000000000000"}, exitUsage, "--boards: boards.count 1000000000000: want 1 to 100000"},
		{"too many boards over a file", []string{"run", plain, "--boards", "1000000000000"}, exitUsage, "--boards: boards.count 1000000000000"},
		{"too many boards in all", []string{"run", manyRounds, "--boards", "100000"}, exitUsage, "--boards: boards.count 100000 over 11 rounds"},
		{"too many boards in a file", []string{"run", huge}, exitDataErr, "huge.toml:2: boards.count 1000000000000: want 1 to 100000"},
		{"zero boards in a file", []string{"run", zero}, exitDataErr, "zero.toml:3: boards.count 0"},
		{"listen beyond loopback", []string{"run", "--listen", "0.0.0.0:2000"}, exitUsage, "--listen: listen address \"0.0.0.0:2000\" is not loopback"},
		{"listen beyond loopback over a file", []string{"run", plain, "--listen", "0.0.0.0:2000"}, exitUsage, "--listen: listen address"},
		{"listen beyond loopback in a file", []string{"run", open}, exitDataErr, "open.toml:1: listen address"},
		{"bad allow", []string{"run", "--listen", "0.0.0.0:2000", "--allow", "nonsense"}, exitUsage, "--allow: allow \"nonsense\""},
		{"bad name", []string{"run", "--name", "a\"b"}, exitUsage, "--name: name"},
		{"remote without listen", []string{"run", "--team", "A=remote", "--team", "B=builtin:random"}, exitUsage, "--listen: bot \"remote\" is remote: set listen"},
		{"zero concurrency", []string{"run", "--concurrency", "0"}, exitUsage, "--concurrency 0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errs := runCmd(t, "", tc.args...)
			assert.Equal(t, tc.code, code, errs)
			assert.Contains(t, errs, tc.want)
			assert.Equal(t, 1, strings.Count(errs, "\n"), "one line: %q", errs)
		})
	}
}

func TestRunHelp(t *testing.T) {
	t.Parallel()
	code, out, _ := runCmd(t, "", "run", "--help")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "--team")
	assert.Contains(t, out, "--fresh")
}

func TestRunInterruptedThenResumed(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // Ctrl-C before the first board: nothing starts
	var out, errb bytes.Buffer
	e := &env{ctx: ctx, stdin: strings.NewReader(""), stdout: &out, stderr: &errb, newPlayer: testPlayers}
	code := dispatch(e, []string{"run", "--out", dir, "--quiet"})
	assert.Equal(t, exitInterrupted, code)
	assert.Contains(t, errb.String(), "run the same command again to resume")
	assert.Contains(t, out.String(), "incomplete")

	code, stdout, errs := runCmd(t, "", "run", "--out", dir, "--quiet")
	require.Equal(t, exitOK, code, errs)
	assert.NotContains(t, stdout, "incomplete")
	assert.Len(t, readResults(t, filepath.Join(dir, "results.jsonl")), 32)
}

func TestRunDealsFromPBN(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	pbnFile := filepath.Join(dir, "deals.pbn")
	require.NoError(t, os.WriteFile(pbnFile, []byte(`[Board "7"]
[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]

[Board "8"]
[Deal "E:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
`), 0o644))
	out := filepath.Join(dir, "out")
	code, stdout, errs := runCmd(t, "", "run", "--pbn", pbnFile, "--out", out, "--quiet")
	require.Equal(t, exitOK, code, errs)
	assert.Contains(t, stdout, "2 boards a match, boards from "+pbnFile)
	recs := readResults(t, filepath.Join(out, "results.jsonl"))
	require.Len(t, recs, 4)
	for _, r := range recs {
		assert.Contains(t, []int{7, 8}, r.Board)
		assert.Empty(t, r.Seed)
		if r.Board == 7 {
			assert.Equal(t, "S:765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432 T98.765.432.AKQJ", r.Deal, "board 7: dealer South")
		}
	}
}

func TestRunExitStatusNoInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "plain")
	require.NoError(t, os.WriteFile(file, []byte("x"), 0o644))
	missingPBN := filepath.Join(dir, "nopbn.toml")
	require.NoError(t, os.WriteFile(missingPBN, []byte("[boards]\npbn = \"gone.pbn\"\n[teams.A]\nbots = [\"builtin:random\"]\n[teams.B]\nbots = [\"builtin:random\"]\n"), 0o644))
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"output folder under a file", []string{"run", "--quiet", "--boards", "1", "--out", filepath.Join(file, "out")}, "plain"},
		{"event file's PBN missing", []string{"run", "--quiet", missingPBN}, "gone.pbn"},
		{"--pbn missing", []string{"run", "--quiet", "--pbn", filepath.Join(dir, "none.pbn"), "--out", filepath.Join(dir, "o")}, "none.pbn"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errs := runCmd(t, "", tc.args...)
			assert.Equal(t, exitNoInput, code, errs)
			assert.Contains(t, errs, tc.want)
		})
	}
}

func TestRunFilesNotWritten(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		file string // made a folder, so that it cannot be written
		want string
	}{
		{"summary", "summary.txt", "summary not written"},
		{"match PBN", "A-v-B.pbn", "match file not written: match A-v-B"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			require.NoError(t, os.MkdirAll(filepath.Join(dir, tc.file, "x"), 0o755))
			code, out, errs := runCmd(t, "", "run", "--quiet", "--team", "A=builtin:random", "--team", "B=builtin:random", "--boards", "2", "--out", dir)
			assert.Equal(t, exitFailure, code, errs)
			assert.Contains(t, errs, tc.want)
			assert.Contains(t, errs, filepath.Join(dir, tc.file))
			assert.Contains(t, errs, "results in "+filepath.Join(dir, "results.jsonl")+" are intact")
			assert.Contains(t, out, "Match A-v-B")
			assert.Len(t, readResults(t, filepath.Join(dir, "results.jsonl")), 4)
		})
	}
}
