package protocol

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"time"
)

// Reader reads protocol lines, bounded in length, from a byte stream. It is
// shaped like net/textproto.Reader: the grammar (Parse) sits beside it, not
// inside it. Deadlines are the caller's business (set them on the
// connection). A Reader is not safe for concurrent use.
type Reader struct {
	br  *bufio.Reader
	lim lineLimitReader // between br and the stream: the one length check
}

// NewReader returns a Reader that accepts lines of up to MaxLineLength
// bytes, not counting the CRLF or LF that ends them.
func NewReader(r io.Reader) *Reader {
	rd := &Reader{lim: lineLimitReader{r: r}}
	// The limit reader passes on at most MaxLineLength bytes and a CR of
	// an unfinished line, so with the LF a line always fits the buffer.
	rd.br = bufio.NewReaderSize(&rd.lim, MaxLineLength+2)
	return rd
}

// ReadLine returns the next line without its line ending. A last line
// without a line ending is returned as it is; the call after it returns
// io.EOF. A line longer than MaxLineLength is an error wrapping
// ErrLineTooLong (with the line's start); the rest of that line is skipped,
// so the next call reads the line after it.
func (r *Reader) ReadLine() (string, error) {
	b, err := r.br.ReadSlice('\n')
	switch {
	case err == nil || (errors.Is(err, io.EOF) && len(b) > 0):
		return string(trimEOL(b)), nil
	case errors.Is(err, ErrLineTooLong), errors.Is(err, bufio.ErrBufferFull):
		// (A full buffer cannot happen, see NewReader.)
		return "", parseError(string(b), fmt.Errorf("%w: more than %d bytes", ErrLineTooLong, MaxLineLength))
	}
	return "", err
}

func trimEOL(b []byte) []byte {
	b = bytes.TrimSuffix(b, []byte{'\n'})
	return bytes.TrimSuffix(b, []byte{'\r'})
}

// lineLimitReader is where the line length is bounded, for both sides of
// the wire (like go-smtp's lineLimitReader under net/textproto): it passes
// the stream on until a line grows past MaxLineLength bytes (not counting
// its CRLF or LF), then stops short of the excess and returns
// ErrLineTooLong. It drops the rest of that line and passes on what
// follows it, so a reader that goes on stays in step. It never holds more
// than one Read's worth of bytes.
type lineLimitReader struct {
	r    io.Reader
	n    int    // bytes of the current line passed on so far
	skip bool   // dropping the rest of an over-long line
	held []byte // bytes read after an over-long line's excess, not yet looked at
	err  error  // the stream's error, held back behind ErrLineTooLong
}

func (l *lineLimitReader) Read(p []byte) (int, error) {
	for {
		var n int
		var err error
		fromHeld := len(l.held) > 0
		switch {
		case fromHeld:
			n = copy(p, l.held)
		case l.err != nil:
			err, l.err = l.err, nil
			return 0, err
		default:
			n, err = l.r.Read(p)
		}
		k, used, over := l.filter(p[:n])
		if fromHeld {
			l.held = l.held[used:]
		} else if used < n {
			l.held = append(l.held[:0], p[used:n]...)
		}
		if over {
			if err != nil {
				l.err = err
			}
			return k, ErrLineTooLong
		}
		if k > 0 || err != nil || n == 0 {
			return k, err
		}
		// Everything read was the rest of an over-long line: read on.
	}
}

// filter moves the bytes of b that may be passed on to its front and
// returns how many there are (k). At a line that grows too long it stops:
// over is set, and b[used:] has not been looked at. A CR is allowed one
// byte past the limit, where it starts the line ending.
func (l *lineLimitReader) filter(b []byte) (k, used int, over bool) {
	for i := 0; i < len(b); {
		nl := bytes.IndexByte(b[i:], '\n')
		if l.skip {
			if nl < 0 {
				return k, len(b), false
			}
			i += nl + 1
			l.skip = false
			continue
		}
		end, next := len(b), len(b) // the end of the line's bytes; the start of the next line
		if nl >= 0 {
			end, next = i+nl, i+nl+1
		}
		seg, room := end-i, MaxLineLength-l.n
		if seg > room+1 || seg == room+1 && seg > 0 && b[end-1] != '\r' {
			keep := max(room, 0)
			k += copy(b[k:], b[i:i+keep])
			l.n, l.skip = 0, true
			return k, i + keep, true
		}
		if k != i {
			copy(b[k:], b[i:next])
		}
		k += next - i
		l.n += seg
		if nl >= 0 {
			l.n = 0
		}
		i = next
	}
	return k, len(b), false
}

