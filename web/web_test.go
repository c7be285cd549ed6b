package web

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/openroom/openroom/allowlist"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestGuardAllowsLoopbackAndTheAllowList(t *testing.T) {
	t.Parallel()
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusOK) })
	allow, err := allowlist.Parse([]string{"192.0.2.0/24"})
	require.NoError(t, err)
	for _, tc := range []struct {
		name   string
		allow  *allowlist.List
		remote string
		status int
	}{
		{"loopback v4", nil, "127.0.0.1:5000", http.StatusOK},
		{"loopback v6", nil, "[::1]:5000", http.StatusOK},
		{"stranger", nil, "192.0.2.7:5000", http.StatusForbidden},
		{"allowed", allow, "192.0.2.7:5000", http.StatusOK},
		{"outside the list", allow, "198.51.100.1:5000", http.StatusForbidden},
		{"unreadable address", allow, "somewhere", http.StatusForbidden},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodGet, "/", nil)
			req.RemoteAddr = tc.remote
			w := httptest.NewRecorder()
			Guard(tc.allow, ok).ServeHTTP(w, req)
			assert.Equal(t, tc.status, w.Code)
		})
	}
}

func TestListenKeepsToLoopbackWithoutAnAllowList(t *testing.T) {
	t.Parallel()
	_, err := Listen("0.0.0.0:0", nil)
	assert.Error(t, err)
	ln, err := Listen("127.0.0.1:0", nil)
	require.NoError(t, err)
	ln.Close()
}

func TestSharedServesTheModulesAndNotTheirTests(t *testing.T) {
	t.Parallel()
	mux := http.NewServeMux()
	mux.Handle("GET "+SharedPrefix, Shared())
	for _, tc := range []struct {
		path   string
		status int
		has    string
	}{
		{"/shared/cards.js", http.StatusOK, "export function cardText"},
		{"/shared/dom.js", http.StatusOK, "export function el"},
		{"/shared/replay.js", http.StatusOK, "export function replay"},
		{"/shared/viewer.js", http.StatusOK, "export function"},
		{"/shared/cards.test.js", http.StatusNotFound, ""},
		{"/shared/package.json", http.StatusNotFound, ""},
		{"/shared/nothing.js", http.StatusNotFound, ""},
	} {
		t.Run(tc.path, func(t *testing.T) {
			w := httptest.NewRecorder()
			mux.ServeHTTP(w, httptest.NewRequest(http.MethodGet, tc.path, nil))
			assert.Equal(t, tc.status, w.Code)
			assert.Contains(t, w.Body.String(), tc.has)
			if tc.status == http.StatusOK {
				assert.Equal(t, "no-cache", w.Header().Get("Cache-Control"))
				assert.Contains(t, w.Header().Get("Content-Type"), "javascript")
			}
		})
	}
}

func TestWriteJSONAndWriteError(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		write  func(http.ResponseWriter)
		status int
		body   string
	}{
		{"value", func(w http.ResponseWriter) { WriteJSON(w, http.StatusOK, map[string]any{"ok": true}) }, http.StatusOK, `{"ok":true}`},
		{"error", func(w http.ResponseWriter) { WriteError(w, http.StatusConflict, `not "yours"`) }, http.StatusConflict, `{"error":"not \"yours\""}`},
		{"unencodable", func(w http.ResponseWriter) { WriteJSON(w, http.StatusOK, math.Inf(1)) }, http.StatusInternalServerError, `{"error":"encoding the answer failed"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := httptest.NewRecorder()
			tc.write(w)
			assert.Equal(t, tc.status, w.Code)
			assert.JSONEq(t, tc.body, w.Body.String())
			assert.Equal(t, "application/json", w.Header().Get("Content-Type"))
			assert.Equal(t, "no-store", w.Header().Get("Cache-Control"))
		})
	}
}

func TestWriteEvent(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, id, event, data, want string
	}{
		{"with id", "e-7", "table", `{"a":1}`, "id: e-7\nevent: table\ndata: {\"a\":1}\n\n"},
		{"without id", "", "held", `{}`, "event: held\ndata: {}\n\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			require.NoError(t, WriteEvent(&b, tc.id, tc.event, []byte(tc.data)))
			assert.Equal(t, tc.want, b.String())
		})
	}
	var b bytes.Buffer
	require.NoError(t, WriteComment(&b, "ping"))
	assert.Equal(t, ": ping\n\n", b.String())
	assert.Error(t, WriteEvent(failWriter{}, "1", "x", nil))
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("gone") }

func TestStartEventsSetsTheStreamHeaders(t *testing.T) {
	t.Parallel()
	w := httptest.NewRecorder()
	StartEvents(w)
	assert.Equal(t, http.StatusOK, w.Code)
	assert.Equal(t, "text/event-stream", w.Header().Get("Content-Type"))
	assert.Equal(t, "no-store", w.Header().Get("Cache-Control"))
}

func TestServeGuardsAndEndsWithTheContext(t *testing.T) {
	t.Parallel()
	ln, err := Listen("127.0.0.1:0", nil)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	streaming := make(chan struct{})
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		StartEvents(w)
		_ = WriteComment(w, "open")
		_ = http.NewResponseController(w).Flush()
		close(streaming)
		<-r.Context().Done() // a stream open until the server ends
	})
	go func() { done <- Serve(ctx, ln, Options{}, h) }()
	client := &http.Client{Timeout: 5 * time.Second}
	resp, err := client.Get("http://" + ln.Addr().String() + "/")
	require.NoError(t, err)
	defer resp.Body.Close()
	select {
	case <-streaming:
	case <-time.After(5 * time.Second):
		t.Fatal("the stream did not open")
	}
	cancel()
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(5 * time.Second):
		t.Fatal("Serve did not end with its context")
	}
	_, _ = io.ReadAll(resp.Body) // the stream has ended
}

func TestSetPageHeaders(t *testing.T) {
	t.Parallel()
	hd := http.Header{}
	SetPageHeaders(hd)
	assert.Equal(t, "nosniff", hd.Get("X-Content-Type-Options"))
	assert.Equal(t, "no-referrer", hd.Get("Referrer-Policy"))
}
