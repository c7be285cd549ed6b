package sprt

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// repeat returns the boards of counts (IMPs -> how many boards), in a
// fixed interleaved order.
func repeat(counts map[int]int) []int {
	var out []int
	for left := true; left; {
		left = false
		for _, v := range []int{-24, -13, -12, -10, -6, -4, -3, -2, -1, 0, 1, 2, 3, 4, 6, 10, 12, 13, 24} {
			if counts[v] > 0 {
				out = append(out, v)
				counts[v]--
				left = true
			}
		}
	}
	return out
}

func newTest(t testing.TB, p Params) *Test {
	t.Helper()
	st, err := New(p)
	require.NoError(t, err)
	return st
}

// naiveLLR computes the LLR from scratch, two passes over the boards, as
// the formula is written.
func naiveLLR(xs []int, m0, m1 float64) (llr, mean, sd float64) {
	n := float64(len(xs))
	for _, x := range xs {
		mean += float64(x)
	}
	mean /= n
	ss := 0.0
	for _, x := range xs {
		ss += (float64(x) - mean) * (float64(x) - mean)
	}
	v := 0.0
	if len(xs) > 1 {
		v = ss / (n - 1)
	}
	sd = math.Sqrt(v)
	if v < 1 {
		v = 1
	}
	return n * (m1 - m0) * (2*mean - m0 - m1) / (2 * v), mean, sd
}

func TestLLRByHand(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		boards     map[int]int
		m0, m1     float64
		want, mean float64
	}{
		// 30 × +4, 50 × 0, 20 × −4: mean 0.4, squared deviations
		// 30·3.6² + 50·0.4² + 20·4.4² = 784 over 99.
		{"spread", map[int]int{4: 30, 0: 50, -4: 20}, 0, 0.5, 100 * 0.5 * (2*0.4 - 0.5) / (2 * 784.0 / 99), 0.4},
		// The same against [-1, 1]: 2x̄ - m0 - m1 = 0.8.
		{"symmetric", map[int]int{4: 30, 0: 50, -4: 20}, -1, 1, 100 * 2 * 0.8 / (2 * 784.0 / 99), 0.4},
		// 60 × +1, 40 × −1: variance 96/99 is below the floor of 1.
		{"floored", map[int]int{1: 60, -1: 40}, 0, 0.5, 100 * 0.5 * (0.4 - 0.5) / 2, 0.2},
		// Every board tied: variance 0, floored to 1; LLR = −N/8.
		{"ties", map[int]int{0: 40}, 0, 0.5, -40.0 / 8, 0},
		{"one board", map[int]int{3: 1}, 0, 0.5, 1 * 0.5 * (6 - 0.5) / 2, 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st := newTest(t, Params{IMP0: tc.m0, IMP1: tc.m1, Alpha: 0.05, Beta: 0.05, MinBoards: 1_000_000})
			for _, x := range repeat(tc.boards) {
				st.Add(x)
			}
			r := st.Result()
			assert.InDelta(t, tc.want, r.LLR, 1e-9)
			assert.InDelta(t, tc.mean, r.Mean, 1e-12)
			assert.Equal(t, Continue, r.Verdict)
		})
	}
}

func TestLLRAgainstNaive(t *testing.T) {
	t.Parallel()
	for seed := uint64(1); seed <= 20; seed++ {
		rng := rand.New(rand.NewPCG(seed, 7))
		n := 1 + rng.IntN(500)
		xs := make([]int, n)
		for i := range xs {
			xs[i] = rng.IntN(25) - 12
			if rng.IntN(2) == 0 {
				xs[i] = 0
			}
		}
		m0 := float64(rng.IntN(5)-2) / 2
		m1 := m0 + 0.25 + float64(rng.IntN(4))/4
		st := newTest(t, Params{IMP0: m0, IMP1: m1, Alpha: 0.05, Beta: 0.05, MinBoards: 1_000_000})
		ties := 0
		for _, x := range xs {
			st.Add(x)
			if x == 0 {
				ties++
			}
		}
		llr, mean, sd := naiveLLR(xs, m0, m1)
		r := st.Result()
		assert.InDelta(t, llr, r.LLR, 1e-9*math.Max(1, math.Abs(llr)), "seed %d", seed)
		assert.InDelta(t, mean, r.Mean, 1e-9, "seed %d", seed)
		assert.InDelta(t, sd, r.SD, 1e-9, "seed %d", seed)
		assert.InDelta(t, float64(ties)/float64(n), r.Ties, 1e-12, "seed %d", seed)
		if n >= 2 {
			assert.InDelta(t, 1.959964*sd/math.Sqrt(float64(n)), r.Margin, 1e-6, "seed %d", seed)
		}
	}
}

