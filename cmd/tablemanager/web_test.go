package main

import (
	"bufio"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/openroom/openroom/player"
	"github.com/openroom/openroom/player/playertest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWebFlagRefusesAddresses(t *testing.T) {
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer busy.Close()
	for _, tc := range []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"run beyond loopback without --allow", []string{"run", "--team", "A=builtin:random", "--team", "B=builtin:random", "--boards", "1", "--web", "0.0.0.0:0"}, exitUsage, "--web"},
		{"run a malformed address", []string{"run", "--team", "A=builtin:random", "--team", "B=builtin:random", "--boards", "1", "--web", "nowhere"}, exitUsage, "--web"},
		{"run a busy port", []string{"run", "--team", "A=builtin:random", "--team", "B=builtin:random", "--boards", "1", "--web", busy.Addr().String()}, exitFailure, "--web"},
		{"run --web-wait without --web", []string{"run", "--team", "A=builtin:random", "--team", "B=builtin:random", "--boards", "1", "--web-wait"}, exitUsage, "--web-wait needs --web"},
		{"serve --web-wait without --web", []string{"serve", "--results", "r.jsonl", "--web-wait"}, exitUsage, "--web-wait needs --web"},
		{"serve beyond loopback without --allow", []string{"serve", "--results", "r.jsonl", "--listen", "127.0.0.1:0", "--web", "0.0.0.0:0"}, exitUsage, "--web"},
		{"run a malformed --web-host", []string{"run", "--team", "A=builtin:random", "--team", "B=builtin:random", "--boards", "1", "--web", "127.0.0.1:0", "--web-host", "http://x"}, exitUsage, "--web-host"},
		{"serve a malformed --web-host", []string{"serve", "--results", "r.jsonl", "--listen", "127.0.0.1:0", "--web", "127.0.0.1:0", "--web-host", "a b"}, exitUsage, "--web-host"},
		// play opens its listener the same way (listenWeb), on --listen.
		{"play a busy port", []string{"play", "--level", "easy", "--listen", busy.Addr().String()}, exitFailure, "--listen " + busy.Addr().String()},
		{"play a malformed address", []string{"play", "--level", "easy", "--listen", "nowhere"}, exitUsage, "--listen"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Chdir(t.TempDir())
			args := tc.args
			if args[0] == "run" {
				args = append(args, "--out", filepath.Join(t.TempDir(), "out"), "--quiet")
			}
			code, _, errs := runCmd(t, "", args...)
			assert.Equal(t, tc.code, code, errs)
			assert.Contains(t, errs, tc.msg)
		})
	}
}

func TestRunWebPlaysAndSaysWhereThePageIs(t *testing.T) {
	t.Chdir(t.TempDir())
	code, out, errs := runCmd(t, "", "run", "--team", "A=builtin:random", "--team", "B=builtin:random",
		"--boards", "2", "--seed", "w", "--out", "out", "--quiet", "--web", "127.0.0.1:0")
	require.Equal(t, exitOK, code, errs)
	assert.Contains(t, errs, "live page: http://127.0.0.1:")
	assert.Contains(t, out, "Match A-v-B")
}

// TestServeWebShowsTheTable serves a table of slow in-process bots with
// --web and follows its stream while it plays: the snapshot names the
// table, and each board appears once finished (one room: once it ends).
func TestServeWebShowsTheTable(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	slow := func(spec, team string) (player.Player, error) {
		p, err := builtinBots(spec, team)
		return playertest.Slow{Player: p, Think: 2 * time.Millisecond}, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	got := make(chan []string, 1)
	var started bool
	on := func(line string) {
		rest, ok := strings.CutPrefix(line, "live page: ")
		if !ok || started {
			return
		}
		started = true
		go func() { got <- follow(ctx, strings.TrimSpace(rest)) }()
	}
	code, errs := serveCmd(t, ctx, slow, on, "--listen", "127.0.0.1:0", "--boards", "1-2", "--seed", "web",
		"--results", filepath.Join(dir, "r.jsonl"), "--web", "127.0.0.1:0", "--quiet",
		"--seat", "North=builtin:random", "--seat", "East=builtin:random", "--seat", "South=builtin:random", "--seat", "West=builtin:random")
	require.Equal(t, exitOK, code, errs)
	var names []string
	select {
	case names = <-got:
	case <-ctx.Done():
		t.Fatal("the stream was not followed")
	}
	require.NotEmpty(t, names)
	assert.Equal(t, "snapshot", names[0])
	boards := 0
	for _, n := range names {
		if n == "board" {
			boards++
		}
	}
	assert.Equal(t, 2, boards, "both boards published: %v", names)
}

// follow reads a live page's stream until the event ends (or the stream
// does) and returns the events' names.
func follow(ctx context.Context, url string) []string {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url+"events", nil)
	if err != nil {
		return []string{err.Error()}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return []string{err.Error()}
	}
	defer resp.Body.Close()
	var names []string
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<20)
	name := ""
	for sc.Scan() {
		line := sc.Text()
		if n, ok := strings.CutPrefix(line, "event: "); ok {
			name = n
			names = append(names, n)
		}
		if d, ok := strings.CutPrefix(line, "data: "); ok && name == "event" {
			var e struct{ State string }
			if json.Unmarshal([]byte(d), &e) == nil && (e.State == "finished" || e.State == "stopped") {
				return names
			}
		}
	}
	return names
}

// TestRunWebWaitKeepsThePageUntilInterrupted: with --web-wait the page
// still answers after the event, until Ctrl-C (the context) ends the
// command, which exits 0 with the summary printed.
func TestRunWebWaitKeepsThePageUntilInterrupted(t *testing.T) {
	t.Chdir(t.TempDir())
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	answered := make(chan int, 1)
	errw := &watchWriter{on: func(line string) {
		_, rest, ok := strings.Cut(line, "live page stays up on ")
		if !ok {
			return
		}
		url := strings.TrimSuffix(strings.TrimSpace(rest), " until Ctrl-C")
		go func() {
			status := 0
			if resp, err := http.Get(url + "api/state"); err == nil {
				status = resp.StatusCode
				resp.Body.Close()
			}
			answered <- status
			cancel() // Ctrl-C
		}()
	}}
	var out strings.Builder
	e := &env{ctx: ctx, stdin: strings.NewReader(""), stdout: &out, stderr: errw}
	code := dispatch(e, []string{"run", "--team", "A=builtin:random", "--team", "B=builtin:random", "--boards", "2",
		"--seed", "w", "--out", "out", "--quiet", "--web", "127.0.0.1:0", "--web-wait"})
	assert.Equal(t, exitOK, code, errw.String())
	assert.Contains(t, out.String(), "Match A-v-B")
	select {
	case status := <-answered:
		assert.Equal(t, http.StatusOK, status, "the page answered after the event")
	default:
		t.Fatalf("the command did not wait with its page up: %s", errw.String())
	}
}
