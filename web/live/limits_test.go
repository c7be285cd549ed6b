package live

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/web"
	"github.com/openroom/openroom/web/webtest"
)

// serveLive serves a begun State's live page as tablemanager does
// (web.Serve, with opt) and returns its base URL.
func serveLive(t *testing.T, opt web.Options) (string, *State) {
	t.Helper()
	st, _ := begunState(t, Options{}, engine.SeededBoards("limits", []int{1}))
	v := NewViewer(st)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	go v.Run(ctx)
	return webtest.Serve(t, opt, NewHandler(st, v)), st
}

func TestLiveAnswersOnlyItsOwnNames(t *testing.T) {
	t.Parallel()
	hosts, err := web.ParseHosts([]string{"watch.example"})
	require.NoError(t, err)
	base, _ := serveLive(t, web.Options{Hosts: hosts})
	port := base[strings.LastIndex(base, ":")+1:]
	c := webtest.Client(t, "127.0.0.1", 10*time.Second)
	for _, path := range []string{"/", "/api/state", "/events", "/api/board?match=A-v-B&board=1"} {
		for _, tc := range []struct {
			name, host, origin string
			status             int
		}{
			{"rebinding", "rebind.example:" + port, "http://rebind.example:" + port, http.StatusMisdirectedRequest},
			{"loopback", "127.0.0.1:" + port, "", 0},
			{"localhost", "localhost:" + port, "http://localhost:" + port, 0},
			{"named by --web-host", "watch.example:" + port, "http://watch.example:" + port, 0},
		} {
			t.Run(path+" "+tc.name, func(t *testing.T) {
				ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				defer cancel()
				req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+path, nil)
				require.NoError(t, err)
				req.Host = tc.host
				if tc.origin != "" {
					req.Header.Set("Origin", tc.origin)
				}
				resp, err := c.Do(req)
				require.NoError(t, err)
				defer resp.Body.Close()
				if tc.status != 0 {
					assert.Equal(t, tc.status, resp.StatusCode)
					b, _ := io.ReadAll(resp.Body)
					assert.NotContains(t, string(b), "A-v-B")
					assert.NotContains(t, string(b), "{")
					return
				}
				assert.NotEqual(t, http.StatusMisdirectedRequest, resp.StatusCode)
				assert.NotEqual(t, http.StatusForbidden, resp.StatusCode)
				if path == "/events" {
					line, err := bufio.NewReader(resp.Body).ReadString('\n')
					require.NoError(t, err)
					assert.Equal(t, "retry: 1000\n", line)
				}
			})
		}
	}
}

func TestManyStreamsFromOneAddressLockNobodyOut(t *testing.T) {
	t.Parallel()
	base, _ := serveLive(t, web.Options{})
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	one := webtest.Client(t, "127.0.0.1", 0)
	statuses := map[int]int{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range 80 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/events", nil)
			if !assert.NoError(t, err) {
				return
			}
			resp, err := one.Do(req)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				statuses[-1]++ // a connection refused in the flood
				return
			}
			statuses[resp.StatusCode]++
			if resp.StatusCode != http.StatusOK {
				resp.Body.Close()
				return
			}
			t.Cleanup(func() { resp.Body.Close() })
		}()
	}
	wg.Wait()
	assert.LessOrEqual(t, statuses[http.StatusOK], web.DefaultMaxStreamsPerAddr, "statuses %v", statuses)
	assert.Positive(t, statuses[http.StatusTooManyRequests], "statuses %v", statuses)

	c := dialFrom(t, ctx, "127.0.0.2", base)
	assert.Equal(t, "snapshot", c.mustNext(t).Name)
}

// dialFrom opens the event stream from a loopback address of its own.
func dialFrom(t *testing.T, ctx context.Context, ip, base string) *sseClient {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/events", nil)
	require.NoError(t, err)
	resp, err := webtest.Client(t, ip, 0).Do(req)
	require.NoError(t, err)
	t.Cleanup(func() { resp.Body.Close() })
	require.Equal(t, http.StatusOK, resp.StatusCode)
	return &sseClient{resp: resp, r: bufio.NewReader(resp.Body)}
}

func TestBoardRequestsAreRateLimitedPerAddress(t *testing.T) {
	t.Parallel()
	// A token an hour: a slow run never sees one come back.
	base, _ := serveLive(t, web.Options{Limits: web.Limits{AnalysisBurst: 3, AnalysisEvery: time.Hour}})
	get := func(c *http.Client) (int, string) {
		resp, err := c.Get(base + "/api/board?match=A-v-B&board=1")
		require.NoError(t, err)
		defer resp.Body.Close()
		return resp.StatusCode, resp.Header.Get("Retry-After")
	}
	one := webtest.Client(t, "127.0.0.1", 10*time.Second)
	for i := range 3 {
		status, _ := get(one)
		require.Equal(t, http.StatusNotFound, status, "request %d: the board is not public", i)
	}
	status, retry := get(one)
	assert.Equal(t, http.StatusTooManyRequests, status)
	assert.NotEmpty(t, retry)
	status, _ = get(webtest.Client(t, "127.0.0.2", 10*time.Second))
	assert.Equal(t, http.StatusNotFound, status, "another address has its own rate")
}
