package tournaments

import (
	"errors"
	"fmt"
	"slices"
	"sync/atomic"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/results"
	"github.com/openroom/openroom/sprt"
	"github.com/openroom/openroom/tournaments/report"
)

// defaultSPRTBoards is the cap of a sequential test given no board count:
// beyond the boards most tests need (the simulations' 95th percentile is
// 200 to 1,500 boards, for hypotheses half an IMP a board apart).
const defaultSPRTBoards = 2000

// SPRTConfig is the [sprt] table of an event file: a sequential test of
// a two-team match (see package sprt). imp0 and imp1 are required; alpha
// and beta default to 0.05 and min_boards to 128.
type SPRTConfig struct {
	IMP0      *float64 `toml:"imp0"`       // H0: the first team's mean is at most imp0 IMPs a board
	IMP1      *float64 `toml:"imp1"`       // H1: at least imp1
	Alpha     *float64 `toml:"alpha"`      // false H1 rate
	Beta      *float64 `toml:"beta"`       // false H0 rate
	MinBoards *int     `toml:"min_boards"` // no decision before this many boards
}

// SPRTConfigOf returns the [sprt] table that gives p, so that a
// command-line test (run --sprt) can take the file's place.
func SPRTConfigOf(p sprt.Params) *SPRTConfig {
	return &SPRTConfig{IMP0: &p.IMP0, IMP1: &p.IMP1, Alpha: &p.Alpha, Beta: &p.Beta, MinBoards: &p.MinBoards}
}

// params fills the table's defaults.
func (c *SPRTConfig) params() (sprt.Params, error) {
	p := sprt.Params{Alpha: sprt.DefaultAlpha, Beta: sprt.DefaultBeta, MinBoards: sprt.DefaultMinBoards}
	for _, f := range []struct {
		key string
		src *float64
		dst *float64
	}{{sprt.KeyIMP0, c.IMP0, &p.IMP0}, {sprt.KeyIMP1, c.IMP1, &p.IMP1}, {sprt.KeyAlpha, c.Alpha, &p.Alpha}, {sprt.KeyBeta, c.Beta, &p.Beta}} {
		switch {
		case f.src != nil:
			*f.dst = *f.src
		case f.key == sprt.KeyIMP0 || f.key == sprt.KeyIMP1:
			return p, &sprt.ParamError{Key: f.key, Msg: fmt.Sprintf("%s is missing: the test needs imp0 and imp1", f.key)}
		}
	}
	if c.MinBoards != nil {
		p.MinBoards = *c.MinBoards
	}
	return p, p.Validate()
}

// resolveSPRT checks the event's sequential test: valid parameters, a
// two-team match, a cap of at least min_boards, and no deal played twice
// (a repeated deal would repeat a sample).
func resolveSPRT(f *File, ev *Event) error {
	if f.SPRT == nil {
		return nil
	}
	p, err := f.SPRT.params()
	if err != nil {
		key := "sprt"
		var pe *sprt.ParamError
		if errors.As(err, &pe) && pe.Key != "" {
			key += "." + pe.Key
		}
		return f.errorf(key, "sprt: %v", err)
	}
	if key, err := ev.checkSPRT(p); err != nil {
		return f.errorf(key, "sprt: %v", err)
	}
	ev.SPRT = &p
	return nil
}

// SetSPRT makes the event's match a sequential test with p, as an [sprt]
// table does (tablemanager merge --sprt decides the merged shards so). It
// refuses what Resolve refuses: invalid parameters, an event that is not a
// two-team match, a cap below min_boards, a board set that repeats a deal.
func (ev *Event) SetSPRT(p sprt.Params) error {
	if err := p.Validate(); err != nil {
		return fmt.Errorf("sprt: %w", err)
	}
	if _, err := ev.checkSPRT(p); err != nil {
		return fmt.Errorf("sprt: %w", err)
	}
	ev.SPRT = &p
	return nil
}

