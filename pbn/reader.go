package pbn

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Size bounds that keep a hostile or broken file from exhausting memory.
const (
	// MaxLineBytes is the longest line the reader accepts.
	MaxLineBytes = 64 << 10
	// MaxGameBytes is the largest game (all its lines) the reader accepts.
	MaxGameBytes = 1 << 20
)

// Errors wrapped by *Error for the size bounds.
var (
	ErrLineTooLong  = errors.New("line too long")
	ErrGameTooLarge = errors.New("game too large")
)

// Error is a problem with one game of a PBN file: a malformed record found by
// the Reader, or a tag that a typed accessor cannot interpret.
type Error struct {
	Line  int    // 1-based line of the problem (or of the tag concerned); 0 if unknown
	Board string // the game's Board tag value, "" if not known
	Tag   string // the tag or section concerned, "" if none
	Err   error  // what is wrong
}

// Error formats as "pbn: line 12 (board 3): Deal: ...".
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("pbn")
	switch {
	case e.Line > 0 && e.Board != "":
		fmt.Fprintf(&b, ": line %d (board %s)", e.Line, e.Board)
	case e.Line > 0:
		fmt.Fprintf(&b, ": line %d", e.Line)
	case e.Board != "":
		fmt.Fprintf(&b, ": board %s", e.Board)
	}
	b.WriteString(": ")
	if e.Tag != "" {
		b.WriteString(e.Tag)
		b.WriteString(": ")
	}
	if e.Err != nil {
		b.WriteString(e.Err.Error())
	}
	return b.String()
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// Reader streams the games of a PBN file (import or export format): tags in
// any order, LF or CRLF line ends, ";" and "{...}" comments (which may span
// lines but, inside a game, not a blank line), "%" escape lines in the
// first column, and "#" tag-value inheritance from the previous game. Games
// are separated by blank lines.
type Reader struct {
	br   *bufio.Reader
	line int
	eof  bool
	err  error // sticky I/O error
	prev []Tag // a copy of the previous good game's tags, for "#"
	// lastTags is the number of tags of the previous game, to size the next.
	lastTags int
}

// NewReader returns a Reader on r.
func NewReader(r io.Reader) *Reader {
	return &Reader{br: bufio.NewReaderSize(r, MaxLineBytes)}
}

// gameState is the state of the game being read.
type gameState struct {
	g         *Game
	cur       int // index of the tag that section data belongs to, -1 before any
	inComment bool
	started   bool
	size      int
	board     string
	err       *Error
	data      []byte // the current line's section data, tokens joined by single spaces
	dataFrom  int    // offset in the line of the first data token, -1 for none
	dataTo    int    // offset just past the last data token
}

// Next returns the next game. At the end of the input it returns io.EOF. A
// malformed game gives an *Error naming the line and board; the reader has
// then skipped to the end of that game, so calling Next again continues with
// the following one. Other errors (from the underlying reader) are final.
func (r *Reader) Next() (*Game, error) {
	if r.err != nil {
		return nil, r.err
	}
	if r.eof {
		r.err = io.EOF
		return nil, io.EOF
	}
	st := gameState{g: &Game{Tags: make([]Tag, 0, max(r.lastTags, 16))}, cur: -1, dataFrom: -1}
	for {
		raw, tooLong, err := r.readLine()
		if len(raw) > 0 || tooLong || (err == nil) {
			r.line++
			if done := r.processLine(&st, raw, tooLong); done {
				return r.finish(&st)
			}
		}
		if err == io.EOF {
			r.eof = true
			if !st.started {
				r.err = io.EOF
				return nil, io.EOF
			}
			if st.inComment && st.err == nil {
				st.fail(r.line, fmt.Errorf("comment opened with { is not closed"))
			}
			return r.finish(&st)
		}
		if err != nil {
			r.err = fmt.Errorf("pbn: line %d: %w", r.line+1, err)
			return nil, r.err
		}
	}
}

