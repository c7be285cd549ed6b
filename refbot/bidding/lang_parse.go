package bidding

import (
	"fmt"
	"strconv"
	"strings"
)

// The system file grammar. Statements, one a line:
//
//	system "NAME"                 the system's name (once, first)
//	base "NAME"                   start from a built-in system: a situation
//	                              this file names replaces the base's rows
//	about "TEXT"                  a line of the convention card's preamble
//	option NAME = EXPR            a choice of the interpreter's conventions
//	                              (once per name; a base's stands unless the
//	                              file sets its own): option aces = "blackwood"
//	                              (plain Blackwood, the default) or "rkc1430"
//	                              (Roman Key Card Blackwood 1430)
//	let NAME = EXPR               a constant in the current scope
//	situation EXPR                the auction the rows below answer (a key)
//	for NAME in ITEM... [if EXPR] ... end
//	if EXPR ... [elif EXPR ...] [else ...] end
//	define NAME(PARAM, ...) ... end
//	use NAME(EXPR, ...)
//	CALL "TEXT" CLAUSE...         a row: the call, its meaning in words
//
// A row's clauses: hcp RANGE, len SUIT RANGE, balanced, points RANGE
// (length points), support SUIT RANGE (support points with SUIT as
// trumps), trump SUIT, forcing, gameforcing, alert EXPR, when EXPR (a
// condition on the hand), conv NAME, judge (the row is one of the
// situation's judgement calls: a bot that simulates chooses among them).
// A RANGE is LO..HI, LO.., ..HI or one number. Expressions: integers,
// strings with {EXPR} parts, the strains C D H S N, names, function
// calls, + - * /, comparisons, and, or, not.

type expr interface{ column() int }

type litExpr struct {
	v   value
	col int
}

type nameExpr struct {
	name string
	col  int
}

type unaryExpr struct {
	op  string
	x   expr
	col int
}

type binExpr struct {
	op   string
	x, y expr
	col  int
}

type callExpr struct {
	fn   string
	args []expr
	col  int
}

// interpExpr is a string with {expression} parts: parts alternate
// literal text (string) and expressions.
type interpExpr struct {
	lits  []string // len(lits) == len(exprs)+1
	exprs []expr
	col   int
}

func (e *litExpr) column() int    { return e.col }
func (e *nameExpr) column() int   { return e.col }
func (e *unaryExpr) column() int  { return e.col }
func (e *binExpr) column() int    { return e.col }
func (e *callExpr) column() int   { return e.col }
func (e *interpExpr) column() int { return e.col }

type stmtKind uint8

const (
	stSystem stmtKind = iota
	stAbout
	stLet
	stSituation
	stFor
	stIf
	stDefine
	stUse
	stRow
	stBase
	stOption
)

type stmt struct {
	line   int
	kind   stmtKind
	name   string   // let, option, for, define, use
	params []string // define
	x      expr     // system, about, let, option, situation, if
	items  []expr   // for items, use arguments
	filter expr     // for ... if
	body   []stmt   // for, if (then), define
	els    []stmt   // if (else; an elif is an if alone in it)
	row    *rowStmt
	cost   int // the steps one execution counts (lineCost)
	turn   int // for: the steps each turn counts (lineCost of the filter)
}

// lineCost is what executing a line once counts toward the expansion's
// bound (maxSteps): one step, plus one for each 32 bytes of the line, so
// that a long line run in a loop counts for the work it does.
func lineCost(text string) int { return 1 + len(text)/32 }

type rowStmt struct {
	call    *interpExpr
	text    expr
	clauses []clause
}

type clause struct {
	kind   string
	col    int
	args   []expr // suit for len/support/trump; value for alert/when; name for conv
	lo, hi expr   // the range; nil when open
	conv   string
}

// parser reads a system file's logical lines into statements.
type parser struct {
	lines []srcLine
	i     int
}

// parseSystem parses the source into its statements.
func parseSystem(src string) ([]stmt, error) {
	lines, err := splitLines(src)
	if err != nil {
		return nil, err
	}
	p := &parser{lines: lines}
	body, end, err := p.block()
	if err != nil {
		return nil, err
	}
	if end != "" {
		return nil, &SyntaxError{Line: p.lines[p.i-1].num, Msg: fmt.Sprintf("%q without a block to close", end)}
	}
	return body, nil
}

// firstWord returns the first word of a line, for block keywords.
func firstWord(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	return f[0]
}

