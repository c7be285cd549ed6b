package protocol

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/openroom/openroom/engine"
)

// Reading a line: the parse errors, cleaning a raw line, and the scanner
// that walks it word by word, with the small word readers every message
// family shares.

// Errors a ParseError wraps, so callers can tell the cases apart with
// errors.Is.
var (
	// ErrEmptyLine: the line is empty or only spaces.
	ErrEmptyLine = errors.New("empty line")
	// ErrLineTooLong: the line is longer than MaxLineLength.
	ErrLineTooLong = errors.New("line too long")
	// ErrNotASCII: the line holds a byte that is not printable ASCII.
	ErrNotASCII = errors.New("not printable ASCII")
	// ErrUnknown: the line is no message of the protocol.
	ErrUnknown = errors.New("unknown message")
	// ErrMalformed: the line starts like a message but is wrong further on.
	ErrMalformed = errors.New("malformed message")
)

// ParseError reports a line that is not a message, with the line (cut to
// a readable length) and why.
type ParseError struct {
	Line string // the offending line, at most about 100 bytes of it
	Err  error  // wraps ErrEmptyLine, ErrLineTooLong, ErrNotASCII, ErrUnknown or ErrMalformed
}

// Error returns `protocol: line "...": why`.
func (e *ParseError) Error() string {
	return fmt.Sprintf("protocol: line %q: %v", e.Line, e.Err)
}

// Unwrap returns the reason, for errors.Is.
func (e *ParseError) Unwrap() error { return e.Err }

// quoteLimit is how much of a bad line an error keeps.
const quoteLimit = 100

func parseError(line string, err error) *ParseError {
	if len(line) > quoteLimit {
		line = line[:quoteLimit] + "..."
	}
	return &ParseError{Line: line, Err: err}
}

func malformed(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrMalformed}, args...)...)
}

// clean strips the line ending, surrounding spaces and one trailing period,
// checks length and bytes, and collapses runs of blanks into one space. It
// allocates only when it has to collapse.
func clean(line string) (string, error) {
	for len(line) > 0 && (line[len(line)-1] == '\n' || line[len(line)-1] == '\r') {
		line = line[:len(line)-1]
	}
	if len(line) > MaxLineLength {
		return "", fmt.Errorf("%w: %d bytes, at most %d allowed", ErrLineTooLong, len(line), MaxLineLength)
	}
	collapse := false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == '\t':
			collapse = true
		case c < ' ' || c > '~':
			return "", fmt.Errorf("%w: byte 0x%02x at offset %d", ErrNotASCII, c, i)
		case c == ' ' && i > 0 && line[i-1] == ' ':
			collapse = true
		}
	}
	line = strings.Trim(line, " \t")
	line = strings.TrimSuffix(line, ".")
	line = strings.TrimRight(line, " \t")
	if line == "" {
		return "", ErrEmptyLine
	}
	if collapse {
		line = collapseBlanks(line)
	}
	return line, nil
}

func collapseBlanks(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	blank := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == ' ' || c == '\t' {
			blank = true
			continue
		}
		if blank {
			b.WriteByte(' ')
			blank = false
		}
		b.WriteByte(c)
	}
	return b.String()
}

// scanner walks a cleaned line word by word; words are separated by single
// spaces.
type scanner struct {
	s   string
	pos int
}

// word returns the next word, or "" at the end.
func (sc *scanner) word() string {
	if sc.pos >= len(sc.s) {
		return ""
	}
	rest := sc.s[sc.pos:]
	if i := strings.IndexByte(rest, ' '); i >= 0 {
		sc.pos += i + 1
		return rest[:i]
	}
	sc.pos = len(sc.s)
	return rest
}

// rest returns everything not yet read and consumes it.
func (sc *scanner) rest() string {
	if sc.pos >= len(sc.s) {
		return ""
	}
	r := sc.s[sc.pos:]
	sc.pos = len(sc.s)
	return r
}

// done reports whether the whole line has been read.
func (sc *scanner) done() bool { return sc.pos >= len(sc.s) }

// expect reads the next word and checks it against want, ignoring case and
// the punctuation in trim at its end.
func (sc *scanner) expect(want, trim string) error {
	w := sc.word()
	if !strings.EqualFold(strings.TrimRight(w, trim), want) {
		if w == "" {
			return malformed("want %q, found the end of the line", want)
		}
		return malformed("want %q, found %q", want, w)
	}
	return nil
}

// end checks that nothing follows.
func (sc *scanner) end() error {
	if !sc.done() {
		return malformed("unexpected %q at the end", sc.s[sc.pos:])
	}
	return nil
}

// skip reads the next word if it equals w (any case).
func (sc *scanner) skip(w string) bool {
	save := sc.pos
	if strings.EqualFold(sc.word(), w) {
		return true
	}
	sc.pos = save
	return false
}

// quoted reads a double-quoted text (which may hold spaces) and the space
// after it. A text without quotes is read as one word.
func (sc *scanner) quoted() (string, error) {
	rest := sc.s[min(sc.pos, len(sc.s)):]
	if rest == "" {
		return "", malformed("want a quoted name, found the end of the line")
	}
	if rest[0] != '"' {
		w := sc.word()
		if strings.IndexByte(w, '"') >= 0 {
			return "", malformed("name %q: a quote inside the name", w)
		}
		return w, nil
	}
	i := strings.IndexByte(rest[1:], '"')
	if i < 0 {
		return "", malformed("unterminated quoted name %s", rest)
	}
	sc.pos += i + 2
	if sc.pos < len(sc.s) && sc.s[sc.pos] == ' ' {
		sc.pos++
	}
	return rest[1 : i+1], nil
}

func expectAll(sc *scanner, words ...string) error {
	for _, w := range words {
		if err := sc.expect(w, ""); err != nil {
			return err
		}
	}
	return sc.end()
}

// freeText trims the periods and spaces around an alert, signal or reason,
// so that its canonical line reads back the same.
func freeText(s string) string { return strings.Trim(s, ". ") }

func fold(a, b string) bool { return strings.EqualFold(a, b) }

// possessive cuts a trailing 's from a word ("North's" -> "North").
func possessive(w string) (string, bool) {
	if len(w) > 2 && w[len(w)-2] == '\'' && (w[len(w)-1] == 's' || w[len(w)-1] == 'S') {
		return w[:len(w)-2], true
	}
	return w, false
}

func parseSeat(w string) (engine.Seat, error) {
	s, err := engine.ParseSeat(w)
	if err != nil {
		return 0, malformed("seat %q: want North, East, South or West", w)
	}
	return s, nil
}

// smallInt reads a decimal number from 0 to max.
func smallInt(w string, max int) (int, error) {
	if w == "" || len(w) > 9 {
		return 0, strconv.ErrSyntax
	}
	n := 0
	for i := 0; i < len(w); i++ {
		c := w[i]
		if c < '0' || c > '9' {
			return 0, strconv.ErrSyntax
		}
		n = n*10 + int(c-'0')
	}
	if n > max {
		return 0, strconv.ErrRange
	}
	return n, nil
}
