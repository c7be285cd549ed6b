package live

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/openroom/openroom/web"
)

//go:embed assets
var assets embed.FS

// writeWait is how long a stream may take to take its events before it
// is dropped.
const writeWait = 30 * time.Second

// Handler serves the live page, its assets, the event stream (/events),
// the current state (/api/state) and the hand viewer's boards
// (/api/board?match=M&board=N). Every byte it sends comes from the
// State's public views.
type Handler struct {
	state  *State
	viewer *Viewer
	mux    *http.ServeMux
	// MaxClients, when above 0, bounds the event streams open at once;
	// more are refused with 503. web.Serve's caps (in all and per
	// address, web.TakeStream) apply in any case.
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
	files := http.FileServerFS(web.PublicFS(static))
	h.mux.Handle("GET /", files)
	h.mux.Handle("GET "+web.SharedPrefix, web.Shared())
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
	web.SetPageHeaders(hd)
	h.mux.ServeHTTP(w, r)
}

func (h *Handler) snapshot(w http.ResponseWriter, r *http.Request) {
	web.WriteJSON(w, http.StatusOK, h.state.Snapshot())
}

func (h *Handler) board(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	n, err := strconv.Atoi(q.Get("board"))
	if err != nil || n < 1 {
		web.WriteError(w, http.StatusBadRequest, fmt.Sprintf("board: want a board number, got %q", q.Get("board")))
		return
	}
	// Analysis is work for the one solver worker: an address asks for
	// boards at the analysis rate only.
	if !web.AllowAnalysis(w, r) {
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), time.Minute)
	defer cancel()
	d, err := h.viewer.Board(ctx, q.Get("match"), n)
	switch {
	case errors.Is(err, ErrNotPublic):
		web.WriteError(w, http.StatusNotFound, err.Error()+" (yet: it is shown once every room has played it)")
	case errors.Is(err, ErrNotKept):
		web.WriteError(w, http.StatusGone, err.Error())
	case err != nil:
		web.WriteError(w, http.StatusServiceUnavailable, err.Error())
	default:
		web.WriteJSON(w, http.StatusOK, d)
	}
}

// events streams the public events as server-sent events. A client that
// sends Last-Event-ID (as EventSource does when it reconnects) of this
// stream, still within the window, gets the events after it; any other
// gets a snapshot first, as does a client that falls out of the window.
func (h *Handler) events(w http.ResponseWriter, r *http.Request) {
	release, ok := web.TakeStream(w, r)
	if !ok {
		return
	}
	defer release()
	if h.MaxClients > 0 {
		if h.clients.Add(1) > int32(h.MaxClients) {
			h.clients.Add(-1)
			w.Header().Set("Retry-After", "5")
			web.WriteError(w, http.StatusServiceUnavailable, "too many viewers")
			return
		}
		defer h.clients.Add(-1)
	}
	rc := http.NewResponseController(w)
	web.StartEvents(w)

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
	ping := time.NewTicker(web.Heartbeat)
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
			err = web.WriteEvent(w, s.id(cursor), "snapshot", snap)
		}
		for i := 0; err == nil && i < len(buf); i++ {
			err = web.WriteEvent(w, buf[i].ID, buf[i].Name, buf[i].Data)
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
			if web.WriteComment(w, "ping") != nil || rc.Flush() != nil {
				return
			}
		}
	}
}
