package play

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/web"
	"github.com/openroom/openroom/web/webtest"
)

// servePlay serves a play server as tablemanager play does (web.Serve,
// with opt) and returns its base URL.
func servePlay(t *testing.T, opt web.Options) string {
	t.Helper()
	srv, err := NewServer(Config{Level: "easy", Seed: "limits", Analyse: testAnalyse})
	require.NoError(t, err)
	base := webtest.Serve(t, opt, srv)
	t.Cleanup(srv.Close) // runs first: ends the streams
	return base
}

// clientFrom is a browser (a cookie jar) whose connections come from ip.
func clientFrom(t *testing.T, ip, base, tab string) *client {
	c := newClient(t, base, tab)
	jar := c.hc.Jar
	c.hc = webtest.Client(t, ip, 30*time.Second)
	c.hc.Jar = jar
	return c
}

func TestPlayAnswersOnlyItsOwnNames(t *testing.T) {
	t.Parallel()
	hosts, err := web.ParseHosts([]string{"play.example"})
	require.NoError(t, err)
	base := servePlay(t, web.Options{Hosts: hosts})
	port := base[strings.LastIndex(base, ":")+1:]
	// A browser that has a table: the rebinding page would drive it.
	c := clientFrom(t, "127.0.0.1", base, "tab-limits")
	resp, err := c.hc.Get(base + "/")
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)

	for _, ep := range []struct{ method, path, body string }{
		{http.MethodGet, "/", ""},
		{http.MethodGet, "/api/stream?tab=tab-limits", ""},
		{http.MethodPost, "/api/act", `{"kind":"takeover"}`},
	} {
		for _, tc := range []struct {
			name, host, origin string
			refused            bool
		}{
			{"rebinding", "rebind.example:" + port, "http://rebind.example:" + port, true},
			{"rebinding, no origin", "rebind.example:" + port, "", true},
			{"loopback", "127.0.0.1:" + port, "http://127.0.0.1:" + port, false},
			{"localhost", "localhost:" + port, "", false},
			{"named by --web-host", "play.example", "https://play.example", false},
		} {
			t.Run(ep.method+" "+ep.path+" "+tc.name, func(t *testing.T) {
				ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				defer cancel()
				var body io.Reader
				if ep.body != "" {
					body = strings.NewReader(ep.body)
				}
				req, err := http.NewRequestWithContext(ctx, ep.method, base+ep.path, body)
				require.NoError(t, err)
				req.Host = tc.host
				if tc.origin != "" {
					req.Header.Set("Origin", tc.origin)
				}
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("X-Openroom-Tab", "tab-limits")
				resp, err := c.hc.Do(req)
				require.NoError(t, err)
				defer resp.Body.Close()
				if !tc.refused {
					assert.Contains(t, []int{http.StatusOK}, resp.StatusCode)
					return
				}
				assert.Equal(t, http.StatusMisdirectedRequest, resp.StatusCode)
				assert.Empty(t, resp.Header.Values("Set-Cookie"), "no table is made for it")
				b, _ := io.ReadAll(resp.Body)
				assert.NotContains(t, string(b), "{", "no state")
			})
		}
	}
}

func TestActAcceptsJSONWithItsCharset(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Config{Level: "easy", Seed: "charset"})
	c := newClient(t, ts.URL, "tab-charset")
	c.open()
	for _, tc := range []struct {
		ct     string
		status int
	}{
		{"application/json; charset=utf-8", http.StatusOK},
		{"application/json;charset=UTF-8", http.StatusOK},
		{"application/json", http.StatusOK},
		{"text/plain", http.StatusUnsupportedMediaType},
		{"application/json; charset=latin1", http.StatusUnsupportedMediaType},
	} {
		t.Run(tc.ct, func(t *testing.T) {
			req, err := http.NewRequest(http.MethodPost, ts.URL+"/api/act", strings.NewReader(`{"kind":"takeover"}`))
			require.NoError(t, err)
			req.Header.Set("Content-Type", tc.ct)
			req.Header.Set("X-Openroom-Tab", c.tab)
			resp, err := c.hc.Do(req)
			require.NoError(t, err)
			resp.Body.Close()
			assert.Equal(t, tc.status, resp.StatusCode)
		})
	}
}

func TestNewBoardsAreRateLimitedPerAddress(t *testing.T) {
	t.Parallel()
	base := servePlay(t, web.Options{Limits: web.Limits{AnalysisBurst: 2, AnalysisEvery: time.Hour}})
	session := func(ip, tab string) *client {
		c := clientFrom(t, ip, base, tab)
		resp, err := c.hc.Get(base + "/")
		require.NoError(t, err)
		resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode)
		return c
	}
	one := session("127.0.0.1", "tab-rate-one")
	one.mustAct("takeover")
	for i := range 2 {
		status, msg := one.act(`{"kind":"next"}`)
		require.Equal(t, http.StatusConflict, status, "request %d: %s", i, msg) // the board is not over
	}
	status, msg := one.act(`{"kind":"next"}`)
	assert.Equal(t, http.StatusTooManyRequests, status, msg)
	status, msg = one.act(`{"kind":"replay"}`)
	assert.Equal(t, http.StatusTooManyRequests, status, msg)

	two := session("127.0.0.2", "tab-rate-two")
	two.mustAct("takeover")
	status, msg = two.act(`{"kind":"next"}`)
	assert.Equal(t, http.StatusConflict, status, "another address has its own rate: %s", msg)
}
