package live

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/results"
)

// Defaults of Options.
const (
	DefaultWindow       = 4096                   // events kept for resume
	DefaultKeepBoards   = 2048                   // public boards kept whole for the hand viewer
	DefaultRecentBoards = 200                    // public boards in a snapshot
	DefaultInterval     = 100 * time.Millisecond // how often tables in play are published
)

// SnapshotTables is the most tables an event may have for a snapshot to
// list them all; a larger event's snapshot lists those in play or failed.
const SnapshotTables = 64

// StandingsEvery is the least time between two scorings of the standings.
const StandingsEvery = 500 * time.Millisecond

// Options tune a State. Zero values take the defaults.
type Options struct {
	// Window is the number of recent events kept so that a dropped
	// connection resumes where it stopped; a client further behind gets a
	// fresh snapshot.
	Window int
	// KeepBoards bounds the public boards kept whole (auction, play) for
	// the hand viewer; older ones keep only their line in the standings.
	KeepBoards int
	// RecentBoards bounds the public boards a snapshot lists.
	RecentBoards int
}

// Scorer scores an event from its public records: the standings the page
// shows. Each call is given the records made public since the last one
// (the State keeps none once scored) and returns the standings over all
// it was given. It is called off the tables' path, at most once an
// interval, one call at a time.
type Scorer func(public []results.Record) *Standings

// IMPer gives a team match board's IMPs to the home team from its two rooms.
type IMPer func(open, closed *results.Record) int

// streamEvent is one message of the stream: its id, its kind (the SSE event
// name: "snapshot", "event", "table", "board", "standings") and its JSON.
type streamEvent struct {
	Seq  uint64
	ID   string
	Name string
	Data []byte
}

// State is the live model of one event: fed by the event as it is played,
// it keeps only what it may show and the stream of public events. It is
// safe for concurrent use; the feeding methods return at once (tables in
// play are published at most once an interval by Run or Flush).
type State struct {
	opt   Options
	epoch string // tells this process's event ids from another's

	flush  sync.Mutex // taken before mu, by Flush
	mu     sync.Mutex
	plan   Plan
	ev     EventView
	evSent EventView // the event view last published
	begun  bool
	tables map[string]*tableState
	order  []string      // tables in plan order
	dirty  []*tableState // tables changed since the last flush
	// boardDeal is each match board's deal, to tell a board not public
	// from one public but no longer kept.
	boardDeal map[boardKey]engine.Deal
	deals     map[engine.Deal]*dealState
	done      map[roomKey]bool
	// pending holds the finished rooms of boards not yet public.
	pending map[boardKey][]results.Record
	// kept holds whole public boards for the hand viewer, evicted oldest
	// first past KeepBoards.
	kept     map[boardKey]*keptBoard
	keptList []boardKey
	recent   []BoardView // the last RecentBoards public boards
	nPublic  int         // public boards so far
	scoring  []results.Record
	scorer   Scorer
	imps     IMPer
	stand    *Standings
	standDue bool
	standAt  time.Time     // when the standings were last scored
	standGap time.Duration // the least time before they are scored again

	seq   uint64
	ring  []streamEvent // the last Window events, ring[(seq-1)%Window]
	wake  chan struct{}
	stats Stats

	analyse func(key boardKey) // prefetch hook of the hand viewer's analysis
}

// Stats count the model's work, for measurements.
type Stats struct {
	Inputs    uint64 // feeding calls: actions, records, tables
	Published uint64 // events published
	Snapshots uint64 // snapshots sent
}

type roomKey struct {
	Match, Room string
	Board       int
}

type boardKey struct {
	Match string
	Board int
}

// dealState counts the board-rooms of the plan that play one deal.
type dealState struct {
	expected, finished int
	boards             []boardKey    // the match boards with this deal, in plan order
	tables             []*tableState // the tables that play it, in plan order
}

type tableState struct {
	plan   *PlanTable
	state  string
	err    string
	done   int
	inPlay bool
	// seating: the table has started and waits for its four seats before
	// its first board; lost: seats whose connection was lost, waited for
	// before the next board.
	seating bool
	lost    []string
	board   engine.Board // a copy of the board in play: server-side only
	dirty   bool
	last    []byte // the view last published
}

type keptBoard struct {
	view BoardView
	recs []results.Record
}

