package play

import (
	"context"
	"crypto/rand"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"regexp"
	"strconv"
	"sync"
	"time"

	"github.com/openroom/openroom/analysis"
	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot"
	"github.com/openroom/openroom/web"
	"github.com/openroom/openroom/web/play/practice"
)

//go:embed assets
var assetFS embed.FS

// Assets is the page's folder (web/play/assets): its HTML, styles and
// modules, for the page built as static files (package pages).
func Assets() fs.FS {
	sub, err := fs.Sub(assetFS, "assets")
	if err != nil {
		panic(err) // the embedded folder is part of the binary
	}
	return sub
}

// Mode is how boards follow one another and are scored (practice.Mode).
type Mode = practice.Mode

// The modes (practice's).
const (
	Duplicate = practice.Duplicate
	Rubber    = practice.Rubber
	Chicago   = practice.Chicago
)

// ParseMode reads a mode name.
func ParseMode(s string) (Mode, error) { return practice.ParseMode(s) }

// Config is what a play server deals and who sits at the table.
type Config struct {
	Seat  engine.Seat // the person's seat
	Level string      // refbot's level at the other three seats
	// Systems are the bidding systems the bots bid with, by seat; nil
	// is refbot's default. A call is explained by its bidder's system.
	Systems [engine.NumSeats]*refbot.System
	// WatchPartner leaves the partner's contracts to the partner's bot
	// (practice.Config.WatchPartner); by default the person plays them.
	WatchPartner bool
	Mode         Mode // "" means Duplicate

	// Seed deals the boards (engine.SeededBoards), numbered from
	// FirstBoard (0 means 1). An empty seed is drawn at random.
	Seed       string
	FirstBoard int
	// Deal, when set, is the first board to play (a given deal played
	// again); the boards after it are dealt from Seed, numbered on. In a
	// rubber mode only its cards count: the rubber decides the dealer and
	// vulnerability.
	Deal *engine.BoardSetup

	// MaxSessions bounds the tables played at once (each person gets one;
	// 0 means 4). A new person beyond it takes the place of the longest
	// idle one that has no page open, or is refused.
	MaxSessions int

	// Analyse judges a finished board for the page after it; nil means
	// analysis.Analyse on the server's own solver (one, 90 MB, made on
	// first use, boards queued for it).
	Analyse func(*engine.Board) (*analysis.Board, error)

	// Logf receives the server's notes; nil discards them.
	Logf func(format string, args ...any)
}

// Server serves the play page and its API. Each person (a browser with
// the session cookie) gets their own table.
type Server struct {
	cfg Config
	mux *http.ServeMux

	solverMu sync.Mutex
	solver   *dds.Solver // made on first use: 90 MB

	mu       sync.Mutex
	sessions map[string]*session
	closed   bool
	ctx      context.Context
	cancel   context.CancelFunc
}

// NewServer checks the configuration and returns a server; Close ends its
// tables.
func NewServer(cfg Config) (*Server, error) {
	if cfg.Mode == "" {
		cfg.Mode = Duplicate
	}
	if _, err := practice.ParseMode(string(cfg.Mode)); err != nil {
		return nil, fmt.Errorf("play: %w", err)
	}
	if cfg.Seat > engine.West {
		return nil, fmt.Errorf("play: seat %d: %w", cfg.Seat, engine.ErrInvalidSeat)
	}
	if _, err := refbot.ParseLevel(cfg.Level); err != nil {
		return nil, fmt.Errorf("play: level: %w", err)
	}
	if cfg.FirstBoard == 0 {
		cfg.FirstBoard = 1
	}
	if cfg.FirstBoard < 0 {
		return nil, fmt.Errorf("play: board number %d: must be 1 or more", cfg.FirstBoard)
	}
	if cfg.Deal != nil {
		if err := cfg.Deal.Validate(); err != nil {
			return nil, fmt.Errorf("play: deal: %w", err)
		}
	}
	if cfg.Seed == "" {
		cfg.Seed = randomHex(16)
	}
	if cfg.MaxSessions <= 0 {
		cfg.MaxSessions = 4
	}
	s := &Server{cfg: cfg, sessions: map[string]*session{}}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	sub, err := fs.Sub(assetFS, "assets")
	if err != nil {
		return nil, fmt.Errorf("play: assets: %w", err)
	}
	s.mux = http.NewServeMux()
	s.mux.Handle("GET /assets/", http.StripPrefix("/assets/", web.NoCache(http.FileServerFS(web.PublicFS(sub)))))
	s.mux.Handle("GET "+web.SharedPrefix, web.Shared())
	s.mux.HandleFunc("GET /{$}", s.handlePage)
	s.mux.HandleFunc("GET /api/stream", s.handleStream)
	s.mux.HandleFunc("POST /api/act", s.handleAct)
	return s, nil
}

