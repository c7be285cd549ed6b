package sprt

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Defaults of a test's parameters.
const (
	DefaultAlpha     = 0.05
	DefaultBeta      = 0.05
	DefaultMinBoards = 128

	// MaxIMPs bounds IMP0 and IMP1: no board is worth more than 24 IMPs.
	MaxIMPs = 24
	// MaxMinBoards bounds MinBoards, so a typo cannot ask for a test
	// that never decides.
	MaxMinBoards = 1_000_000
)

// Params are a test's hypotheses and error rates.
type Params struct {
	IMP0      float64 `json:"imp0"`       // H0: the mean is at most IMP0 IMPs a board
	IMP1      float64 `json:"imp1"`       // H1: the mean is at least IMP1 IMPs a board
	Alpha     float64 `json:"alpha"`      // the chance of accepting H1 when H0 holds
	Beta      float64 `json:"beta"`       // the chance of accepting H0 when H1 holds
	MinBoards int     `json:"min_boards"` // no decision before this many boards
}

// Keys of the parameters, as ParseParams and event files name them.
const (
	KeyIMP0      = "imp0"
	KeyIMP1      = "imp1"
	KeyAlpha     = "alpha"
	KeyBeta      = "beta"
	KeyMinBoards = "min_boards"
)

// ParamError is a bad parameter: Key names it ("" for the whole).
type ParamError struct {
	Key string
	Msg string
}

// Error returns the message, which names the key.
func (e *ParamError) Error() string { return e.Msg }

func paramErr(key, format string, args ...any) error {
	return &ParamError{Key: key, Msg: fmt.Sprintf(format, args...)}
}

// ParseParams reads parameters written as comma-separated key=value
// pairs, "imp0=0,imp1=0.5,alpha=0.05,beta=0.05,min_boards=128". imp0 and
// imp1 are required; alpha and beta default to 0.05 and min_boards to
// 128. The result is validated; every error is a *ParamError naming the
// key and the value.
func ParseParams(s string) (Params, error) {
	p := Params{Alpha: DefaultAlpha, Beta: DefaultBeta, MinBoards: DefaultMinBoards}
	if strings.TrimSpace(s) == "" {
		return p, paramErr("", "no parameters: want imp0=X,imp1=Y (and optionally alpha, beta, min_boards)")
	}
	seen := map[string]bool{}
	for _, kv := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(kv, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || k == "" {
			return p, paramErr("", "%q: want key=value", strings.TrimSpace(kv))
		}
		if seen[k] {
			return p, paramErr(k, "%s is given twice", k)
		}
		seen[k] = true
		var err error
		switch k {
		case KeyIMP0:
			p.IMP0, err = parseFloat(k, v)
		case KeyIMP1:
			p.IMP1, err = parseFloat(k, v)
		case KeyAlpha:
			p.Alpha, err = parseFloat(k, v)
		case KeyBeta:
			p.Beta, err = parseFloat(k, v)
		case KeyMinBoards:
			var n int
			n, err = strconv.Atoi(v)
			if err != nil {
				err = paramErr(k, "%s %q: want a whole number of boards", k, v)
			}
			p.MinBoards = n
		default:
			return p, paramErr(k, "unknown key %q: want imp0, imp1, alpha, beta or min_boards", k)
		}
		if err != nil {
			return p, err
		}
	}
	for _, k := range []string{KeyIMP0, KeyIMP1} {
		if !seen[k] {
			return p, paramErr(k, "%s is missing: want imp0=X,imp1=Y", k)
		}
	}
	return p, p.Validate()
}

func parseFloat(key, v string) (float64, error) {
	x, err := strconv.ParseFloat(v, 64)
	if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
		return 0, paramErr(key, "%s %q: want a number", key, v)
	}
	return x, nil
}

// Validate checks the parameters: IMP0 < IMP1, both within ±24 IMPs;
// alpha and beta between 0 and 1 with alpha+beta < 1 (otherwise the
// bounds do not lie either side of 0); MinBoards from 0 to 1,000,000.
// The error is a *ParamError naming the key.
func (p Params) Validate() error {
	for _, f := range []struct {
		key string
		v   float64
	}{{KeyIMP0, p.IMP0}, {KeyIMP1, p.IMP1}} {
		if math.IsNaN(f.v) || math.Abs(f.v) > MaxIMPs {
			return paramErr(f.key, "%s %v: want IMPs a board from -%d to %d", f.key, f.v, MaxIMPs, MaxIMPs)
		}
	}
	if !(p.IMP0 < p.IMP1) {
		return paramErr(KeyIMP1, "imp1 %v: want more than imp0 %v", p.IMP1, p.IMP0)
	}
	for _, f := range []struct {
		key string
		v   float64
	}{{KeyAlpha, p.Alpha}, {KeyBeta, p.Beta}} {
		if !(f.v > 0 && f.v < 1) {
			return paramErr(f.key, "%s %v: want a probability between 0 and 1", f.key, f.v)
		}
	}
	if !(p.Alpha+p.Beta < 1) {
		return paramErr(KeyBeta, "alpha %v and beta %v: want alpha+beta below 1", p.Alpha, p.Beta)
	}
	if p.MinBoards < 0 || p.MinBoards > MaxMinBoards {
		return paramErr(KeyMinBoards, "min_boards %d: want 0 to %d", p.MinBoards, MaxMinBoards)
	}
	return nil
}

// Bounds returns the LLR bounds: accept H0 at or below lower, H1 at or
// above upper.
func (p Params) Bounds() (lower, upper float64) {
	return math.Log(p.Beta / (1 - p.Alpha)), math.Log((1 - p.Beta) / p.Alpha)
}

// String writes the parameters back in ParseParams' form.
func (p Params) String() string {
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	return fmt.Sprintf("imp0=%s,imp1=%s,alpha=%s,beta=%s,min_boards=%d", f(p.IMP0), f(p.IMP1), f(p.Alpha), f(p.Beta), p.MinBoards)
}
