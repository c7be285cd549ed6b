package live

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/openroom/openroom/results"
	"github.com/openroom/openroom/tournaments"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEventScorerInBatches feeds the scorer an event's records in
// batches, as the State hands over what became public since the last
// scoring: after each batch its standings are ScoreEvent's over every
// record given so far.
func TestEventScorerInBatches(t *testing.T) {
	t.Parallel()
	ev := matchEvent(t, 6)
	_, err := tournaments.Run(context.Background(), ev, tournaments.Options{Runner: tournaments.SimRunner{}})
	require.NoError(t, err)
	recs, _, err := results.ReadFile(filepath.Join(ev.Out, tournaments.ResultsFile))
	require.NoError(t, err)
	require.Len(t, recs, 12)

	score := EventScorer(ev)
	for _, cut := range [][2]int{{0, 0}, {0, 3}, {3, 4}, {4, 10}, {10, 12}} {
		got := score(recs[cut[0]:cut[1]])
		want := EventScorer(ev)(recs[:cut[1]]) // one scorer given them at once
		assert.Equal(t, want, got, "after records %d-%d", cut[0], cut[1])
		rep := tournaments.ScoreEvent(ev, recs[:cut[1]])
		assert.Equal(t, rep.Standings, got.Teams)
		require.Len(t, got.Matches, 1)
		assert.Equal(t, rep.Matches[0].Played, got.Matches[0].Played)
		assert.Equal(t, rep.Matches[0].HomeIMPs, got.Matches[0].HomeIMPs)
	}
}

// TestObserverResumedEvent resumes an event with a live view: the boards
// an earlier run left on disk are public at once, where the boundary
// allows, and the final standings are the whole event's.
func TestObserverResumedEvent(t *testing.T) {
	t.Parallel()
	ev := matchEvent(t, 6)
	_, err := tournaments.Run(context.Background(), ev, tournaments.Options{Runner: tournaments.SimRunner{}})
	require.NoError(t, err)
	path := filepath.Join(ev.Out, tournaments.ResultsFile)
	all, _, err := results.ReadFile(path)
	require.NoError(t, err)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	lines := strings.SplitAfter(string(data), "\n")
	// The open room's first three boards and the closed room's first two.
	var keep []string
	for _, l := range lines {
		for _, want := range []string{`"room":"open","table":"A-v-B/open/1","board":1,`, `"room":"open","table":"A-v-B/open/1","board":2,`, `"room":"open","table":"A-v-B/open/1","board":3,`,
			`"room":"closed","table":"A-v-B/closed/1","board":1,`, `"room":"closed","table":"A-v-B/closed/1","board":2,`} {
			if strings.Contains(l, want) {
				keep = append(keep, l)
			}
		}
	}
	require.Len(t, keep, 5)
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(keep, "")), 0o644))

	st := New(Options{})
	var started Snapshot
	obs := &startSpy{Observer: st.Observer(), at: func() { started = st.Snapshot() }}
	out, err := tournaments.Run(context.Background(), ev, tournaments.Options{Runner: tournaments.SimRunner{}, Observer: obs})
	require.NoError(t, err)
	assert.Equal(t, 5, out.Resumed)
	st.EventFinished(nil)

	// When the first table started, boards 1 and 2 (both rooms on disk)
	// were public, board 3 (one room) was not.
	var public []int
	for _, b := range started.Boards {
		public = append(public, b.Board)
	}
	assert.Equal(t, []int{1, 2}, public)
	assert.Equal(t, 4, started.Event.Public)

	snap := st.Snapshot()
	assert.Equal(t, 12, snap.Event.Public)
	require.NotNil(t, snap.Standings)
	rep := tournaments.ScoreEvent(ev, all)
	assert.Equal(t, rep.Standings, snap.Standings.Teams)
	assert.Equal(t, 6, snap.Standings.Matches[0].Played)
}

// startSpy calls at when the first table starts, before any plays.
type startSpy struct {
	tournaments.Observer
	at   func()
	once sync.Once
}

func (o *startSpy) TableStarted(j *tournaments.TableJob) {
	o.once.Do(o.at)
	o.Observer.TableStarted(j)
}