// New makes a State waiting for its event (Begin).
func New(opt Options) *State {
	if opt.Window <= 0 {
		opt.Window = DefaultWindow
	}
	if opt.KeepBoards <= 0 {
		opt.KeepBoards = DefaultKeepBoards
	}
	if opt.RecentBoards <= 0 {
		opt.RecentBoards = DefaultRecentBoards
	}
	var e [6]byte
	_, _ = rand.Read(e[:])
	return &State{
		opt:       opt,
		epoch:     hex.EncodeToString(e[:]),
		ev:        EventView{State: "waiting"},
		tables:    map[string]*tableState{},
		deals:     map[engine.Deal]*dealState{},
		done:      map[roomKey]bool{},
		pending:   map[boardKey][]results.Record{},
		boardDeal: map[boardKey]engine.Deal{},
		kept:      map[boardKey]*keptBoard{},
		ring:      make([]streamEvent, opt.Window),
		wake:      make(chan struct{}),
	}
}

// Begin starts the event: its plan, the records already on disk (public at
// once where the boundary allows), and how it is scored (either may be nil:
// no standings, no IMPs). It may be called once.
func (s *State) Begin(p Plan, done []results.Record, scorer Scorer, imps IMPer) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.begun {
		return fmt.Errorf("live: event %q already begun", s.plan.Event)
	}
	s.begun = true
	s.plan, s.scorer, s.imps = p, scorer, imps
	s.ev = EventView{Name: p.Event, Kind: p.Kind, State: "running"}
	for i := range s.plan.Tables {
		pt := &s.plan.Tables[i]
		ts := &tableState{plan: pt, state: "waiting"}
		s.tables[pt.Table] = ts
		s.order = append(s.order, pt.Table)
		for _, b := range pt.Boards {
			d := s.deals[b.Deal]
			if d == nil {
				d = &dealState{}
				s.deals[b.Deal] = d
			}
			d.expected++
			s.ev.Total++
			k := boardKey{pt.Match, b.Number}
			if !slices.Contains(d.boards, k) {
				d.boards = append(d.boards, k)
			}
			if !slices.Contains(d.tables, ts) {
				d.tables = append(d.tables, ts)
			}
			s.boardDeal[k] = b.Deal
		}
	}
	for i := range done {
		s.finish(&done[i], false)
	}
	s.standDue = true
	s.publishEvent()
	return nil
}

// markDirty has a table published at the next flush.
func (s *State) markDirty(t *tableState) {
	if !t.dirty {
		t.dirty = true
		s.dirty = append(s.dirty, t)
	}
}

// TableStarted marks a table as playing.
func (s *State) TableStarted(table string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.stats.Inputs++
	if t := s.tables[table]; t != nil {
		t.state = "playing"
		t.seating = true
		s.markDirty(t)
	}
}

// SeatLost marks a table as waiting for a seat whose connection was lost,
// until its next board starts (Action).
func (s *State) SeatLost(table string, seat engine.Seat) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.stats.Inputs++
	t := s.tables[table]
	if t == nil || slices.Contains(t.lost, seat.String()) {
		return
	}
	t.lost = append(t.lost, seat.String())
	s.markDirty(t)
}

// Action shows the State a table's board in play (at its start and after
// each call and card). Only a copy is kept, and only what the boundary
// allows is ever published from it.
func (s *State) Action(table string, b *engine.Board) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.stats.Inputs++
	t := s.tables[table]
	if t == nil {
		return
	}
	t.board = *b
	t.inPlay = true
	// A board is dealt only to four seated bots.
	t.seating, t.lost = false, nil
	s.markDirty(t)
}

// TableFinished marks a table's job as ended, failed if err is not nil.
func (s *State) TableFinished(table string, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.stats.Inputs++
	t := s.tables[table]
	if t == nil {
		return
	}
	t.inPlay = false
	t.seating, t.lost = false, nil
	t.state = "finished"
	if err != nil {
		t.state, t.err = "failed", err.Error()
	}
	s.markDirty(t)
}

// BoardFinished takes a record on disk: the board-room is finished, and its
// deal's boards become public once every board-room with it has finished.
func (s *State) BoardFinished(r *results.Record) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.stats.Inputs++
	s.finish(r, true)
}

