package tournaments

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/results"
	"github.com/openroom/openroom/sprt"
	"github.com/openroom/openroom/tournaments/bots"
	"github.com/openroom/openroom/tournaments/report"
)

// ResultsFile is the name of the results stream in an event's folder.
const ResultsFile = "results.jsonl"

// SeedFile is the name of the file in an event's folder that keeps the
// seed Run drew for an event given none, so that a rerun deals the same
// boards and resumes.
const SeedFile = "seed"

// defaultGrace is how long boards in play may take to finish after an
// interrupt before they are abandoned.
const defaultGrace = 30 * time.Second

// ErrInterrupted is returned (wrapped, with the context's error) by Run
// when the event was stopped before its end; the results so far are on
// disk and a rerun resumes.
var ErrInterrupted = errors.New("event interrupted")

// ErrOtherEvent means the output folder holds results that do not belong
// to this event (same name, other boards or pairings).
var ErrOtherEvent = errors.New("results of another event")

// ErrNoOutput means the output folder cannot be created or its files
// cannot be opened.
var ErrNoOutput = errors.New("output folder")

// Progress is the state of a running event, given after every board-room.
type Progress struct {
	Done    int // board-rooms on disk, earlier runs included
	Total   int // board-rooms the schedule has
	Played  int // board-rooms played by this run
	Running int // tables in play
	Elapsed time.Duration
	SPRT    *sprt.Result // the sequential test on the finished prefix, for an event with one
}

// Options are the knobs of Run that are not part of the event.
type Options struct {
	// Runner plays the tables. Required.
	Runner TableRunner
	// Progress, if set, is called after every board-room is on disk, one
	// call at a time.
	Progress func(Progress)
	// Grace is how long boards in play may take after ctx is cancelled;
	// 0 means 30 seconds (defaultGrace).
	Grace time.Duration
	// Abort, when closed after ctx is cancelled, abandons the boards in
	// play at once (a second Ctrl-C); they are played again on resume.
	Abort <-chan struct{}
	// Fresh starts the event afresh: an existing results file is renamed
	// to results.jsonl.N (the first free N) instead of resumed, an event
	// given no seed gets a new one, and the teams' bots are recorded anew
	// (without it, a team whose bot changed is refused: ErrBotChanged).
	Fresh bool
	// MatchWriters are called after the run with every match and its
	// records (open and closed rooms, by board), to write per-match files
	// such as PBN. The records are on disk already; a writer's error is
	// reported but does not undo the run.
	MatchWriters []MatchWriter
	// Observer, if set, watches the event as it is played (a live view).
	Observer Observer
	// Manifest, for a sharded event (NewManifest), is written to
	// DIR/manifest.json before anything is played; a folder holding
	// another event's or shard's manifest is refused (ErrOtherEvent).
	Manifest *Manifest
}

// Observer watches a running event: what is on disk when it starts, each
// table, each board in play after every call and card, and each record
// once it is on disk. Its methods are called on the tables' goroutines
// (BoardFinished one at a time, in the results file's order) and must
// return quickly: the tables wait for them. It is shown everything; what
// it passes on is its own business to bound.
type Observer interface {
	// EventStarted is called once before any table starts, when the
	// event's seed is settled (an event given none takes its folder's),
	// before BoardOnDisk.
	EventStarted(ev *Event)
	// BoardOnDisk is called before any table starts with each board-room
	// an earlier run left on disk (its first record, checked against the
	// schedule), in the file's order, as the start of Run reads it record
	// by record: an observer that keeps what it is given holds what it
	// keeps, Run holds none of them. The record is the observer's. A
	// record that does not fit the schedule ends Run with ErrOtherEvent
	// there, after the board-rooms before it.
	BoardOnDisk(r *results.Record)
	// TableStarted is called when a table begins its job.
	TableStarted(j *TableJob)
	// Action shows the table's board in play when it starts and after each
	// legal call and card; the board must not be kept.
	Action(j *TableJob, b *engine.Board)
	// BoardFinished is called with each record once it is on disk.
	BoardFinished(j *TableJob, r *results.Record)
	// TableFinished is called when a table's job ends, with its error
	// (nil when every board was recorded).
	TableFinished(j *TableJob, err error)
}