// block parses statements up to a line that starts with end, elif or else
// (returned, with p.i past it) or the end of the file ("").
func (p *parser) block() ([]stmt, string, error) {
	var out []stmt
	for p.i < len(p.lines) {
		ln := p.lines[p.i]
		switch w := firstWord(ln.text); w {
		case "end", "else", "elif":
			p.i++
			return out, w, nil
		}
		s, err := p.statement()
		if err != nil {
			return nil, "", err
		}
		out = append(out, s)
	}
	return out, "", nil
}

// lineParser reads the tokens of one line.
type lineParser struct {
	lx    lexer
	tok   token
	line  int
	depth int // nesting of parentheses and unary operators, bounded by maxNesting
}

// maxNesting bounds how deeply an expression nests.
const maxNesting = 64

func (lp *lineParser) errf(col int, format string, args ...any) error {
	return &SyntaxError{Line: lp.line, Msg: fmt.Sprintf("column %d: ", col) + fmt.Sprintf(format, args...)}
}

func (lp *lineParser) advance() error {
	t, err := lp.lx.next()
	if err != nil {
		return &SyntaxError{Line: lp.line, Msg: err.Error()}
	}
	lp.tok = t
	return nil
}

func (lp *lineParser) isOp(op string) bool      { return lp.tok.kind == tokOp && lp.tok.text == op }
func (lp *lineParser) isName(n string) bool     { return lp.tok.kind == tokName && lp.tok.text == n }
func (lp *lineParser) atEOL() bool              { return lp.tok.kind == tokEOL }
func (lp *lineParser) expectEOL() error         { return lp.expect(tokEOL, "", "the end of the line") }
func (lp *lineParser) expectOp(op string) error { return lp.expect(tokOp, op, fmt.Sprintf("%q", op)) }

func (lp *lineParser) expect(k tokKind, text, what string) error {
	if lp.tok.kind != k || (text != "" && lp.tok.text != text) {
		return lp.errf(lp.tok.col, "expected %s, found %s", what, lp.tok.describe())
	}
	return lp.advance()
}

func (t token) describe() string {
	switch t.kind {
	case tokEOL:
		return "the end of the line"
	case tokString:
		return fmt.Sprintf("the string %q", t.text)
	}
	return fmt.Sprintf("%q", t.text)
}

// name reads a name token.
func (lp *lineParser) name(what string) (string, error) {
	if lp.tok.kind != tokName {
		return "", lp.errf(lp.tok.col, "expected %s, found %s", what, lp.tok.describe())
	}
	n := lp.tok.text
	return n, lp.advance()
}

// keywords cannot name constants, parameters or templates.
var keywords = map[string]bool{
	"system": true, "about": true, "let": true, "situation": true, "for": true, "in": true, "if": true,
	"elif": true, "else": true, "end": true, "define": true, "use": true, "and": true, "or": true, "not": true, "base": true,
	"C": true, "D": true, "H": true, "S": true, "N": true,
}

// stmtKinds are the statements a line may start with; any other first
// word is a row's call.
var stmtKinds = map[string]stmtKind{"system": stSystem, "about": stAbout, "let": stLet, "situation": stSituation,
	"for": stFor, "if": stIf, "define": stDefine, "use": stUse, "base": stBase, "option": stOption}

// statement parses the statement at p.i (and, for blocks, its body).
func (p *parser) statement() (stmt, error) {
	ln := p.lines[p.i]
	p.i++
	lp := &lineParser{lx: lexer{s: ln.text}, line: ln.num}
	head, col := lp.lx.rawWord()
	s := stmt{line: ln.num, cost: lineCost(ln.text)}
	kind, ok := stmtKinds[head]
	if !ok {
		return p.row(lp, head, col)
	}
	s.kind = kind
	if err := lp.advance(); err != nil {
		return s, err
	}
	var err error
	switch kind {
	case stSystem, stAbout, stSituation, stBase:
		s.x, err = lp.expr()
	case stLet, stOption:
		if s.name, err = p.newName(lp); err == nil {
			if err = lp.expectOp("="); err == nil {
				s.x, err = lp.expr()
			}
		}
	case stFor:
		err = p.forHead(lp, &s)
	case stIf:
		if s.x, err = lp.expr(); err == nil {
			err = lp.expectEOL()
		}
		if err == nil {
			err = p.ifBody(&s)
		}
		return s, err
	case stDefine:
		err = p.defineHead(lp, &s)
	case stUse:
		if s.name, err = lp.name("a template's name"); err == nil {
			s.items, err = lp.args()
		}
	}
	if err == nil {
		err = lp.expectEOL()
	}
	if err == nil && (kind == stFor || kind == stDefine) {
		var end string
		s.body, end, err = p.block()
		if err == nil && end != "end" {
			err = &SyntaxError{Line: ln.num, Msg: fmt.Sprintf("%s without its end", head)}
		}
	}
	return s, err
}