func TestBounds(t *testing.T) {
	t.Parallel()
	// The textbook Wald bounds for alpha = beta = 0.05: ±ln 19.
	lo, hi := Params{Alpha: 0.05, Beta: 0.05}.Bounds()
	assert.InDelta(t, -math.Log(19), lo, 1e-12)
	assert.InDelta(t, math.Log(19), hi, 1e-12)
	lo, hi = Params{Alpha: 0.01, Beta: 0.1}.Bounds()
	assert.InDelta(t, math.Log(0.1/0.99), lo, 1e-12)
	assert.InDelta(t, math.Log(0.9/0.01), hi, 1e-12)
}

// crossing returns the first board count at which the naive LLR of the
// prefix reaches a bound, at or after min (0 if never).
func crossing(xs []int, p Params) (int, Verdict) {
	lo, hi := p.Bounds()
	for n := 1; n <= len(xs); n++ {
		if n < p.MinBoards {
			continue
		}
		llr, _, _ := naiveLLR(xs[:n], p.IMP0, p.IMP1)
		switch {
		case llr >= hi:
			return n, AcceptH1
		case llr <= lo:
			return n, AcceptH0
		}
	}
	return 0, Continue
}

func TestDecision(t *testing.T) {
	t.Parallel()
	strong := repeat(map[int]int{0: 100, 3: 150, -2: 50, 10: 20, -10: 10})
	weak := repeat(map[int]int{0: 150, 2: 40, -3: 100, 12: 5, -12: 15})
	tests := []struct {
		name    string
		xs      []int
		min     int
		verdict Verdict
	}{
		// Without a minimum the first board (−10) stops the test at once,
		// the wrong way: what MinBoards is for.
		{"strong, min 0", strong, 0, AcceptH0},
		{"strong, min 64", strong, 64, AcceptH1},
		{"strong, min 128", strong, 128, AcceptH1},
		{"weak, min 0", weak, 0, AcceptH0},
		{"weak, min 128", weak, 128, AcceptH0},
		{"ties, min 128", repeat(map[int]int{0: 300}), 128, AcceptH0},
		{"too few boards", strong[:100], 128, Continue},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := Params{IMP0: 0, IMP1: 0.5, Alpha: 0.05, Beta: 0.05, MinBoards: tc.min}
			st := newTest(t, p)
			wantN, wantV := crossing(tc.xs, p)
			require.Equal(t, tc.verdict, wantV, "the sample does not test what it should")
			gotN := 0
			for i, x := range tc.xs {
				if v := st.Add(x); v != Continue && gotN == 0 {
					gotN = i + 1
				}
			}
			assert.Equal(t, wantV, st.Verdict())
			assert.Equal(t, wantN, gotN)
			if wantV != Continue {
				assert.GreaterOrEqual(t, gotN, tc.min)
				// Boards after the decision are ignored.
				assert.Equal(t, wantN, st.Boards())
				assert.Equal(t, wantV, st.End())
			} else {
				assert.Equal(t, len(tc.xs), st.Boards())
				assert.Equal(t, Inconclusive, st.End())
				assert.Equal(t, Inconclusive, st.Add(10), "an ended test takes no more boards")
				assert.Equal(t, len(tc.xs), st.Boards())
			}
		})
	}
}

func TestAllTied(t *testing.T) {
	t.Parallel()
	for _, p := range []Params{
		{IMP0: 0, IMP1: 0.5, Alpha: 0.05, Beta: 0.05, MinBoards: 128},
		{IMP0: -0.5, IMP1: 0.5, Alpha: 0.05, Beta: 0.05, MinBoards: 128},
	} {
		st := newTest(t, p)
		for i := 0; i < 200; i++ {
			st.Add(0)
		}
		st.End()
		r := st.Result()
		assert.True(t, r.AllTied())
		for _, x := range []float64{r.LLR, r.Mean, r.SD, r.Margin, r.Ties} {
			assert.False(t, math.IsNaN(x) || math.IsInf(x, 0))
		}
		var b strings.Builder
		require.NoError(t, r.WriteSummary(&b))
		out := b.String()
		assert.NotContains(t, out, "NaN")
		assert.NotContains(t, out, "Inf")
		_, err := json.Marshal(r)
		require.NoError(t, err)
		if p.IMP0 == 0 {
			// The floor makes all ties evidence of "no better": LLR −N/8.
			assert.Equal(t, AcceptH0, r.Verdict)
			assert.Equal(t, 128, r.Boards)
			assert.Contains(t, out, "All 128 boards were tied")
		} else {
			// Symmetric hypotheses: the LLR stays 0, the cap ends it.
			assert.Equal(t, Inconclusive, r.Verdict)
			assert.Contains(t, out, "All 200 boards were tied")
			assert.True(t, strings.HasSuffix(out, "SPRT ([-0.50, 0.50]) inconclusive after 200 boards\n"), out)
		}
	}
}

