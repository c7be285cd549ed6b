package practice

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/analysis"
	"github.com/openroom/openroom/dds"
)

// TestSharedSolverPreparesTheTable: the table filled while the person
// thinks (and only then) gives the analysis of a fresh solver; a board
// whose table was not filled is analysed whole, the same.
func TestSharedSolverPreparesTheTable(t *testing.T) {
	t.Parallel()
	b, _ := playedTo(t, "prepare-2", 40) // a deal whose table is quick
	fresh := dds.NewSolver()
	table, err := fresh.Table(b.Deal())
	require.NoError(t, err)
	want, err := analysis.WithTable(fresh, b, &table)
	require.NoError(t, err)

	s := NewSharedSolver()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s.Prepare(ctx, b.Deal())
	time.Sleep(50 * time.Millisecond)
	s.mu.Lock()
	assert.Zero(t, s.cells, "nothing while a bot decides")
	s.mu.Unlock()
	s.Idle(true)
	require.Eventually(t, func() bool {
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.cells == 20
	}, time.Minute, 5*time.Millisecond)
	assert.Equal(t, table, s.table)
	got, err := s.Analyse(b)
	require.NoError(t, err)
	assert.Equal(t, want, got)

	if underRace {
		return // the same solves again, and nothing concurrent in them
	}
	got, err = NewSharedSolver().Analyse(b)
	require.NoError(t, err)
	assert.Equal(t, want, got, "unprepared")
}
