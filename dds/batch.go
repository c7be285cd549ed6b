package dds

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/openroom/openroom/engine"
	"golang.org/x/sync/errgroup"
)

// Pool keeps solvers for reuse by many goroutines: each Get hands out a
// solver that no one else uses until it is Put back. Solvers own large
// transposition tables, so reusing them avoids reallocating. The zero Pool
// is ready to use and safe for concurrent use.
type Pool struct {
	mu   sync.Mutex
	free []*Solver
}

// Get returns an idle solver, making one if none is free.
func (p *Pool) Get() *Solver {
	p.mu.Lock()
	defer p.mu.Unlock()
	if n := len(p.free); n > 0 {
		sv := p.free[n-1]
		p.free = p.free[:n-1]
		return sv
	}
	return NewSolver()
}

// Put returns a solver to the pool.
func (p *Pool) Put(sv *Solver) {
	if sv == nil {
		return
	}
	p.mu.Lock()
	p.free = append(p.free, sv)
	p.mu.Unlock()
}

// workers returns the number of goroutines to use for n jobs.
func workers(threads, n int) int {
	if threads <= 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	return max(1, min(threads, n))
}

// CalcTables computes the double-dummy tables of many deals on up to
// threads goroutines (0: one per CPU). The work is split by deal and
// strain; each goroutine has its own solver. A deal given more than once
// (the rooms of a match) is solved once. It stops early, returning
// ctx's error, when ctx is cancelled. progress, if not nil, is called (from
// worker goroutines, one call at a time) with the index and the table of
// each deal as its table completes.
func CalcTables(ctx context.Context, deals []engine.Deal, threads int, progress func(i int, t *TrickTable)) ([]TrickTable, error) {
	for i, d := range deals {
		if err := d.Validate(); err != nil {
			return nil, fmt.Errorf("dds: deal %d: %w", i, err)
		}
	}
	out := make([]TrickTable, len(deals))
	// same[u] lists the indices of the deals equal to deals[u], the first
	// of them; only those deals are solved.
	var uniq []int
	same := make([][]int, len(deals))
	first := make(map[engine.Deal]int, len(deals))
	for i, d := range deals {
		u, ok := first[d]
		if !ok {
			u = i
			first[d] = i
			uniq = append(uniq, i)
		}
		same[u] = append(same[u], i)
	}
	left := make([]int32, len(deals))
	for _, u := range uniq {
		left[u] = 5
	}
	jobs := len(uniq) * 5
	var next atomic.Int64
	var mu sync.Mutex
	g, ctx := errgroup.WithContext(ctx)
	for w := workers(threads, jobs); w > 0; w-- {
		g.Go(func() error {
			sv := NewSolver()
			var row TrickTable
			for {
				if err := ctx.Err(); err != nil {
					return err
				}
				j := int(next.Add(1)) - 1
				if j >= jobs {
					return nil
				}
				u, strain := uniq[j/5], engine.Strain(j%5)
				sv.strainRow(deals[u], strain, &row, -1)
				mu.Lock()
				out[u][strain] = row[strain]
				left[u]--
				if left[u] == 0 {
					for _, i := range same[u] {
						out[i] = out[u]
						if progress != nil {
							progress(i, &out[i])
						}
					}
				}
				mu.Unlock()
			}
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return out, nil
}

// SolveAllBatch values every legal card of many positions on up to threads
// goroutines (0: one per CPU), like Solver.SolveAll for each.
func SolveAllBatch(ctx context.Context, ps []Position, threads int) ([][]CardValue, error) {
	for i := range ps {
		if err := ps[i].Validate(); err != nil {
			return nil, fmt.Errorf("dds: position %d: %w", i, err)
		}
	}
	out := make([][]CardValue, len(ps))
	var next atomic.Int64
	g, ctx := errgroup.WithContext(ctx)
	for w := workers(threads, len(ps)); w > 0; w-- {
		g.Go(func() error {
			sv := NewSolver()
			for {
				if err := ctx.Err(); err != nil {
					return err
				}
				i := int(next.Add(1)) - 1
				if i >= len(ps) {
					return nil
				}
				sv.s.tt.init()
				out[i] = sv.solveAllOf(&ps[i], engine.FullDeck, nil)
			}
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return out, nil
}