// Config returns the configuration in use (the seed drawn, if none was
// given).
func (s *Server) Config() Config { return s.cfg }

// ServeHTTP serves the page, its assets and its API.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	web.SetPageHeaders(w.Header())
	s.mux.ServeHTTP(w, r)
}

// Close ends every table and the streams; the server answers nothing more.
func (s *Server) Close() {
	s.mu.Lock()
	s.closed = true
	ss := make([]*session, 0, len(s.sessions))
	for _, se := range s.sessions {
		ss = append(ss, se)
	}
	s.sessions = map[string]*session{}
	s.mu.Unlock()
	s.cancel()
	for _, se := range ss {
		se.stop()
	}
}

func (s *Server) logf(format string, args ...any) {
	if s.cfg.Logf != nil {
		s.cfg.Logf(format, args...)
	}
}

// analyse runs the after-board analysis on the server's one solver.
func (s *Server) analyse(b *engine.Board) (*analysis.Board, error) {
	if s.cfg.Analyse != nil {
		return s.cfg.Analyse(b)
	}
	s.solverMu.Lock()
	defer s.solverMu.Unlock()
	if s.solver == nil {
		s.solver = dds.NewSolver()
	}
	return analysis.Analyse(s.solver, b)
}

const cookieName = "openroom_play"

