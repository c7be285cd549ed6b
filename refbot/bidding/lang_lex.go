package bidding

import (
	"fmt"
	"strings"
)

// The system file language, lexically: a file is a sequence of lines; a
// line that ends with a backslash continues on the next one; '#' starts a
// comment outside strings. A line is a sequence of tokens: integers,
// names, double-quoted strings (which may hold {expression} parts), and
// the operators below. The first word of a row (its call, such as 1S or
// {lvl}{y}) is read raw by the parser, not as tokens.

type tokKind uint8

const (
	tokEOL tokKind = iota
	tokInt
	tokName
	tokString
	tokOp
)

type token struct {
	kind tokKind
	text string // the operator, the name, the digits, or the string's body (unquoted, escapes resolved)
	col  int    // 1-based column of the token's first byte
}

// srcLine is one logical line of a system file: its text, its number (the
// first physical line's) and, for errors, the file's name.
type srcLine struct {
	text string
	num  int
}

// splitLines cuts src into logical lines: comments removed, continuation
// lines joined, blank lines dropped. It fails on an unterminated string.
func splitLines(src string) ([]srcLine, error) {
	var out []srcLine
	var cur strings.Builder
	start := 0
	for i, raw := range strings.Split(src, "\n") {
		num := i + 1
		text, err := stripComment(strings.TrimRight(raw, "\r"))
		if err != nil {
			return nil, &SyntaxError{Line: num, Msg: err.Error()}
		}
		if cur.Len() == 0 {
			start = num
		}
		trimmed := strings.TrimRight(text, " \t")
		if strings.HasSuffix(trimmed, "\\") {
			cur.WriteString(strings.TrimSuffix(trimmed, "\\"))
			cur.WriteByte(' ')
			continue
		}
		cur.WriteString(text)
		if s := strings.TrimSpace(cur.String()); s != "" {
			out = append(out, srcLine{text: cur.String(), num: start})
		}
		cur.Reset()
	}
	if s := strings.TrimSpace(cur.String()); s != "" {
		out = append(out, srcLine{text: cur.String(), num: start})
	}
	return out, nil
}

// stripComment removes a '#' comment, leaving '#' inside strings alone.
func stripComment(s string) (string, error) {
	in := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\' && in:
			i++
		case c == '"':
			in = !in
		case c == '#' && !in:
			return s[:i], nil
		}
	}
	if in {
		return "", fmt.Errorf("unterminated string")
	}
	return s, nil
}

// lexer reads the tokens of one logical line.
type lexer struct {
	s    string
	pos  int
	base int // columns before s on its line (an {expression} inside a string)
}

func isNameByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// skipSpace advances over blanks.
func (l *lexer) skipSpace() {
	for l.pos < len(l.s) && (l.s[l.pos] == ' ' || l.s[l.pos] == '\t') {
		l.pos++
	}
}

// rawWord returns the next blank-delimited word as it is written.
func (l *lexer) rawWord() (string, int) {
	l.skipSpace()
	start := l.pos
	for l.pos < len(l.s) && l.s[l.pos] != ' ' && l.s[l.pos] != '\t' {
		l.pos++
	}
	return l.s[start:l.pos], l.base + start + 1
}

// twoByteOps are the operators of two bytes, tried before single bytes.
var twoByteOps = []string{"..", "==", "!=", "<=", ">="}

// next returns the next token.
func (l *lexer) next() (token, error) {
	l.skipSpace()
	if l.pos >= len(l.s) {
		return token{kind: tokEOL, col: l.base + l.pos + 1}, nil
	}
	start := l.pos
	c := l.s[l.pos]
	switch {
	case isDigit(c):
		for l.pos < len(l.s) && isDigit(l.s[l.pos]) {
			l.pos++
		}
		if l.pos < len(l.s) && isNameByte(l.s[l.pos]) {
			return token{}, fmt.Errorf("column %d: a number runs into a name (%q): write calls only at the start of a row", l.base+start+1, l.word(start))
		}
		return token{kind: tokInt, text: l.s[start:l.pos], col: l.base + start + 1}, nil
	case isNameByte(c):
		for l.pos < len(l.s) && isNameByte(l.s[l.pos]) {
			l.pos++
		}
		return token{kind: tokName, text: l.s[start:l.pos], col: l.base + start + 1}, nil
	case c == '"':
		body, err := l.str()
		if err != nil {
			return token{}, err
		}
		return token{kind: tokString, text: body, col: l.base + start + 1}, nil
	}
	for _, op := range twoByteOps {
		if strings.HasPrefix(l.s[l.pos:], op) {
			l.pos += 2
			return token{kind: tokOp, text: op, col: l.base + start + 1}, nil
		}
	}
	if strings.ContainsRune("()+-*/<>=,", rune(c)) {
		l.pos++
		return token{kind: tokOp, text: string(c), col: l.base + start + 1}, nil
	}
	return token{}, fmt.Errorf("column %d: unexpected character %q", l.base+start+1, c)
}

// word returns the run of name bytes from start, for messages.
func (l *lexer) word(start int) string {
	end := start
	for end < len(l.s) && isNameByte(l.s[end]) {
		end++
	}
	return l.s[start:end]
}

// str reads a double-quoted string at l.pos and returns its body with the
// escapes \" and \\ resolved.
func (l *lexer) str() (string, error) {
	start := l.pos
	l.pos++
	var b strings.Builder
	for l.pos < len(l.s) {
		c := l.s[l.pos]
		switch {
		case c == '\\' && l.pos+1 < len(l.s):
			b.WriteByte(l.s[l.pos+1])
			l.pos += 2
		case c == '"':
			l.pos++
			return b.String(), nil
		default:
			b.WriteByte(c)
			l.pos++
		}
	}
	return "", fmt.Errorf("column %d: unterminated string", l.base+start+1)
}

// SyntaxError is an error in a system file, with the line it is on.
type SyntaxError struct {
	File string // the file's name, when known
	Line int
	Msg  string
}

func (e *SyntaxError) Error() string {
	if e.File != "" {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
}
