package pbn

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/openroom/openroom/engine"
)

// mandatoryTags are the 15 tags of the PBN export format, in export order.
var mandatoryTags = [15]string{
	"Event", "Site", "Date", "Board", "West", "North", "East", "South",
	"Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result",
}

// Tag is one tag pair and the section lines that followed it in the file.
type Tag struct {
	Name  string
	Value string
	// Lines are the data lines after the tag, comments removed and tokens
	// separated by single spaces: the calls of an Auction, the tricks of a
	// Play, the rows of a table. Empty for a plain tag.
	Lines []string
	// Line is the 1-based input line of the tag, 0 for a tag made in code.
	Line int
}

// Game is one PBN game: usually one board played at one table, or just a
// deal. The zero Game is empty and ready to use.
type Game struct {
	// Tags in file order. Note tags may repeat; other names appear once.
	Tags []Tag
	// Line is the 1-based input line of the game's first tag, 0 for a game
	// made in code.
	Line int
}

// index returns the position of the first tag with the name, or -1.
func (g *Game) index(name string) int {
	for i := range g.Tags {
		if g.Tags[i].Name == name {
			return i
		}
	}
	return -1
}

// Tag returns the first tag with the name, or nil.
func (g *Game) Tag(name string) *Tag {
	if i := g.index(name); i >= 0 {
		return &g.Tags[i]
	}
	return nil
}

// Lookup returns the value of the named tag and whether it is present.
func (g *Game) Lookup(name string) (string, bool) {
	if t := g.Tag(name); t != nil {
		return t.Value, true
	}
	return "", false
}

// Get returns the value of the named tag, "" when absent.
func (g *Game) Get(name string) string {
	v, _ := g.Lookup(name)
	return v
}

// Set sets a tag's value, keeping its section lines and position if it is
// present and appending it otherwise. Use AddNote for notes.
func (g *Game) Set(name, value string) {
	if t := g.Tag(name); t != nil {
		t.Value = value
		return
	}
	g.Tags = append(g.Tags, Tag{Name: name, Value: value})
}

// SetSection sets a tag and its section lines (for example a table), replacing
// any tag of that name.
func (g *Game) SetSection(name, value string, lines []string) {
	if t := g.Tag(name); t != nil {
		t.Value, t.Lines = value, lines
		return
	}
	g.Tags = append(g.Tags, Tag{Name: name, Value: value, Lines: lines})
}

// Section returns the section lines of the named tag (nil when absent).
func (g *Game) Section(name string) []string {
	if t := g.Tag(name); t != nil {
		return t.Lines
	}
	return nil
}

// Delete removes every tag with the name.
func (g *Game) Delete(name string) {
	out := g.Tags[:0]
	for _, t := range g.Tags {
		if t.Name != name {
			out = append(out, t)
		}
	}
	g.Tags = out
}

// Clone returns a deep copy of the game.
func (g *Game) Clone() *Game {
	c := &Game{Line: g.Line, Tags: make([]Tag, len(g.Tags))}
	copy(c.Tags, g.Tags)
	for i := range c.Tags {
		if c.Tags[i].Lines != nil {
			c.Tags[i].Lines = append([]string(nil), c.Tags[i].Lines...)
		}
	}
	return c
}

// errorf returns an *Error about the named tag of this game.
func (g *Game) errorf(tag string, format string, args ...any) error {
	line := g.Line
	if t := g.Tag(tag); t != nil && t.Line > 0 {
		line = t.Line
	}
	return &Error{Line: line, Board: g.Get("Board"), Tag: tag, Err: fmt.Errorf(format, args...)}
}

// Board returns the board number from the Board tag.
func (g *Game) Board() (int, error) {
	v, ok := g.Lookup("Board")
	if !ok {
		return 0, g.errorf("Board", "no Board tag")
	}
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n < 1 {
		return 0, g.errorf("Board", "board number %q: want a positive integer", v)
	}
	return n, nil
}

// Dealer returns the dealer from the Dealer tag.
func (g *Game) Dealer() (engine.Seat, error) {
	v, ok := g.Lookup("Dealer")
	if !ok {
		return 0, g.errorf("Dealer", "no Dealer tag")
	}
	s, err := engine.ParseSeat(strings.TrimSpace(v))
	if err != nil {
		return 0, g.errorf("Dealer", "%w", err)
	}
	return s, nil
}