// newName reads a name that a let, for or define introduces.
func (p *parser) newName(lp *lineParser) (string, error) {
	col := lp.tok.col
	n, err := lp.name("a name")
	if err == nil && keywords[n] {
		err = lp.errf(col, "%q is a keyword", n)
	}
	return n, err
}

// forHead parses "NAME in ITEM... [if EXPR]".
func (p *parser) forHead(lp *lineParser, s *stmt) error {
	var err error
	if s.name, err = p.newName(lp); err != nil {
		return err
	}
	if !lp.isName("in") {
		return lp.errf(lp.tok.col, "expected \"in\", found %s", lp.tok.describe())
	}
	if err := lp.advance(); err != nil {
		return err
	}
	for !lp.atEOL() && !lp.isName("if") {
		x, err := lp.unary()
		if err != nil {
			return err
		}
		s.items = append(s.items, x)
	}
	if len(s.items) == 0 {
		return lp.errf(lp.tok.col, "a for loop needs at least one item")
	}
	s.turn = 1
	if lp.isName("if") {
		s.turn = lineCost(lp.lx.s[lp.tok.col-1:])
		if err := lp.advance(); err != nil {
			return err
		}
		s.filter, err = lp.expr()
	}
	return err
}

// defineHead parses "NAME(PARAM, ...)".
func (p *parser) defineHead(lp *lineParser, s *stmt) error {
	var err error
	if s.name, err = p.newName(lp); err != nil {
		return err
	}
	if err := lp.expectOp("("); err != nil {
		return err
	}
	for !lp.isOp(")") {
		if len(s.params) > 0 {
			if err := lp.expectOp(","); err != nil {
				return err
			}
		}
		n, err := p.newName(lp)
		if err != nil {
			return err
		}
		s.params = append(s.params, n)
	}
	return lp.advance()
}

// ifBody parses the blocks of an if whose head is parsed: the then block
// and, for each elif, a nested if in the else block.
func (p *parser) ifBody(s *stmt) error {
	body, end, err := p.block()
	if err != nil {
		return err
	}
	s.body = body
	switch end {
	case "end":
		return nil
	case "else":
		els, end, err := p.block()
		if err != nil {
			return err
		}
		if end != "end" {
			return &SyntaxError{Line: s.line, Msg: "if without its end"}
		}
		s.els = els
		return nil
	case "elif":
		ln := p.lines[p.i-1]
		lp := &lineParser{lx: lexer{s: ln.text}, line: ln.num}
		lp.lx.rawWord()
		if err := lp.advance(); err != nil {
			return err
		}
		nested := stmt{line: ln.num, kind: stIf, cost: lineCost(ln.text)}
		if nested.x, err = lp.expr(); err != nil {
			return err
		}
		if err := lp.expectEOL(); err != nil {
			return err
		}
		if err := p.ifBody(&nested); err != nil {
			return err
		}
		s.els = []stmt{nested}
		return nil
	}
	return &SyntaxError{Line: s.line, Msg: "if without its end"}
}

// row parses a row: the call word (already read raw), the text, clauses.
func (p *parser) row(lp *lineParser, word string, col int) (stmt, error) {
	s := stmt{line: lp.line, kind: stRow, cost: lineCost(lp.lx.s)}
	call, err := parseInterp(word, col, col, lp.line)
	if err != nil {
		return s, err
	}
	r := &rowStmt{call: call}
	if err := lp.advance(); err != nil {
		return s, err
	}
	if lp.tok.kind != tokString {
		return s, lp.errf(lp.tok.col, "a row's call %q needs its meaning in words as a string next, found %s", word, lp.tok.describe())
	}
	if r.text, err = lp.primary(); err != nil {
		return s, err
	}
	for !lp.atEOL() {
		c, err := lp.clause()
		if err != nil {
			return s, err
		}
		r.clauses = append(r.clauses, c)
	}
	s.row = r
	return s, nil
}