// SeatObserver is an Observer that is also told when a table loses a
// seat's connection (a remote bot gone, a spawned one stopped): until the
// table's next board starts, it waits for that seat.
type SeatObserver interface {
	SeatLost(j *TableJob, seat engine.Seat)
}

// MatchWriter writes a per-match file from a finished (or partial) match.
type MatchWriter func(ev *Event, m Match, recs []results.Record) error

// RunResult is what Run returns beside the report.
type RunResult struct {
	Report     *report.Report
	Resumed    int      // board-rooms found on disk at the start
	Played     int      // board-rooms played by this run
	BadLines   int      // malformed lines skipped in the results file (a torn last line)
	Warnings   []string // non-fatal trouble: match writers that failed
	ResultsOut string   // path of the results file
	NewSeed    string   // the seed drawn by this run for an event given none ("" if none was drawn or an earlier run's was kept)
	// ClockCapped counts the board-rooms in the results file (on disk
	// before and played now) on which the clock shaped a built-in bot's
	// decision: when any, the event is not reproducible from its seed.
	ClockCapped bots.ClockCapTally
}

// Run plays an event: the board-rooms not yet in DIR/results.jsonl are
// played on up to ev.Concurrency tables at once, each record appended and
// synced as its board ends, and the whole event is then scored from the
// results file's content. Cancelling ctx stops the event after the boards
// in play (or after opt.Grace); Run then returns the report so far and an
// error wrapping ErrInterrupted. A run holds DIR/.tablemanager.lock while
// it plays: a second Run on the same folder fails at once with an error
// wrapping ErrLocked.
func Run(ctx context.Context, ev *Event, opt Options) (*RunResult, error) {
	if opt.Runner == nil {
		return nil, errors.New("tournaments: no table runner")
	}
	if err := os.MkdirAll(ev.Out, 0o755); err != nil {
		return nil, fmt.Errorf("%w %s cannot be created: %w", ErrNoOutput, ev.Out, err)
	}
	// One run at a time per folder: a second one would append the same
	// board-rooms to the results file again.
	unlock, err := lockOut(ev.Out)
	if err != nil {
		return nil, err
	}
	defer unlock()
	path := filepath.Join(ev.Out, ResultsFile)
	out := &RunResult{ResultsOut: path}
	if err := prepareFolder(ev, opt, path); err != nil {
		return nil, err
	}
	// The start reads the results file once, record by record, keeping
	// of it two bits a board-room (which are done), the seed and the
	// sequential test's running figures: its memory does not grow with
	// the records on disk.
	st, err := readOnDisk(ev, path, opt.Observer)
	if err != nil {
		return nil, err
	}
	// The results on disk are this event's: the bots that play on are
	// recorded (a folder written before the record gets it now).
	if err := recordBots(ev); err != nil {
		return nil, err
	}
	out.BadLines, out.Resumed, out.NewSeed = st.bad, st.done, st.newSeed
	out.ClockCapped = st.clockCapped

	var runErr error
	todo, total := st.todo(ev.Jobs())
	if len(todo) > 0 && !st.tracker.decided() {
		f, err := results.OpenAppend(path)
		if err != nil {
			return nil, err
		}
		runErr = playLeft(ctx, ev, opt, f, todo, total, st, out)
		if runErr != nil && !errors.Is(runErr, ErrInterrupted) {
			return out, runErr
		}
	}
	if opt.Manifest != nil && out.ClockCapped.Any() {
		// The shard's manifest says so too, for merge to report.
		m := *opt.Manifest
		m.ClockCapped = &out.ClockCapped
		if err := writeManifest(ev.Out, &m, true); err != nil {
			return out, err
		}
	}
	// Score what is on disk, earlier runs and this one alike, so a resumed
	// event reports exactly what an uninterrupted one does.
	// The file is read record by record, so the end of a run holds no
	// more records than its start.
	out.Report, out.Warnings, err = scoreFile(ev, path, opt.MatchWriters)
	if err != nil {
		return out, err
	}
	return out, runErr
}

