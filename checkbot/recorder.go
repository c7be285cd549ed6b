package checkbot

import (
	"bytes"
	"net"
	"strings"
	"sync"
	"time"
)

// entry is one line on the wire between the table and the bot under test.
type entry struct {
	// At is when the line crossed the recorder.
	At time.Time
	// FromBot is true for a line the bot sent, false for one the table sent.
	FromBot bool
	// Conn numbers the bot's connections in the scenario, from 1.
	Conn int
	// Text is the line without its line end.
	Text string
}

// recorder keeps every line between the table and the bot in a scenario,
// in the order they crossed, so that a fault can be shown with the line
// that caused it and the lines the bot had been given before it. The
// table reads and writes each connection from goroutines of its own, so
// the log is locked.
type recorder struct {
	mu      sync.Mutex
	lines   []entry
	conns   int
	started time.Time
	// closedEarly is closed when the table refuses one of the bot's
	// connections, or closes it before the bot was seated (a handshake
	// that timed out), which ends the scenario at once.
	closedEarly chan struct{}
	earlyOnce   sync.Once
	// rewrite, when set, changes a table line before the bot gets it
	// (the variants scenario); the recorder keeps the line as sent.
	rewrite func(string) string
	// dropAfter, when positive, closes the bot's first connection once
	// the table has sent it that many `plays` lines (the reconnect
	// scenario), as if the network had failed.
	dropAfter int
}

func newRecorder() *recorder {
	return &recorder{started: time.Now(), closedEarly: make(chan struct{})}
}

// add appends a line.
func (r *recorder) add(conn int, fromBot bool, text string) {
	r.mu.Lock()
	r.lines = append(r.lines, entry{At: time.Now(), FromBot: fromBot, Conn: conn, Text: text})
	r.mu.Unlock()
}

// snapshot returns a copy of the lines so far.
func (r *recorder) snapshot() []entry {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]entry(nil), r.lines...)
}

// wrap returns nc with its lines recorded.
func (r *recorder) wrap(nc net.Conn) net.Conn {
	r.mu.Lock()
	r.conns++
	n := r.conns
	r.mu.Unlock()
	return &recConn{Conn: nc, r: r, n: n}
}

// seatedOn reports whether the bot has said `ready to start` on
// connection n, i.e. has finished its handshake there.
func (r *recorder) seatedOn(n int) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, e := range r.lines {
		if e.Conn == n && e.FromBot && isReadyToStart(e.Text) {
			return true
		}
	}
	return false
}

// recConn is one connection of the bot, recorded line by line.
type recConn struct {
	net.Conn
	r *recorder
	n int

	rmu     sync.Mutex
	partial []byte // the start of a line the bot has not ended yet

	wmu   sync.Mutex
	plays int // `plays` lines the table sent on this connection
	once  sync.Once
}

// Read records each whole line the bot sent.
func (c *recConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	c.rmu.Lock()
	var lines []string
	lines, c.partial = splitLines(c.partial, p[:n], err != nil)
	for _, l := range lines {
		c.r.add(c.n, true, l)
	}
	c.rmu.Unlock()
	return n, err
}

// splitLines appends p to the unfinished line partial and returns the
// lines it completes (without CR LF or LF) and what is left unfinished;
// at the end of the stream (last) the unfinished rest is a line too. The
// bot's bytes may be anything: a line is kept as it came, at any length,
// since the table itself decides what is too long.
func splitLines(partial, p []byte, last bool) (lines []string, rest []byte) {
	rest = append(partial, p...)
	for {
		i := bytes.IndexByte(rest, '\n')
		if i < 0 {
			break
		}
		lines = append(lines, strings.TrimSuffix(string(rest[:i]), "\r"))
		rest = rest[i+1:]
	}
	if last && len(rest) > 0 {
		lines = append(lines, string(rest))
		rest = nil
	}
	return lines, rest
}

// Write records each line the table sends, rewriting it first when the
// scenario says so. The table writes whole lines.
func (c *recConn) Write(p []byte) (int, error) {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	text := strings.TrimSuffix(string(p), "\r\n")
	var out []byte
	drop := false
	for _, l := range strings.Split(text, "\r\n") {
		c.r.add(c.n, false, l)
		if strings.HasPrefix(l, "Refused") {
			// The table closes the connection after a refusal, but may
			// linger for the bot's close first: the verdict need not wait.
			c.r.earlyOnce.Do(func() { close(c.r.closedEarly) })
		}
		if c.r.rewrite != nil {
			l = c.r.rewrite(l)
		}
		out = append(append(out, l...), '\r', '\n')
		if c.r.dropAfter > 0 && c.n == 1 && strings.Contains(l, " plays ") {
			c.plays++
			drop = c.plays >= c.r.dropAfter
		}
	}
	if _, err := c.Conn.Write(out); err != nil {
		return 0, err
	}
	if drop {
		c.once.Do(func() { go c.Conn.Close() })
	}
	return len(p), nil
}

// Close notes a connection the table closes before the bot was seated,
// and records the line the bot had not ended (one the table found too
// long, say) as its last.
func (c *recConn) Close() error {
	c.rmu.Lock()
	if len(c.partial) > 0 {
		c.r.add(c.n, true, string(c.partial))
		c.partial = nil
	}
	c.rmu.Unlock()
	if !c.r.seatedOn(c.n) {
		c.r.earlyOnce.Do(func() { close(c.r.closedEarly) })
	}
	return c.Conn.Close()
}

// CloseWrite half-closes the connection when the underlying one can, so
// that the table's last lines are not lost to a reset.
func (c *recConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}
