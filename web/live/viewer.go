package live

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/openroom/openroom/analysis"
	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/lin"
	"github.com/openroom/openroom/results"
	"github.com/openroom/openroom/web"
)

// DefaultCacheBoards is how many analysed boards the hand viewer keeps.
const DefaultCacheBoards = 256

// ErrNotPublic means a board asked for is not public (yet).
var ErrNotPublic = errors.New("board not public")

// ErrNotKept means a board asked for is public but no longer kept whole
// (the State keeps the last Options.KeepBoards); the results file has it.
var ErrNotKept = errors.New("board no longer kept for the viewer (see the results file)")

// Viewer gives the hand viewer its boards: a public board's rooms with
// their double-dummy analysis. Analysis is CPU work: one worker does it,
// off the tables' path, for boards asked for and (when it is idle) for
// boards just made public; results are cached per board.
type Viewer struct {
	state *State
	queue chan job // boards to analyse; bounded

	mu    sync.Mutex
	cache map[boardKey]*viewEntry
	order []boardKey // cache eviction order, oldest first
	limit int
}

type job struct {
	k boardKey
	e *viewEntry
}

type viewEntry struct {
	done   chan struct{} // closed when the analysis is in
	detail *BoardDetail
}

// NewViewer makes the hand viewer of a State; Run does its analysis.
// Boards made public are analysed ahead when the worker is idle.
func NewViewer(s *State) *Viewer {
	v := &Viewer{state: s, queue: make(chan job, 4), cache: map[boardKey]*viewEntry{}, limit: DefaultCacheBoards}
	s.mu.Lock()
	s.analyse = v.prefetch
	s.mu.Unlock()
	return v
}

// prefetch asks for a board's analysis unless the worker is busy; it is
// called with the State locked and must not block.
func (v *Viewer) prefetch(k boardKey) {
	if len(v.queue) > 0 {
		return
	}
	e, fresh := v.entry(k)
	if !fresh {
		return
	}
	select {
	case v.queue <- job{k, e}:
	default:
		v.drop(k, e)
	}
}

// Run analyses boards until ctx ends, with one solver (about 90 MB, made
// when the first board comes).
func (v *Viewer) Run(ctx context.Context) {
	var sv *dds.Solver
	for {
		select {
		case <-ctx.Done():
			return
		case j := <-v.queue:
			if sv == nil {
				sv = dds.NewSolver()
			}
			j.e.detail = v.analyse(sv, j.k)
			close(j.e.done)
		}
	}
}

// entry returns the cache entry of a board, making it if missing (fresh:
// the caller must queue it or drop it).
func (v *Viewer) entry(k boardKey) (*viewEntry, bool) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if e := v.cache[k]; e != nil {
		return e, false
	}
	e := &viewEntry{done: make(chan struct{})}
	v.cache[k] = e
	v.order = append(v.order, k)
	for len(v.order) > v.limit {
		delete(v.cache, v.order[0])
		v.order = v.order[1:]
	}
	return e, true
}

// drop forgets an entry that was never queued.
func (v *Viewer) drop(k boardKey, e *viewEntry) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.cache[k] == e {
		delete(v.cache, k)
		for i, o := range v.order {
			if o == k {
				v.order = append(v.order[:i], v.order[i+1:]...)
				break
			}
		}
	}
}

// Board returns a public board with its analysis, waiting for the worker
// (bounded by ctx). A board that is not public gives ErrNotPublic: the
// boundary is the State's, and the viewer asks it every time.
func (v *Viewer) Board(ctx context.Context, match string, board int) (*BoardDetail, error) {
	k := boardKey{match, board}
	if kb, public := v.state.publicBoard(k); kb == nil {
		if public {
			return nil, fmt.Errorf("board %d of match %q: %w", board, match, ErrNotKept)
		}
		return nil, fmt.Errorf("board %d of match %q: %w", board, match, ErrNotPublic)
	}
	e, fresh := v.entry(k)
	if fresh {
		select {
		case v.queue <- job{k, e}:
		case <-ctx.Done():
			v.drop(k, e)
			return nil, ctx.Err()
		}
	}
	select {
	case <-e.done:
		return e.detail, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// analyse builds a board's detail from its kept records.
func (v *Viewer) analyse(sv *dds.Solver, k boardKey) *BoardDetail {
	kb, _ := v.state.publicBoard(k)
	if kb == nil {
		return &BoardDetail{Error: ErrNotKept.Error()}
	}
	d := &BoardDetail{BoardView: kb.view}
	var table *dds.TrickTable
	var errs []error
	for i := range kb.recs {
		r := &kb.recs[i]
		d.Auctions = append(d.Auctions, append([]results.Call{}, r.Auction...))
		d.Plays = append(d.Plays, append([]string{}, r.Play...))
		// The board as played: kept by the table that made the record, or
		// replayed once from a record read back from the results file.
		dec, err := r.Played()
		if err != nil {
			d.BBO = append(d.BBO, "")
			d.Played = append(d.Played, []web.PlayedCard{})
			d.Winners = append(d.Winners, []string{})
			d.Analysis = append(d.Analysis, nil)
			errs = append(errs, fmt.Errorf("room %s: %w", r.Room, err))
			continue
		}
		d.BBO = append(d.BBO, lin.HandViewerURL(lin.FromBoard(dec).String()))
		played, winners := web.Played(dec.Board.Play())
		d.Played = append(d.Played, played)
		d.Winners = append(d.Winners, winners)
		var a *analysis.Board
		if table == nil {
			a, err = analysis.Analyse(sv, dec.Board)
			if a != nil {
				table = &a.Table
			}
		} else {
			a, err = analysis.WithTable(sv, dec.Board, table)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("room %s: %w", r.Room, err))
		}
		d.Analysis = append(d.Analysis, a)
	}
	if err := errors.Join(errs...); err != nil {
		d.Error = err.Error()
	}
	return d
}