// prepareFolder readies the output folder for a run: a resume goes on
// only with the bots the results were played with; a fresh start sets
// those results (and the seed drawn for them) aside, so any bots may play.
// The shard's manifest, if any, is written.
func prepareFolder(ev *Event, opt Options, path string) error {
	if !opt.Fresh {
		if err := checkBots(ev); err != nil {
			return err
		}
	}
	if opt.Fresh {
		if err := setAside(path); err != nil {
			return err
		}
		// An event given no seed starts with a new one too; the old one
		// is in the records set aside.
		if err := os.Remove(filepath.Join(ev.Out, SeedFile)); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("fresh start: %w", err)
		}
	}
	if opt.Manifest != nil {
		if err := writeManifest(ev.Out, opt.Manifest, opt.Fresh); err != nil {
			return err
		}
	}
	return nil
}

// playLeft plays the jobs left to do, appending their records to f (which it
// closes), and adds what it played to out. total is the board-rooms of
// all the event's jobs, for progress.
func playLeft(ctx context.Context, ev *Event, opt Options, f *os.File, todo []TableJob, total int, st *onDisk, out *RunResult) error {
	s := &session{
		ev: ev, opt: opt, w: results.NewWriter(f),
		start: time.Now(), total: total, done: st.done, sprt: st.tracker,
	}
	runErr := s.play(ctx, todo)
	out.Played = s.played
	out.ClockCapped.Boards += s.clockCapped.Boards
	out.ClockCapped.Decisions += s.clockCapped.Decisions
	if cerr := f.Close(); cerr != nil && runErr == nil {
		runErr = fmt.Errorf("results: %w", cerr)
	}
	return runErr
}

// keepSeed gives an event without a seed of its own the seed an earlier
// run in its folder drew: the one its records were dealt from (seed, of
// its first record on disk), or else the one in DIR/seed. Without either
// it keeps the fresh one Resolve drew and reports drawn. The seed is then
// (again) in DIR/seed, synced.
func keepSeed(ev *Event, seed string) (drawn bool, err error) {
	path := filepath.Join(ev.Out, SeedFile)
	if seed == "" {
		b, err := readSmall(path, results.MaxLine)
		switch {
		case err == nil:
			seed = strings.TrimSpace(string(b))
		case !errors.Is(err, os.ErrNotExist):
			return false, fmt.Errorf("%w: %w", ErrNoOutput, err)
		}
	}
	if seed != "" {
		ev.setSeed(seed)
	} else {
		drawn = true
	}
	if err := writeFileAtomic(path, []byte(ev.Seed+"\n")); err != nil {
		return false, fmt.Errorf("%w: %w", ErrNoOutput, err)
	}
	return drawn, nil
}

// setAside renames an existing results file to the first free
// results.jsonl.N, so a fresh start never destroys earlier results.
func setAside(path string) error {
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return nil
	}
	for n := 1; ; n++ {
		old := fmt.Sprintf("%s.%d", path, n)
		if _, err := os.Stat(old); errors.Is(err, os.ErrNotExist) {
			if err := os.Rename(path, old); err != nil {
				return fmt.Errorf("fresh start: %w", err)
			}
			return nil
		}
	}
}

// onDisk is what the start of Run keeps of the results file, read record
// by record (readOnDisk): the board-rooms done, two bits each, and the
// sequential test followed over them. Each record of the event is checked
// against the schedule as it is read.
type onDisk struct {
	ev      *Event
	path    string
	obs     Observer
	slots   map[string]*matchSlots // by match ID: the board-rooms done
	tracker *sprtTracker           // nil without a test, and for a shard
	settled bool                   // the seed is settled, the slots made and the observer told
	done    int                    // board-rooms done
	bad     int                    // malformed lines
	newSeed string                 // the seed drawn, for an event given none that had none on disk

	clockCapped bots.ClockCapTally // the board-rooms on disk the clock shaped
}

