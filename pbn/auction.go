package pbn

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/openroom/openroom/engine"
)

// Call is one call of an Auction section.
type Call struct {
	Seat  engine.Seat // who made it (dealer first, then clockwise)
	Call  engine.Call
	Note  int    // the =N= note number read, 0 for none (the writer renumbers)
	Alert string // the note's text ([Note "N:text"]), "" for none
	// Alerted marks an alert with no text: a note reference whose note is
	// empty or missing reads so, and is written as "=N=" with [Note "N:"].
	// A non-empty Alert is an alert whatever Alerted says.
	Alerted bool
}

// Auction is a parsed Auction section: the dealer and the calls in order.
type Auction struct {
	Dealer engine.Seat
	Calls  []Call
}

// Engine replays the calls into an engine.Auction; it fails on an illegal call.
func (a *Auction) Engine() (engine.Auction, error) {
	ea := engine.NewAuction(a.Dealer)
	for i, c := range a.Calls {
		if err := ea.Add(c.Call); err != nil {
			return ea, fmt.Errorf("call %d (%s by %s): %w", i+1, c.Call, ea.Turn().Name(), err)
		}
	}
	return ea, nil
}

// Contract returns the final contract; ok is false while the auction is not
// complete (or is illegal).
func (a *Auction) Contract() (c engine.Contract, ok bool) {
	ea, err := a.Engine()
	if err != nil {
		return engine.Contract{}, false
	}
	return ea.Contract()
}

// notesOf returns the texts of the Note tags by number, as seen from the
// section tag at index section: first the notes that follow that section (up
// to the next section tag), then those before any section, then any other.
// For a repeated number the first note wins.
func (g *Game) notesOf(section int) map[int]string {
	var own, loose, rest map[int]string
	owner := -1
	for i := range g.Tags {
		t := &g.Tags[i]
		switch {
		case t.Name == "Note":
			num, text, ok := strings.Cut(t.Value, ":")
			n, err := strconv.Atoi(strings.TrimSpace(num))
			if !ok || err != nil {
				continue
			}
			m := &rest
			switch owner {
			case section:
				m = &own
			case -1:
				m = &loose
			}
			if *m == nil {
				*m = map[int]string{}
			}
			if _, dup := (*m)[n]; !dup {
				(*m)[n] = text
			}
		case !isMandatory(t.Name) && isSectionTag(t):
			owner = i
		}
	}
	out := map[int]string{}
	for _, m := range []map[int]string{rest, loose, own} {
		for n, text := range m {
			out[n] = text
		}
	}
	return out
}

// Auction parses the Auction section: the dealer from the tag value, calls
// (Pass, X, XX, bids; P, D, R and the like are accepted too), "=N=" note
// references resolved from [Note "N:text"] tags, "AP" for all pass and "*"
// for an auction that stops there. NAGs ($n), irregularity marks (^x) and
// suffixes such as ! or ? are ignored. Every call is checked for legality.
// It returns nil and no error when the game has no Auction section.
func (g *Game) Auction() (*Auction, error) {
	ti := g.index("Auction")
	if ti < 0 {
		return nil, nil
	}
	t := &g.Tags[ti]
	fail := func(li int, format string, args ...any) error {
		line := 0
		if t.Line > 0 {
			line = t.Line + 1 + li
		}
		return &Error{Line: line, Board: g.Get("Board"), Tag: "Auction", Err: fmt.Errorf(format, args...)}
	}
	dealer, err := engine.ParseSeat(strings.TrimSpace(t.Value))
	if err != nil {
		return nil, fail(-1, "dealer: %w", err)
	}
	a := &Auction{Dealer: dealer}
	ea := engine.NewAuction(dealer)
	notes := g.notesOf(ti)
	add := func(li int, c engine.Call) error {
		seat := ea.Turn()
		if err := ea.Add(c); err != nil {
			return fail(li, "call %d (%s by %s): %w", len(a.Calls)+1, c, seat.Name(), err)
		}
		a.Calls = append(a.Calls, Call{Seat: seat, Call: c})
		return nil
	}
	for li, line := range t.Lines {
		for _, tok := range strings.Fields(line) {
			switch {
			case tok == "*":
				return a, nil
			case strings.EqualFold(tok, "AP"):
				if ea.Done() {
					return nil, fail(li, "AP after the auction ended")
				}
				for !ea.Done() {
					if err := add(li, engine.Pass); err != nil {
						return nil, err
					}
				}
			case len(tok) >= 3 && tok[0] == '=' && tok[len(tok)-1] == '=':
				n, err := strconv.Atoi(tok[1 : len(tok)-1])
				if err != nil || n < 1 {
					return nil, fail(li, "note reference %s: want =N= with N a positive number", tok)
				}
				if len(a.Calls) == 0 {
					return nil, fail(li, "note reference %s before any call", tok)
				}
				c := &a.Calls[len(a.Calls)-1]
				c.Note = n
				c.Alert = notes[n]
				c.Alerted = c.Alert == ""
			case tok[0] == '$' || tok[0] == '^' || tok[0] == '"':
				// Annotation glyph, irregularity mark or string: not part of the calls.
			default:
				c, err := engine.ParseCall(strings.TrimRight(tok, "!?"))
				if err != nil {
					return nil, fail(li, "%w", err)
				}
				if ea.Done() {
					return nil, fail(li, "call %s after the auction ended", tok)
				}
				if err := add(li, c); err != nil {
					return nil, err
				}
			}
		}
	}
	return a, nil
}