func TestEmptyTest(t *testing.T) {
	t.Parallel()
	st := newTest(t, Params{IMP0: 0, IMP1: 0.5, Alpha: 0.05, Beta: 0.05})
	r := st.Result()
	assert.Equal(t, 0.0, r.LLR)
	assert.False(t, r.AllTied())
	assert.Equal(t, "Boards: 0, IMPs/board: +0.00, sd 0.00, ties 0.0%", r.BoardsLine())
	assert.Equal(t, "SPRT ([0.00, 0.50]) undecided after 0 boards", r.VerdictLine())
	// With no minimum, one board can decide when it is big enough.
	assert.Equal(t, AcceptH1, st.Add(12))
}

func TestFormat(t *testing.T) {
	t.Parallel()
	p := Params{IMP0: 0, IMP1: 0.5, Alpha: 0.05, Beta: 0.05, MinBoards: 128}
	lo, hi := p.Bounds()
	// The example: 200 boards of mean 0.55 and sd 3.40 give
	// LLR 200·0.5·0.6/(2·3.4²) = 2.595, 88.1% of ln 19.
	r := Result{Params: p, Boards: 200, Mean: 0.55, SD: 3.40, Margin: 1.959964 * 3.40 / math.Sqrt(200), Ties: 0.475,
		LLR: 200 * 0.5 * (2*0.55 - 0.5) / (2 * 3.4 * 3.4), Lower: lo, Upper: hi}
	assert.Equal(t, "LLR: 2.60 (88.1%) (-2.94, 2.94) [0.00, 0.50]", r.LLRLine())
	assert.Equal(t, "Boards: 200, IMPs/board: +0.55 ± 0.47 (95%), sd 3.40, ties 47.5%", r.BoardsLine())
	tests := []struct {
		v    Verdict
		want string
	}{
		{AcceptH1, "SPRT ([0.00, 0.50]) completed - H1 was accepted"},
		{AcceptH0, "SPRT ([0.00, 0.50]) completed - H0 was accepted"},
		{Inconclusive, "SPRT ([0.00, 0.50]) inconclusive after 200 boards"},
		{Continue, "SPRT ([0.00, 0.50]) undecided after 200 boards"},
	}
	for _, tc := range tests {
		r.Verdict = tc.v
		assert.Equal(t, tc.want, r.VerdictLine())
		var b strings.Builder
		require.NoError(t, r.WriteSummary(&b))
		lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
		assert.Equal(t, []string{r.LLRLine(), r.BoardsLine(), tc.want}, lines)
	}
	// A negative LLR counts towards the lower bound; no "-0.00".
	r.LLR, r.Mean = -1.472, -0.001
	assert.Equal(t, "LLR: -1.47 (50.0%) (-2.94, 2.94) [0.00, 0.50]", r.LLRLine())
	assert.True(t, strings.HasPrefix(r.BoardsLine(), "Boards: 200, IMPs/board: +0.00 ± 0.47"), r.BoardsLine())
}

func TestVerdictJSON(t *testing.T) {
	t.Parallel()
	r := Result{Params: Params{IMP0: 0, IMP1: 0.5, Alpha: 0.05, Beta: 0.05, MinBoards: 128}, Verdict: AcceptH1}
	b, err := json.Marshal(r)
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m))
	assert.Equal(t, "H1", m["verdict"])
	assert.Equal(t, map[string]any{"imp0": 0.0, "imp1": 0.5, "alpha": 0.05, "beta": 0.05, "min_boards": 128.0}, m["params"])
	for _, k := range []string{"boards", "imps_per_board", "ci95_margin", "sd", "ties", "llr", "lower_bound", "upper_bound"} {
		assert.Contains(t, m, k)
	}
	assert.Equal(t, []string{"continue", "H0", "H1", "inconclusive", "unknown"},
		[]string{Continue.String(), AcceptH0.String(), AcceptH1.String(), Inconclusive.String(), Verdict(9).String()})
	assert.True(t, AcceptH0.Decided())
	assert.False(t, Inconclusive.Decided())
}

func BenchmarkAdd(b *testing.B) {
	st := newTest(b, Params{IMP0: -1, IMP1: 1, Alpha: 0.05, Beta: 0.05, MinBoards: MaxMinBoards})
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		st.Add(i%7 - 3)
	}
}
