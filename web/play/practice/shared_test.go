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
// whose table was not filled is analysed whole.
func TestSharedSolverPreparesTheTable(t *testing.T) {
	t.Parallel()
	b, _ := playedTo(t, "prepare", 40)
	want, err := analysis.Analyse(dds.NewSolver(), b)
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
	}, 30*time.Second, 5*time.Millisecond)
	got, err := s.Analyse(b)
	require.NoError(t, err)
	assert.Equal(t, want, got)

	other, _ := playedTo(t, "prepare-2", 30)
	want, err = analysis.Analyse(dds.NewSolver(), other)
	require.NoError(t, err)
	got, err = s.Analyse(other)
	require.NoError(t, err)
	assert.Equal(t, want, got)
}
