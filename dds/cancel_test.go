package dds

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
)

// TestSetContextStopsTheSearch: a solve given a context whose deadline has
// passed, or that is canceled, stops within a few thousand nodes with
// ErrCanceled, even though no timer could have canceled the context (the
// deadline is read from the clock, as in WebAssembly, where the search
// runs alone); and the solver answers exactly as a fresh one afterwards.
func TestSetContextStopsTheSearch(t *testing.T) {
	t.Parallel()
	d := randomDeals(1, "cancel")[0]
	want, err := NewSolver().Table(d)
	require.NoError(t, err)

	sv := NewSolver()
	// A deadline in the past: no goroutine has run to cancel ctx, so
	// only the search's own look at the clock can stop it.
	ctx, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Millisecond))
	defer cancel()
	sv.SetContext(ctx)
	sv.ResetNodes()
	_, err = sv.Table(d)
	require.ErrorIs(t, err, ErrCanceled)
	assert.LessOrEqual(t, sv.Nodes(), uint64(2*stopEvery), "stopped at the first look")

	p, err := NewPosition(d, engine.NoTrump, engine.West)
	require.NoError(t, err)
	done, cancelDone := context.WithCancel(context.Background())
	cancelDone()
	sv.SetContext(done)
	for name, solve := range map[string]func() error{
		"Solve":     func() error { _, err := sv.Solve(&p); return err },
		"SolveAll":  func() error { _, err := sv.SolveAll(&p, nil); return err },
		"Reaches":   func() error { _, err := sv.Reaches(&p, 7); return err },
		"Target":    func() error { _, err := sv.SolveTarget(&p, 7, nil); return err },
		"Analysis":  func() error { _, err := sv.AnalysePlay(d, engine.NoTrump, engine.West, nil); return err },
		"TableCell": func() error { _, err := sv.Table(d); return err },
	} {
		assert.ErrorIs(t, solve(), ErrCanceled, name)
	}

	sv.SetContext(context.Background())
	got, err := sv.Table(d)
	require.NoError(t, err)
	assert.Equal(t, want, got, "a stopped solve leaves nothing behind")
}
