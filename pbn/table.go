package pbn

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/openroom/openroom/engine"
)

// DDTable is a double-dummy table: the tricks declarer takes, indexed by
// declarer seat and strain in engine order (t[engine.North][engine.NoTrump]).
type DDTable [engine.NumSeats][engine.NumStrains]int

// ddSeats and ddStrains are the order of the OptimumResultTable rows and of
// the DoubleDummyTricks digits: declarers N, S, E, W; strains NT, S, H, D, C.
var (
	ddSeats   = [4]engine.Seat{engine.North, engine.South, engine.East, engine.West}
	ddStrains = [5]engine.Strain{engine.NoTrump, engine.StrainSpades, engine.StrainHearts, engine.StrainDiamonds, engine.StrainClubs}
)

// OptimumResultTableFormat is the column format of the OptimumResultTable
// written by SetOptimumResultTable.
const OptimumResultTableFormat = `Declarer;Denomination\2R;Result\2R`

// SetOptimumResultTable writes the OptimumResultTable section: 20 rows
// "N NT 9", "N S 10", ..., declarers N, S, E, W, each with strains NT, S, H,
// D, C.
func (g *Game) SetOptimumResultTable(t DDTable) {
	lines := make([]string, 0, 20)
	for _, s := range ddSeats {
		for _, st := range ddStrains {
			lines = append(lines, fmt.Sprintf("%s %s %d", s, st, t[s][st]))
		}
	}
	g.SetSection("OptimumResultTable", OptimumResultTableFormat, lines)
}

// OptimumResultTable reads the OptimumResultTable section, whose columns
// must include Declarer, Denomination and Result (in any order, as the tag
// value says); every one of the 20 cells must be given. ok is false when the
// game has no such section.
func (g *Game) OptimumResultTable() (t DDTable, ok bool, err error) {
	tag := g.Tag("OptimumResultTable")
	if tag == nil {
		return t, false, nil
	}
	col := map[string]int{}
	for i, c := range strings.Split(tag.Value, ";") {
		name, _, _ := strings.Cut(c, `\`)
		col[strings.TrimSpace(name)] = i
	}
	di, ok1 := col["Declarer"]
	si, ok2 := col["Denomination"]
	ri, ok3 := col["Result"]
	if !ok1 || !ok2 || !ok3 {
		return t, false, g.errorf("OptimumResultTable", "columns %q: want Declarer, Denomination and Result", tag.Value)
	}
	var seen [4][5]bool
	for _, line := range tag.Lines {
		f := strings.Fields(line)
		if len(f) <= max(di, si, ri) {
			return t, false, g.errorf("OptimumResultTable", "row %q: want %d columns", line, len(col))
		}
		seat, err := engine.ParseSeat(f[di])
		if err != nil {
			return t, false, g.errorf("OptimumResultTable", "row %q: %w", line, err)
		}
		st, err := engine.ParseStrain(f[si])
		if err != nil {
			return t, false, g.errorf("OptimumResultTable", "row %q: %w", line, err)
		}
		n, err := strconv.Atoi(f[ri])
		if err != nil || n < 0 || n > 13 {
			return t, false, g.errorf("OptimumResultTable", "row %q: result: want 0 to 13", line)
		}
		t[seat][st], seen[seat][st] = n, true
	}
	for _, s := range ddSeats {
		for _, st := range ddStrains {
			if !seen[s][st] {
				return t, false, g.errorf("OptimumResultTable", "no row for %s %s", s, st)
			}
		}
	}
	return t, true, nil
}

// FormatDoubleDummyTricks returns the DoubleDummyTricks tag value: 20 hex
// digits, declarers N, S, E, W, each with strains NT, S, H, D, C.
func FormatDoubleDummyTricks(t DDTable) string {
	const hex = "0123456789abcdef"
	b := make([]byte, 0, 20)
	for _, s := range ddSeats {
		for _, st := range ddStrains {
			n := t[s][st]
			if n < 0 || n > 15 {
				n = 0
			}
			b = append(b, hex[n])
		}
	}
	return string(b)
}

// DoubleDummyTricks reads the DoubleDummyTricks tag; ok is false when the
// game has none (or it is empty).
func (g *Game) DoubleDummyTricks() (t DDTable, ok bool, err error) {
	v := strings.TrimSpace(g.Get("DoubleDummyTricks"))
	if v == "" {
		return t, false, nil
	}
	t, err = ParseDoubleDummyTricks(v)
	if err != nil {
		return t, false, g.errorf("DoubleDummyTricks", "%w", err)
	}
	return t, true, nil
}

// ParseDoubleDummyTricks reads a DoubleDummyTricks tag value (20 hex digits
// in either case, each 0 to 13).
func ParseDoubleDummyTricks(s string) (DDTable, error) {
	var t DDTable
	if len(s) != 20 {
		return t, fmt.Errorf("DoubleDummyTricks %q: want 20 hex digits", s)
	}
	i := 0
	for _, seat := range ddSeats {
		for _, st := range ddStrains {
			n, err := strconv.ParseUint(s[i:i+1], 16, 8)
			if err != nil || n > 13 {
				return t, fmt.Errorf("DoubleDummyTricks %q: digit %d: want 0 to d", s, i+1)
			}
			t[seat][st] = int(n)
			i++
		}
	}
	return t, nil
}
