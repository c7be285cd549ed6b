package bidding

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/openroom/openroom/engine"
)

// Values of the system language: integers, strains (C D H S N), strings
// and truth values.
type valKind uint8

const (
	vInt valKind = iota
	vStrain
	vString
	vBool
)

func (k valKind) String() string {
	return [...]string{"a number", "a strain", "a string", "a truth value"}[k]
}

type value struct {
	k valKind
	i int // the number, the strain (0 clubs .. 4 notrump), or 0/1
	s string
}

func intVal(n int) value    { return value{k: vInt, i: n} }
func strainVal(n int) value { return value{k: vStrain, i: n} }
func boolVal(b bool) value {
	if b {
		return value{k: vBool, i: 1}
	}
	return value{k: vBool}
}

// text renders a value inside an interpolated string: strains by their
// letter (N for notrump, so "{lvl}{s}" is a call).
func (v value) text() string {
	switch v.k {
	case vInt:
		return strconv.Itoa(v.i)
	case vStrain:
		return string("CDHSN"[v.i])
	case vBool:
		if v.i != 0 {
			return "true"
		}
		return "false"
	}
	return v.s
}

// maxString bounds a string value: a call, a text, an alert, a situation.
// The longest in the built-in system is a small fraction of it.
const maxString = 1024

// scope holds the constants in force: let, for and template parameters,
// innermost last.
type scope struct {
	vars   map[string]value
	parent *scope
}

func (sc *scope) lookup(name string) (value, bool) {
	for s := sc; s != nil; s = s.parent {
		if v, ok := s.vars[name]; ok {
			return v, true
		}
	}
	return value{}, false
}

func (sc *scope) child() *scope { return &scope{vars: map[string]value{}, parent: sc} }

// evalError is an error at a column of the line being expanded.
type evalError struct {
	col int
	msg string
}

func (e *evalError) Error() string { return fmt.Sprintf("column %d: %s", e.col, e.msg) }

func errAt(x expr, format string, args ...any) error {
	return &evalError{col: x.column(), msg: fmt.Sprintf(format, args...)}
}

// hexpr is an expression compiled for a hand: a constant, or a function of
// the hand. Truth values and strains are ints (0/1, 0..4).
type hexpr struct {
	k       valKind
	isConst bool
	v       value
	f       func(*handInfo) int
}

func constH(v value) hexpr { return hexpr{k: v.k, isConst: true, v: v} }

// fn returns the expression as a function of the hand.
func (h hexpr) fn() func(*handInfo) int {
	if h.isConst {
		n := h.v.i
		return func(*handInfo) int { return n }
	}
	return h.f
}

// eval evaluates x where no hand is known (keys, texts, levels, loop
// items): an expression naming a hand feature is an error.
func eval(x expr, sc *scope) (value, error) {
	h, err := compileExpr(x, sc)
	if err != nil {
		return value{}, err
	}
	if !h.isConst {
		return value{}, errAt(x, "this needs a hand (hand features may be used only in a when clause)")
	}
	return h.v, nil
}

// evalKind evaluates x and checks its kind.
func evalKind(x expr, sc *scope, k valKind) (value, error) {
	v, err := eval(x, sc)
	if err == nil && v.k != k {
		err = errAt(x, "expected %s, found %s", k, v.k)
	}
	return v, err
}

// evalSuit evaluates x to a suit (a strain other than N).
func evalSuit(x expr, sc *scope) (engine.Suit, error) {
	v, err := evalKind(x, sc, vStrain)
	if err == nil && v.i > 3 {
		err = errAt(x, "expected a suit, found N")
	}
	return engine.Suit(v.i), err
}

