package web_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/web"
	"github.com/openroom/openroom/web/webtest"
)

// secret is what the test handler answers: the page's state.
const secret = `{"state":"the table"}`

func stateHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.ReadAll(r.Body)
		_, _ = io.WriteString(w, secret)
	})
}

func get(t *testing.T, c *http.Client, u, host, origin string) (int, string, http.Header) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, u, nil)
	require.NoError(t, err)
	if host != "" {
		req.Host = host
	}
	if origin != "" {
		req.Header.Set("Origin", origin)
	}
	resp, err := c.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, string(b), resp.Header
}

func TestServeAnswersOnlyItsOwnNames(t *testing.T) {
	t.Parallel()
	hosts, err := web.ParseHosts([]string{"table.example"})
	require.NoError(t, err)
	base := webtest.Serve(t, web.Options{Hosts: hosts}, stateHandler())
	port := base[strings.LastIndex(base, ":")+1:]
	c := webtest.Client(t, "127.0.0.1", 10*time.Second)
	for _, tc := range []struct {
		name, host, origin string
		status             int
	}{
		{"rebinding name", "rebind.example:" + port, "", http.StatusMisdirectedRequest},
		{"rebinding name and origin", "rebind.example:" + port, "http://rebind.example:" + port, http.StatusMisdirectedRequest},
		{"loopback address", "127.0.0.1:" + port, "", http.StatusOK},
		{"localhost", "localhost:" + port, "http://localhost:" + port, http.StatusOK},
		{"IPv6 loopback", "[::1]:" + port, "", http.StatusOK},
		{"loopback, another port", "127.0.0.1:1", "", http.StatusMisdirectedRequest},
		{"named by --web-host", "table.example", "https://table.example", http.StatusOK},
		{"own name, foreign origin", "127.0.0.1:" + port, "http://rebind.example:" + port, http.StatusForbidden},
		{"own name, null origin", "127.0.0.1:" + port, "null", http.StatusForbidden},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, body, _ := get(t, c, base+"/", tc.host, tc.origin)
			assert.Equal(t, tc.status, status)
			if tc.status == http.StatusOK {
				assert.Equal(t, secret, body)
			} else {
				assert.NotContains(t, body, "table")
			}
		})
	}
}

// streamHandler holds an event stream open until the client leaves.
func streamHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		release, ok := web.TakeStream(w, r)
		if !ok {
			return
		}
		defer release()
		web.StartEvents(w)
		_ = web.WriteComment(w, "open")
		_ = http.NewResponseController(w).Flush()
		<-r.Context().Done()
	})
}

// openStream opens a stream from c and returns its status; an open
// stream is closed when ctx ends.
func openStream(t *testing.T, ctx context.Context, c *http.Client, base string) (int, http.Header) {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/events", nil)
	require.NoError(t, err)
	resp, err := c.Do(req)
	require.NoError(t, err)
	if resp.StatusCode != http.StatusOK {
		_, _ = io.ReadAll(resp.Body)
		resp.Body.Close()
	} else {
		t.Cleanup(func() { resp.Body.Close() })
	}
	return resp.StatusCode, resp.Header
}

func TestStreamsAreCappedPerAddressAndInAll(t *testing.T) {
	t.Parallel()
	base := webtest.Serve(t, web.Options{Limits: web.Limits{MaxStreamsPerAddr: 3, MaxStreams: 5}}, streamHandler())
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	one := webtest.Client(t, "127.0.0.1", 0)
	for range 3 {
		status, _ := openStream(t, ctx, one, base)
		require.Equal(t, http.StatusOK, status)
	}
	status, hd := openStream(t, ctx, one, base)
	assert.Equal(t, http.StatusTooManyRequests, status)
	assert.NotEmpty(t, hd.Get("Retry-After"))
	two := webtest.Client(t, "127.0.0.2", 0)
	for range 2 {
		status, _ := openStream(t, ctx, two, base)
		require.Equal(t, http.StatusOK, status)
	}
	status, hd = openStream(t, ctx, webtest.Client(t, "127.0.0.3", 0), base)
	assert.Equal(t, http.StatusServiceUnavailable, status)
	assert.NotEmpty(t, hd.Get("Retry-After"))
}