// EventFinished marks the event as over: "finished", or "stopped" with a
// note when err is not nil.
func (s *State) EventFinished(err error) {
	defer s.Flush()
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ev.State, s.ev.Note = "finished", ""
	if err != nil {
		s.ev.State, s.ev.Note = "stopped", err.Error()
	}
	s.flushLocked() // publishes the event view, changed above
	s.standGap = 0  // the final standings at once
}

// finish records a finished board-room.
func (s *State) finish(r *results.Record, live bool) {
	rk := roomKey{r.Match, r.Room, r.Board}
	if s.done[rk] {
		return // the first record of a board-room counts, as in scoring
	}
	setup, err := r.Setup()
	if err != nil {
		return // a record the model cannot read is never shown
	}
	d := s.deals[setup.Deal]
	if d == nil {
		return // not in the plan: never public
	}
	// The plan's table for this board-room: the one of its match and room
	// that plays the deal. (Not by the record's table name: a resumed event
	// may have played it under another segment length.)
	var t *tableState
	for _, o := range d.tables {
		if o.plan.Match == r.Match && o.plan.Room == r.Room {
			t = o
			break
		}
	}
	if t == nil {
		return // a board-room the plan does not have never counts
	}
	s.done[rk] = true
	t.done++
	if live {
		t.inPlay = false
	}
	s.markDirty(t)
	bk := boardKey{r.Match, r.Board}
	s.pending[bk] = append(s.pending[bk], *r)
	d.finished++
	// A table now the last one with this deal to play may show it.
	for _, t := range d.tables {
		if t.inPlay && t.board.Deal() == setup.Deal {
			s.markDirty(t)
		}
	}
	if d.finished < d.expected {
		return
	}
	for _, k := range d.boards {
		recs := s.pending[k]
		delete(s.pending, k)
		if len(recs) == 0 {
			continue
		}
		s.makePublic(k, recs)
	}
}

// makePublic publishes a board whose deal is public.
func (s *State) makePublic(k boardKey, recs []results.Record) {
	sortRooms(recs)
	v := boardView(recs, s.imps)
	s.nPublic++
	s.ev.Public += len(recs)
	s.recent = append(s.recent, v)
	if len(s.recent) > s.opt.RecentBoards {
		s.recent = append(s.recent[:0:0], s.recent[len(s.recent)-s.opt.RecentBoards:]...)
	}
	s.kept[k] = &keptBoard{view: v, recs: recs}
	s.keptList = append(s.keptList, k)
	for len(s.keptList) > s.opt.KeepBoards {
		delete(s.kept, s.keptList[0])
		s.keptList = s.keptList[1:]
	}
	for i := range recs {
		// What the scoring reads (identity, contract, score, outcome), so
		// that a long event's standings cost little memory per board.
		r := &recs[i]
		s.scoring = append(s.scoring, results.Record{
			Event: r.Event, Match: r.Match, Room: r.Room, Board: r.Board,
			Contract: r.Contract, ScoreNS: r.ScoreNS, Termination: r.Termination, Adjusted: r.Adjusted,
		})
	}
	s.standDue = true
	s.publish("board", v)
	if s.analyse != nil {
		s.analyse(k)
	}
}

// sortRooms puts the open room first, then the others by name.
func sortRooms(recs []results.Record) {
	rank := func(r string) string {
		if r == "open" {
			return ""
		}
		return r
	}
	for i := 1; i < len(recs); i++ {
		for j := i; j > 0 && rank(recs[j].Room) < rank(recs[j-1].Room); j-- {
			recs[j], recs[j-1] = recs[j-1], recs[j]
		}
	}
}

func boardView(recs []results.Record, imps IMPer) BoardView {
	r0 := &recs[0]
	v := BoardView{Match: r0.Match, Board: r0.Board, Dealer: r0.Dealer, Vul: r0.Vulnerable, Deal: r0.Deal}
	for i := range recs {
		r := &recs[i]
		v.Rooms = append(v.Rooms, RoomView{
			Room: r.Room, Table: r.Table, Players: r.Players, Contract: r.Contract, Declarer: r.Declarer,
			Tricks: r.Tricks, ScoreNS: r.ScoreNS, Termination: r.Termination.Kind, Detail: r.Termination.Detail,
			Adjusted: r.Adjusted, Result: contractResult(r),
		})
	}
	if imps != nil && len(recs) == 2 && recs[0].Room == "open" && recs[1].Room == "closed" {
		n := imps(&recs[0], &recs[1])
		v.HomeIMPs = &n
	}
	return v
}

