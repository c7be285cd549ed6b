package bidding

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/openroom/openroom/engine"
)

// maxUseDepth bounds templates that use templates, so that a template
// using itself is an error rather than a hang.
const maxUseDepth = 16

// maxRows bounds the rows one file may expand to, so that nested loops in
// a hostile file cannot exhaust memory.
const maxRows = 100000

// maxSteps bounds the work of expanding one file, counted in steps
// (lineCost: a statement or a loop's turn, more for a long line), so that
// nested loops or templates, even ones that write no row, end.
const maxSteps = 2_000_000

// maxSituationRows bounds the rows of one situation: the check for rows no
// hand reaches compares each row with the rows before it.
const maxSituationRows = 1000

// errSteps is the error of a file that expands past maxSteps.
var errSteps = fmt.Errorf("the file takes more than %d steps to expand (loops or templates nested too deep?)", maxSteps)

// table is what a system file expands to: the rows by situation, with the
// line each row and situation came from.
type table struct {
	name    string
	about   []string
	rows    map[string][]*row
	keys    []string // situations in the order the file first names them
	keyLine map[string]int
	count   int
	// options are the file's option statements (a base's, unless the
	// file sets its own), by name; optionLine is the line that set each
	// (0: the base's).
	options    map[string]string
	optionLine map[string]int
}

// optionValues lists the options a file may set and the values each
// takes; the first value is the default.
var optionValues = map[string][]string{
	"aces": {"blackwood", "rkc1430"},
}

// expander runs a system file's statements.
type expander struct {
	t         *table
	templates map[string]*stmt
	root      *scope
	key       string
	auction   engine.Auction // the situation's auction, for the rows' legality
	hasKey    bool
	depth     int
	steps     int
	depth0    int             // how many bases below the file being loaded this one is
	based     bool            // the file has a base
	inherited map[string]bool // base situations the file has not named yet (their rows are the base's)
	baseAbout bool            // the preamble is still the base's
}

// convNames are the conventions a row may be tagged with (conv NAME),
// which the slam machinery recognises later in the auction.
var convNames = map[string]convention{
	"blackwood": convBlackwood, "aceanswer": convAceAnswer, "kingask": convKingAsk,
	"kinganswer": convKingAnswer, "quantitative": convQuant, "cue": convCue,
}

// maxBaseDepth bounds a chain of bases (a system based on a system based
// on ...), so that a cycle is an error.
const maxBaseDepth = 4

// expandSystem parses and expands a system file's text.
func expandSystem(src string) (*table, error) { return expandAt(src, 0) }

// expandAt expands a file that is depth bases below the one loaded.
func expandAt(src string, depth int) (*table, error) {
	stmts, err := parseSystem(src)
	if err != nil {
		return nil, err
	}
	root := &scope{vars: map[string]value{}}
	x := &expander{
		t:         &table{rows: map[string][]*row{}, keyLine: map[string]int{}, options: map[string]string{}, optionLine: map[string]int{}},
		templates: map[string]*stmt{},
		root:      root,
		depth0:    depth,
	}
	if err := x.run(stmts, root); err != nil {
		return nil, err
	}
	if x.t.name == "" {
		return nil, &SyntaxError{Line: 1, Msg: "the file does not name its system (system \"NAME\")"}
	}
	return x.t, nil
}

// lineErr puts a line number on an expansion error.
func lineErr(line int, err error) error {
	var se *SyntaxError
	if errors.As(err, &se) {
		return err
	}
	return &SyntaxError{Line: line, Msg: err.Error()}
}

func (x *expander) run(stmts []stmt, sc *scope) error {
	for i := range stmts {
		if err := x.exec(&stmts[i], sc); err != nil {
			return lineErr(stmts[i].line, err)
		}
	}
	return nil
}

