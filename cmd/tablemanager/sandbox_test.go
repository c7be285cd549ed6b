package main

import (
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/openroom/openroom/tournaments"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRunWithoutSeedDrawsOneAndResumes(t *testing.T) {
	t.Chdir(t.TempDir())
	args := []string{"run", "--team", "A=builtin:random", "--team", "B=builtin:random", "--boards", "2", "--quiet", "--out", "o"}
	code, out1, errs := runCmd(t, "", args...)
	require.Equal(t, exitOK, code, errs)
	recs := readResults(t, filepath.Join("o", "results.jsonl"))
	require.Len(t, recs, 4)
	seed := recs[0].Seed
	raw, err := hex.DecodeString(seed)
	require.NoError(t, err)
	assert.Len(t, raw, 16)
	assert.Contains(t, errs, "fresh random seed "+seed)
	kept, err := os.ReadFile(filepath.Join("o", tournaments.SeedFile))
	require.NoError(t, err)
	assert.Equal(t, seed, strings.TrimSpace(string(kept)))

	code, out2, errs := runCmd(t, "", args...)
	require.Equal(t, exitOK, code, errs)
	assert.Contains(t, errs, "nothing to play")
	assert.NotContains(t, errs, "fresh random seed")
	assert.Equal(t, out1, out2)
}

func TestRunCommandBotsNeedTheSandbox(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	t.Chdir(t.TempDir())
	t.Setenv("PATH", t.TempDir()) // no bwrap
	bot := os.Args[0] + " -tmbot {host} {port} {seat} {name}"
	args := []string{"run", "--team", "A=builtin:random", "--team", "B=" + bot, "--boards", "1", "--seed", "x", "--quiet", "--out", "o"}
	code, _, errs := runCmd(t, "", args...)
	assert.Equal(t, exitUnavail, code, errs)
	assert.Contains(t, errs, "bubblewrap (bwrap) is not installed")
	assert.Contains(t, errs, "--unsandboxed")
	_, err := os.Stat(filepath.Join("o", "results.jsonl"))
	assert.ErrorIs(t, err, os.ErrNotExist, "nothing played")

	code, _, errs = runCmd(t, "", append(args, "--unsandboxed")...)
	require.Equal(t, exitOK, code, errs)
	var warn []string
	for _, l := range strings.Split(errs, "\n") {
		if strings.Contains(l, "--unsandboxed") {
			warn = append(warn, l)
		}
	}
	require.Len(t, warn, 1, errs)
	assert.Contains(t, warn[0], "can read")
	assert.Contains(t, warn[0], "deal seed")
	assert.Len(t, readResults(t, filepath.Join("o", "results.jsonl")), 2)
}

func TestRunBuiltinBotsNeedNoSandbox(t *testing.T) {
	t.Chdir(t.TempDir())
	t.Setenv("PATH", t.TempDir())
	code, _, errs := runCmd(t, "", "run", "--team", "A=builtin:random", "--team", "B=builtin:random", "--boards", "1", "--seed", "x", "--quiet", "--out", "o")
	require.Equal(t, exitOK, code, errs)
	assert.NotContains(t, errs, "sandbox")
}

// fakeBwrap is a bubblewrap that starts its command with the harness's
// privileges, in no namespace at all: it tells its pid, waits for the go,
// and runs the relay it was given.
const fakeBwrap = `#!/bin/sh
echo '{"child-pid": '$$'}' >&3
exec 3>&-
head -c 1 <&4 >/dev/null
relay=""
while [ $# -gt 0 ]; do
	if [ "$1" = "--ro-bind" ] && [ "$3" = "/run/openroom/relay" ]; then relay="$2"; fi
	shift
	if [ "$1" = "--" ]; then shift; break; fi
done
shift
exec "$relay" "$@"
`

// A bubblewrap that leaves a bot its privileges (capabilities, or the
// right to make a user namespace) is refused, with status 69.
func TestRunRefusesASandboxThatKeepsPrivileges(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	t.Chdir(t.TempDir())
	bin := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(bin, "bwrap"), []byte(fakeBwrap), 0o755))
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	bot := os.Args[0] + " -tmbot {host} {port} {seat} {name}"
	code, _, errs := runCmd(t, "", "run", "--team", "A=builtin:random", "--team", "B="+bot, "--boards", "1", "--seed", "x", "--quiet", "--out", "o")
	assert.Equal(t, exitUnavail, code, errs)
	assert.Contains(t, errs, "does not drop a bot's privileges")
	if os.Geteuid() == 0 {
		assert.Contains(t, errs, "a bot keeps capabilities")
	}
	assert.Contains(t, errs, "--unsandboxed")
	_, err := os.Stat(filepath.Join("o", "results.jsonl"))
	assert.ErrorIs(t, err, os.ErrNotExist, "nothing played")
}

func TestRunMountFlag(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, mount, want string
	}{
		{"no team", "C=/usr", `no team "C"`},
		{"no path", "B=", "want TEAM=PATH"},
		{"no equals", "B", "want TEAM=PATH"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errs := runCmd(t, "", "run", "--team", "A=builtin:random", "--team", "B=builtin:random", "--mount", tc.mount, "--boards", "1", "--quiet", "--out", t.TempDir())
			assert.Equal(t, exitUsage, code, errs)
			assert.Contains(t, errs, tc.want)
		})
	}
	code, _, errs := runCmd(t, "", "run", "--team", "A=builtin:random", "--team", "B=builtin:random", "--mount", "B=/no/such/folder", "--boards", "1", "--quiet", "--out", t.TempDir())
	assert.Equal(t, exitUsage, code, errs)
	assert.Contains(t, errs, "--mount: ")
	assert.Contains(t, errs, "/no/such/folder")
}

// The relay is openroom-relay where it sits beside tablemanager (make
// build puts both in bin/), else tablemanager itself.
func TestRelayBeside(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	self := filepath.Join(dir, "tablemanager")
	assert.Equal(t, []string{self, relayCommand}, relayBeside(self))
	relay := filepath.Join(dir, "openroom-relay")
	require.NoError(t, os.WriteFile(relay, []byte("#!/bin/sh\n"), 0o644))
	assert.Equal(t, []string{self, relayCommand}, relayBeside(self), "not executable")
	require.NoError(t, os.Chmod(relay, 0o755))
	assert.Equal(t, []string{relay}, relayBeside(self))
}
