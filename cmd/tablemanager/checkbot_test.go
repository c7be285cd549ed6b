package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/checkbot"
)

func TestCheckBotPassesAGoodBot(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	t.Parallel()
	code, out, errs := runCmd(t, "", "check-bot", "--unsandboxed", "--timeout", "5s", "--scenario", "seat-north,dummy", "--scenario", "reconnect",
		"--json", "--", os.Args[0], "-tmbot", "{host}", "{port}", "{seat}", "{name}")
	require.Equal(t, exitOK, code, errs)
	var rep checkbot.Report
	require.NoError(t, json.Unmarshal([]byte(out), &rep), out)
	assert.Equal(t, 3, rep.Passed)
	assert.Zero(t, rep.Failed)
	require.Len(t, rep.Scenarios, 3)
	assert.Equal(t, "reconnect", rep.Scenarios[2].Name)
	assert.Positive(t, rep.Timing.Card.N)
}

func TestCheckBotFailsABadBot(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	t.Parallel()
	// Connects, then says hello instead of Connecting.
	bot := bash + ` -c 'exec 3<>/dev/tcp/$0/$1; printf "hello table\r\n" >&3; exec sleep 5' {host} {port}`
	code, out, errs := runCmd(t, "", "check-bot", "--unsandboxed", "--timeout", "2s", "--scenario", "seat-east", "--", bot)
	require.Equal(t, exitFailure, code, errs)
	assert.Contains(t, out, "FAIL         seat-east")
	assert.Contains(t, out, "expected: `Connecting \"NAME\" as East using protocol version 18`")
	assert.Contains(t, out, "came:     `hello table` (the bot's line 1)")
	assert.Contains(t, out, "see:      docs/bot-authors.md#the-handshake")
	assert.Contains(t, out, "1 scenarios: 0 passed, 1 failed")
}

func TestCheckBotUsageErrors(t *testing.T) {
	t.Parallel()
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--bogus", "--", "bot"}, "--bogus"},
		{[]string{"--timeout", "soon", "--", "bot"}, "--timeout"},
		{[]string{"--timeout", "0s", "--", "bot"}, "--timeout"},
		{[]string{"--start-timeout", "-1s", "--", "bot"}, "--start-timeout"},
		{[]string{"--parallel", "0", "--", "bot"}, "--parallel"},
		{[]string{"--scenario", "nosuch", "--", "bot"}, "--scenario"},
		{[]string{"--seat", "Middle", "--", "bot"}, "--seat"},
		{[]string{"--name", `a"b`, "--", "bot"}, "--name"},
		{[]string{"--listen", "127.0.0.1:0", "--", "bot"}, "--listen"},
		{[]string{"--", "bot 'unclosed"}, "COMMAND"},
		{nil, "give the bot's command"},
	}
	for _, tc := range cases {
		code, _, errs := runCmd(t, "", append([]string{"check-bot"}, tc.args...)...)
		assert.Equal(t, exitUsage, code, "%v: %s", tc.args, errs)
		assert.Contains(t, errs, tc.want, tc.args)
	}
}

func TestCheckBotCannotStartTheBot(t *testing.T) {
	t.Parallel()
	code, _, errs := runCmd(t, "", "check-bot", "--unsandboxed", "--", "/nonexistent/bot", "{host}", "{port}")
	assert.Equal(t, exitUnavail, code, errs)
	assert.Contains(t, errs, "the bot cannot be started")
}

func TestCheckBotNeedsTheSandbox(t *testing.T) {
	t.Setenv("PATH", t.TempDir()) // no bwrap
	code, _, errs := runCmd(t, "", "check-bot", "--", "/bin/true")
	assert.Equal(t, exitUnavail, code, errs)
	assert.Contains(t, errs, "--unsandboxed")
}

func TestCheckBotLists(t *testing.T) {
	t.Parallel()
	code, out, errs := runCmd(t, "", "check-bot", "--list")
	require.Equal(t, exitOK, code, errs)
	for _, name := range checkbot.Names() {
		assert.Contains(t, out, name+" ")
	}
	assert.Len(t, strings.Split(strings.TrimSpace(out), "\n"), len(checkbot.Names()))
}

func TestSandboxPathsMountsTheCommandsFiles(t *testing.T) {
	t.Parallel()
	wd, err := os.Getwd()
	require.NoError(t, err)
	starter := filepath.Join("..", "..", "examples", "bots", "python", "bot.py")
	starterDir, err := filepath.Abs(filepath.Dir(starter))
	require.NoError(t, err)
	data := t.TempDir()

	argv, mounts, err := sandboxPaths([]string{"python3", "-B", starter, "{host}", "{port}", "--data", "."}, []string{data})
	require.NoError(t, err)
	assert.Equal(t, []string{"python3", "-B", filepath.Join(starterDir, "bot.py"), "{host}", "{port}", "--data", wd}, argv,
		"relative paths that exist become absolute; words, flags and placeholders stay")
	assert.Equal(t, []string{starterDir, wd, data}, mounts, "a file's folder, a folder, then --mount")

	_, _, err = sandboxPaths([]string{"bot"}, []string{filepath.Join(data, "missing")})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "--mount")
}

// TestCheckBotSandboxedStarter checks the Python starter bot, named by a
// path relative to the current folder as an author would type it, in the
// sandbox, whose bot starts in a private folder.
func TestCheckBotSandboxedStarter(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	requireSandbox(t)
	const python = "/usr/bin/python3" // the system's: the sandbox binds /usr, not a user's own interpreters
	if _, err := os.Stat(python); err != nil {
		t.Skip("no /usr/bin/python3")
	}
	t.Parallel()
	starter := filepath.Join("..", "..", "examples", "bots", "python", "bot.py")
	code, out, errs := runCmd(t, "", "check-bot", "--timeout", "10s", "--scenario", "seat-north", "--json", "--",
		python, starter, "{host}", "{port}", "{seat}", "{name}")
	require.Equal(t, exitOK, code, errs)
	var rep checkbot.Report
	require.NoError(t, json.Unmarshal([]byte(out), &rep), out)
	assert.Equal(t, 1, rep.Passed)
}