func (x *expander) exec(s *stmt, sc *scope) error {
	if x.steps += s.cost; x.steps > maxSteps {
		return errSteps
	}
	switch s.kind {
	case stSystem:
		v, err := evalKind(s.x, sc, vString)
		if err != nil {
			return err
		}
		if x.t.name != "" {
			return fmt.Errorf("the system is already named %q", x.t.name)
		}
		if strings.TrimSpace(v.s) == "" {
			return fmt.Errorf("the system's name is empty")
		}
		x.t.name = v.s
	case stBase:
		return x.base(s, sc)
	case stAbout:
		v, err := evalKind(s.x, sc, vString)
		if err != nil {
			return err
		}
		if x.baseAbout {
			x.t.about, x.baseAbout = nil, false // the file's own preamble replaces its base's
		}
		x.t.about = append(x.t.about, v.s)
	case stOption:
		return x.option(s, sc)
	case stLet:
		v, err := eval(s.x, sc)
		if err != nil {
			return err
		}
		sc.vars[s.name] = v
	case stSituation:
		return x.situation(s, sc)
	case stFor:
		return x.forLoop(s, sc)
	case stIf:
		v, err := evalKind(s.x, sc, vBool)
		if err != nil {
			return err
		}
		if v.i != 0 {
			return x.run(s.body, sc)
		}
		return x.run(s.els, sc)
	case stDefine:
		if _, dup := x.templates[s.name]; dup {
			return fmt.Errorf("template %q is defined twice", s.name)
		}
		x.templates[s.name] = s
	case stUse:
		return x.use(s, sc)
	case stRow:
		return x.row(s, sc)
	}
	return nil
}

// situation sets the key the following rows answer, checking that it is a
// legal auction from the opening bid on.
func (x *expander) situation(s *stmt, sc *scope) error {
	v, err := evalKind(s.x, sc, vString)
	if err != nil {
		return err
	}
	key := strings.Join(strings.Fields(v.s), " ")
	a := engine.NewAuction(engine.North)
	for i, f := range strings.Fields(key) {
		c, err := engine.ParseCall(f)
		if err != nil {
			return fmt.Errorf("situation %q: call %d: %v", key, i+1, err)
		}
		if i == 0 && !c.IsBid() {
			return fmt.Errorf("situation %q: a situation starts with the opening bid (passes before it are not written)", key)
		}
		if err := a.Add(c); err != nil {
			return fmt.Errorf("situation %q: call %d (%s): %v", key, i+1, f, err)
		}
	}
	// The bidder looks situations up as KeyCall writes calls ("1N", "P"):
	// a situation written "1NT Pass" must be found under "1N P".
	calls := a.Calls()
	words := make([]string, len(calls))
	for i, c := range calls {
		words[i] = KeyCall(c)
	}
	key = strings.Join(words, " ")
	if a.Done() {
		return fmt.Errorf("situation %q: the auction is over", key)
	}
	x.key, x.auction, x.hasKey = key, a, true
	if x.inherited[key] {
		// The file names a situation of its base: its rows replace the base's.
		delete(x.inherited, key)
		x.t.count -= len(x.t.rows[key])
		x.t.rows[key] = nil
	}
	switch line, seen := x.t.keyLine[key]; {
	case !seen:
		x.t.keyLine[key] = s.line
		x.t.keys = append(x.t.keys, key)
	case line == 0: // the base's situation, named here for the first time
		x.t.keyLine[key] = s.line
	}
	return nil
}

// base starts the table from a built-in system's.
func (x *expander) base(s *stmt, sc *scope) error {
	v, err := evalKind(s.x, sc, vString)
	if err != nil {
		return err
	}
	if x.based || x.hasKey || len(x.templates) > 0 {
		return fmt.Errorf("base comes once, before any situation or template")
	}
	if x.depth0+1 >= maxBaseDepth {
		return fmt.Errorf("base %q: bases nest deeper than %d (does a system base itself on itself?)", v.s, maxBaseDepth)
	}
	src, err := BuiltinSource(v.s)
	if err != nil {
		return err
	}
	bt, err := expandAt(string(src), x.depth0+1)
	if err != nil {
		// A plain error, so that it is placed on this file's base line;
		// the base file's own line goes into the message.
		var se *SyntaxError
		if errors.As(err, &se) && se.File == "" {
			se.File = v.s + ".bid"
		}
		return fmt.Errorf("base %q: %s", v.s, err)
	}
	x.based = true
	x.inherited = make(map[string]bool, len(bt.keys))
	for _, k := range bt.keys {
		x.t.rows[k] = bt.rows[k]
		x.t.keyLine[k] = 0
		x.t.keys = append(x.t.keys, k)
		x.inherited[k] = true
	}
	x.t.count = bt.count
	x.t.about, x.baseAbout = bt.about, true
	for k, v := range bt.options {
		x.t.options[k], x.t.optionLine[k] = v, 0
	}
	return nil
}