var (
	idPattern  = regexp.MustCompile(`^[0-9a-f]{32}$`)
	tabPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{8,64}$`)
)

// session returns the request's session, making one (and setting the
// cookie) when it has none or an unknown one.
func (s *Server) session(w http.ResponseWriter, r *http.Request) (*session, error) {
	if c, err := r.Cookie(cookieName); err == nil && idPattern.MatchString(c.Value) {
		s.mu.Lock()
		se := s.sessions[c.Value]
		s.mu.Unlock()
		if se != nil {
			return se, nil
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, errors.New("the server is shutting down")
	}
	if len(s.sessions) >= s.cfg.MaxSessions && !s.evictLocked() {
		return nil, fmt.Errorf("all %d tables are in use; try again later", s.cfg.MaxSessions)
	}
	id := randomHex(16)
	se, err := newSession(s, id)
	if err != nil {
		return nil, err
	}
	s.sessions[id] = se
	se.start(s.ctx)
	http.SetCookie(w, &http.Cookie{Name: cookieName, Value: id, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode})
	return se, nil
}

// evictLocked ends the longest idle session with no page open.
func (s *Server) evictLocked() bool {
	var old *session
	var oldSeen time.Time
	for _, se := range s.sessions {
		se.mu.Lock()
		idle, seen := se.conn == nil, se.lastSeen
		se.mu.Unlock()
		if idle && (old == nil || seen.Before(oldSeen)) {
			old, oldSeen = se, seen
		}
	}
	if old == nil {
		return false
	}
	delete(s.sessions, old.id)
	go old.stop()
	return true
}

func (s *Server) handlePage(w http.ResponseWriter, r *http.Request) {
	if _, err := s.session(w, r); err != nil {
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
		return
	}
	page, err := assetFS.ReadFile("assets/index.html")
	if err != nil {
		http.Error(w, "the page is missing from the binary", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'")
	_, _ = w.Write(page)
}

// handleStream is the page's event stream: the current state at once, then
// every change. Only the tab that holds the seat is sent the state; another
// gets a "held" event and may take the seat over.
func (s *Server) handleStream(w http.ResponseWriter, r *http.Request) {
	tab := r.URL.Query().Get("tab")
	if !tabPattern.MatchString(tab) {
		web.WriteError(w, http.StatusBadRequest, "the stream needs ?tab= and an id of 8 to 64 letters, digits, - or _")
		return
	}
	release, ok := web.TakeStream(w, r)
	if !ok {
		return
	}
	defer release()
	se, err := s.session(w, r)
	if err != nil {
		web.WriteError(w, http.StatusServiceUnavailable, err.Error())
		return
	}
	fl, ok := w.(http.Flusher)
	if !ok {
		web.WriteError(w, http.StatusInternalServerError, "streaming is not supported by this connection")
		return
	}
	web.StartEvents(w)
	c, held := se.attach(tab)
	if held {
		_ = web.WriteEvent(w, "", "held", []byte(`{"message":"this seat is being played in another tab"}`))
		fl.Flush()
		return
	}
	defer se.detach(c)
	sent := 0
	heartbeat := time.NewTicker(web.Heartbeat)
	defer heartbeat.Stop()
	for {
		version, msg, changed := se.table.Watch()
		if version > sent && msg != nil {
			_ = web.WriteEvent(w, strconv.Itoa(version), "state", msg)
			fl.Flush()
			sent = version
		}
		select {
		case <-changed:
		case notice := <-c.taken:
			data, _ := json.Marshal(map[string]string{"message": notice}) // a map of strings always encodes
			_ = web.WriteEvent(w, "", "taken", data)
			fl.Flush()
			return
		case <-heartbeat.C:
			_ = web.WriteComment(w, "still here")
			fl.Flush()
		case <-r.Context().Done():
			return
		case <-s.ctx.Done():
			return
		}
	}
}

// attach makes tab's stream the seat's when the tab holds it, nobody does,
// or the holder's page is gone; held is true when another tab's page holds
// it.
func (se *session) attach(tab string) (c *conn, held bool) {
	se.mu.Lock()
	defer se.mu.Unlock()
	se.lastSeen = time.Now()
	if se.holder != "" && se.holder != tab && se.conn != nil {
		return nil, true
	}
	if se.conn != nil {
		// The same tab again (a reload whose old stream has not closed yet).
		se.conn.taken <- "this tab opened the seat again"
	}
	se.holder = tab
	se.conn = &conn{tab: tab, taken: make(chan string, 1)}
	return se.conn, false
}

func (se *session) detach(c *conn) {
	se.mu.Lock()
	defer se.mu.Unlock()
	se.lastSeen = time.Now()
	if se.conn == c {
		se.conn = nil
	}
}

// takeOver gives the seat to tab and tells the old holder's page.
func (se *session) takeOver(tab string) {
	se.mu.Lock()
	defer se.mu.Unlock()
	if se.holder == tab {
		return
	}
	if se.conn != nil {
		se.conn.taken <- "another tab took over this seat"
		se.conn = nil
	}
	se.holder = tab
}

// maxRequest bounds a request body: the longest legal one is a call with a
// 200-character alert.
const maxRequest = 2048

// handleAct takes one intent of the person. It is judged against the
// person's turn and refused, changing nothing, unless it is legal, in
// turn and from the tab that holds the seat.
func (s *Server) handleAct(w http.ResponseWriter, r *http.Request) {
	if !web.IsJSON(r.Header.Get("Content-Type")) {
		web.WriteError(w, http.StatusUnsupportedMediaType, "send the request as Content-Type: application/json")
		return
	}
	if o := r.Header.Get("Origin"); o != "" && o != "http://"+r.Host && o != "https://"+r.Host {
		web.WriteError(w, http.StatusForbidden, fmt.Sprintf("a request from %q is not this page's", o))
		return
	}
	tab := r.Header.Get("X-Openroom-Tab")
	if !tabPattern.MatchString(tab) {
		web.WriteError(w, http.StatusBadRequest, "missing or malformed X-Openroom-Tab header")
		return
	}
	c, err := r.Cookie(cookieName)
	var se *session
	if err == nil {
		s.mu.Lock()
		se = s.sessions[c.Value]
		s.mu.Unlock()
	}
	if se == nil {
		web.WriteError(w, http.StatusForbidden, "no table for this browser: reload the page")
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxRequest+1))
	if err != nil {
		web.WriteError(w, http.StatusBadRequest, "reading the request: "+err.Error())
		return
	}
	if len(body) > maxRequest {
		web.WriteError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the request is over %d bytes", maxRequest))
		return
	}
	req, err := practice.ParseRequest(body)
	if err != nil {
		web.WriteError(w, http.StatusBadRequest, err.Error())
		return
	}
	// A board ends in its double-dummy analysis, work for the server's
	// one solver: an address starts boards at the analysis rate only.
	if (req.Kind == "next" || req.Kind == "replay" || req.Kind == "load") && !web.AllowAnalysis(w, r) {
		return
	}
	if req.Kind == "takeover" {
		se.takeOver(tab)
		web.WriteJSON(w, http.StatusOK, map[string]any{"ok": true})
		return
	}
	status, err := se.act(tab, req)
	if err != nil {
		web.WriteError(w, status, err.Error())
		return
	}
	web.WriteJSON(w, http.StatusOK, map[string]any{"ok": true})
}

// act judges a request against the person's turn and hands it on when it
// is legal and from the tab that holds the seat. It returns the HTTP status
// of a refusal.
func (se *session) act(tab string, req practice.Request) (int, error) {
	se.mu.Lock()
	se.lastSeen = time.Now()
	holder := se.holder
	se.mu.Unlock()
	if holder != tab {
		return http.StatusConflict, errors.New("this seat is being played in another tab: take it over first")
	}
	if err := se.table.Act(req); err != nil {
		var r *practice.Refusal
		if errors.As(err, &r) && r.Malformed {
			return http.StatusBadRequest, err
		}
		return http.StatusConflict, err
	}
	return http.StatusOK, nil
}

// randomHex returns n random bytes in hex.
func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	return hex.EncodeToString(b)
}