// handFeatures are the names that stand for a number of the hand.
var handFeatures = map[string]func(*handInfo) int{
	"hcp":        func(hi *handInfo) int { return hi.hcp },
	"points":     func(hi *handInfo) int { return hi.points },
	"aces":       func(hi *handInfo) int { return hi.aces },
	"kings":      func(hi *handInfo) int { return hi.kings },
	"controls":   func(hi *handInfo) int { return 2*hi.aces + hi.kings },
	"longestlen": func(hi *handInfo) int { return hi.longestLen() },
	"balanced":   func(hi *handInfo) int { return b2i(hi.bal) },
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// compileExpr compiles x against the constants in sc, folding what does
// not depend on the hand.
func compileExpr(x expr, sc *scope) (hexpr, error) {
	switch e := x.(type) {
	case *litExpr:
		return constH(e.v), nil
	case *nameExpr:
		if v, ok := sc.lookup(e.name); ok {
			return constH(v), nil
		}
		if f, ok := handFeatures[e.name]; ok {
			k := vInt
			if e.name == "balanced" {
				k = vBool
			}
			return hexpr{k: k, f: f}, nil
		}
		return hexpr{}, errAt(x, "unknown name %q", e.name)
	case *interpExpr:
		var b strings.Builder
		for i, lit := range e.lits {
			b.WriteString(lit)
			if i < len(e.exprs) {
				v, err := eval(e.exprs[i], sc)
				if err != nil {
					return hexpr{}, err
				}
				b.WriteString(v.text())
			}
			if b.Len() > maxString {
				// Strings that grow by interpolation could otherwise double
				// a line at a time until memory runs out.
				return hexpr{}, errAt(x, "a string longer than %d bytes", maxString)
			}
		}
		return constH(value{k: vString, s: b.String()}), nil
	case *unaryExpr:
		return compileUnary(e, sc)
	case *binExpr:
		return compileBinary(e, sc)
	case *callExpr:
		return compileCall(e, sc)
	}
	return hexpr{}, errAt(x, "unknown expression")
}

func compileUnary(e *unaryExpr, sc *scope) (hexpr, error) {
	x, err := compileExpr(e.x, sc)
	if err != nil {
		return x, err
	}
	want, neg := vInt, e.op == "-"
	if !neg {
		want = vBool
	}
	if x.k != want {
		return x, errAt(e, "%s needs %s, found %s", e.op, want, x.k)
	}
	if x.isConst {
		if neg {
			return constH(intVal(-x.v.i)), nil
		}
		return constH(boolVal(x.v.i == 0)), nil
	}
	f := x.f
	if neg {
		return hexpr{k: vInt, f: func(hi *handInfo) int { return -f(hi) }}, nil
	}
	return hexpr{k: vBool, f: func(hi *handInfo) int { return 1 - f(hi) }}, nil
}

// binaryOps are the arithmetic and comparison operators on numbers (and on
// strains and truth values, which are numbers underneath).
var binaryOps = map[string]func(a, b int) int{
	"+": func(a, b int) int { return a + b }, "-": func(a, b int) int { return a - b },
	"*": func(a, b int) int { return a * b }, "/": func(a, b int) int {
		if b == 0 {
			return 0 // a divisor that is a constant zero is refused when compiled; a hand's never is zero
		}
		return a / b
	},
	"==": func(a, b int) int { return b2i(a == b) }, "!=": func(a, b int) int { return b2i(a != b) },
	"<": func(a, b int) int { return b2i(a < b) }, "<=": func(a, b int) int { return b2i(a <= b) },
	">": func(a, b int) int { return b2i(a > b) }, ">=": func(a, b int) int { return b2i(a >= b) },
}

func compileBinary(e *binExpr, sc *scope) (hexpr, error) {
	x, err := compileExpr(e.x, sc)
	if err != nil {
		return x, err
	}
	y, err := compileExpr(e.y, sc)
	if err != nil {
		return y, err
	}
	var k valKind
	var op func(a, b int) int
	switch e.op {
	case "and", "or":
		if x.k != vBool || y.k != vBool {
			return x, errAt(e, "%s needs truth values, found %s and %s", e.op, x.k, y.k)
		}
		return logical(e.op, x, y), nil
	case "+", "-", "*", "/":
		if x.k != vInt || y.k != vInt {
			return x, errAt(e, "%s needs numbers, found %s and %s", e.op, x.k, y.k)
		}
		k = vInt
		op = binaryOps[e.op]
		if e.op == "/" && y.isConst && y.v.i == 0 {
			return x, errAt(e, "division by zero")
		}
	default: // comparisons
		if x.k != y.k {
			return x, errAt(e, "%s compares %s with %s", e.op, x.k, y.k)
		}
		if x.k == vString {
			if !x.isConst || !y.isConst || (e.op != "==" && e.op != "!=") {
				return x, errAt(e, "strings compare only with == and !=")
			}
			return constH(boolVal((x.v.s == y.v.s) == (e.op == "=="))), nil
		}
		k = vBool
		op = binaryOps[e.op]
	}
	if x.isConst && y.isConst {
		return constH(value{k: k, i: op(x.v.i, y.v.i)}), nil
	}
	fx, fy := x.fn(), y.fn()
	return hexpr{k: k, f: func(hi *handInfo) int { return op(fx(hi), fy(hi)) }}, nil
}

// logical compiles and/or with short-circuit evaluation and folding.
func logical(op string, x, y hexpr) hexpr {
	isAnd := op == "and"
	for _, c := range []hexpr{x, y} {
		if c.isConst && (c.v.i != 0) != isAnd {
			return constH(boolVal(!isAnd)) // false and _, true or _
		}
	}
	switch {
	case x.isConst:
		return y // true and y, false or y
	case y.isConst:
		return x
	}
	fx, fy := x.f, y.f
	if isAnd {
		return hexpr{k: vBool, f: func(hi *handInfo) int {
			if fx(hi) == 0 {
				return 0
			}
			return fy(hi)
		}}
	}
	return hexpr{k: vBool, f: func(hi *handInfo) int {
		if fx(hi) != 0 {
			return 1
		}
		return fy(hi)
	}}
}

// exprString writes x back as source, with the constants in sc written as
// their values, so that a row's condition reads "good(H)" where the file
// says "good(y)".
func exprString(x expr, sc *scope) string {
	switch e := x.(type) {
	case *litExpr:
		if e.v.k == vString {
			return fmt.Sprintf("%q", e.v.s)
		}
		return e.v.text()
	case *nameExpr:
		if v, ok := sc.lookup(e.name); ok {
			if v.k == vString {
				return fmt.Sprintf("%q", v.s)
			}
			return v.text()
		}
		return e.name
	case *interpExpr:
		if v, err := eval(e, sc); err == nil {
			return fmt.Sprintf("%q", v.s)
		}
		return "\"...\""
	case *unaryExpr:
		if e.op == "not" {
			return "not " + exprString(e.x, sc)
		}
		return "-" + exprString(e.x, sc)
	case *binExpr:
		l, r := exprString(e.x, sc), exprString(e.y, sc)
		if b, ok := e.x.(*binExpr); ok && precedence(b.op) < precedence(e.op) {
			l = "(" + l + ")"
		}
		if b, ok := e.y.(*binExpr); ok && precedence(b.op) <= precedence(e.op) {
			r = "(" + r + ")"
		}
		return l + " " + e.op + " " + r
	case *callExpr:
		args := make([]string, len(e.args))
		for i, a := range e.args {
			args[i] = exprString(a, sc)
		}
		return e.fn + "(" + strings.Join(args, ", ") + ")"
	}
	return "?"
}

// precedence ranks the binary operators, loosest first.
func precedence(op string) int {
	switch op {
	case "or":
		return 1
	case "and":
		return 2
	case "+", "-":
		return 4
	case "*", "/":
		return 5
	}
	return 3 // comparisons
}
