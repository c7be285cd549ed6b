package protocol

import (
	"bufio"
	"net"
	"net/netip"
	"strings"
	"sync/atomic"
	"time"

	"github.com/openroom/openroom/engine"
)

// The stages of a connection on the manager side, in order.
type connStage uint8

const (
	stConnecting connStage = iota // waiting for `Connecting ...`
	stSeated                      // seated; waiting for `ready for teams`
	stWantTeams                   // asked for teams; waiting for the other seats
	stWantStart                   // teams sent; waiting for `ready to start`
	stReady                       // in the session
)

// outQueue bounds the lines queued to one seat. A board sends a seat fewer
// than 100 lines; a seat that lets this many pile up is not reading, and is
// disconnected rather than allowed to grow the manager's memory.
const outQueue = 256

// finalWriteWait bounds how long Run waits, when the session ends, for the
// last lines (`End of session`) to reach seats that are slow to read. It
// is a safety bound in real time, whatever Config.Clock.
const finalWriteWait = 2 * time.Second

// directWriteWait bounds a direct write. Loopback and LAN socket buffers
// hold far more than a session's lines, so a write that blocks this long
// is to a seat that has stopped reading; it is cut off. Like
// finalWriteWait it is a safety bound in real time.
const directWriteWait = 5 * time.Second

// directLimit bounds the lines pending for a direct connection.
const directLimit = 64 << 10

// deadlineSlack is how stale a connection's write deadline may get before
// the writer moves it.
const deadlineSlack = time.Second

// hostConn is one connection on the manager side. The reader and writer
// goroutines touch only nc, out, ended and the immutable fields;
// everything else belongs to the table's Run goroutine.
type hostConn struct {
	nc     net.Conn
	remote string
	ip     netip.Addr // the remote IP; zero for a pipe
	// reserve: admitted beyond the pending limit of its address because
	// a lost seat may come back from there; registering it evicts the
	// oldest connection from the same address that has claimed nothing.
	reserve bool
	seq     uint64 // registration order
	out     chan []byte
	wdone   chan struct{} // closed when the writer has finished
	rdone   chan struct{} // closed when the reader has finished
	ended   atomic.Bool   // the reader has seen the connection end (set before it says so)

	// direct connections (TCP, no minimum gap) are written by Run itself,
	// one write per connection per event, without a writer goroutine:
	// it saves a goroutine hand-off on every line.
	direct bool
	local  bool        // an in-process bot's pipe (Config.Local)
	only   engine.Seat // the one seat it may take (AttachSeat), or anySeat
	t      *Table

	// Owned by Run.
	w         *Writer   // checks and ends each line sent; made by the first send
	wbuf      []byte    // direct: lines not yet written
	dirty     bool      // direct: listed in Table.dirty
	wfailed   bool      // direct: a write failed
	wdeadline time.Time // direct: the write deadline set last
	stage     connStage
	seat      engine.Seat
	team      string
	info      string        // the bot's self-description from its Connecting line
	follows   bool          // an in-process bot seated without naming its side: a remote partner names it
	closed    bool          // closed or being closed; later events from it are stale
	flushing  bool          // the seat's board was stopped: discard what crossed
	deadline  time.Time     // when the table stops waiting for the line it expects; zero: none
	awaiting  string        // what that line is, for a timeout's detail
	limit     time.Duration // how long the table waits for it
	// claim is a Connecting line held while the seat it names is still
	// held by a connection that may have closed unseen; holdUntil bounds
	// the hold (ReconnectTimeout from the first look).
	claim     *Connect
	holdUntil time.Time
}

// event is what the reader goroutines and the table's helpers post to Run.
type event struct {
	c    *hostConn
	line string  // the raw line (CR/LF removed)
	msg  Message // nil when err is set
	err  error   // a parse error (the connection lives on) or, with gone, why it ended
	gone bool    // the connection has ended
}

// readLoop reads lines until the connection ends, parses each and posts it
// to Run. Its Reader bounds the line length: an over-long line ends the
// connection with an error wrapping ErrLineTooLong.
func (t *Table) readLoop(c *hostConn) {
	defer t.wg.Done()
	defer close(c.rdone)
	r := NewReader(c.nc)
	for {
		line, err := r.ReadLine()
		if err != nil {
			c.ended.Store(true)
			t.post(event{c: c, err: err, gone: true})
			return
		}
		if strings.TrimSpace(line) == "" {
			continue // a blank line says nothing; tolerate it
		}
		m, perr := Parse(line)
		if !t.post(event{c: c, line: line, msg: m, err: perr}) {
			return
		}
	}
}

// post hands an event to Run; it reports false (and closes the connection)
// when Run has ended.
func (t *Table) post(ev event) bool {
	select {
	case t.events <- ev:
		return true
	case <-t.done:
		ev.c.nc.Close()
		return false
	}
}

