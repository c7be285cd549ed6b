package dds

import (
	"math/rand/v2"
	"testing"
)

// Benchmarks run on fixed random deals so that runs, and the libdds
// benchmarks under the libdds tag, measure the same work. Each reports
// search nodes per operation.

const benchSeed = "openroom-dds-bench"

func benchPositions(n, cards int) []Position {
	deals := randomDeals(n, benchSeed)
	rng := rand.New(rand.NewPCG(1, uint64(cards)))
	ps := make([]Position, n)
	for i, d := range deals {
		ps[i] = randomPosition(d, rng, cards)
	}
	return ps
}

func BenchmarkTable(b *testing.B) {
	deals := randomDeals(16, benchSeed)
	sv := NewSolver()
	sv.ResetNodes()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := sv.Table(deals[i%len(deals)]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(sv.Nodes())/float64(b.N), "nodes/op")
	b.ReportMetric(float64(sv.TrickNodes())/float64(b.N), "tricknodes/op")
}

func benchSolveAll(b *testing.B, cards int) {
	ps := benchPositions(32, cards)
	sv := NewSolver()
	sv.ResetNodes()
	var dst []CardValue
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var err error
		dst, err = sv.SolveAll(&ps[i%len(ps)], dst[:0])
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(sv.Nodes())/float64(b.N), "nodes/op")
	b.ReportMetric(float64(sv.TrickNodes())/float64(b.N), "tricknodes/op")
}

// BenchmarkSolveAllTrick1 values every card of the opening lead.
func BenchmarkSolveAllTrick1(b *testing.B) { benchSolveAll(b, 0) }

// BenchmarkSolveAllTrick7 values every card at a random point of trick 7.
func BenchmarkSolveAllTrick7(b *testing.B) { benchSolveAll(b, 24+1) }

// benchSolveTarget asks SolveTarget the hardest question of each position:
// whether each card reaches the best card's value (precomputed).
func benchSolveTarget(b *testing.B, cards int) {
	ps := benchPositions(32, cards)
	sv := NewSolver()
	targets := make([]int, len(ps))
	for i := range ps {
		vals, err := sv.SolveAll(&ps[i], nil)
		if err != nil {
			b.Fatal(err)
		}
		for _, v := range vals {
			targets[i] = max(targets[i], v.Tricks)
		}
	}
	sv.ResetNodes()
	var dst []CardReach
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var err error
		dst, err = sv.SolveTarget(&ps[i%len(ps)], targets[i%len(ps)], dst[:0])
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(sv.Nodes())/float64(b.N), "nodes/op")
}

// BenchmarkSolveTargetTrick1 asks, for every card of the opening lead,
// whether it reaches the best lead's value (compare BenchmarkSolveAllTrick1).
func BenchmarkSolveTargetTrick1(b *testing.B) { benchSolveTarget(b, 0) }

// BenchmarkSolveTargetTrick7 is the same question at a random point of trick 7.
func BenchmarkSolveTargetTrick7(b *testing.B) { benchSolveTarget(b, 24+1) }
