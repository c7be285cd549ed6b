package tournaments

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/openroom/openroom/results"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSecondRunOnAFolderIsRefused(t *testing.T) {
	t.Parallel()
	ev := testEvent(t, ScheduleMatch, 2, 2, 8, "")
	started, release := make(chan struct{}, 1), make(chan struct{})
	blocking := TableRunnerFunc(func(ctx context.Context, job TableJob, onBoard func(results.Record) error) error {
		select {
		case started <- struct{}{}:
		default:
		}
		<-release
		return SimRunner{}.RunTable(ctx, job, onBoard)
	})
	first := make(chan error, 1)
	go func() {
		_, err := Run(context.Background(), ev, Options{Runner: blocking})
		first <- err
	}()
	select {
	case <-started:
	case <-time.After(10 * time.Second):
		t.Fatal("the first run did not start a table")
	}

	// The second run fails at once, before reading or writing anything.
	before, err := os.ReadFile(filepath.Join(ev.Out, ResultsFile))
	require.NoError(t, err)
	for _, fresh := range []bool{false, true} {
		out, err := Run(context.Background(), ev, Options{Runner: SimRunner{}, Fresh: fresh})
		require.ErrorIs(t, err, ErrLocked, "fresh %v", fresh)
		assert.Nil(t, out)
		assert.Contains(t, err.Error(), ev.Out)
		assert.Contains(t, err.Error(), "another tablemanager run")
	}
	after, err := os.ReadFile(filepath.Join(ev.Out, ResultsFile))
	require.NoError(t, err)
	assert.Equal(t, before, after)
	_, err = os.Stat(filepath.Join(ev.Out, ResultsFile+".1"))
	assert.ErrorIs(t, err, os.ErrNotExist, "a refused --fresh sets nothing aside")

	close(release)
	require.NoError(t, <-first)

	// The first run has ended: the folder is free again.
	out, err := Run(context.Background(), ev, Options{Runner: SimRunner{}})
	require.NoError(t, err)
	assert.Equal(t, 4, out.Resumed)
	assert.Equal(t, 0, out.Played)
}

func TestLockIsReleasedAfterAFailedRun(t *testing.T) {
	t.Parallel()
	ev := testEvent(t, ScheduleMatch, 2, 2, 8, "")
	failing := TableRunnerFunc(func(ctx context.Context, job TableJob, onBoard func(results.Record) error) error {
		return os.ErrPermission
	})
	_, err := Run(context.Background(), ev, Options{Runner: failing})
	require.ErrorIs(t, err, os.ErrPermission)
	out, err := Run(context.Background(), ev, Options{Runner: SimRunner{}})
	require.NoError(t, err)
	assert.Equal(t, 4, out.Played)
}
