package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/openroom/openroom/engine"
	flag "github.com/spf13/pflag"
)

// rubberLine is one deal of a rubber as a line of standard input gives it.
type rubberLine struct {
	contract engine.Contract
	tricks   int
	honours  engine.Honours
}

// parseRubberFields reads CONTRACT DECLARER TRICKS [HONOURS]. A passed-out
// deal is "Pass" alone; any further fields must be "-". HONOURS is "-" for
// none, or the bonus and the holder's seat: 100N, 150E.
func parseRubberFields(f []string) (rubberLine, error) {
	var in rubberLine
	c, err := contractField(f)
	if err != nil {
		return in, err
	}
	if c.PassedOut() {
		if len(f) > 4 {
			return in, fmt.Errorf("want at most 4 fields, found %d", len(f))
		}
		for i, name := range []string{"DECLARER", "TRICKS", "HONOURS"}[:len(f)-1] {
			if f[i+1] != "-" {
				return in, &fieldError{name, fmt.Errorf("%q: a passed-out deal has none, write - or leave it out", f[i+1])}
			}
		}
		return in, nil
	}
	if len(f) != 3 && len(f) != 4 {
		return in, fmt.Errorf("want 3 or 4 fields (CONTRACT DECLARER TRICKS [HONOURS]), found %d", len(f))
	}
	if c.Declarer, err = engine.ParseSeat(f[1]); err != nil || len(f[1]) != 1 {
		if err == nil {
			err = fmt.Errorf("seat %q: want N, E, S or W", f[1])
		}
		return in, &fieldError{"DECLARER", err}
	}
	t, err := strconv.Atoi(f[2])
	if err != nil || t < 0 || t > 13 {
		return in, &fieldError{"TRICKS", fmt.Errorf("%q: want the declaring side's tricks, 0 to 13", f[2])}
	}
	in.contract, in.tricks = c, t
	if len(f) == 4 {
		if in.honours, err = parseHonours(f[3], c.Strain); err != nil {
			return in, &fieldError{"HONOURS", err}
		}
	}
	return in, nil
}

// parseHonours reads "-" (no honours) or 100 or 150 followed by the
// holder's seat letter, and checks that the bonus is possible in the strain.
func parseHonours(s string, strain engine.Strain) (engine.Honours, error) {
	if s == "-" {
		return engine.Honours{}, nil
	}
	bad := fmt.Errorf("%q: want - (none), or 100 or 150 and the holder's seat, e.g. 100N", s)
	if len(s) < 2 {
		return engine.Honours{}, bad
	}
	points, err := strconv.Atoi(s[:len(s)-1])
	if err != nil || (points != 100 && points != 150) || s[0] == '+' {
		return engine.Honours{}, bad
	}
	seat, err := engine.ParseSeat(s[len(s)-1:])
	if err != nil {
		return engine.Honours{}, bad
	}
	h := engine.Honours{Points: points, Holder: seat}
	if err := h.Check(strain); err != nil {
		return engine.Honours{}, err
	}
	return h, nil
}

// runRubberScore checks score's rubber flags and arguments (standard input
// only, so no argument but an optional "-") and scores the rubber.
func runRubberScore(e *env, fs *flag.FlagSet, rubber, chicago bool, dealer string, asJSON bool) int {
	fail := func(msg string) int {
		fmt.Fprintf(e.stderr, "tablemanager score: %s (try tablemanager score --help)\n", msg)
		return exitUsage
	}
	switch {
	case rubber && chicago:
		return fail("--rubber and --chicago: choose one")
	case !rubber && !chicago:
		return fail("--dealer needs --rubber or --chicago")
	case fs.NArg() > 1 || fs.NArg() == 1 && fs.Arg(0) != "-":
		return fail(fmt.Sprintf("%s mode reads the deals on standard input: unexpected argument %q",
			map[bool]string{true: "--rubber", false: "--chicago"}[rubber], fs.Arg(0)))
	}
	first, err := engine.ParseSeat(dealer)
	if err != nil {
		return fail("--dealer: " + err.Error())
	}
	kind := engine.RubberBridge
	if chicago {
		kind = engine.Chicago
	}
	return scoreRubber(e, kind, first, asJSON)
}

// scoreRubber scores the deals on standard input as one rubber (or one
// Chicago) and prints its score sheet. A bad line, or a line after the
// rubber is over, prints nothing on standard output and exits 65.
func scoreRubber(e *env, kind engine.RubberKind, dealer engine.Seat, asJSON bool) int {
	r := engine.NewRubber(kind, dealer)
	sc := bufio.NewScanner(e.stdin)
	sc.Buffer(make([]byte, 4096), 4096)
	line, lastLine := 0, 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		if r.Over() {
			fmt.Fprintf(e.stderr, "tablemanager score: line %d: the %s ended on line %d; one %s per input\n",
				line, kindName(kind), lastLine, kindName(kind))
			return exitDataErr
		}
		in, err := parseRubberFields(strings.Fields(text))
		if err == nil {
			_, err = r.AddWithHonours(in.contract, in.tricks, in.honours)
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "tablemanager score: line %d: %v\n", line, err)
			return exitDataErr
		}
		lastLine = line
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintf(e.stderr, "tablemanager score: line %d: %v\n", line+1, err)
		return exitDataErr
	}
	if r.Deals() == 0 {
		fmt.Fprintln(e.stderr, "tablemanager score: no deals on standard input")
		return exitDataErr
	}
	sheet := r.Sheet()
	var err error
	if asJSON {
		var b []byte
		if b, err = json.Marshal(sheet); err == nil {
			_, err = fmt.Fprintf(e.stdout, "%s\n", b)
		}
	} else {
		err = writeRubberSheet(e.stdout, sheet, dealer)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "tablemanager score: %v\n", err)
		return exitFailure
	}
	return exitOK
}