// readOnDisk reads the event's results file (a missing one has no
// records) and settles the seed of an event given none (keepSeed). The
// observer, if any, is told the event has started once the seed is
// settled, and then given each board-room on disk.
func readOnDisk(ev *Event, path string, obs Observer) (*onDisk, error) {
	st := &onDisk{ev: ev, obs: obs, path: path}
	f, err := results.OpenRegular(path)
	switch {
	case err == nil:
		defer f.Close()
		// Each record is checked against its replay and the event's
		// board: a forged one is refused, not resumed.
		if err = results.EachChecked(f, ofEvent(ev), st.add, func(*results.LineError) { st.bad++ }); err != nil {
			err = inFile(path, err)
		}
	case errors.Is(err, os.ErrNotExist):
		err = nil
	default:
		err = fmt.Errorf("results: %w", err)
	}
	if err == nil && !st.settled {
		err = st.settle("")
	}
	if err != nil {
		return nil, err
	}
	return st, nil
}

// todo returns the jobs with the boards not yet on disk (jobs with none
// left out), and the board-rooms of all the jobs.
func (st *onDisk) todo(jobs []TableJob) (todo []TableJob, total int) {
	for _, j := range jobs {
		total += len(j.Boards)
		var left []engine.BoardSetup
		ms := st.slots[j.Match]
		for _, b := range j.Boards {
			if p, _ := ms.position(b.Number); !ms.has(p, j.Room) {
				left = append(left, b)
			}
		}
		if len(left) > 0 {
			j.Boards = left
			todo = append(todo, j)
		}
	}
	return todo, total
}

// settle settles the seed, with seed the first record of the event's (""
// if none): the boards are then dealt, and the records can be checked.
func (st *onDisk) settle(seed string) error {
	st.settled = true
	ev := st.ev
	if ev.SeedDrawn {
		drawn, err := keepSeed(ev, seed)
		if err != nil {
			return err
		}
		if drawn {
			st.newSeed = ev.Seed
		}
	}
	st.slots = newSlots(ev)
	// The sequential test follows the records as they come; one that the
	// records on disk decide already plays no more boards.
	t, err := newSPRTTracker(ev)
	if err != nil {
		return err
	}
	if ev.Shard.N == 0 {
		// A shard plays its whole range, even the first shard whose boards
		// could decide on their own: the test is decided on the merged
		// shards (tablemanager merge), which may need boards of later ones.
		st.tracker = t
	}
	if st.obs != nil {
		st.obs.EventStarted(ev)
	}
	return nil
}

// add checks one record on disk and marks its board-room done; records of
// other events are passed over, and a board-room's first record counts.
func (st *onDisk) add(r *results.Record, at results.Span) error {
	ev := st.ev
	if r.Event != ev.Name {
		return nil
	}
	if !st.settled {
		if err := st.settle(r.Seed); err != nil {
			return err
		}
	}
	ms := st.slots[r.Match]
	p, ok := 0, false
	if _, known := roomIndex(r.Room); ms != nil && known {
		p, ok = ms.position(r.Board)
	}
	if ok {
		lo, hi := ev.Shard.Span(ms.n)
		ok = p >= lo && p < hi
	}
	if !ok {
		return fmt.Errorf("%s: %w: board %d of match %q room %q is not in this event's schedule (use another output folder, or --fresh)", st.path, ErrOtherEvent, r.Board, r.Match, r.Room)
	}
	b := ms.board(p)
	if r.Deal != b.Deal.Format(b.Dealer) {
		return fmt.Errorf("%s: %w: board %d of match %q was played with other cards (use another output folder, or --fresh)", st.path, ErrOtherEvent, r.Board, r.Match)
	}
	if err := dealtAs(b, r); err != nil {
		return atLine(st.path, at.Line, err)
	}
	if !ms.mark(p, r.Room) {
		return nil // a second record of the board-room
	}
	st.done++
	st.clockCapped.Add(r)
	st.tracker.add(r)
	if st.obs != nil {
		st.obs.BoardOnDisk(r)
	}
	return nil
}

// session is one run of an event: the tables in play and the one results
// writer they share.
type session struct {
	ev    *Event
	opt   Options
	start time.Time
	total int

	parent  context.Context // the caller's context: cancelled means stop after the boards in play
	running atomic.Int32

	mu     sync.Mutex // guards everything below: one record written at a time
	w      *results.Writer
	sprt   *sprtTracker // the sequential test, nil without one; decided() needs no lock
	done   int
	played int

	clockCapped bots.ClockCapTally // the board-rooms played the clock shaped
}