// Vulnerability returns the vulnerability from the Vulnerable tag; None, NS,
// EW, All and the variants Love, -, Both (see engine.ParseVulnerability).
func (g *Game) Vulnerability() (engine.Vulnerability, error) {
	v, ok := g.Lookup("Vulnerable")
	if !ok {
		return 0, g.errorf("Vulnerable", "no Vulnerable tag")
	}
	vul, err := engine.ParseVulnerability(strings.TrimSpace(v))
	if err != nil {
		return 0, g.errorf("Vulnerable", "%w", err)
	}
	return vul, nil
}

// Deal returns the deal from the Deal tag, checked by engine.ParseDeal.
func (g *Game) Deal() (engine.Deal, error) {
	v, ok := g.Lookup("Deal")
	if !ok {
		return engine.Deal{}, g.errorf("Deal", "no Deal tag")
	}
	d, err := engine.ParseDeal(v)
	if err != nil {
		return engine.Deal{}, g.errorf("Deal", "%w", err)
	}
	return d, nil
}

// Contract returns the contract from the Contract and Declarer tags. A
// passed-out board gives a Contract with Level 0. ok is false when the
// Contract tag is absent or empty (no contract recorded).
func (g *Game) Contract() (c engine.Contract, ok bool, err error) {
	v := strings.TrimSpace(g.Get("Contract"))
	if v == "" || v == "?" {
		return engine.Contract{}, false, nil
	}
	c, err = engine.ParseContract(v)
	if err != nil {
		return engine.Contract{}, false, g.errorf("Contract", "%w", err)
	}
	if c.PassedOut() {
		return c, true, nil
	}
	d := strings.TrimSpace(g.Get("Declarer"))
	// A leading ^ marks an irregular declarer (PBN 3.9); the seat still declares.
	d = strings.TrimPrefix(d, "^")
	seat, err := engine.ParseSeat(d)
	if err != nil {
		return engine.Contract{}, false, g.errorf("Declarer", "contract %s: %w", v, err)
	}
	c.Declarer = seat
	return c, true, nil
}

// Result returns the tricks won by declarer from the Result tag; ok is false
// when the tag is absent or empty (passed out, or the board was not
// finished). Besides a plain number it accepts "NS 9" / "EW 4", the tricks of
// a side, which needs the declarer from the Declarer tag.
func (g *Game) Result() (tricks int, ok bool, err error) {
	v := strings.TrimSpace(g.Get("Result"))
	if v == "" || v == "?" {
		return 0, false, nil
	}
	side, num, hasSide := strings.Cut(v, " ")
	if !hasSide {
		num = v
	}
	n, err := strconv.Atoi(strings.TrimSpace(num))
	if err != nil || n < 0 || n > 13 {
		return 0, false, g.errorf("Result", "result %q: want the tricks won by declarer, 0 to 13", v)
	}
	if hasSide {
		var s engine.Side
		switch strings.ToUpper(side) {
		case "NS":
			s = engine.NS
		case "EW":
			s = engine.EW
		default:
			return 0, false, g.errorf("Result", "result %q: want a number, or NS or EW and a number", v)
		}
		decl, err := engine.ParseSeat(strings.TrimPrefix(strings.TrimSpace(g.Get("Declarer")), "^"))
		if err != nil {
			return 0, false, g.errorf("Result", "result %q names a side but the declarer is unknown", v)
		}
		if decl.Side() != s {
			n = 13 - n
		}
	}
	return n, true, nil
}

// Score returns the score from North-South's side from the Score tag ("NS
// 420", "EW -100", or a bare number taken as North-South's); ok is false when
// the tag is absent or empty.
func (g *Game) Score() (ns int, ok bool, err error) {
	v := strings.TrimSpace(g.Get("Score"))
	if v == "" {
		return 0, false, nil
	}
	side, num, hasSide := strings.Cut(v, " ")
	if !hasSide {
		side, num = "NS", v
	}
	n, err := strconv.Atoi(strings.TrimSpace(num))
	if err != nil {
		return 0, false, g.errorf("Score", "score %q: want NS or EW and a number", v)
	}
	switch strings.ToUpper(side) {
	case "NS":
		return n, true, nil
	case "EW":
		return -n, true, nil
	}
	return 0, false, g.errorf("Score", "score %q: want NS or EW and a number", v)
}
