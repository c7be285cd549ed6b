package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPlayCommandErrors: a malformed command line is one line on standard
// error naming the flag, and exit 64.
func TestPlayCommandErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--seat", "Middle"}, "--seat"},
		{[]string{"--level", "grandmaster"}, "level"},
		{[]string{"--mode", "swiss"}, `--mode: unknown mode "swiss"`},
		{[]string{"--board", "0"}, "--board 0"},
		{[]string{"--deal", "N:AKQ"}, "--deal"},
		{[]string{"--deal", "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.76"}, "--deal"},
		{[]string{"--listen", "0.0.0.0:0"}, "--listen"},
		{[]string{"--allow", "not-an-address"}, "--allow"},
		{[]string{"--web-host", "*.example"}, "--web-host"},
		{[]string{"--max-tables", "0"}, "--max-tables"},
		{[]string{"extra"}, `unexpected argument "extra"`},
		{[]string{"--no-such-flag"}, "no-such-flag"},
	}
	for _, tt := range tests {
		code, out, errs := runCmd(t, "", append([]string{"play"}, tt.args...)...)
		assert.Equal(t, exitUsage, code, "%v: %s", tt.args, errs)
		assert.Empty(t, out)
		assert.Contains(t, errs, tt.want, "%v", tt.args)
		assert.Equal(t, 1, strings.Count(errs, "\n"), "one line: %q", errs)
	}
	code, out, _ := runCmd(t, "", "play", "--help")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "usage: tablemanager play")
	assert.Contains(t, out, "--mode")
}

// TestPlayCommandServes: the command serves the page on the address it
// prints (here 127.0.0.1:0), and Ctrl-C ends it with status 130.
func TestPlayCommandServes(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	e := &env{ctx: ctx, stdin: strings.NewReader(""), stdout: io.Discard, stderr: pw}
	done := make(chan int, 1)
	go func() {
		done <- dispatch(e, []string{"play", "--listen", "127.0.0.1:0", "--level", "easy", "--seat", "W", "--mode", "chicago", "--web-host", "play.example"})
		pw.Close()
	}()
	lines := make(chan string, 16)
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	addr := regexp.MustCompile(`open (http://127\.0\.0\.1:\d+/)`)
	var url string
	deadline := time.After(10 * time.Second)
	for url == "" {
		select {
		case l, ok := <-lines:
			require.True(t, ok, "the command ended before printing its address")
			if m := addr.FindStringSubmatch(l); m != nil {
				url = m[1]
				assert.Contains(t, l, "you are West against refbot easy")
			}
		case <-deadline:
			t.Fatal("no address printed within 10 s")
		}
	}
	hc := &http.Client{Timeout: 10 * time.Second}
	resp, err := hc.Get(url)
	require.NoError(t, err)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, string(body), `<script type="module" src="/assets/js/main.js">`)
	// The page answers to its own names and --web-host's, not to a name
	// rebound to its address.
	for host, status := range map[string]int{"rebind.example": http.StatusMisdirectedRequest, "play.example": http.StatusOK} {
		req, err := http.NewRequest(http.MethodGet, url, nil)
		require.NoError(t, err)
		req.Host = host
		resp, err := hc.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, status, resp.StatusCode, host)
	}
	cancel()
	select {
	case code := <-done:
		assert.Equal(t, exitInterrupted, code)
	case <-time.After(10 * time.Second):
		t.Fatal("the command did not stop within 10 s of Ctrl-C")
	}
	for range lines {
	}
}