// clauseArgs says how many expressions each clause takes before its range
// and whether it has a range.
var clauseShapes = map[string]struct {
	args  int
	rng   bool
	isVal bool // takes one expression and no range
}{
	"hcp": {0, true, false}, "len": {1, true, false}, "points": {0, true, false}, "support": {1, true, false},
	"trump": {1, false, false}, "balanced": {}, "forcing": {}, "gameforcing": {},
	"alert": {0, false, true}, "when": {0, false, true}, "conv": {}, "need": {0, false, true}, "judge": {},
}

// clause parses one row clause.
func (lp *lineParser) clause() (clause, error) {
	col := lp.tok.col
	kind, err := lp.name("a clause (hcp, len, balanced, points, support, trump, forcing, gameforcing, alert, when, conv)")
	if err != nil {
		return clause{}, err
	}
	shape, ok := clauseShapes[kind]
	if !ok {
		return clause{}, lp.errf(col, "unknown clause %q", kind)
	}
	c := clause{kind: kind, col: col}
	if kind == "conv" {
		c.conv, err = lp.name("a convention's name")
		return c, err
	}
	for range shape.args {
		x, err := lp.unary()
		if err != nil {
			return c, err
		}
		c.args = append(c.args, x)
	}
	if shape.isVal {
		x, err := lp.expr()
		if err != nil {
			return c, err
		}
		c.args = append(c.args, x)
	}
	if shape.rng {
		c.lo, c.hi, err = lp.rangeExpr()
	}
	return c, err
}

// rangeExpr parses LO..HI, LO.., ..HI or a single value (lo == hi).
func (lp *lineParser) rangeExpr() (lo, hi expr, err error) {
	if lp.isOp("..") {
		if err := lp.advance(); err != nil {
			return nil, nil, err
		}
		hi, err = lp.add()
		return nil, hi, err
	}
	if lo, err = lp.add(); err != nil {
		return nil, nil, err
	}
	if !lp.isOp("..") {
		return lo, lo, nil
	}
	if err := lp.advance(); err != nil {
		return nil, nil, err
	}
	if lp.tok.kind == tokInt || lp.isOp("(") || lp.isOp("-") || (lp.tok.kind == tokName && !isClauseName(lp.tok.text)) {
		hi, err = lp.add()
	}
	return lo, hi, err
}

func isClauseName(s string) bool { _, ok := clauseShapes[s]; return ok }

// Expressions, lowest precedence first.

func (lp *lineParser) expr() (expr, error) {
	x, err := lp.and()
	for err == nil && lp.isName("or") {
		col := lp.tok.col
		if err = lp.advance(); err != nil {
			break
		}
		var y expr
		y, err = lp.and()
		x = &binExpr{op: "or", x: x, y: y, col: col}
	}
	return x, err
}

func (lp *lineParser) and() (expr, error) {
	x, err := lp.not()
	for err == nil && lp.isName("and") {
		col := lp.tok.col
		if err = lp.advance(); err != nil {
			break
		}
		var y expr
		y, err = lp.not()
		x = &binExpr{op: "and", x: x, y: y, col: col}
	}
	return x, err
}

func (lp *lineParser) not() (expr, error) {
	if lp.depth++; lp.depth > maxNesting {
		return nil, lp.errf(lp.tok.col, "the expression nests deeper than %d", maxNesting)
	}
	defer func() { lp.depth-- }()
	if lp.isName("not") {
		col := lp.tok.col
		if err := lp.advance(); err != nil {
			return nil, err
		}
		x, err := lp.not()
		return &unaryExpr{op: "not", x: x, col: col}, err
	}
	return lp.cmp()
}

var cmpOps = map[string]bool{"==": true, "!=": true, "<": true, "<=": true, ">": true, ">=": true}

func (lp *lineParser) cmp() (expr, error) {
	x, err := lp.add()
	if err == nil && lp.tok.kind == tokOp && cmpOps[lp.tok.text] {
		op, col := lp.tok.text, lp.tok.col
		if err = lp.advance(); err != nil {
			return nil, err
		}
		var y expr
		y, err = lp.add()
		x = &binExpr{op: op, x: x, y: y, col: col}
	}
	return x, err
}

func (lp *lineParser) add() (expr, error) {
	x, err := lp.mul()
	for err == nil && (lp.isOp("+") || lp.isOp("-")) {
		op, col := lp.tok.text, lp.tok.col
		if err = lp.advance(); err != nil {
			break
		}
		var y expr
		y, err = lp.mul()
		x = &binExpr{op: op, x: x, y: y, col: col}
	}
	return x, err
}

