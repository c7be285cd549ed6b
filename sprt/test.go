package sprt

import (
	"math"
)

// Verdict is where a test stands.
type Verdict int

// The verdicts.
const (
	Continue     Verdict = iota // no decision yet: play more boards
	AcceptH0                    // the LLR reached the lower bound
	AcceptH1                    // the LLR reached the upper bound
	Inconclusive                // the board cap was reached without a decision
)

var verdictNames = [...]string{"continue", "H0", "H1", "inconclusive"}

// String returns "continue", "H0", "H1" or "inconclusive".
func (v Verdict) String() string {
	if v < 0 || int(v) >= len(verdictNames) {
		return "unknown"
	}
	return verdictNames[v]
}

// MarshalText writes the verdict as String does, for JSON.
func (v Verdict) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// Decided reports whether the test is over with a hypothesis accepted.
func (v Verdict) Decided() bool { return v == AcceptH0 || v == AcceptH1 }

// VarianceFloor is the least variance the LLR divides by (1 IMP²): a
// run of tied boards has none, and a tiny one would make the LLR jump.
const VarianceFloor = 1.0

// z975 is the normal distribution's 0.975 quantile.
const z975 = 1.959963984540054

// Test is one sequential test, fed one board at a time. Once a
// hypothesis is accepted (or End is called) the test is over and further
// boards do not change it, so its verdict depends only on the boards up
// to the decision. The zero Test is not usable; make one with New.
type Test struct {
	p            Params
	lower, upper float64
	n            int
	mean, m2     float64 // running mean and sum of squared deviations (Welford)
	ties         int
	verdict      Verdict
}

// New starts a test; the parameters must be valid.
func New(p Params) (*Test, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	t := &Test{p: p}
	t.lower, t.upper = p.Bounds()
	return t, nil
}

// Add weighs one more board, the first team's IMPs on it, and returns the
// verdict. A test that is over ignores the board.
func (t *Test) Add(imps int) Verdict {
	if t.verdict != Continue {
		return t.verdict
	}
	t.n++
	x := float64(imps)
	d := x - t.mean
	t.mean += d / float64(t.n)
	t.m2 += d * (x - t.mean)
	if imps == 0 {
		t.ties++
	}
	if t.n >= t.p.MinBoards {
		switch llr := t.llr(); {
		case llr >= t.upper:
			t.verdict = AcceptH1
		case llr <= t.lower:
			t.verdict = AcceptH0
		}
	}
	return t.verdict
}

// End says that no more boards will come (the cap is reached): a test
// without a decision becomes inconclusive.
func (t *Test) End() Verdict {
	if t.verdict == Continue {
		t.verdict = Inconclusive
	}
	return t.verdict
}

// Verdict returns where the test stands.
func (t *Test) Verdict() Verdict { return t.verdict }

// Boards returns the boards weighed so far.
func (t *Test) Boards() int { return t.n }

// variance returns the sample variance (0 below two boards).
func (t *Test) variance() float64 {
	if t.n < 2 {
		return 0
	}
	return t.m2 / float64(t.n-1)
}

// llr is the generalised SPRT's log-likelihood ratio under the normal
// approximation, with the variance floored.
func (t *Test) llr() float64 {
	if t.n == 0 {
		return 0
	}
	v := max(t.variance(), VarianceFloor)
	m0, m1 := t.p.IMP0, t.p.IMP1
	return float64(t.n) * (m1 - m0) * (2*t.mean - m0 - m1) / (2 * v)
}

// Result is a test's figures at one moment.
type Result struct {
	Params Params `json:"params"`
	Boards int    `json:"boards"` // boards weighed
	// Mean is the first team's mean IMPs a board, and Margin the half
	// width of its 95% confidence interval (1.96 standard errors, the
	// normal approximation the test makes; 0 below two boards).
	Mean   float64 `json:"imps_per_board"`
	Margin float64 `json:"ci95_margin"`
	SD     float64 `json:"sd"`   // the sample standard deviation (not floored)
	Ties   float64 `json:"ties"` // the fraction of boards with no IMPs
	LLR    float64 `json:"llr"`
	Lower  float64 `json:"lower_bound"` // accept H0 at or below
	Upper  float64 `json:"upper_bound"` // accept H1 at or above
	// Verdict is where the test stands; Decided and Inconclusive
	// results are final.
	Verdict Verdict `json:"verdict"`
}

// Result returns the test's figures now.
func (t *Test) Result() Result {
	r := Result{Params: t.p, Boards: t.n, Mean: t.mean, LLR: t.llr(), Lower: t.lower, Upper: t.upper, Verdict: t.verdict}
	r.SD = math.Sqrt(t.variance())
	if t.n >= 2 {
		r.Margin = z975 * r.SD / math.Sqrt(float64(t.n))
	}
	if t.n > 0 {
		r.Ties = float64(t.ties) / float64(t.n)
	}
	return r
}

// AllTied reports whether every board weighed was tied (and there was
// at least one): two bots that play alike, whose spread cannot be
// measured.
func (r Result) AllTied() bool { return r.Boards > 0 && r.Ties == 1 }
