// Package sprt is the sequential probability ratio test of a two-team
// match: after each board played in both rooms it weighs the first team's
// IMPs on that board and says whether the evidence is enough to accept
// H0 (a mean of at most IMP0 IMPs a board) or H1 (at least IMP1), or
// whether more boards are needed.
//
// It is the generalised SPRT with the normal approximation, as chess
// engine testers (fishtest, fastchess) use it: with N boards of mean x̄
// and sample variance σ̂² (floored at 1 IMP², so that a run of ties cannot
// divide by zero), the log-likelihood ratio is
//
//	LLR = N (IMP1 − IMP0) (2x̄ − IMP0 − IMP1) / (2σ̂²)
//
// and the test stops once LLR ≤ ln(β/(1−α)) (H0) or LLR ≥ ln((1−β)/α)
// (H1), but never before MinBoards boards: IMP distributions have heavy
// tails (mostly ties and small swings, now and then a slam swing), and a
// variance estimated from a few boards makes early stops err far more
// often than α and β.
//
// The package knows statistics only: no events, records or files. The
// caller feeds the boards in a fixed order (board number) so that the
// verdict depends only on the results.
package sprt