// SetAuction writes the Auction section and its Note tags, replacing any
// present. Calls are written four to a line starting with the dealer's (the
// seats in a.Calls are not consulted: they follow from the dealer). Alerts
// become "=N=" after the call and [Note "N:text"] after the section, numbered
// 1, 2, ... in call order (a call with an empty Alert gets no note unless
// it is Alerted, which gets an empty one, [Note "N:"]); the
// notes that belonged to the old section, and those before any section, are
// removed.
// Conventions: an auction that ends with three passes after a bid is written
// with "AP" in place of those passes, unless one of them carries an alert; a
// passed-out auction is written as four Pass; an auction that is not complete
// (a board stopped by a fault) ends with "*". An illegal call is an error.
func (g *Game) SetAuction(a *Auction) error {
	ea := engine.NewAuction(a.Dealer)
	for i, c := range a.Calls {
		if err := ea.Add(c.Call); err != nil {
			return fmt.Errorf("pbn: board %s: auction call %d (%s by %s): %w", g.Get("Board"), i+1, c.Call, ea.Turn().Name(), err)
		}
	}
	n := len(a.Calls)
	useAP := ea.Done() && !ea.PassedOut() && n >= 3
	for i := n - 3; useAP && i < n; i++ {
		if a.Calls[i].Alert != "" || a.Calls[i].Alerted {
			useAP = false
		}
	}
	var toks []string
	var notes []string
	upto := n
	if useAP {
		upto = n - 3
	}
	for i := 0; i < upto; i++ {
		c := a.Calls[i]
		tok := c.Call.String()
		if c.Alert != "" || c.Alerted {
			notes = append(notes, fmt.Sprintf("%d:%s", len(notes)+1, c.Alert))
			tok += fmt.Sprintf(" =%d=", len(notes))
		}
		toks = append(toks, tok)
	}
	if useAP {
		toks = append(toks, "AP")
	} else if !ea.Done() {
		toks = append(toks, "*")
	}
	var lines []string
	for i := 0; i < len(toks); i += 4 {
		lines = append(lines, strings.Join(toks[i:min(i+4, len(toks))], " "))
	}
	g.replaceSection("Auction", a.Dealer.String(), lines, notes, true)
	return nil
}

// replaceSection sets a section tag and the notes that follow it, removing
// the notes that belonged to it before (those after it up to the next
// section tag and, with dropLoose, those before any section, which the
// writer puts with the first section).
func (g *Game) replaceSection(name, value string, lines, notes []string, dropLoose bool) {
	ti := g.index(name)
	if ti < 0 {
		g.Tags = append(g.Tags, Tag{Name: name, Value: value, Lines: lines})
		ti = len(g.Tags) - 1
	} else {
		g.Tags[ti].Value, g.Tags[ti].Lines = value, lines
	}
	out := g.Tags[:0]
	owner, at := -1, ti
	for i, t := range g.Tags {
		if t.Name == "Note" && (owner == at || owner == -1 && dropLoose) {
			continue
		}
		if i == at {
			ti = len(out)
		}
		if t.Name != "Note" && !isMandatory(t.Name) && isSectionTag(&t) {
			owner = i
		}
		out = append(out, t)
	}
	g.Tags = out
	if len(notes) == 0 {
		return
	}
	ins := make([]Tag, len(notes))
	for i, n := range notes {
		ins[i] = Tag{Name: "Note", Value: n}
	}
	g.Tags = append(g.Tags[:ti+1], append(ins, g.Tags[ti+1:]...)...)
}