// contractResult is a record's result against its contract ("=", "+1",
// "-2"), or "" when it has none (passed out, not played out, unreadable).
func contractResult(r *results.Record) string {
	if r.Tricks == nil {
		return ""
	}
	c, err := engine.ParseContract(r.Contract)
	if err != nil {
		return ""
	}
	// Vulnerability changes the score, never the result.
	return engine.ScoreDetails(c, false, *r.Tricks).Result()
}

// tableView is what a spectator may see of a table now.
func (s *State) tableView(t *tableState) TableView {
	v := TableView{
		Table: t.plan.Table, Match: t.plan.Match, Room: t.plan.Room, NSTeam: t.plan.NSTeam, EWTeam: t.plan.EWTeam,
		State: t.state, Error: t.err, Done: t.done, Boards: len(t.plan.Boards),
		WaitingSeat: t.seating || len(t.lost) > 0, LostSeats: slices.Clone(t.lost),
	}
	if !t.inPlay {
		return v
	}
	b := &t.board
	v.Board = b.Number()
	if waiting := s.othersToPlay(t, b); len(waiting) > 0 {
		v.Hidden, v.Waiting = true, waiting
		return v
	}
	v.Dealer, v.Vul = b.Dealer().String(), b.Vulnerability().String()
	a := b.Auction()
	v.Auction = make([]string, 0, a.Len())
	v.Calls = make([]results.Call, 0, a.Len())
	for i, c := range a.Calls() {
		v.Auction = append(v.Auction, c.String())
		v.Calls = append(v.Calls, results.Call{Seat: a.SeatOf(i).String(), Call: c.String()})
	}
	if c, ok := b.Contract(); ok {
		v.Contract = c.String()
		if !c.PassedOut() {
			v.Declarer = c.Declarer.String()
		}
	}
	if b.Phase() != engine.PhaseAuction {
		p := b.Play()
		for _, c := range p.Cards() {
			v.Play = append(v.Play, c.String())
		}
		v.TricksNS, v.TricksEW = p.Tricks(engine.NS), p.Tricks(engine.EW)
		// The trick on the table: the cards of the one in progress, or
		// the last complete trick until the next lead.
		if n := p.Len(); n > 0 {
			from := (n - 1) / 4 * 4
			for i := from; i < n; i++ {
				v.Trick = append(v.Trick, TrickCard{Seat: p.SeatOf(i).String(), Card: p.Cards()[i].String()})
			}
		}
	}
	return v
}

// othersToPlay lists the tables other than t that still have b's deal to
// play (or the reason it is hidden): empty means t's board may be shown.
func (s *State) othersToPlay(t *tableState, b *engine.Board) []string {
	d := s.deals[b.Deal()]
	if d == nil {
		return []string{"(not in the plan)"}
	}
	if d.expected-d.finished <= 1 {
		return nil
	}
	var out []string
	for _, o := range d.tables {
		if o == t {
			continue
		}
		for _, pb := range o.plan.Boards {
			if pb.Deal == b.Deal() && !s.done[roomKey{o.plan.Match, o.plan.Room, pb.Number}] {
				out = append(out, o.plan.Table)
				break
			}
		}
	}
	if len(out) == 0 {
		// Counted as unfinished but not found: stay hidden all the same.
		out = []string{"(another table)"}
	}
	return out
}

// publish appends an event to the ring and wakes the streams. The caller
// holds s.mu.
func (s *State) publish(name string, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		data = []byte(strconv.Quote(err.Error()))
	}
	s.publishRaw(name, data)
}

// publishEvent publishes the event view and remembers it as sent.
func (s *State) publishEvent() {
	s.evSent = s.ev
	s.publish("event", s.ev)
}

// publishRaw is publish for an event already in JSON.
func (s *State) publishRaw(name string, data []byte) {
	s.seq++
	s.ring[(s.seq-1)%uint64(len(s.ring))] = streamEvent{Seq: s.seq, ID: s.id(s.seq), Name: name, Data: data}
	s.stats.Published++
	close(s.wake)
	s.wake = make(chan struct{})
}

func (s *State) id(seq uint64) string { return s.epoch + "-" + strconv.FormatUint(seq, 10) }