// kindName is the word the sheet uses for the kind: rubber or Chicago.
func kindName(k engine.RubberKind) string {
	if k == engine.Chicago {
		return "Chicago"
	}
	return "rubber"
}

// sheetRow is one figure as the printed sheet shows it.
type sheetRow struct {
	side engine.Side
	item engine.ScoreItem
}

// writeRubberSheet prints the deals, then the score sheet as it is kept on
// paper: the NS and EW columns, the bonuses above the line (the latest at
// the top, nearest the line the first written), the trick points below it
// game by game, the totals and the winner.
func writeRubberSheet(w io.Writer, s engine.RubberSheet, first engine.Seat) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s), first dealer %s\n", kindName(s.Kind), s.Ruleset, first)
	b.WriteString("deal  dealer  vul   contract  by  tricks  result\n")
	for _, e := range s.Entries {
		if e.Declarer == "" {
			fmt.Fprintf(&b, "%4d  %-6s  %-4s  %s\n", e.Deal, e.Dealer, e.Vulnerability, e.Contract)
			continue
		}
		fmt.Fprintf(&b, "%4d  %-6s  %-4s  %-8s  %-2s  %6d  %s\n",
			e.Deal, e.Dealer, e.Vulnerability, e.Contract, e.Declarer, e.Tricks, e.Result)
	}
	b.WriteString("\n")
	row := func(side engine.Side, item engine.ScoreItem) {
		ns, ew := strconv.Itoa(item.Points), ""
		if side == engine.EW {
			ns, ew = "", ns
		}
		fmt.Fprintf(&b, "%8s %8s   deal %d: %s\n", ns, ew, item.Deal, item.Label)
	}
	const rule = "-----------------"
	fmt.Fprintf(&b, "%8s %8s\n", "NS", "EW")
	var above []sheetRow
	for _, e := range s.Entries {
		for side := engine.NS; side <= engine.EW; side++ {
			for _, it := range e.Side(side).Above {
				above = append(above, sheetRow{side, it})
			}
		}
	}
	for _, r := range slices.Backward(above) {
		row(r.side, r.item)
	}
	fmt.Fprintf(&b, "%s   the line\n", strings.Repeat("=", len(rule)))
	closed := false // the last line printed is a game's rule
	for _, g := range s.Games {
		if len(g.NS)+len(g.EW) == 0 {
			continue
		}
		var rows []sheetRow
		for _, it := range g.NS {
			rows = append(rows, sheetRow{engine.NS, it})
		}
		for _, it := range g.EW {
			rows = append(rows, sheetRow{engine.EW, it})
		}
		slices.SortStableFunc(rows, func(a, b sheetRow) int { return a.item.Deal - b.item.Deal })
		for _, r := range rows {
			row(r.side, r.item)
		}
		closed = g.Winner != ""
		if closed {
			fmt.Fprintf(&b, "%s   game %d: %s\n", rule, g.Number, g.Winner)
		} else {
			fmt.Fprintf(&b, "%*s   game %d: unfinished\n", len(rule), "", g.Number)
		}
	}
	if !closed {
		fmt.Fprintf(&b, "%s\n", rule)
	}
	fmt.Fprintf(&b, "%8d %8d   total (above %d and %d, below %d and %d)\n",
		s.NS.Total, s.EW.Total, s.NS.AboveTotal, s.EW.AboveTotal, s.NS.BelowTotal, s.EW.BelowTotal)
	b.WriteString(verdict(s))
	b.WriteString("\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// verdict is the sheet's last line: who won, or how far the rubber got.
func verdict(s engine.RubberSheet) string {
	name := kindName(s.Kind)
	score := fmt.Sprintf("NS %d, EW %d (games: NS %d, EW %d)", s.NS.Total, s.EW.Total, s.NS.Games, s.EW.Games)
	switch {
	case s.Winner != "":
		return fmt.Sprintf("%s over after %s: %s win; %s", name, deals(s.Deals), s.Winner, score)
	case s.Over:
		return fmt.Sprintf("%s over after %s: a draw; %s", name, deals(s.Deals), score)
	case s.Kind == engine.Chicago:
		played := 0
		if n := len(s.Entries); n > 0 {
			played = s.Entries[n-1].Round
			if s.Entries[n-1].Declarer == "" {
				played-- // a passed-out deal is redealt
			}
		}
		return fmt.Sprintf("%s not finished: %d of 4 deals played, no winner; %s", name, played, score)
	}
	return fmt.Sprintf("%s not finished after %s, no winner; %s", name, deals(s.Deals), score)
}

// deals writes "1 deal" or "6 deals".
func deals(n int) string {
	if n == 1 {
		return "1 deal"
	}
	return strconv.Itoa(n) + " deals"
}
