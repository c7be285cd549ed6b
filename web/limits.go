package web

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"sync"
	"time"
)

// The defaults of Limits. A page is watched by a few people on a network
// one trusts; the caps are far above what they open and far below what
// would hurt the process (each connection is a file descriptor that the
// event's tables share).
const (
	DefaultMaxConns          = 256
	DefaultMaxConnsPerAddr   = 32
	DefaultMaxStreams        = 128
	DefaultMaxStreamsPerAddr = 16
	DefaultBodyTimeout       = 10 * time.Second
	DefaultMaxBody           = 64 << 10
	DefaultAnalysisBurst     = 10
	DefaultAnalysisEvery     = 3 * time.Second
	// MinFDReserve is the least descriptor reserve (see Limits.FDReserve).
	MinFDReserve = 64
)

// retryAfter is what a refused client is told to wait, in seconds.
const retryAfter = "5"

// Limits bounds what the clients of a page may take from the process. A
// zero field means its default; a negative one, no limit. Addresses are
// counted by IP (an IPv6 client by its /64, which one host usually owns
// whole).
type Limits struct {
	// MaxConns and MaxConnsPerAddr bound the open connections, in all and
	// from one address. A connection beyond either is answered 503 (all)
	// or 429 (one address), with Retry-After, and closed.
	MaxConns, MaxConnsPerAddr int
	// MaxStreams and MaxStreamsPerAddr bound the open event streams
	// (TakeStream), in all and from one address: one address can never
	// take every stream.
	MaxStreams, MaxStreamsPerAddr int
	// BodyTimeout bounds the reading of a request's body, MaxBody its
	// size: a body that trickles in is cut off (408), a larger one
	// refused (413). The headers are bounded by the server's own
	// ReadHeaderTimeout.
	BodyTimeout time.Duration
	MaxBody     int64
	// AnalysisBurst and AnalysisEvery are one address's token bucket of
	// analysis requests (AllowAnalysis): that many at once, then one more
	// every AnalysisEvery. Beyond it the request is answered 429.
	AnalysisBurst int
	AnalysisEvery time.Duration
	// FDReserve is how many file descriptors the page leaves to the rest
	// of the process: no connection is accepted while fewer than it stay
	// free under RLIMIT_NOFILE (they wait in the kernel's queue). 0 means
	// a quarter of the limit, at least MinFDReserve.
	FDReserve int
	// Descriptors returns the process's open descriptors and their limit;
	// nil means the process's own (/proc/self/fd and RLIMIT_NOFILE, on
	// Linux; elsewhere there is no reserve). An error means no reserve.
	Descriptors func() (open, limit int, err error)
}

func (l Limits) withDefaults() Limits {
	def := func(v *int, d int) {
		if *v == 0 {
			*v = d
		}
	}
	def(&l.MaxConns, DefaultMaxConns)
	def(&l.MaxConnsPerAddr, DefaultMaxConnsPerAddr)
	def(&l.MaxStreams, DefaultMaxStreams)
	def(&l.MaxStreamsPerAddr, DefaultMaxStreamsPerAddr)
	def(&l.AnalysisBurst, DefaultAnalysisBurst)
	if l.BodyTimeout == 0 {
		l.BodyTimeout = DefaultBodyTimeout
	}
	if l.MaxBody == 0 {
		l.MaxBody = DefaultMaxBody
	}
	if l.AnalysisEvery == 0 {
		l.AnalysisEvery = DefaultAnalysisEvery
	}
	if l.Descriptors == nil {
		l.Descriptors = processDescriptors
	}
	return l
}

// guard is one server's count of what its clients hold.
type guard struct {
	lim Limits
	now func() time.Time

	mu       sync.Mutex
	conns    map[string]int
	nconns   int
	streams  map[string]int
	nstreams int
	buckets  map[string]*bucket
}

type bucket struct {
	tokens float64
	at     time.Time
}

func newGuard(l Limits) *guard {
	return &guard{lim: l.withDefaults(), now: time.Now, conns: map[string]int{}, streams: map[string]int{}, buckets: map[string]*bucket{}}
}

// addrKey is the address a client is counted by: its IP, or its /64 for
// IPv6.
func addrKey(remote string) string {
	ap, err := netip.ParseAddrPort(remote)
	if err != nil {
		return remote
	}
	a := ap.Addr().Unmap().WithZone("")
	if a.Is6() {
		p, _ := a.Prefix(64)
		return p.String()
	}
	return a.String()
}

