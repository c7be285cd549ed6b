package protocol

import (
	"time"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/results"
)

// sideClock keeps each side's think time: the time from the moment a seat
// was given everything it needed to act (its cards, the previous call or
// card, "to lead") to the moment its call or card arrived. Time spent
// waiting for "ready for ..." lines is not think time. It feeds the
// timing line, the results' time_ms and the per-side board budget.
type sideClock struct {
	board [2]time.Duration // this board
	total [2]time.Duration // the session so far, this board included
}

// startBoard zeroes the board's times; totals carry on.
func (c *sideClock) startBoard() { c.board = [2]time.Duration{} }

// add charges d of think time to a side.
func (c *sideClock) add(s engine.Side, d time.Duration) {
	if d < 0 {
		d = 0
	}
	c.board[s&1] += d
	c.total[s&1] += d
}

// left returns what remains of a per-board budget for a side; a zero
// budget means none, and left returns ok false.
func (c *sideClock) left(s engine.Side, budget time.Duration) (time.Duration, bool) {
	if budget <= 0 {
		return 0, false
	}
	l := budget - c.board[s&1]
	if l < 0 {
		l = 0
	}
	return l, true
}

// timing returns the timing line sent after each board.
func (c *sideClock) timing() Timing {
	return Timing{
		NSBoard: c.board[engine.NS], NSTotal: c.total[engine.NS],
		EWBoard: c.board[engine.EW], EWTotal: c.total[engine.EW],
	}
}

// millis returns the board's times for a results record.
func (c *sideClock) millis() results.SideTimes {
	return results.SideTimes{NS: c.board[engine.NS].Milliseconds(), EW: c.board[engine.EW].Milliseconds()}
}

// Clock is the table's source of time: every think time, deadline, timer
// and minimum gap a Table uses is read from it. Config.Clock nil is the
// real clock; tests pass a fake one to run boards in virtual time.
// Network deadlines handed to a net.Conn are computed from Now, so a
// fake clock's times should stay close to the wall clock's.
type Clock interface {
	// Now returns the current time.
	Now() time.Time
	// NewTimer returns a timer that fires once, after d.
	NewTimer(d time.Duration) Timer
	// Sleep pauses the calling goroutine for d.
	Sleep(d time.Duration)
}

// Timer is a Clock's one-shot timer, with time.Timer's semantics (as of
// Go 1.23: Reset and Stop leave no stale value in C).
type Timer interface {
	// C returns the channel the timer's time is delivered on.
	C() <-chan time.Time
	// Reset makes the timer fire after d.
	Reset(d time.Duration) bool
	// Stop stops the timer.
	Stop() bool
}

// realClock is the wall clock.
type realClock struct{}

func (realClock) Now() time.Time                 { return time.Now() }
func (realClock) Sleep(d time.Duration)          { time.Sleep(d) }
func (realClock) NewTimer(d time.Duration) Timer { return realTimer{time.NewTimer(d)} }

type realTimer struct{ t *time.Timer }

func (t realTimer) C() <-chan time.Time        { return t.t.C }
func (t realTimer) Reset(d time.Duration) bool { return t.t.Reset(d) }
func (t realTimer) Stop() bool                 { return t.t.Stop() }