// checkSPRT says whether the event can be a sequential test with p, and
// which event-file key is to blame when not.
func (ev *Event) checkSPRT(p sprt.Params) (key string, err error) {
	if ev.Kind != ScheduleMatch {
		return "sprt", fmt.Errorf("a sequential test is for a team match of two teams, not a %s", report.KindName(string(ev.Kind)))
	}
	if ev.PerMatch < p.MinBoards {
		return "boards.count", fmt.Errorf("%d boards (the cap) are fewer than min_boards %d: the test could never decide", ev.PerMatch, p.MinBoards)
	}
	seen := map[engine.Deal]int{}
	for _, b := range ev.Matches()[0].Boards {
		if first, ok := seen[b.Deal]; ok {
			return "boards", fmt.Errorf("boards %d and %d have the same deal; a sequential test needs a board source that never repeats a deal (a seed, or a PBN file with enough boards)", first, b.Number)
		}
		seen[b.Deal] = b.Number
	}
	return "", nil
}

// sprtTracker follows an event's sequential test record by record, as
// Run writes them. The match's boards are weighed in board-number order as
// long as both rooms are in (the finished prefix), until a hypothesis is
// accepted; boards after that do not count. So the verdict depends only on
// the deals and the results, whatever the order of the records, and is the
// same after a resume or a merge. A prefix that holds every board of the
// match without a decision is inconclusive. The tracker keeps what the
// IMPs of boards not yet weighed need of their rooms (a report.RoomResult, not
// the record), weighs the prefix as it grows, and says when the test is
// decided. add is called one record at a
// time; decided may be called from any goroutine.
type sprtTracker struct {
	event, match string
	policy       engine.AdjustedIMPs
	place        map[int]int           // board number -> place in board-number order
	waiting      map[int]*waitingBoard // by place: boards after the weighed prefix with a room in
	n            int                   // places
	next         int                   // places weighed
	test         *sprt.Test
	over         atomic.Bool // the test is decided (or inconclusive)
}

// waitingBoard is a board's rooms taken so far, open and closed.
type waitingBoard struct {
	rooms [2]report.RoomResult
	in    [2]bool
}

// newSPRTTracker returns the tracker of an event's test, or nil for an
// event without one.
func newSPRTTracker(ev *Event) (*sprtTracker, error) {
	if ev.SPRT == nil {
		return nil, nil
	}
	if ev.Kind != ScheduleMatch || len(ev.Teams) != 2 {
		return nil, fmt.Errorf("sprt: a sequential test is for a team match of two teams")
	}
	test, err := sprt.New(*ev.SPRT)
	if err != nil {
		return nil, fmt.Errorf("sprt: %w", err)
	}
	m := ev.Matches()[0]
	nums := make([]int, len(m.Boards))
	for i, b := range m.Boards {
		nums[i] = b.Number
	}
	slices.Sort(nums)
	t := &sprtTracker{event: ev.Name, match: m.ID, policy: ev.AdjustedIMPs(), place: make(map[int]int, len(nums)),
		waiting: map[int]*waitingBoard{}, n: len(nums), test: test}
	for i, n := range nums {
		t.place[n] = i
	}
	return t, nil
}

// add takes one record; the first record of a board-room counts, as in
// ScoreEvent.
func (t *sprtTracker) add(r *results.Record) {
	if t == nil || t.test.Verdict() != sprt.Continue || r.Event != t.event || r.Match != t.match {
		return
	}
	i, ok := t.place[r.Board]
	if !ok || i < t.next {
		return
	}
	room, ok := roomIndex(r.Room)
	if !ok {
		return
	}
	w := t.waiting[i]
	if w == nil {
		w = &waitingBoard{}
		t.waiting[i] = w
	}
	if w.in[room] {
		return
	}
	w.rooms[room], w.in[room] = compactRoom(r, nil), true
	for w := t.waiting[t.next]; w != nil && w.in[0] && w.in[1]; w = t.waiting[t.next] {
		imps, _ := roomsIMPs(&w.rooms[0], &w.rooms[1], t.policy)
		delete(t.waiting, t.next)
		t.next++
		if t.test.Add(imps) != sprt.Continue {
			break
		}
	}
	if t.next == t.n {
		t.test.End() // the cap
	}
	if t.test.Verdict() != sprt.Continue {
		t.over.Store(true)
		t.waiting = nil // nothing more to weigh
	}
}

// decided reports whether the test is over: no new board need start.
func (t *sprtTracker) decided() bool { return t != nil && t.over.Load() }

// result returns the test's figures, or nil without a test.
func (t *sprtTracker) result() *sprt.Result {
	if t == nil {
		return nil
	}
	r := t.test.Result()
	return &r
}