// readLine returns the next line without its line end. A line longer than
// MaxLineBytes is discarded and reported with tooLong.
func (r *Reader) readLine() (line []byte, tooLong bool, err error) {
	line, err = r.br.ReadSlice('\n')
	if errors.Is(err, bufio.ErrBufferFull) {
		for errors.Is(err, bufio.ErrBufferFull) {
			_, err = r.br.ReadSlice('\n')
		}
		return nil, true, err
	}
	if n := len(line); n > 0 && line[n-1] == '\n' {
		line = line[:n-1]
	}
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	return line, false, err
}

// finish ends the current game and returns it or its error.
func (r *Reader) finish(st *gameState) (*Game, error) {
	if st.err != nil {
		if st.err.Board == "" {
			st.err.Board = st.board
		}
		return nil, st.err
	}
	// A copy, so that a caller who edits the game does not change what "#" inherits.
	r.prev = append(r.prev[:0], st.g.Tags...)
	r.lastTags = len(st.g.Tags)
	return st.g, nil
}

func (st *gameState) fail(line int, err error) {
	st.started = true
	if st.err == nil {
		st.err = &Error{Line: line, Board: st.board, Err: err}
	}
}

// processLine handles one input line; done reports the end of the game.
func (r *Reader) processLine(st *gameState, raw []byte, tooLong bool) (done bool) {
	if r.line == 1 && len(raw) >= 3 && raw[0] == 0xEF && raw[1] == 0xBB && raw[2] == 0xBF {
		raw = raw[3:] // UTF-8 byte order mark
	}
	s := string(raw)
	blank := strings.TrimSpace(s) == ""
	if st.err != nil {
		// Skipping a malformed game: only look for its end and its board number.
		if blank {
			return true
		}
		if st.board == "" {
			st.board = quickBoard(s)
		}
		return false
	}
	if tooLong {
		st.fail(r.line, fmt.Errorf("%w (more than %d bytes)", ErrLineTooLong, MaxLineBytes))
		return false
	}
	if blank {
		// A blank line ends a game, even inside a {...} comment: PBN has no
		// blank lines within a game, and a stray { must not swallow the rest
		// of the file. A comment before a game's first tag (a preamble) may
		// hold blank lines.
		if st.inComment && st.started {
			st.inComment = false
			st.fail(r.line, errors.New("comment opened with { is not closed before the blank line that ends the game"))
		}
		return st.started
	}
	st.size += len(s) + 1
	if st.size > MaxGameBytes {
		st.fail(r.line, fmt.Errorf("%w (more than %d bytes)", ErrGameTooLarge, MaxGameBytes))
		return false
	}
	if !st.inComment && s[0] == '%' {
		return false // escape line, such as "% PBN 2.1" or "% EXPORT"
	}
	r.tokenize(st, s)
	return false
}

// quickBoard picks the board number out of a [Board "n"] line, for errors.
func quickBoard(s string) string {
	s = strings.TrimSpace(s)
	rest, ok := strings.CutPrefix(s, `[Board "`)
	if !ok {
		return ""
	}
	v, _, ok := strings.Cut(rest, `"`)
	if !ok || len(v) > 20 {
		return ""
	}
	return v
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' }

func isNameByte(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_'
}

// addData adds a data token found at s[i:j] of the line.
func (st *gameState) addData(s string, i, j int) {
	if len(st.data) > 0 {
		st.data = append(st.data, ' ')
	} else {
		st.dataFrom = i
	}
	st.data = append(st.data, s[i:j]...)
	st.dataTo = j
}

// tokenize reads tags, comments and section data from one line.
func (r *Reader) tokenize(st *gameState, s string) {
	st.data = st.data[:0]
	i := 0
	for i < len(s) && st.err == nil {
		if st.inComment {
			j := strings.IndexByte(s[i:], '}')
			if j < 0 {
				break // the comment goes on past the line
			}
			i += j + 1
			st.inComment = false
			continue
		}
		c := s[i]
		switch {
		case isSpace(c):
			i++
		case c == ';':
			i = len(s)
		case c == '{':
			st.inComment = true
			i++
		case c == '[':
			r.flushData(st, s)
			n, err := r.readTag(st, s[i:])
			if err != nil {
				st.fail(r.line, err)
				return
			}
			i += n
		case c == '"':
			j := stringEnd(s, i)
			if j < 0 {
				st.fail(r.line, fmt.Errorf("string token is not closed: %s", clip(s[i:])))
				return
			}
			st.addData(s, i, j)
			i = j
		default:
			j := i
			for j < len(s) && !isSpace(s[j]) && !strings.ContainsRune(";{[\"", rune(s[j])) {
				j++
			}
			st.addData(s, i, j)
			i = j
		}
	}
	if st.err == nil {
		r.flushData(st, s)
	}
}

// stringEnd returns the index just past the string token starting with the
// quote at s[i], or -1 if it is not closed on this line.
func stringEnd(s string, i int) int {
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			if j+1 < len(s) && (s[j+1] == '"' || s[j+1] == '\\') {
				j++
			}
		case '"':
			return j + 1
		}
	}
	return -1
}

