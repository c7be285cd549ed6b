// Package web is what the browser pages (web/play, web/live) share: the
// JavaScript modules both pages import (embedded once, served under
// SharedPrefix), the allow-list guard and loopback-or-allow listener of
// their servers, the check that a request names the page (Hosts: DNS
// rebinding is answered 421), the caps that keep clients from exhausting
// the process (Limits), the writing of JSON answers and server-sent
// events, and
// a play as both hand viewers replay it (Played: every card with its seat,
// every trick with its winner, as the engine decided them, so that no rule
// of bridge runs in the browser). It holds no game state: each page's
// server decides what reaches the browser.
package web

import (
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"net/netip"
	"path"
	"strings"
	"time"

	"github.com/openroom/openroom/allowlist"
)

// SharedPrefix is the path both servers serve the shared modules under.
// The pages import them by relative paths ("../../shared/cards.js") that
// name the same file on disk (web/shared/, for node's tests) and, from a
// page served at the root, this path (URL resolution stops at the root).
const SharedPrefix = "/shared/"

//go:embed shared
var shared embed.FS

// SharedFS is the shared modules' folder (web/shared), for a page built
// as static files (package pages).
func SharedFS() fs.FS {
	sub, err := fs.Sub(shared, "shared")
	if err != nil {
		panic(err) // the embedded folder is part of the binary
	}
	return sub
}

// Shared serves the shared modules; mount it at SharedPrefix. The files
// only node needs (the unit tests, package.json) are not served, and the
// browser revalidates every file so that it never runs the modules of an
// older binary.
func Shared() http.Handler {
	return http.StripPrefix(SharedPrefix, NoCache(http.FileServerFS(PublicFS(SharedFS()))))
}

// PublicFS is fsys without what only the tests and node need: files named
// *.test.js and package.json do not exist in it.
func PublicFS(fsys fs.FS) fs.FS { return publicFS{fsys} }

type publicFS struct{ fs.FS }

// Open opens a served file.
func (p publicFS) Open(name string) (fs.File, error) {
	if strings.HasSuffix(name, ".test.js") || path.Base(name) == "package.json" {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return p.FS.Open(name)
}

// NoCache makes the browser revalidate what h serves (Cache-Control:
// no-cache), so that a page never mixes assets of two binaries.
func NoCache(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		h.ServeHTTP(w, r)
	})
}

// SetPageHeaders sets what every answer of a page carries: the browser
// must not guess content types, and links out send no referrer (the
// page's address may name a table).
func SetPageHeaders(hd http.Header) {
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Referrer-Policy", "no-referrer")
}

// Guard refuses requests from addresses the allow list does not allow
// (loopback always may), with 403, as the table manager refuses seats.
func Guard(allow *allowlist.List, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ap, err := netip.ParseAddrPort(r.RemoteAddr)
		if err != nil || !allow.Allows(net.TCPAddrFromAddrPort(ap)) {
			http.Error(w, "not allowed", http.StatusForbidden)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// Listen opens a page's listener: loopback, and beyond it only with an
// allow list (the rule of allowlist.CheckListen, as for the table's own
// listener).
func Listen(addr string, allow *allowlist.List) (net.Listener, error) {
	if err := allowlist.CheckListen(addr, allow); err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("web: %w", err)
	}
	return ln, nil
}

// Options is how Serve serves a page.
type Options struct {
	// Allow names the client addresses beyond loopback that may connect
	// (Guard).
	Allow *allowlist.List
	// Hosts names the names beyond loopback the page answers to
	// (CheckHost).
	Hosts *Hosts
	// Limits bounds what clients may take; the zero value is the
	// defaults.
	Limits Limits
}

// protect is what Serve puts in front of a page: Guard, CheckHost, then
// Limits' request caps for TakeStream and AllowAnalysis and the body's
// deadline (g). The connection caps and the descriptor reserve are the
// listener's.
func protect(opt Options, g *guard, h http.Handler) http.Handler {
	return Guard(opt.Allow, CheckHost(opt.Hosts, g.limited(h)))
}

// Serve serves h on ln until ctx ends, behind protect and within the
// connection caps and descriptor reserve of opt.Limits. Requests see ctx
// as their context's parent, so open event streams end with it; the
// server then shuts down (a second at most). An error is returned only
// when the server fails before ctx ends.
func Serve(ctx context.Context, ln net.Listener, opt Options, h http.Handler) error {
	g := newGuard(opt.Limits)
	srv := &http.Server{
		Handler: protect(opt, g, h),
		// No ReadTimeout: it would end event streams. The body has its
		// own deadline (Limits.BodyTimeout).
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       time.Minute,
		MaxHeaderBytes:    16 << 10,
		BaseContext:       func(net.Listener) context.Context { return ctx },
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(g.listener(ln)) }()
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

// IsJSON says whether a request's Content-Type is JSON: application/json,
// with no parameter but charset=utf-8 (JSON is UTF-8).
func IsJSON(contentType string) bool {
	mt, params, err := mime.ParseMediaType(contentType)
	if err != nil || mt != "application/json" {
		return false
	}
	for k, v := range params {
		if k != "charset" || !strings.EqualFold(v, "utf-8") {
			return false
		}
	}
	return true
}

// WriteJSON answers with v as JSON, never cached. A value that cannot be
// encoded (a bug) is answered with 500 and an error object instead.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status, b = http.StatusInternalServerError, []byte(`{"error":"encoding the answer failed"}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(append(b, '\n'))
}

// WriteError answers with {"error": msg}, the one shape of a refusal both
// pages read.
func WriteError(w http.ResponseWriter, status int, msg string) {
	WriteJSON(w, status, map[string]string{"error": msg})
}

// StartEvents sets the headers of a server-sent event stream and sends
// them (status 200); the caller then writes events and flushes.
func StartEvents(w http.ResponseWriter) {
	hd := w.Header()
	hd.Set("Content-Type", "text/event-stream")
	hd.Set("Cache-Control", "no-store")
	// A proxy that buffers (nginx) would hold the events back.
	hd.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
}

// WriteEvent writes one server-sent event: its id (none when id is
// empty), its name and data, which must be one line (JSON is).
func WriteEvent(w io.Writer, id, name string, data []byte) error {
	var err error
	if id != "" {
		_, err = fmt.Fprintf(w, "id: %s\nevent: %s\ndata: ", id, name)
	} else {
		_, err = fmt.Fprintf(w, "event: %s\ndata: ", name)
	}
	if err != nil {
		return err
	}
	if _, err := w.Write(data); err != nil {
		return err
	}
	_, err = io.WriteString(w, "\n\n")
	return err
}

// Heartbeat is how often an idle event stream sends a comment, so that
// proxies and browsers do not close it as dead.
const Heartbeat = 15 * time.Second

// WriteComment writes a comment line of an event stream: the heartbeat
// that keeps idle proxies from closing it. The browser ignores it.
func WriteComment(w io.Writer, text string) error {
	_, err := fmt.Fprintf(w, ": %s\n\n", text)
	return err
}