// ReadMessage reads the next line and parses it. It returns the raw line
// too (for logs and fault records), also when parsing fails; a read error
// returns an empty line.
func (r *Reader) ReadMessage() (Message, string, error) {
	line, err := r.ReadLine()
	if err != nil {
		return nil, line, err
	}
	m, err := Parse(line)
	return m, line, err
}

// Writer writes protocol lines, each ended with CRLF and handed to the
// underlying writer in one Write call, so a line is on the wire when
// WriteLine returns and nothing needs flushing. A Writer is not safe for
// concurrent use.
type Writer struct {
	w   io.Writer
	buf []byte
}

// NewWriter returns a Writer on w.
func NewWriter(w io.Writer) *Writer {
	return &Writer{w: w, buf: make([]byte, 0, 128)}
}

// ErrBadLine is wrapped by the error WriteLine, WriteMessage and
// AppendMessage return for a line that may not be sent: one
// holding a CR or LF (it would forge a second line) or longer than
// MaxLineLength.
var ErrBadLine = errors.New("line may not be sent")

// WriteLine writes the line and CRLF.
func (w *Writer) WriteLine(line string) error {
	return w.writeLine(endLine(append(w.buf[:0], line...), 0))
}

// WriteMessage writes the message's canonical line and CRLF without
// allocating.
func (w *Writer) WriteMessage(m Message) error {
	return w.writeLine(w.AppendMessage(w.buf[:0], m))
}

// AppendMessage appends the message's canonical line and CRLF to buf
// instead of writing it, for a caller that batches lines and writes them
// itself; the line is checked as WriteMessage checks it. On an error buf
// is returned as it was. It does not allocate when buf has room.
func (w *Writer) AppendMessage(buf []byte, m Message) ([]byte, error) {
	return endLine(m.AppendTo(buf), len(buf))
}

// endLine checks the line b[start:] and ends it with CRLF. A line that
// may not be sent is cut off again, with an error wrapping ErrBadLine.
func endLine(b []byte, start int) ([]byte, error) {
	line := b[start:]
	if len(line) > MaxLineLength || bytes.IndexByte(line, '\n') >= 0 || bytes.IndexByte(line, '\r') >= 0 {
		return b[:start], fmt.Errorf("protocol: write %q: %w", quoteStart(line), ErrBadLine)
	}
	return append(b, '\r', '\n'), nil
}

func (w *Writer) writeLine(b []byte, err error) error {
	w.buf = b
	if err != nil {
		return err
	}
	if _, err := w.w.Write(b); err != nil {
		return fmt.Errorf("protocol: write %q: %w", quoteStart(b[:len(b)-2]), err)
	}
	return nil
}

func quoteStart(b []byte) string {
	if len(b) > quoteLimit {
		return string(b[:quoteLimit]) + "..."
	}
	return string(b)
}

// Conn is a network connection speaking the protocol: a Reader and a
// Writer on it, plus the connection's deadlines and Close. Reading and
// writing may happen from two goroutines at once (one each).
type Conn struct {
	*Reader
	*Writer
	nc net.Conn
}

// NewConn wraps a network connection (TCP, or net.Pipe for an in-process
// bot).
func NewConn(nc net.Conn) *Conn {
	return &Conn{Reader: NewReader(nc), Writer: NewWriter(nc), nc: nc}
}

// NetConn returns the underlying connection.
func (c *Conn) NetConn() net.Conn { return c.nc }

// SetDeadline sets the read and write deadlines of the connection.
func (c *Conn) SetDeadline(t time.Time) error { return c.nc.SetDeadline(t) }

// SetReadDeadline sets the read deadline of the connection.
func (c *Conn) SetReadDeadline(t time.Time) error { return c.nc.SetReadDeadline(t) }

// SetWriteDeadline sets the write deadline of the connection.
func (c *Conn) SetWriteDeadline(t time.Time) error { return c.nc.SetWriteDeadline(t) }

// Close closes the connection.
func (c *Conn) Close() error { return c.nc.Close() }
