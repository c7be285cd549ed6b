package tournaments

import (
	"context"
	"errors"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/results"
)

// TableRunner plays table jobs. It is the only layer that knows how bots
// are seated (in-process, as started processes, or remote) and how a board
// is refereed; the schedule, scoring, reporting and resume know only this
// interface.
type TableRunner interface {
	// RunTable plays job.Boards in order at one table with job.Seats and
	// calls onBoard with each finished board's record, before starting the
	// next board. The runner makes the whole record: the board's facts
	// (results.FromBoard), its outcome, times, and the job's identity
	// (TableJob.Identity), stamped once.
	//
	// When onBoard returns an error the runner stops and returns it
	// (ErrStopped asks for a graceful stop after the board in play). When
	// ctx is cancelled the runner abandons the board in play and returns.
	// A *SeatFault return means a seat could not go on (a bot that will
	// not start or keeps crashing): the caller scores the job's remaining
	// boards by the fault policy.
	RunTable(ctx context.Context, job TableJob, onBoard func(results.Record) error) error
}

// TableRunnerFunc adapts a function to a TableRunner.
type TableRunnerFunc func(ctx context.Context, job TableJob, onBoard func(results.Record) error) error

// RunTable calls f.
func (f TableRunnerFunc) RunTable(ctx context.Context, job TableJob, onBoard func(results.Record) error) error {
	return f(ctx, job, onBoard)
}

// ErrStopped is returned by an onBoard callback to stop a table after the
// board just finished (the event is being interrupted).
var ErrStopped = errors.New("stopped")

// SeatFault is a runner's report that a seat cannot go on: its bot would
// not start, kept crashing, or never connected. The rest of the table's
// boards are scored with its Outcome.
type SeatFault struct {
	Outcome engine.Outcome
}

// Error describes the fault in one line.
func (e *SeatFault) Error() string { return e.Outcome.String() }

// Record makes the table's record of a board as it ended: the board's
// facts, its outcome, and the table's identity. The in-process runner
// records every board with it, and the event the boards a SeatFault left
// unplayed (the protocol runner's table stamps the same identity itself).
func (j *TableJob) Record(b *engine.Board, alerts []string, o engine.Outcome) results.Record {
	r := results.FromBoard(b, alerts)
	r.SetBoard(b) // its PBN, LIN and live view are written from the board itself
	r.SetOutcome(o)
	id := j.Identity()
	id.Stamp(&r)
	return r
}

// FaultRecord returns the record of one of the table's boards that a fault
// stopped before it started: the board's setup, no score, the outcome's
// adjusted scores.
func (j *TableJob) FaultRecord(b engine.BoardSetup, o engine.Outcome) results.Record {
	var eb engine.Board
	eb.Reset(b)
	return j.Record(&eb, nil, o)
}