// parseID reads an event id of this process; ok is false for another's.
func (s *State) parseID(id string) (uint64, bool) {
	e, n, ok := strings.Cut(id, "-")
	if !ok || e != s.epoch {
		return 0, false
	}
	seq, err := strconv.ParseUint(n, 10, 64)
	return seq, err == nil
}

// since returns the events after seq, or ok false when some of them have
// left the window (or seq is not one of this stream's).
func (s *State) since(seq uint64, dst []streamEvent) ([]streamEvent, bool) {
	if seq > s.seq {
		return dst, false
	}
	if s.seq-seq > uint64(len(s.ring)) {
		return dst, false
	}
	for q := seq + 1; q <= s.seq; q++ {
		dst = append(dst, s.ring[(q-1)%uint64(len(s.ring))])
	}
	return dst, true
}

// Flush publishes every table changed since the last flush, and the
// standings if boards became public since they were last scored. Run
// calls it every interval. The standings are scored outside the lock, so
// the tables never wait for them, and not more often than every
// StandingsEvery and ten times their own cost, so that a long event's
// scoring stays a small part of the machine's time.
func (s *State) Flush() {
	// One Flush at a time, so the standings are scored in the order their
	// records were taken.
	s.flush.Lock()
	defer s.flush.Unlock()
	s.mu.Lock()
	s.flushLocked()
	now := time.Now()
	due := s.standDue && s.scorer != nil && now.Sub(s.standAt) >= s.standGap
	if !due {
		s.mu.Unlock()
		return
	}
	s.standDue = false
	recs := s.scoring // the scorer's now: the State keeps no record once scored
	s.scoring = nil
	scorer := s.scorer
	s.mu.Unlock()

	start := time.Now()
	st := scorer(recs)
	cost := time.Since(start)

	s.mu.Lock()
	defer s.mu.Unlock()
	s.standAt = start
	s.standGap = max(StandingsEvery, 10*cost)
	s.stand = st
	s.publish("standings", st)
}

func (s *State) flushLocked() {
	// The event's counts change as boards become public (on disk at the
	// start of a resumed event, or finished since): the page's status
	// line follows them at the flush, as the tables do.
	if s.begun && s.ev != s.evSent {
		s.publishEvent()
	}
	for _, t := range s.dirty {
		t.dirty = false
		// A view that has not changed is not sent again: a hidden table's
		// view stays the same while it plays, and its events must not
		// beat the time of its calls and cards.
		data, err := json.Marshal(s.tableView(t))
		if err != nil || bytes.Equal(data, t.last) {
			continue
		}
		t.last = data
		s.publishRaw("table", data)
	}
	clear(s.dirty)
	s.dirty = s.dirty[:0]
}

// Run flushes every interval (DefaultInterval if 0) until ctx ends.
func (s *State) Run(ctx context.Context, interval time.Duration) {
	if interval <= 0 {
		interval = DefaultInterval
	}
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			s.Flush()
		}
	}
}

// Snapshot returns the public state now, with the id of the last event it
// includes.
func (s *State) Snapshot() Snapshot {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.snapshotLocked()
}

func (s *State) snapshotLocked() Snapshot {
	snap := Snapshot{ID: s.id(s.seq), Event: s.ev, Standings: s.stand}
	// Every table of a small event; of a large one, those in play or
	// failed (the others are counted).
	all := len(s.order) <= SnapshotTables
	snap.Tables = []TableView{}
	for _, name := range s.order {
		t := s.tables[name]
		if all || t.state == "playing" || t.state == "failed" {
			snap.Tables = append(snap.Tables, s.tableView(t))
		} else {
			snap.OtherTables++
		}
	}
	snap.Boards = append([]BoardView{}, s.recent...)
	snap.Older = s.nPublic - len(s.recent)
	return snap
}

// Stats returns the model's counters.
func (s *State) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stats
}

// publicBoard returns a kept public board's records, or nil and whether
// the board is public all the same (but no longer kept).
func (s *State) publicBoard(k boardKey) (kb *keptBoard, public bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if kb := s.kept[k]; kb != nil {
		return kb, true
	}
	deal, ok := s.boardDeal[k]
	if !ok {
		return nil, false
	}
	d := s.deals[deal]
	return nil, d.finished >= d.expected && s.pending[k] == nil
}
