package tournaments

import (
	"context"
	"path/filepath"
	"sync"
	"testing"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/results"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// recordingObserver keeps what an Observer is told, per table.
type recordingObserver struct {
	mu       sync.Mutex
	started  int
	onDisk   int
	disk     []results.Key        // BoardOnDisk, in order
	tables   map[string]int       // TableStarted per table
	ended    map[string]error     // TableFinished per table
	actions  map[string][]int     // per table: calls+cards made at each Action
	boards   map[string][]int     // per table: the board number of each Action
	finished []results.Record     // BoardFinished, in order
	perBoard map[results.Key]int  // Action calls per board-room
	starts   map[results.Key]int  // Action calls with no call made yet
	jobs     map[string]*TableJob // the job each table was started with
}

func newRecordingObserver() *recordingObserver {
	return &recordingObserver{
		tables: map[string]int{}, ended: map[string]error{}, actions: map[string][]int{},
		boards: map[string][]int{}, perBoard: map[results.Key]int{},
		starts: map[results.Key]int{}, jobs: map[string]*TableJob{},
	}
}

func (o *recordingObserver) EventStarted(ev *Event) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.started++
}

func (o *recordingObserver) BoardOnDisk(r *results.Record) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.started != 1 {
		panic("a board on disk before the event started")
	}
	o.onDisk++
	o.disk = append(o.disk, r.Key())
}

func (o *recordingObserver) TableStarted(j *TableJob) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.tables[j.Table]++
	o.jobs[j.Table] = j
}

func (o *recordingObserver) Action(j *TableJob, b *engine.Board) {
	o.mu.Lock()
	defer o.mu.Unlock()
	n := b.Auction().Len() + b.Play().Len()
	o.actions[j.Table] = append(o.actions[j.Table], n)
	o.boards[j.Table] = append(o.boards[j.Table], b.Number())
	k := results.Key{Event: j.Event, Match: j.Match, Room: j.Room, Table: j.Table, Board: b.Number()}
	o.perBoard[k]++
	if n == 0 {
		o.starts[k]++
	}
}

func (o *recordingObserver) BoardFinished(j *TableJob, r *results.Record) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.finished = append(o.finished, *r)
}

func (o *recordingObserver) TableFinished(j *TableJob, err error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.ended[j.Table] = err
}

func TestObserverSeesEveryTableActionAndRecord(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		runner TableRunner
	}{{"sim", SimRunner{}}, {"protocol", &ProtocolRunner{}}} {
		t.Run(tc.name, func(t *testing.T) {
			ev := testEvent(t, ScheduleMatch, 2, 6, 3, "concurrency = 2")
			obs := newRecordingObserver()
			out, err := Run(context.Background(), ev, Options{Runner: tc.runner, Observer: obs})
			require.NoError(t, err)
			require.Equal(t, 12, out.Played)

			assert.Equal(t, 1, obs.started)
			assert.Equal(t, 0, obs.onDisk)
			jobs := ev.Jobs()
			require.Len(t, obs.tables, len(jobs))
			for _, j := range jobs {
				assert.Equal(t, 1, obs.tables[j.Table], j.Table)
				err, ok := obs.ended[j.Table]
				assert.True(t, ok, "table %s finished", j.Table)
				assert.NoError(t, err, j.Table)
			}
			// The records reach the observer in the file's order.
			recs, _, err := results.ReadFile(filepath.Join(ev.Out, ResultsFile))
			require.NoError(t, err)
			require.Len(t, obs.finished, len(recs))
			for i := range recs {
				assert.Equal(t, recs[i].Key(), obs.finished[i].Key())
				assert.Equal(t, recs[i].Deal, obs.finished[i].Deal)
			}
			// Each board-room: one start, then one Action per call and card,
			// in order, without a step missed.
			for _, r := range recs {
				k := r.Key()
				want := 1 + len(r.Auction) + len(r.Play)
				assert.Equal(t, want, obs.perBoard[k], "actions of %v", k)
				assert.Equal(t, 1, obs.starts[k], "starts of %v", k)
			}
			for table, seq := range obs.actions {
				for i := 1; i < len(seq); i++ {
					if obs.boards[table][i] == obs.boards[table][i-1] {
						assert.Equal(t, seq[i-1]+1, seq[i], "table %s step %d", table, i)
					} else {
						assert.Equal(t, 0, seq[i], "table %s: a new board starts with no action", table)
					}
				}
			}

			// A rerun of the finished event tells the observer what is on disk.
			again := newRecordingObserver()
			_, err = Run(context.Background(), ev, Options{Runner: tc.runner, Observer: again})
			require.NoError(t, err)
			assert.Equal(t, 12, again.onDisk)
			assert.Empty(t, again.tables)
		})
	}
}
