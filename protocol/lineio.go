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
	br       *bufio.Reader
	skipping bool // inside the rest of an over-long line
}

// NewReader returns a Reader that accepts lines of up to MaxLineLength
// bytes, not counting the CRLF or LF that ends them.
func NewReader(r io.Reader) *Reader {
	return &Reader{br: bufio.NewReaderSize(r, MaxLineLength+2)}
}

// ReadLine returns the next line without its line ending. A last line
// without a line ending is returned as it is; the call after it returns
// io.EOF. A line longer than MaxLineLength is an error wrapping
// ErrLineTooLong (with the line's start); the next call skips the rest of
// that line before it reads on, so the stream stays in step.
func (r *Reader) ReadLine() (string, error) {
	for {
		b, err := r.br.ReadSlice('\n')
		if r.skipping {
			if errors.Is(err, bufio.ErrBufferFull) {
				continue
			}
			r.skipping = false
			if err != nil {
				return "", err
			}
			continue
		}
		switch {
		case err == nil || (errors.Is(err, io.EOF) && len(b) > 0):
			b = trimEOL(b)
			if len(b) > MaxLineLength {
				return "", parseError(string(b), fmt.Errorf("%w: %d bytes, at most %d allowed", ErrLineTooLong, len(b), MaxLineLength))
			}
			return string(b), nil
		case errors.Is(err, bufio.ErrBufferFull):
			r.skipping = true
			return "", parseError(string(b[:quoteLimit]), fmt.Errorf("%w: more than %d bytes", ErrLineTooLong, MaxLineLength))
		default:
			return "", err
		}
	}
}

func trimEOL(b []byte) []byte {
	b = bytes.TrimSuffix(b, []byte{'\n'})
	return bytes.TrimSuffix(b, []byte{'\r'})
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

// ErrBadLine is returned by WriteLine for a line that may not be sent: one
// holding a CR or LF (it would forge a second line) or longer than
// MaxLineLength.
var ErrBadLine = errors.New("line may not be sent")

// WriteLine writes the line and CRLF.
func (w *Writer) WriteLine(line string) error {
	w.buf = append(w.buf[:0], line...)
	return w.flushLine()
}

// WriteMessage writes the message's canonical line and CRLF without
// allocating.
func (w *Writer) WriteMessage(m Message) error {
	w.buf = m.AppendTo(w.buf[:0])
	return w.flushLine()
}

func (w *Writer) flushLine() error {
	if len(w.buf) > MaxLineLength || bytes.ContainsAny(w.buf, "\r\n") {
		return fmt.Errorf("protocol: write %q: %w", quoteStart(w.buf), ErrBadLine)
	}
	w.buf = append(w.buf, '\r', '\n')
	if _, err := w.w.Write(w.buf); err != nil {
		return fmt.Errorf("protocol: write %q: %w", quoteStart(w.buf[:len(w.buf)-2]), err)
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