// option sets one of the interpreter's choices (optionValues): a name the
// interpreter knows, a value it takes, once per file.
func (x *expander) option(s *stmt, sc *scope) error {
	values, known := optionValues[s.name]
	if !known {
		names := slices.Sorted(maps.Keys(optionValues))
		return fmt.Errorf("option %q: no such option (known: %s)", s.name, strings.Join(names, ", "))
	}
	v, err := evalKind(s.x, sc, vString)
	if err != nil {
		return err
	}
	if !slices.Contains(values, v.s) {
		return fmt.Errorf("option %s = %q: the values are %s", s.name, v.s, strings.Join(values, ", "))
	}
	if line := x.t.optionLine[s.name]; line > 0 {
		return fmt.Errorf("option %s is already set on line %d", s.name, line)
	}
	x.t.options[s.name], x.t.optionLine[s.name] = v.s, s.line
	return nil
}

func (x *expander) forLoop(s *stmt, sc *scope) error {
	items := make([]value, 0, len(s.items))
	for _, it := range s.items {
		v, err := eval(it, sc)
		if err != nil {
			return err
		}
		items = append(items, v)
	}
	for _, v := range items {
		// Each turn is a step even when the filter skips it: nested
		// loops whose filters are always false would otherwise run
		// unbounded.
		if x.steps += s.turn; x.steps > maxSteps {
			return errSteps
		}
		inner := sc.child()
		inner.vars[s.name] = v
		if s.filter != nil {
			ok, err := evalKind(s.filter, inner, vBool)
			if err != nil {
				return err
			}
			if ok.i == 0 {
				continue
			}
		}
		if err := x.run(s.body, inner); err != nil {
			return err
		}
	}
	return nil
}

func (x *expander) use(s *stmt, sc *scope) error {
	t, ok := x.templates[s.name]
	if !ok {
		return fmt.Errorf("unknown template %q (define it before its first use)", s.name)
	}
	if len(s.items) != len(t.params) {
		return fmt.Errorf("template %s takes %d arguments (%s), given %d", s.name, len(t.params), strings.Join(t.params, ", "), len(s.items))
	}
	if x.depth >= maxUseDepth {
		return fmt.Errorf("templates nest deeper than %d (does %s use itself?)", maxUseDepth, s.name)
	}
	inner := x.root.child()
	for i, p := range t.params {
		v, err := eval(s.items[i], sc)
		if err != nil {
			return err
		}
		inner.vars[p] = v
	}
	x.depth++
	defer func() { x.depth-- }()
	if err := x.run(t.body, inner); err != nil {
		return usedFrom(err, s.name, s.line)
	}
	return nil
}

// usedFrom places an error in a template's body: on the body's line, as
// every error of a file is, with the use that expanded the body. A template
// that uses itself names its use once, not once a level.
func usedFrom(err error, name string, line int) error {
	var se *SyntaxError
	if !errors.As(err, &se) {
		return fmt.Errorf("in template %s, used on line %d: %w", name, line, err)
	}
	note := fmt.Sprintf("; in template %s, used on line %d", name, line)
	if strings.HasSuffix(se.Msg, note) {
		return se
	}
	return &SyntaxError{Line: se.Line, Msg: se.Msg + note}
}

// row builds one row and appends it to the current situation.
func (x *expander) row(s *stmt, sc *scope) error {
	if !x.hasKey {
		return fmt.Errorf("a row before any situation")
	}
	if x.t.count >= maxRows {
		return fmt.Errorf("the file expands to more than %d rows", maxRows)
	}
	if len(x.t.rows[x.key]) >= maxSituationRows {
		return fmt.Errorf("situation %q has more than %d rows", x.key, maxSituationRows)
	}
	cv, err := compileExpr(s.row.call, sc)
	if err != nil {
		return err
	}
	c, err := engine.ParseCall(cv.v.s)
	if err != nil {
		return fmt.Errorf("the row's call %q: %v", cv.v.s, err)
	}
	if !x.auction.Legal(c) {
		where := "the opening"
		if x.key != "" {
			where = "after " + x.key
		}
		return fmt.Errorf("%s is not a legal call %s", c, where)
	}
	text, err := evalKind(s.row.text, sc, vString)
	if err != nil {
		return err
	}
	r := newRow(x.key, c, text.s)
	for _, cl := range s.row.clauses {
		if err := applyClause(r, &cl, sc); err != nil {
			return err
		}
	}
	if r.Meaning.MinHCP > r.Meaning.MaxHCP {
		return fmt.Errorf("%s: the HCP range %d..%d is empty", c, r.Meaning.MinHCP, r.Meaning.MaxHCP)
	}
	for su := range r.Meaning.MinLen {
		if r.Meaning.MinLen[su] > r.Meaning.MaxLen[su] {
			return fmt.Errorf("%s: no hand has %d to %d %s", c, r.Meaning.MinLen[su], r.Meaning.MaxLen[su], engine.Suit(su))
		}
	}
	r.line = s.line
	x.t.rows[x.key] = append(x.t.rows[x.key], r)
	x.t.count++
	return nil
}