func TestASlowBodyIsCutOff(t *testing.T) {
	t.Parallel()
	base := webtest.Serve(t, web.Options{Limits: web.Limits{BodyTimeout: 300 * time.Millisecond}}, stateHandler())
	addr := strings.TrimPrefix(base, "http://")
	c, err := net.DialTimeout("tcp", addr, 5*time.Second)
	require.NoError(t, err)
	defer c.Close()
	require.NoError(t, c.SetDeadline(time.Now().Add(10*time.Second)))
	_, err = fmt.Fprintf(c, "POST / HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{", addr)
	require.NoError(t, err)
	// One byte every 50 ms: the body would take 50 s.
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(50 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				if _, err := c.Write([]byte(" ")); err != nil {
					return
				}
			}
		}
	}()
	defer func() { close(stop); wg.Wait() }()
	start := time.Now()
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	require.NoError(t, err, "the server must answer before the client's deadline")
	resp.Body.Close()
	assert.Equal(t, http.StatusRequestTimeout, resp.StatusCode)
	assert.Less(t, time.Since(start), 5*time.Second)
}

// rawConn opens a connection from ip, sends a request on it and returns
// it with the start of the answer: "HTTP/1.1 200" when the connection
// was taken (it stays open, idle), "closed" when the server closed it
// without an answer (a refusal in a flood).
func rawConn(t *testing.T, ip, addr string) (net.Conn, string) {
	t.Helper()
	c, err := webtest.Dialer(ip).Dial("tcp", addr)
	require.NoError(t, err)
	t.Cleanup(func() { c.Close() })
	_, err = fmt.Fprintf(c, "GET / HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
	require.NoError(t, err)
	require.NoError(t, c.SetReadDeadline(time.Now().Add(5*time.Second)))
	buf := make([]byte, 64)
	n, err := io.ReadAtLeast(c, buf, 12)
	require.NoError(t, c.SetReadDeadline(time.Time{}))
	var ne net.Error
	if n == 0 && err != nil && !(errors.As(err, &ne) && ne.Timeout()) {
		return c, "closed"
	}
	return c, string(buf[:n])
}

func TestAConnectionFloodIsRefusedAndOthersGetThrough(t *testing.T) {
	t.Parallel()
	base := webtest.Serve(t, web.Options{Limits: web.Limits{MaxConnsPerAddr: 4}}, stateHandler())
	addr := strings.TrimPrefix(base, "http://")
	for range 4 {
		_, got := rawConn(t, "127.0.0.1", addr)
		require.True(t, strings.HasPrefix(got, "HTTP/1.1 200"), "a connection within the cap is taken, got %q", got)
	}
	for range 20 {
		_, got := rawConn(t, "127.0.0.1", addr)
		require.True(t, strings.HasPrefix(got, "HTTP/1.1 429") || got == "closed", "a flood beyond the cap is refused, got %q", got)
	}
	status, body, _ := get(t, webtest.Client(t, "127.0.0.2", 5*time.Second), base+"/", "", "")
	assert.Equal(t, http.StatusOK, status)
	assert.Equal(t, secret, body)
}

func TestConnectionsAreCappedInAll(t *testing.T) {
	t.Parallel()
	base := webtest.Serve(t, web.Options{Limits: web.Limits{MaxConnsPerAddr: 4, MaxConns: 6}}, stateHandler())
	addr := strings.TrimPrefix(base, "http://")
	var held []net.Conn
	for _, ip := range []string{"127.0.0.1", "127.0.0.1", "127.0.0.1", "127.0.0.1", "127.0.0.3", "127.0.0.3"} {
		c, got := rawConn(t, ip, addr)
		require.True(t, strings.HasPrefix(got, "HTTP/1.1 200"), "got %q", got)
		held = append(held, c)
	}
	_, got := rawConn(t, "127.0.0.2", addr)
	require.True(t, strings.HasPrefix(got, "HTTP/1.1 503"), "beyond the cap in all, got %q", got)
	held[5].Close()
	require.EventuallyWithT(t, func(c *assert.CollectT) {
		resp, err := webtest.Client(t, "127.0.0.2", 2*time.Second).Get(base + "/")
		if assert.NoError(c, err) {
			resp.Body.Close()
			assert.Equal(c, http.StatusOK, resp.StatusCode)
		}
	}, 5*time.Second, 50*time.Millisecond, "a closed connection gives its place back")
}

func TestAnalysisRateIsPerAddress(t *testing.T) {
	t.Parallel()
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if web.AllowAnalysis(w, r) {
			w.WriteHeader(http.StatusOK)
		}
	})
	base := webtest.Serve(t, web.Options{Limits: web.Limits{AnalysisBurst: 3, AnalysisEvery: time.Hour}}, h)
	one := webtest.Client(t, "127.0.0.1", 5*time.Second)
	for i := range 3 {
		status, _, _ := get(t, one, base+"/", "", "")
		require.Equal(t, http.StatusOK, status, "request %d", i)
	}
	status, _, hd := get(t, one, base+"/", "", "")
	assert.Equal(t, http.StatusTooManyRequests, status)
	retry, err := strconv.Atoi(hd.Get("Retry-After"))
	require.NoError(t, err)
	assert.InDelta(t, 3600, retry, 5)
	status, _, _ = get(t, webtest.Client(t, "127.0.0.2", 5*time.Second), base+"/", "", "")
	assert.Equal(t, http.StatusOK, status)
}