// take counts one more of a kind for key, unless it would pass a cap; it
// returns the refusal's status (0 when taken).
func (g *guard) take(m map[string]int, n *int, key string, max, maxPerAddr int) int {
	g.mu.Lock()
	defer g.mu.Unlock()
	if maxPerAddr >= 0 && m[key] >= maxPerAddr {
		return http.StatusTooManyRequests
	}
	if max >= 0 && *n >= max {
		return http.StatusServiceUnavailable
	}
	m[key]++
	*n++
	return 0
}

func (g *guard) give(m map[string]int, n *int, key string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if m[key]--; m[key] <= 0 {
		delete(m, key)
	}
	*n--
}

// allow takes a token from key's analysis bucket; wait is how long until
// the next one when there is none.
func (g *guard) allow(key string) (ok bool, wait time.Duration) {
	if g.lim.AnalysisBurst < 0 || g.lim.AnalysisEvery < 0 {
		return true, 0
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	now, burst, every := g.now(), float64(g.lim.AnalysisBurst), g.lim.AnalysisEvery
	refill := func(b *bucket) {
		b.tokens = math.Min(burst, b.tokens+float64(now.Sub(b.at))/float64(every))
		b.at = now
	}
	if len(g.buckets) >= 4096 {
		// Forget the full buckets: they are as a new address's.
		for k, b := range g.buckets {
			if refill(b); b.tokens >= burst {
				delete(g.buckets, k)
			}
		}
	}
	b := g.buckets[key]
	if b == nil {
		b = &bucket{tokens: burst, at: now}
		g.buckets[key] = b
	}
	refill(b)
	if b.tokens < 1 {
		return false, time.Duration((1 - b.tokens) * float64(every))
	}
	b.tokens--
	return true, 0
}

type guardKey struct{}

// limited serves h with g in the request's context (for TakeStream and
// AllowAnalysis) and the body read within g's bounds.
func (g *guard) limited(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r = r.WithContext(context.WithValue(r.Context(), guardKey{}, g))
		if r.Body != nil && r.Body != http.NoBody && r.ContentLength != 0 {
			body, status := g.readBody(w, r)
			if status != 0 {
				refuse(w, status, http.StatusText(status))
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
		}
		h.ServeHTTP(w, r)
	})
}

// readBody reads a request's whole body within the deadline and size
// bound, so that no handler waits on a client that trickles it in.
func (g *guard) readBody(w http.ResponseWriter, r *http.Request) ([]byte, int) {
	rc := http.NewResponseController(w)
	if g.lim.BodyTimeout > 0 {
		_ = rc.SetReadDeadline(time.Now().Add(g.lim.BodyTimeout))
		defer func() { _ = rc.SetReadDeadline(time.Time{}) }()
	}
	rd := io.Reader(r.Body)
	if g.lim.MaxBody >= 0 {
		rd = io.LimitReader(r.Body, g.lim.MaxBody+1)
	}
	body, err := io.ReadAll(rd)
	var ne net.Error
	switch {
	case errors.As(err, &ne) && ne.Timeout():
		return nil, http.StatusRequestTimeout
	case err != nil:
		return nil, http.StatusBadRequest
	case g.lim.MaxBody >= 0 && int64(len(body)) > g.lim.MaxBody:
		return nil, http.StatusRequestEntityTooLarge
	}
	return body, 0
}

func guardOf(r *http.Request) *guard {
	g, _ := r.Context().Value(guardKey{}).(*guard)
	return g
}

// TakeStream takes one of the page's event streams for the request's
// address. When the address, or the page, has all it may, it answers the
// request (429 or 503, with Retry-After) and ok is false; otherwise the
// caller serves the stream and then calls release. A request not served
// by Serve is not counted.
func TakeStream(w http.ResponseWriter, r *http.Request) (release func(), ok bool) {
	g := guardOf(r)
	if g == nil {
		return func() {}, true
	}
	key := addrKey(r.RemoteAddr)
	if status := g.take(g.streams, &g.nstreams, key, g.lim.MaxStreams, g.lim.MaxStreamsPerAddr); status != 0 {
		w.Header().Set("Retry-After", retryAfter)
		msg := "too many event streams from your address"
		if status == http.StatusServiceUnavailable {
			msg = "too many viewers"
		}
		WriteError(w, status, msg)
		return nil, false
	}
	var once sync.Once
	return func() { once.Do(func() { g.give(g.streams, &g.nstreams, key) }) }, true
}