// flushData appends the line's section data to the current tag.
func (r *Reader) flushData(st *gameState, s string) {
	if len(st.data) == 0 {
		return
	}
	st.started = true
	if st.cur < 0 {
		st.fail(r.line, fmt.Errorf("data %s before any tag", clip(string(st.data))))
		return
	}
	// Usually the data is already in the line as written; share it then.
	var line string
	if src := s[st.dataFrom:st.dataTo]; src == string(st.data) {
		line = src
	} else {
		line = string(st.data)
	}
	t := &st.g.Tags[st.cur]
	if t.Lines == nil && (t.Name == "Play" || strings.HasSuffix(t.Name, "Table")) {
		t.Lines = make([]string, 0, 20) // 13 tricks and a few more; 20 table rows
	}
	t.Lines = append(t.Lines, line)
	st.data = st.data[:0]
}

// readTag reads a tag pair at the start of s and adds it to the game,
// returning the number of bytes used.
func (r *Reader) readTag(st *gameState, s string) (int, error) {
	i := 1
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	start := i
	for i < len(s) && isNameByte(s[i]) {
		i++
	}
	name := s[start:i]
	if name == "" {
		return 0, fmt.Errorf("tag %s: want [Name \"value\"]", clip(s))
	}
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	if i >= len(s) || s[i] != '"' {
		return 0, fmt.Errorf("tag %s: want a quoted value after the name", name)
	}
	end := stringEnd(s, i)
	if end < 0 {
		return 0, fmt.Errorf("tag %s: value is not closed with a quote", name)
	}
	value := unescape(s[i+1 : end-1])
	i = end
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	if i >= len(s) || s[i] != ']' {
		return 0, fmt.Errorf("tag %s: want ] after the value", name)
	}
	i++
	if value == "#" {
		v, ok := r.inherit(name)
		if !ok {
			return 0, fmt.Errorf("tag %s: value # inherits from the previous game, which has no %s tag", name, name)
		}
		value = v
	}
	if name == "Board" {
		st.board = value
	}
	st.started = true
	if st.g.Line == 0 {
		st.g.Line = r.line
	}
	if name != "Note" {
		// A second Deal would make the cards depend on which one a program
		// reads: an error. Any other repeated tag replaces the earlier one,
		// in its place.
		if k := st.g.index(name); k >= 0 {
			if name == "Deal" {
				return 0, fmt.Errorf("Deal: a second Deal tag in one game (the first is on line %d)", st.g.Tags[k].Line)
			}
			st.g.Tags[k] = Tag{Name: name, Value: value, Line: r.line}
			st.cur = k
			return i, nil
		}
	}
	st.g.Tags = append(st.g.Tags, Tag{Name: name, Value: value, Line: r.line})
	st.cur = len(st.g.Tags) - 1
	return i, nil
}

// inherit returns the previous game's value of a tag.
func (r *Reader) inherit(name string) (string, bool) {
	if name == "Note" {
		return "", false
	}
	for i := range r.prev {
		if r.prev[i].Name == name {
			return r.prev[i].Value, true
		}
	}
	return "", false
}

// unescape resolves \" and \\ in a tag value; any other backslash is kept, so
// that values such as "Declarer;Denomination\2R;Result\2R" read as written.
func unescape(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// clip shortens s for an error message.
func clip(s string) string {
	const max = 40
	if len(s) > max {
		return fmt.Sprintf("%q...", s[:max])
	}
	return fmt.Sprintf("%q", s)
}
