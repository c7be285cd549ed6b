package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRunSPRT(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	args := []string{"run", "--team", "A=builtin:refbot:easy", "--team", "B=builtin:random", "--boards", "300",
		"--sprt", "imp0=0,imp1=0.5", "--seed", "3", "--out", dir, "--concurrency", "2"}
	code, out, errs := runCmd(t, "", args...)
	require.Equal(t, exitOK, code, errs)
	// The progress line shows the test as fastchess does.
	assert.Contains(t, errs, "LLR: ")
	assert.Contains(t, errs, "(-2.94, 2.94) [0.00, 0.50]")
	assert.Contains(t, out, "ended by the sequential test")
	assert.Contains(t, out, "\nBoards: 128, IMPs/board: +")
	assert.Contains(t, out, "\nSPRT ([0.00, 0.50]) completed - H1 was accepted\n")
	assert.Equal(t, 1, strings.Count(out, "SPRT ("))
	recs := readResults(t, filepath.Join(dir, "results.jsonl"))
	assert.Less(t, len(recs), 600, "the match ended before the cap")

	txt, err := os.ReadFile(filepath.Join(dir, "summary.txt"))
	require.NoError(t, err)
	assert.Contains(t, string(txt), "SPRT ([0.00, 0.50]) completed - H1 was accepted\n")
	raw, err := os.ReadFile(filepath.Join(dir, "summary.json"))
	require.NoError(t, err)
	var js map[string]any
	require.NoError(t, json.Unmarshal(raw, &js))
	require.Contains(t, js, "sprt")
	assert.Equal(t, "H1", js["sprt"].(map[string]any)["verdict"])

	// A rerun finds the test decided: the same summary, nothing played.
	code, out2, errs := runCmd(t, "", args...)
	require.Equal(t, exitOK, code, errs)
	assert.Contains(t, errs, "the sequential test was already decided")
	assert.Equal(t, out, out2)
	assert.Len(t, readResults(t, filepath.Join(dir, "results.jsonl")), len(recs))
}

func TestRunSPRTAllTied(t *testing.T) {
	t.Parallel()
	// The same deterministic bot in both teams ties every board.
	dir := t.TempDir()
	code, out, errs := runCmd(t, "", "run", "--team", "A=builtin:refbot:easy", "--team", "B=builtin:refbot:easy", "--boards", "20",
		"--sprt", "imp0=-0.5,imp1=0.5,min_boards=16", "--seed", "4", "--out", dir, "--quiet")
	require.Equal(t, exitOK, code, errs)
	assert.Contains(t, out, "Boards: 20, IMPs/board: +0.00 ± 0.00 (95%), sd 0.00, ties 100.0%\n")
	assert.Contains(t, out, "All 20 boards were tied")
	assert.Contains(t, out, "SPRT ([-0.50, 0.50]) inconclusive after 20 boards\n")
	assert.NotContains(t, out, "NaN")
}

func TestRunSPRTErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	rr := filepath.Join(dir, "rr.toml")
	require.NoError(t, os.WriteFile(rr, []byte("[sprt]\nimp0 = 0\nimp1 = 0.5\n[teams.A]\nbots = [\"builtin:random\"]\n[teams.B]\nbots = [\"builtin:random\"]\n[teams.C]\nbots = [\"builtin:random\"]\n"), 0o644))
	two := []string{"--team", "A=builtin:random", "--team", "B=builtin:random", "--out", dir}
	tests := []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"bad key", append([]string{"run", "--sprt", "imp0=0,imp1=0.5,elo1=3"}, two...), exitUsage, `--sprt: unknown key "elo1"`},
		{"bad value", append([]string{"run", "--sprt", "imp0=0,imp1=x"}, two...), exitUsage, `--sprt: imp1 "x": want a number`},
		{"missing imp1", append([]string{"run", "--sprt", "imp0=0"}, two...), exitUsage, "--sprt: imp1 is missing"},
		// Values the flags gave are a usage error naming the flag; the
		// event file's are bad data naming the file and line.
		{"cap below minimum", append([]string{"run", "--sprt", "imp0=0,imp1=0.5", "--boards", "50"}, two...), exitUsage, "--boards: sprt: 50 boards (the cap) are fewer than min_boards 128"},
		{"round robin", []string{"run", rr, "--out", dir}, exitDataErr, "rr.toml:1: sprt: a sequential test is for a team match of two teams, not a round robin"},
		{"flag on a round robin", []string{"run", rr, "--out", dir, "--sprt", "imp0=0,imp1=1"}, exitUsage, "--sprt: sprt: a sequential test is for a team match of two teams, not a round robin"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errs := runCmd(t, "", tc.args...)
			assert.Equal(t, tc.code, code, errs)
			assert.Contains(t, errs, tc.msg)
		})
	}
}