// writeLoop writes queued lines in order, batching those queued together
// into one write, and keeping the minimum gap between lines when one is
// configured. When out is closed it flushes what is left and closes the
// connection.
func (t *Table) writeLoop(c *hostConn) {
	defer t.wg.Done()
	defer close(c.wdone)
	defer c.nc.Close()
	bw := bufio.NewWriterSize(c.nc, 4096)
	gap := t.cfg.MinGap
	clock := t.cfg.Clock
	var last, deadline time.Time
	failed := false
	for line := range c.out {
		if failed {
			continue // drain, so Run never blocks on a dead seat
		}
		if gap > 0 && !last.IsZero() {
			if wait := gap - clock.Now().Sub(last); wait > 0 {
				clock.Sleep(wait)
			}
		}
		_, err := bw.Write(line)
		if err == nil && (gap > 0 || len(c.out) == 0) {
			// A seat that does not take its lines for ActionTimeout is
			// gone. Moving the deadline costs a timer update, so it is
			// moved at most every deadlineSlack.
			now := clock.Now()
			if now.Add(t.cfg.ActionTimeout - min(deadlineSlack, t.cfg.ActionTimeout/2)).After(deadline) {
				deadline = now.Add(t.cfg.ActionTimeout)
				c.nc.SetWriteDeadline(deadline)
			}
			err = bw.Flush()
			last = now
		}
		if err != nil {
			failed = true
			c.nc.Close() // the reader sees the end and reports the disconnect
		}
	}
	if failed {
		return
	}
	c.nc.SetWriteDeadline(time.Now().Add(finalWriteWait))
	if bw.Flush() != nil {
		return
	}
	t.lingerClose(c)
}

// lingerClose closes gracefully: a TCP close with the peer's lines still
// unread would reset the connection and could destroy our last lines
// before the peer reads them. Half-close, and let the peer hang up first
// (for at most finalWriteWait).
func (t *Table) lingerClose(c *hostConn) {
	if cw, ok := c.nc.(interface{ CloseWrite() error }); ok && cw.CloseWrite() == nil {
		select {
		case <-c.rdone:
		case <-time.After(finalWriteWait):
		}
	}
}

// send queues a message to a connection, in canonical form with CRLF,
// through the checks of c's Writer. A seat whose queue is full is not
// reading: it is cut off, and the reader reports the disconnect. So is a
// seat that would be sent a line that may not be sent.
func (c *hostConn) send(m Message) {
	if c.closed {
		return
	}
	if c.w == nil {
		c.w = NewWriter(c.nc)
	}
	if c.direct {
		if len(c.wbuf) > directLimit {
			c.nc.Close()
			return
		}
		b, err := c.w.AppendMessage(c.wbuf, m)
		if err != nil {
			c.badLine(err)
			return
		}
		c.wbuf = b
		if !c.dirty {
			c.dirty = true
			c.t.dirty = append(c.t.dirty, c)
		}
		return
	}
	b, err := c.w.AppendMessage(make([]byte, 0, 64), m)
	if err != nil {
		c.badLine(err)
		return
	}
	select {
	case c.out <- b:
	default:
		c.nc.Close()
	}
}

// badLine cuts off a connection the table cannot send a line to.
func (c *hostConn) badLine(err error) {
	c.t.logf("%s: %v; connection closed", c.remote, err)
	c.nc.Close()
}

// flush writes a direct connection's pending lines in one write. Run calls
// it (through Table.flush) before it waits for the next event, so lines
// reach the seats in order and together.
func (c *hostConn) flush() {
	c.dirty = false
	if len(c.wbuf) == 0 || c.wfailed {
		c.wbuf = c.wbuf[:0]
		return
	}
	now := time.Now()
	if now.Add(directWriteWait - deadlineSlack).After(c.wdeadline) {
		c.wdeadline = now.Add(directWriteWait)
		c.nc.SetWriteDeadline(c.wdeadline)
	}
	if _, err := c.nc.Write(c.wbuf); err != nil {
		c.wfailed = true
		c.nc.Close() // the reader sees the end and reports the disconnect
	}
	c.wbuf = c.wbuf[:0]
}

// hangUp closes the connection at once; lines still queued are dropped.
func (c *hostConn) hangUp() {
	if c.closed {
		return
	}
	c.closed = true
	c.nc.Close()
	if c.direct {
		c.wbuf = c.wbuf[:0]
		close(c.wdone)
		return
	}
	close(c.out)
}

// finish closes the connection after the queued lines are written.
func (c *hostConn) finish() {
	if c.closed {
		return
	}
	if c.direct {
		c.flush()
		c.closed = true
		c.t.wg.Add(1) // Run's wg.Wait comes after every finish
		go func() {
			defer c.t.wg.Done()
			defer close(c.wdone)
			defer c.nc.Close()
			if !c.wfailed {
				c.t.lingerClose(c)
			}
		}()
		return
	}
	c.closed = true
	close(c.out)
}

// refuse sends one plain-text refusal line and closes.
func (c *hostConn) refuse(reason string) {
	c.send(Refusal{Reason: reason})
	c.finish()
}

// expect records that the table now waits for a line from c, for at most
// limit.
func (c *hostConn) expect(what string, limit time.Duration, now time.Time) {
	c.awaiting, c.limit = what, limit
	c.deadline = now.Add(limit)
}

// satisfied records that the table waits for nothing from c.
func (c *hostConn) satisfied() {
	c.awaiting = ""
	c.deadline = time.Time{}
}
