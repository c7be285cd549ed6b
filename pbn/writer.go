package pbn

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// Writer writes games in PBN export format, each followed by a blank line.
// Each game is written to the underlying writer with a single Write call, so
// a game is either on disk whole or not at all (as far as the writer allows).
type Writer struct {
	w io.Writer
	// OmitHeader, set before the first Write, leaves out the "% PBN 2.1" and
	// "% EXPORT" lines; use it when appending to a file that has them.
	OmitHeader bool
	started    bool
	buf        []byte // reused between games
}

// NewWriter returns a Writer on w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Header is written before the first game.
const Header = "% PBN 2.1\n% EXPORT\n\n"

// Write writes one game in export format (see Game.AppendExport).
func (w *Writer) Write(g *Game) error {
	b := w.buf[:0]
	if !w.started && !w.OmitHeader {
		b = append(b, Header...)
	}
	b, err := g.AppendExport(b)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	w.buf = b[:0]
	if _, err := w.w.Write(b); err != nil {
		return fmt.Errorf("pbn: write board %s: %w", g.Get("Board"), err)
	}
	w.started = true
	return nil
}

// isSectionTag reports whether a tag is written in the section part of a
// game: the Auction and Play sections, tables (names ending in "Table", but
// not the Table tag itself), and any tag with data lines.
func isSectionTag(t *Tag) bool {
	return len(t.Lines) > 0 || t.Name == "Auction" || t.Name == "Play" ||
		(strings.HasSuffix(t.Name, "Table") && t.Name != "Table")
}

func isMandatory(name string) bool {
	for _, m := range mandatoryTags {
		if m == name {
			return true
		}
	}
	return false
}

// String returns the game in export format, or an error message if it cannot
// be written.
func (g *Game) String() string {
	b, err := g.AppendExport(nil)
	if err != nil {
		return err.Error()
	}
	return string(b)
}

// AppendExport appends the game in PBN export format to dst, without a
// trailing blank line:
//
//   - the 15 mandatory tags in order (a missing one is written with an empty
//     value);
//   - the other plain tags sorted by name;
//   - the sections: Auction, then Play, then the others (tables) in their
//     order in Tags, each followed by its data lines and then by the Note
//     tags that followed it in Tags (Note tags before any section go with
//     the first section).
//
// Line ends are LF. A tag value is escaped as PBN asks (\" and \\; a
// backslash before any other character is left alone, so table column specs
// like "Result\2R" stay as they are); a line feed in a value becomes a space. A
// data line that would start with % is indented by a space so that it is not
// read as an escape line. A value of exactly "#" would be read back as
// inheritance from the previous game; avoid it.
func (g *Game) AppendExport(dst []byte) ([]byte, error) {
	for i := range g.Tags {
		if !validName(g.Tags[i].Name) {
			return dst, fmt.Errorf("pbn: board %s: tag name %q: want letters, digits and _", g.Get("Board"), g.Tags[i].Name)
		}
	}
	for _, name := range mandatoryTags {
		if t := g.Tag(name); t != nil {
			dst = appendTag(dst, t)
		} else {
			dst = appendTag(dst, &Tag{Name: name})
		}
	}
	var plain, sections []int
	notes := make(map[int][]int) // section index (or -1) -> note indexes
	owner := -1
	for i := range g.Tags {
		t := &g.Tags[i]
		switch {
		case t.Name == "Note":
			notes[owner] = append(notes[owner], i)
		case isMandatory(t.Name):
			if g.index(t.Name) != i {
				continue // a repeat made in code; the first one was written
			}
		case isSectionTag(t):
			sections = append(sections, i)
			owner = i
		default:
			plain = append(plain, i)
		}
	}
	slices.SortStableFunc(plain, func(a, b int) int { return strings.Compare(g.Tags[a].Name, g.Tags[b].Name) })
	for _, i := range plain {
		dst = appendTag(dst, &g.Tags[i])
	}
	rank := func(i int) int {
		switch g.Tags[i].Name {
		case "Auction":
			return 0
		case "Play":
			return 1
		}
		return 2
	}
	slices.SortStableFunc(sections, func(a, b int) int { return rank(a) - rank(b) })
	for k, i := range sections {
		dst = appendTag(dst, &g.Tags[i])
		if k == 0 {
			for _, n := range notes[-1] {
				dst = appendTag(dst, &g.Tags[n])
			}
		}
		for _, n := range notes[i] {
			dst = appendTag(dst, &g.Tags[n])
		}
	}
	if len(sections) == 0 {
		for _, n := range notes[-1] {
			dst = appendTag(dst, &g.Tags[n])
		}
	}
	return dst, nil
}

func validName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isNameByte(s[i]) {
			return false
		}
	}
	return true
}

// appendTag writes [Name "value"] and the tag's data lines.
func appendTag(dst []byte, t *Tag) []byte {
	dst = append(dst, '[')
	dst = append(dst, t.Name...)
	dst = append(dst, ' ', '"')
	dst = appendEscaped(dst, t.Value)
	dst = append(dst, '"', ']', '\n')
	for _, l := range t.Lines {
		l = strings.ReplaceAll(l, "\n", " ") // byte-wise, so invalid UTF-8 stays as it is
		if strings.TrimSpace(l) == "" {
			continue // a blank line would end the game
		}
		if l[0] == '%' {
			dst = append(dst, ' ')
		}
		dst = append(dst, l...)
		dst = append(dst, '\n')
	}
	return dst
}

// appendEscaped writes a tag value with quotes and the backslashes that would
// otherwise be misread escaped.
func appendEscaped(dst []byte, v string) []byte {
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c == '"':
			dst = append(dst, '\\', '"')
		case c == '\\' && (i+1 == len(v) || v[i+1] == '"' || v[i+1] == '\\'):
			dst = append(dst, '\\', '\\')
		case c == '\n':
			dst = append(dst, ' ')
		default:
			dst = append(dst, c)
		}
	}
	return dst
}