// AllowAnalysis takes one analysis request (work for the process's
// double-dummy solver) from the request's address's token bucket. Over
// the rate it answers 429 with Retry-After and returns false. A request
// not served by Serve is not counted.
func AllowAnalysis(w http.ResponseWriter, r *http.Request) bool {
	g := guardOf(r)
	if g == nil {
		return true
	}
	ok, wait := g.allow(addrKey(r.RemoteAddr))
	if !ok {
		w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(wait.Seconds()))))
		WriteError(w, http.StatusTooManyRequests, "too many analysis requests from your address: wait a little")
	}
	return ok
}

// limitListener is a page's listener under the connection caps and the
// descriptor reserve.
type limitListener struct {
	net.Listener
	g       *guard
	done    chan struct{}
	once    sync.Once
	refuses chan struct{} // a token per refusal being written
}

func (g *guard) listener(ln net.Listener) *limitListener {
	return &limitListener{Listener: ln, g: g, done: make(chan struct{}), refuses: make(chan struct{}, 16)}
}

// Accept returns the next connection within the caps. While the
// descriptor reserve is reached it accepts nothing: the connections wait
// in the kernel's queue, which costs the process no descriptor.
func (l *limitListener) Accept() (net.Conn, error) {
	for {
		if err := l.waitDescriptors(); err != nil {
			return nil, err
		}
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		key := addrKey(c.RemoteAddr().String())
		if status := l.g.take(l.g.conns, &l.g.nconns, key, l.g.lim.MaxConns, l.g.lim.MaxConnsPerAddr); status != 0 {
			l.refuse(c, status)
			continue
		}
		return &limitConn{Conn: c, g: l.g, key: key}, nil
	}
}

// Close closes the listener and ends a wait for descriptors.
func (l *limitListener) Close() error {
	l.once.Do(func() { close(l.done) })
	return l.Listener.Close()
}

// waitDescriptors waits until a connection leaves the reserve free.
func (l *limitListener) waitDescriptors() error {
	if l.g.lim.FDReserve < 0 {
		return nil
	}
	pause := 10 * time.Millisecond
	for {
		open, limit, err := l.g.lim.Descriptors()
		if err != nil {
			return nil // nothing to count by: the connection caps remain
		}
		reserve := l.g.lim.FDReserve
		if reserve == 0 {
			reserve = max(MinFDReserve, limit/4)
		}
		if open+1 <= limit-reserve {
			return nil
		}
		t := time.NewTimer(pause)
		select {
		case <-l.done:
			t.Stop()
			return net.ErrClosed
		case <-t.C:
		}
		pause = min(2*pause, time.Second)
	}
}

// refuse answers a connection beyond a cap and closes it, off the accept
// loop; when many are being answered already it is only closed.
func (l *limitListener) refuse(c net.Conn, status int) {
	select {
	case l.refuses <- struct{}{}:
	default:
		_ = c.Close()
		return
	}
	go func() {
		defer func() { <-l.refuses }()
		defer c.Close()
		_ = c.SetDeadline(time.Now().Add(250 * time.Millisecond))
		// Answer the request, not before it: a client takes a response
		// that comes before its request for a broken connection.
		_, _ = c.Read(make([]byte, 4096))
		text := "too many connections\n"
		if status == http.StatusTooManyRequests {
			text = "too many connections from your address\n"
		}
		_, err := fmt.Fprintf(c, "HTTP/1.1 %d %s\r\nContent-Type: text/plain; charset=utf-8\r\nRetry-After: %s\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s",
			status, http.StatusText(status), retryAfter, len(text), text)
		if err != nil {
			return
		}
		// Read what the client sent before closing: closing on unread
		// bytes would reset the connection and lose the answer.
		if tc, ok := c.(interface{ CloseWrite() error }); ok {
			_ = tc.CloseWrite()
		}
		_, _ = io.Copy(io.Discard, io.LimitReader(c, 64<<10))
	}()
}

// limitConn gives its place back when closed.
type limitConn struct {
	net.Conn
	g    *guard
	key  string
	once sync.Once
}

func (c *limitConn) Close() error {
	c.once.Do(func() { c.g.give(c.g.conns, &c.g.nconns, c.key) })
	return c.Conn.Close()
}