// play runs the jobs on up to ev.Concurrency tables.
func (s *session) play(ctx context.Context, jobs []TableJob) error {
	// Tables run under their own context so that an interrupt lets the
	// boards in play finish; the grace timer abandons them if they don't.
	runCtx, cancelRun := context.WithCancel(context.WithoutCancel(ctx))
	defer cancelRun()
	finished := make(chan struct{})
	defer close(finished)
	s.parent = ctx
	go func() {
		select {
		case <-ctx.Done():
		case <-finished:
			return
		}
		grace := s.opt.Grace
		if grace <= 0 {
			grace = defaultGrace
		}
		t := time.NewTimer(grace)
		defer t.Stop()
		select {
		case <-t.C:
			cancelRun()
		case <-s.opt.Abort:
			cancelRun()
		case <-finished:
		}
	}()

	g, gctx := errgroup.WithContext(runCtx)
	g.SetLimit(max(1, s.ev.Concurrency))
	for _, j := range jobs {
		if s.stopping() || gctx.Err() != nil {
			break
		}
		g.Go(func() error {
			if s.stopping() {
				return nil
			}
			return s.runJob(gctx, j)
		})
	}
	err := g.Wait()
	if err == nil && ctx.Err() != nil {
		return fmt.Errorf("%w: %w", ErrInterrupted, ctx.Err())
	}
	return err
}

// runJob plays one table and scores what a seat fault left unplayed.
func (s *session) runJob(ctx context.Context, j TableJob) (err error) {
	s.running.Add(1)
	defer s.running.Add(-1)
	if obs := s.opt.Observer; obs != nil {
		obs.TableStarted(&j)
		j.OnAction = func(b *engine.Board) { obs.Action(&j, b) }
		if so, ok := obs.(SeatObserver); ok {
			j.OnSeatLost = func(s engine.Seat) { so.SeatLost(&j, s) }
		}
		defer func() { obs.TableFinished(&j, err) }()
	}
	next := 0 // index in j.Boards of the next board expected
	onBoard := func(r results.Record) error {
		if next >= len(j.Boards) || r.Board != j.Boards[next].Number {
			return fmt.Errorf("table %s: runner reported board %d out of order", j.Table, r.Board)
		}
		next++
		if err := s.record(j, r); err != nil {
			return err
		}
		if s.stopping() {
			return ErrStopped
		}
		return nil
	}
	err = s.runner().RunTable(ctx, j, onBoard)
	var sf *SeatFault
	switch {
	case err == nil || errors.Is(err, ErrStopped):
		return nil
	case errors.As(err, &sf):
		// The seat cannot go on: its remaining boards are faults, so the
		// event goes on without stalling.
		for _, b := range j.Boards[next:] {
			if s.stopping() {
				return nil
			}
			if err := s.record(j, j.FaultRecord(b, sf.Outcome)); err != nil {
				return err
			}
		}
		return nil
	case ctx.Err() != nil && s.stopping():
		return nil // abandoned after the grace period; resume replays it
	}
	return fmt.Errorf("table %s: %w", j.Table, err)
}

func (s *session) runner() TableRunner { return s.opt.Runner }

// stopping reports whether the event is being interrupted, or its
// sequential test is decided: either way no new board starts.
func (s *session) stopping() bool { return s.parent.Err() != nil || s.sprt.decided() }

// record appends a record, stamped by its table runner, to the results
// file (synced before returning) and reports progress.
func (s *session) record(j TableJob, r results.Record) error {
	if r.Event != j.Event || r.Match != j.Match || r.Room != j.Room || r.Table != j.Table {
		return fmt.Errorf("table %s: runner reported board %d without the table's identity", j.Table, r.Board)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.w.Write(&r); err != nil {
		return err
	}
	s.done++
	s.played++
	s.clockCapped.Add(&r)
	s.sprt.add(&r)
	if s.opt.Observer != nil {
		s.opt.Observer.BoardFinished(&j, &r)
	}
	if s.opt.Progress != nil {
		s.opt.Progress(Progress{Done: s.done, Total: s.total, Played: s.played, Running: int(s.running.Load()), Elapsed: time.Since(s.start), SPRT: s.sprt.result()})
	}
	return nil
}