// reserveHelperEnv makes the test binary the process of
// TestTheWebNeverTakesTheDescriptorReserve's server.
const reserveHelperEnv = "OPENROOM_WEB_RESERVE_HELPER"

// The server runs in a process of its own, under a low RLIMIT_NOFILE: it
// prints its address, the parent floods it with connections, and then
// the server's "table" opens the descriptors of the reserve, which must
// all be there.
func TestTheWebNeverTakesTheDescriptorReserve(t *testing.T) {
	t.Parallel()
	if os.Getenv(reserveHelperEnv) != "" {
		reserveHelper()
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestTheWebNeverTakesTheDescriptorReserve$")
	cmd.Env = append(os.Environ(), reserveHelperEnv+"=1")
	stdin, err := cmd.StdinPipe()
	require.NoError(t, err)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	cmd.Stderr = os.Stderr
	require.NoError(t, cmd.Start())
	defer func() { _ = cmd.Wait() }()
	defer stdin.Close()
	lines := bufio.NewScanner(stdout)
	require.True(t, lines.Scan(), "the helper's address")
	addr := lines.Text()

	// 300 connections, far more than the helper's 160 descriptors, each
	// with a request, so that the server reads them as soon as it has
	// taken them.
	var conns []net.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	for range 300 {
		c, err := net.DialTimeout("tcp", addr, 5*time.Second)
		if err != nil {
			break // the kernel's queue is full: the flood is in
		}
		conns = append(conns, c)
		_, _ = fmt.Fprintf(c, "GET / HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
	}
	time.Sleep(500 * time.Millisecond) // the server takes what it will
	_, err = io.WriteString(stdin, "table\n")
	require.NoError(t, err)
	require.True(t, lines.Scan(), "the helper's table")
	assert.Equal(t, "table ok", lines.Text())

	// The web still serves once the flood has gone.
	for _, c := range conns {
		c.Close()
	}
	conns = nil
	require.EventuallyWithT(t, func(c *assert.CollectT) {
		resp, err := (&http.Client{Timeout: 2 * time.Second}).Get((&url.URL{Scheme: "http", Host: addr, Path: "/"}).String())
		if assert.NoError(c, err) {
			resp.Body.Close()
			assert.Equal(c, http.StatusOK, resp.StatusCode)
		}
	}, 20*time.Second, 100*time.Millisecond)
}

// reserveHelper is the server's side: a page under a limit of 160
// descriptors with a reserve of 48, and caps beyond them, so that only
// the reserve bounds it. On "table" it opens 40 files, as a table's bots
// and sockets would, and says whether all opened.
func reserveHelper() {
	rl := syscall.Rlimit{Cur: 160, Max: 160}
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil {
		fmt.Println("setrlimit:", err)
		return
	}
	ln, err := web.Listen("127.0.0.1:0", nil)
	if err != nil {
		fmt.Println("listen:", err)
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opt := web.Options{Limits: web.Limits{MaxConns: 1000, MaxConnsPerAddr: 1000, FDReserve: 48}}
	go func() { _ = web.Serve(ctx, ln, opt, stateHandler()) }()
	fmt.Println(ln.Addr())
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		if in.Text() != "table" {
			continue
		}
		var files []*os.File
		var failed error
		for range 40 {
			f, err := os.Open(os.DevNull)
			if err != nil {
				failed = err
				break
			}
			files = append(files, f)
		}
		for _, f := range files {
			f.Close()
		}
		if failed != nil {
			fmt.Printf("table failed after %d files: %v\n", len(files), failed)
		} else {
			fmt.Println("table ok")
		}
	}
}
