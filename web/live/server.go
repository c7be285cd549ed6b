package live

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"net/netip"
	"path"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/openroom/openroom/protocol"
)

//go:embed assets
var assets embed.FS

// Server limits and timings.
const (
	DefaultMaxClients = 64               // event streams at once
	heartbeat         = 15 * time.Second // a comment line keeps idle proxies from closing the stream
	writeWait         = 30 * time.Second // a stream that cannot take its events within this is dropped
)

// Handler serves the live page, its assets, the event stream (/events),
// the current state (/api/state) and the hand viewer's boards
// (/api/board?match=M&board=N). Every byte it sends comes from the
// State's public views.
type Handler struct {
	state  *State
	viewer *Viewer
	mux    *http.ServeMux
	// MaxClients bounds the event streams open at once (DefaultMaxClients
	// if 0); more are refused with 503.
	MaxClients int
	clients    atomic.Int32
}

// NewHandler makes the handler of a State and its Viewer.
func NewHandler(s *State, v *Viewer) *Handler {
	h := &Handler{state: s, viewer: v, mux: http.NewServeMux()}
	static, err := fs.Sub(assets, "assets")
	if err != nil {
		panic(err) // the embedded folder is part of the binary
	}
	files := http.FileServerFS(publicFS{static})
	h.mux.Handle("GET /", files)
	h.mux.HandleFunc("GET /events", h.events)
	h.mux.HandleFunc("GET /api/state", h.snapshot)
	h.mux.HandleFunc("GET /api/board", h.board)
	return h
}

// ServeHTTP serves a request, with headers that keep the page to its own
// origin.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hd := w.Header()
	hd.Set("Content-Security-Policy", "default-src 'self'; frame-ancestors 'none'")
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Referrer-Policy", "no-referrer")
	h.mux.ServeHTTP(w, r)
}

func (h *Handler) snapshot(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, h.state.Snapshot())
}

func (h *Handler) board(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	n, err := strconv.Atoi(q.Get("board"))
	if err != nil || n < 1 {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": fmt.Sprintf("board: want a board number, got %q", q.Get("board"))})
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), time.Minute)
	defer cancel()
	d, err := h.viewer.Board(ctx, q.Get("match"), n)
	switch {
	case errors.Is(err, ErrNotPublic):
		writeJSON(w, http.StatusNotFound, map[string]string{"error": err.Error() + " (yet: it is shown once every room has played it)"})
	case errors.Is(err, ErrNotKept):
		writeJSON(w, http.StatusGone, map[string]string{"error": err.Error()})
	case err != nil:
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"error": err.Error()})
	default:
		writeJSON(w, http.StatusOK, d)
	}
}

// publicFS is the embedded assets without what only the tests and node
// need (the JavaScript unit tests, package.json).
type publicFS struct{ fs.FS }

// Open opens a served asset.
func (p publicFS) Open(name string) (fs.File, error) {
	if strings.HasSuffix(name, ".test.js") || path.Base(name) == "package.json" {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return p.FS.Open(name)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// events streams the public events as server-sent events. A client that
// sends Last-Event-ID (as EventSource does when it reconnects) of this
// stream, still within the window, gets the events after it; any other
// gets a snapshot first, as does a client that falls out of the window.
func (h *Handler) events(w http.ResponseWriter, r *http.Request) {
	limit := h.MaxClients
	if limit <= 0 {
		limit = DefaultMaxClients
	}
	if h.clients.Add(1) > int32(limit) {
		h.clients.Add(-1)
		http.Error(w, "too many viewers", http.StatusServiceUnavailable)
		return
	}
	defer h.clients.Add(-1)
	rc := http.NewResponseController(w)
	hd := w.Header()
	hd.Set("Content-Type", "text/event-stream")
	hd.Set("Cache-Control", "no-store")
	hd.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)

	s := h.state
	last := r.Header.Get("Last-Event-ID")
	if last == "" {
		last = r.URL.Query().Get("last")
	}
	cursor, resume := s.parseID(last)
	// A dropped stream is opened again after a second (the browser's
	// default is longer).
	if _, err := w.Write([]byte("retry: 1000\n\n")); err != nil {
		return
	}
	var buf []streamEvent
	ping := time.NewTicker(heartbeat)
	defer ping.Stop()
	for {
		s.mu.Lock()
		var ok bool
		if resume {
			buf, ok = s.since(cursor, buf[:0])
		}
		var snap []byte
		if !ok {
			sn := s.snapshotLocked()
			s.stats.Snapshots++
			cursor = s.seq
			snap, _ = json.Marshal(sn)
		} else if len(buf) > 0 {
			cursor = buf[len(buf)-1].Seq
		}
		wake := s.wake
		s.mu.Unlock()
		resume = true

		_ = rc.SetWriteDeadline(time.Now().Add(writeWait))
		var err error
		if snap != nil {
			err = writeEvent(w, s.id(cursor), "snapshot", snap)
		}
		for i := 0; err == nil && i < len(buf); i++ {
			err = writeEvent(w, buf[i].ID, buf[i].Name, buf[i].Data)
		}
		if err == nil {
			err = rc.Flush()
		}
		if err != nil {
			return
		}
		if snap == nil && len(buf) > 0 {
			continue // more may have come while writing
		}
		select {
		case <-r.Context().Done():
			return
		case <-wake:
		case <-ping.C:
			_ = rc.SetWriteDeadline(time.Now().Add(writeWait))
			if _, err := w.Write([]byte(": ping\n\n")); err != nil || rc.Flush() != nil {
				return
			}
		}
	}
}

// writeEvent writes one server-sent event; data is one line of JSON.
func writeEvent(w http.ResponseWriter, id, name string, data []byte) error {
	if _, err := fmt.Fprintf(w, "id: %s\nevent: %s\ndata: ", id, name); err != nil {
		return err
	}
	if _, err := w.Write(data); err != nil {
		return err
	}
	_, err := w.Write([]byte("\n\n"))
	return err
}

// Listen opens the live page's listener: loopback, and beyond it only
// with an allow list (the rule of protocol.CheckListen, as for the
// table's own listener).
func Listen(addr string, allow *protocol.AllowList) (net.Listener, error) {
	if err := protocol.CheckListen(addr, allow); err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("web: %w", err)
	}
	return ln, nil
}

// Serve serves h on ln until ctx ends, refusing addresses the allow list
// does not allow (loopback always may). Open event streams are closed at
// the end.
func Serve(ctx context.Context, ln net.Listener, allow *protocol.AllowList, h http.Handler) error {
	srv := &http.Server{
		Handler:           Guard(allow, h),
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       time.Minute,
		MaxHeaderBytes:    16 << 10,
		BaseContext:       func(net.Listener) context.Context { return ctx },
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("web: %w", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		_ = srv.Close()
	}
	return nil
}

// Guard refuses requests from addresses the allow list does not allow
// (loopback always may), with 403.
func Guard(allow *protocol.AllowList, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ap, err := netip.ParseAddrPort(r.RemoteAddr)
		if err != nil || !allow.Allows(net.TCPAddrFromAddrPort(ap)) {
			http.Error(w, "not allowed", http.StatusForbidden)
			return
		}
		h.ServeHTTP(w, r)
	})
}