func (lp *lineParser) mul() (expr, error) {
	x, err := lp.unary()
	for err == nil && (lp.isOp("*") || lp.isOp("/")) {
		op, col := lp.tok.text, lp.tok.col
		if err = lp.advance(); err != nil {
			break
		}
		var y expr
		y, err = lp.unary()
		x = &binExpr{op: op, x: x, y: y, col: col}
	}
	return x, err
}

func (lp *lineParser) unary() (expr, error) {
	if lp.depth++; lp.depth > maxNesting {
		return nil, lp.errf(lp.tok.col, "the expression nests deeper than %d", maxNesting)
	}
	defer func() { lp.depth-- }()
	if lp.isOp("-") {
		col := lp.tok.col
		if err := lp.advance(); err != nil {
			return nil, err
		}
		x, err := lp.unary()
		return &unaryExpr{op: "-", x: x, col: col}, err
	}
	return lp.primary()
}

// strainNames are the strain literals.
var strainNames = map[string]int{"C": 0, "D": 1, "H": 2, "S": 3, "N": 4}

func (lp *lineParser) primary() (expr, error) {
	t := lp.tok
	switch t.kind {
	case tokInt:
		n, err := strconv.Atoi(t.text)
		if err != nil || n > 1000 {
			return nil, lp.errf(t.col, "number %s out of range", t.text)
		}
		return &litExpr{v: intVal(n), col: t.col}, lp.advance()
	case tokString:
		x, err := parseInterp(t.text, t.col, t.col+1, lp.line)
		if err != nil {
			return nil, err
		}
		return x, lp.advance()
	case tokName:
		if keywords[t.text] {
			if st, ok := strainNames[t.text]; ok {
				return &litExpr{v: strainVal(st), col: t.col}, lp.advance()
			}
			return nil, lp.errf(t.col, "unexpected keyword %q", t.text)
		}
		if err := lp.advance(); err != nil {
			return nil, err
		}
		if !lp.isOp("(") {
			return &nameExpr{name: t.text, col: t.col}, nil
		}
		args, err := lp.args()
		return &callExpr{fn: t.text, args: args, col: t.col}, err
	case tokOp:
		if t.text == "(" {
			if err := lp.advance(); err != nil {
				return nil, err
			}
			x, err := lp.expr()
			if err != nil {
				return nil, err
			}
			return x, lp.expectOp(")")
		}
	}
	return nil, lp.errf(t.col, "expected a value, found %s", t.describe())
}

// args parses "(EXPR, ...)" with the current token at the "(".
func (lp *lineParser) args() ([]expr, error) {
	if err := lp.expectOp("("); err != nil {
		return nil, err
	}
	var out []expr
	for !lp.isOp(")") {
		if len(out) > 0 {
			if err := lp.expectOp(","); err != nil {
				return nil, err
			}
		}
		x, err := lp.expr()
		if err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return out, lp.advance()
}

// parseInterp splits text with {expression} parts. col is the column of
// the string (its quote), body that of text's first byte, so that an error
// inside braces names its column on the line (shifted by any escapes
// before it).
func parseInterp(text string, col, body, line int) (*interpExpr, error) {
	x := &interpExpr{col: col}
	var lit strings.Builder
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c == '}' {
			return nil, &SyntaxError{Line: line, Msg: fmt.Sprintf("column %d: \"}\" without \"{\" in %q", col, text)}
		}
		if c != '{' {
			lit.WriteByte(c)
			continue
		}
		end := strings.IndexByte(text[i:], '}')
		if end < 0 {
			return nil, &SyntaxError{Line: line, Msg: fmt.Sprintf("column %d: \"{\" without \"}\" in %q", col, text)}
		}
		inner := text[i+1 : i+end]
		lp := &lineParser{lx: lexer{s: inner, base: body + i}, line: line}
		if err := lp.advance(); err != nil {
			return nil, err
		}
		e, err := lp.expr()
		if err != nil {
			return nil, err
		}
		if !lp.atEOL() {
			return nil, &SyntaxError{Line: line, Msg: fmt.Sprintf("column %d: unexpected %s in {%s}", col, lp.tok.describe(), inner)}
		}
		x.lits = append(x.lits, lit.String())
		lit.Reset()
		x.exprs = append(x.exprs, e)
		i += end
	}
	x.lits = append(x.lits, lit.String())
	return x, nil
}
