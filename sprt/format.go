package sprt

import (
	"fmt"
	"io"
	"math"
	"strings"
)

// The lines follow fastchess's output, so that engine testers read them
// at a glance.

// LLRLine returns the progress line: "LLR: 2.60 (88.1%) (-2.94, 2.94)
// [0.00, 0.50]", the LLR, how far it has gone towards the bound on its
// side, the bounds and the hypotheses.
func (r Result) LLRLine() string {
	pct := 0.0
	switch {
	case r.LLR > 0 && r.Upper > 0:
		pct = 100 * r.LLR / r.Upper
	case r.LLR < 0 && r.Lower < 0:
		pct = 100 * r.LLR / r.Lower
	}
	return fmt.Sprintf("LLR: %s (%s%%) (%s, %s) %s", fixed(r.LLR, 2), fixed(pct, 1), fixed(r.Lower, 2), fixed(r.Upper, 2), r.hypotheses())
}

// BoardsLine returns "Boards: 200, IMPs/board: +0.55 ± 0.47 (95%), sd
// 3.40, ties 47.5%" (without the interval below two boards).
func (r Result) BoardsLine() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Boards: %d, IMPs/board: %s", r.Boards, signed(r.Mean, 2))
	if r.Boards >= 2 {
		fmt.Fprintf(&b, " ± %s (95%%)", fixed(r.Margin, 2))
	}
	fmt.Fprintf(&b, ", sd %s, ties %s%%", fixed(r.SD, 2), fixed(100*r.Ties, 1))
	return b.String()
}

// VerdictLine returns the last line of a summary: "SPRT ([0.00, 0.50])
// completed - H1 was accepted", "... - H0 was accepted", "SPRT ([0.00,
// 0.50]) inconclusive after N boards", or, for a test not over (an
// interrupted run), "SPRT ([0.00, 0.50]) undecided after N boards".
func (r Result) VerdictLine() string {
	h := r.hypotheses()
	switch r.Verdict {
	case AcceptH1:
		return fmt.Sprintf("SPRT (%s) completed - H1 was accepted", h)
	case AcceptH0:
		return fmt.Sprintf("SPRT (%s) completed - H0 was accepted", h)
	case Inconclusive:
		return fmt.Sprintf("SPRT (%s) inconclusive after %d boards", h, r.Boards)
	}
	return fmt.Sprintf("SPRT (%s) undecided after %d boards", h, r.Boards)
}

// WriteSummary writes the summary lines: LLRLine, BoardsLine, a note
// when every board was tied, and VerdictLine last.
func (r Result) WriteSummary(w io.Writer) error {
	var b strings.Builder
	b.WriteString(r.LLRLine() + "\n")
	b.WriteString(r.BoardsLine() + "\n")
	if r.AllTied() {
		fmt.Fprintf(&b, "All %d boards were tied: the teams played every board alike\n", r.Boards)
	}
	b.WriteString(r.VerdictLine() + "\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func (r Result) hypotheses() string {
	return fmt.Sprintf("[%s, %s]", fixed(r.Params.IMP0, 2), fixed(r.Params.IMP1, 2))
}

// fixed formats x with prec decimals, never as "-0.00".
func fixed(x float64, prec int) string {
	return fmt.Sprintf("%.*f", prec, noNegZero(x, prec))
}

// signed is fixed with a sign always shown, "+0.00" for zero.
func signed(x float64, prec int) string {
	return fmt.Sprintf("%+.*f", prec, noNegZero(x, prec))
}

// noNegZero returns 0 for an x that rounds to zero at prec decimals.
func noNegZero(x float64, prec int) float64 {
	if math.Abs(x) < 0.5*math.Pow(10, -float64(prec)) {
		return 0
	}
	return x
}
