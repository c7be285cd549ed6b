package dds

import (
	"context"
	"errors"
	"time"
)

// ErrCanceled is returned by a solve stopped because the context given to
// SetContext ended (or its deadline passed) while it searched.
var ErrCanceled = errors.New("dds: search canceled")

// stopEvery is how many search nodes pass between two looks at the
// context: a few milliseconds of search at most, and too rare to cost
// anything measurable.
const stopEvery = 1 << 12

// SetContext makes the solves that follow stop when ctx ends, returning
// ErrCanceled (context.Background, or nil: never stop). The search looks at ctx itself every few
// thousand nodes, and at its deadline by the clock: where nothing else can
// run while the solver computes (WebAssembly has no preemption, so the
// timer that would cancel ctx never fires), the deadline still holds. The
// transposition table of a stopped solve is emptied, so a stop never
// changes a later answer.
func (sv *Solver) SetContext(ctx context.Context) {
	s := &sv.s
	s.ctx, s.hasDeadline = ctx, false
	if ctx != nil {
		s.deadline, s.hasDeadline = ctx.Deadline()
	}
}

// checkStop looks at the context: true when the search must stop.
func (s *search) checkStop() bool {
	if s.ctx == nil {
		return false
	}
	if s.ctx.Err() != nil || s.hasDeadline && !time.Now().Before(s.deadline) {
		s.stopped = true
	}
	return s.stopped
}

// canceled ends a solve: ErrCanceled, and a fresh table, when the search
// was stopped; nil otherwise.
func (sv *Solver) canceled() error {
	if !sv.s.stopped {
		return nil
	}
	sv.s.stopped = false
	sv.s.tt.init()
	return ErrCanceled
}
