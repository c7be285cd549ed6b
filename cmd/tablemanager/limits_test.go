package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/openroom/openroom/sandbox"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRunBotLimitFlagErrors(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, tc := range []struct {
		flag, value, want string
	}{
		{"--bot-memory", "4XB", `--bot-memory: size "4XB"`},
		{"--bot-memory", "0", `--bot-memory: size "0"`},
		{"--bot-procs", "0", `--bot-procs: count "0"`},
		{"--bot-procs", "2GiB", `--bot-procs: count "2GiB"`},
		{"--bot-files", "many", `--bot-files: count "many"`},
		{"--bot-disk", "-1GiB", `--bot-disk: size "-1GiB"`},
		{"--bot-tmp", "", `--bot-tmp: size ""`},
	} {
		code, _, errs := runCmd(t, "", "run", "--team", "A=builtin:random", "--team", "B=builtin:random", "--boards", "1", "--quiet", "--out", "o", tc.flag, tc.value)
		assert.Equal(t, exitUsage, code, "%s %q: %s", tc.flag, tc.value, errs)
		assert.Contains(t, errs, tc.want)
	}
	require.NoError(t, os.WriteFile("ev.toml", []byte("[limits]\nprocs = \"lots\"\n[teams.A]\nbots = [\"builtin:random\"]\n[teams.B]\nbots = [\"builtin:random\"]\n"), 0o644))
	code, _, errs := runCmd(t, "", "run", "ev.toml", "--quiet")
	assert.Equal(t, exitDataErr, code, errs)
	assert.Contains(t, errs, `ev.toml:2: limits.procs: count "lots"`)
}

// tablemanager run says once which limits hold for command bots and how;
// flags override the event file's [limits] key by key.
func TestRunSaysTheBotLimits(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	if _, err := sandbox.Find(t.Context(), []string{os.Args[0], relayCommand}); err != nil {
		t.Skipf("no sandbox here: %v", err)
	}
	t.Chdir(t.TempDir())
	bot := os.Args[0] + " -tmbot {host} {port} {seat} {name}"
	src := "[limits]\nmemory = \"3GiB\"\nfiles = 100\n[bots.b]\ncommand = \"" + bot + "\"\n[teams.A]\nbots = [\"builtin:random\"]\n[teams.B]\nbots = [\"b\"]\n"
	require.NoError(t, os.WriteFile("ev.toml", []byte(src), 0o644))
	code, _, errs := runCmd(t, "", "run", "ev.toml", "--boards", "1", "--seed", "x", "--quiet", "--out", "o", "--bot-memory", "2GiB", "--bot-procs", "unlimited")
	require.Equal(t, exitOK, code, errs)
	var lines []string
	for _, l := range strings.Split(errs, "\n") {
		if strings.Contains(l, "limits per bot") {
			lines = append(lines, l)
		}
	}
	require.Len(t, lines, 1, errs)
	assert.Contains(t, lines[0], "memory 2 GiB (")
	assert.Contains(t, lines[0], "processes and threads unlimited (unlimited)")
	assert.Contains(t, lines[0], "open files 100 (rlimit)")
	assert.Contains(t, lines[0], "folder 1 GiB (watcher + rlimit FSIZE)")
	assert.Contains(t, lines[0], "/tmp 1 GiB (tmpfs size")
	assert.Contains(t, lines[0], "core dumps off (rlimit)")
	assert.Len(t, readResults(t, filepath.Join("o", "results.jsonl")), 2)
}