// rangeOf evaluates a clause's range; absent ends take lo and hi.
func rangeOf(cl *clause, sc *scope, lo, hi int) (int, int, bool, bool, error) {
	var hasLo, hasHi bool
	if cl.lo != nil {
		v, err := evalKind(cl.lo, sc, vInt)
		if err != nil {
			return 0, 0, false, false, err
		}
		lo, hasLo = v.i, true
	}
	if cl.hi != nil {
		v, err := evalKind(cl.hi, sc, vInt)
		if err != nil {
			return 0, 0, false, false, err
		}
		hi, hasHi = v.i, true
	}
	return lo, hi, hasLo, hasHi, nil
}

// applyClause applies one clause to the row, as the builder's options do.
func applyClause(r *row, cl *clause, sc *scope) error {
	m := &r.Meaning
	switch cl.kind {
	case "hcp":
		lo, hi, _, _, err := rangeOf(cl, sc, 0, 37)
		if err != nil {
			return err
		}
		m.MinHCP, m.MaxHCP = lo, hi
	case "len":
		s, err := evalSuit(cl.args[0], sc)
		if err != nil {
			return err
		}
		lo, hi, hasLo, hasHi, err := rangeOf(cl, sc, 0, 13)
		if err != nil {
			return err
		}
		if hasLo {
			m.MinLen[s] = max(m.MinLen[s], lo)
		}
		if hasHi {
			m.MaxLen[s] = min(m.MaxLen[s], hi)
		}
	case "points", "support":
		v := LengthPoints
		if cl.kind == "support" {
			s, err := evalSuit(cl.args[0], sc)
			if err != nil {
				return err
			}
			v, m.Trump = DummyPoints, s
		}
		lo, hi, _, _, err := rangeOf(cl, sc, 0, 40)
		if err != nil {
			return err
		}
		m.Valuation, m.MinPoints, m.MaxPoints = v, lo, hi
	case "trump":
		s, err := evalSuit(cl.args[0], sc)
		if err != nil {
			return err
		}
		m.Trump = s
	case "balanced":
		m.Balanced = true
	case "judge":
		m.judge = true
	case "forcing":
		m.Forcing = ForcingOne
	case "gameforcing":
		m.Forcing = GameForcing
	case "alert":
		v, err := evalKind(cl.args[0], sc, vString)
		if err != nil {
			return err
		}
		m.Artificial, m.Alert = true, v.s
	case "conv":
		c, ok := convNames[cl.conv]
		if !ok {
			return &evalError{col: cl.col, msg: fmt.Sprintf("unknown convention %q", cl.conv)}
		}
		m.conv = c
	case "need":
		v, err := evalKind(cl.args[0], sc, vInt)
		if err != nil {
			return err
		}
		r.need = v.i
	case "when":
		h, err := compileExpr(cl.args[0], sc)
		if err != nil {
			return err
		}
		if h.k != vBool {
			return errAt(cl.args[0], "when needs a truth value, found %s", h.k)
		}
		f := h.fn()
		cond := func(hi *handInfo) bool { return f(hi) != 0 }
		if r.Cond != "" {
			r.Cond += " and "
		}
		r.Cond += exprString(cl.args[0], sc)
		if prev := r.cond; prev != nil {
			r.cond = func(hi *handInfo) bool { return prev(hi) && cond(hi) }
		} else {
			r.cond = cond
		}
	}
	return nil
}
