package protocol

import (
	"sync"
	"time"
)

// fakeClock is a Clock in virtual time, safe for the table's goroutines:
// time stands still until Advance (or Sleep, which advances the clock by
// its duration: the sleeper is the one who makes time pass). It starts at
// the wall clock's time, so the network deadlines computed from it stay
// sensible. Timers fire during Advance; Advance then waits (for at most
// drainWait, real time) until each fired timer's value has been taken, or
// the timer stopped or reset, so that whoever waits on the timer sees the
// new time before the advancing goroutine goes on.
type fakeClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []*fakeTimer
	sleeps []time.Duration
}

// drainWait bounds, in real time, Advance's wait for a fired timer to be
// taken.
const drainWait = 2 * time.Second

func newFakeClock() *fakeClock { return &fakeClock{now: time.Now()} }

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Sleep records d and advances the clock by it.
func (c *fakeClock) Sleep(d time.Duration) {
	c.mu.Lock()
	c.sleeps = append(c.sleeps, d)
	c.mu.Unlock()
	c.Advance(d)
}

// Sleeps returns the durations Sleep was called with, in order.
func (c *fakeClock) Sleeps() []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]time.Duration(nil), c.sleeps...)
}

// Advance moves the clock on by d and fires the timers that fall due.
func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	if d > 0 {
		c.now = c.now.Add(d)
	}
	now := c.now
	var fired []*fakeTimer
	for _, t := range c.timers {
		if t.armed && !now.Before(t.at) {
			t.fireLocked(now)
			fired = append(fired, t)
		}
	}
	c.mu.Unlock()
	for _, t := range fired {
		t.awaitTaken(c)
	}
}

func (c *fakeClock) NewTimer(d time.Duration) Timer {
	t := &fakeTimer{c: make(chan time.Time, 1)}
	c.mu.Lock()
	c.timers = append(c.timers, t)
	c.mu.Unlock()
	t.clock = c
	t.Reset(d)
	return t
}

// fakeTimer is a fakeClock's timer. Its fields are guarded by the clock's
// mutex.
type fakeTimer struct {
	clock *fakeClock
	c     chan time.Time
	at    time.Time
	armed bool
	gen   int // counts fires, stops and resets
}

func (t *fakeTimer) C() <-chan time.Time { return t.c }

func (t *fakeTimer) Reset(d time.Duration) bool {
	c := t.clock
	c.mu.Lock()
	was := t.stopLocked()
	t.at, t.armed = c.now.Add(d), true
	if d <= 0 {
		t.fireLocked(c.now) // the caller may be the one to take it: no wait
	}
	c.mu.Unlock()
	return was
}

// fireLocked delivers now on the timer's channel.
func (t *fakeTimer) fireLocked(now time.Time) {
	t.armed = false
	t.gen++
	select {
	case t.c <- now:
	default:
	}
}

func (t *fakeTimer) Stop() bool {
	t.clock.mu.Lock()
	defer t.clock.mu.Unlock()
	return t.stopLocked()
}

// stopLocked disarms the timer and drops an untaken value, as time.Timer
// does since Go 1.23.
func (t *fakeTimer) stopLocked() bool {
	was := t.armed
	t.armed = false
	t.gen++
	select {
	case <-t.c:
	default:
	}
	return was
}

// awaitTaken waits until the value fired is taken, or the timer is
// stopped or reset, or drainWait passes.
func (t *fakeTimer) awaitTaken(c *fakeClock) {
	c.mu.Lock()
	gen := t.gen
	c.mu.Unlock()
	giveUp := time.Now().Add(drainWait)
	for time.Now().Before(giveUp) {
		c.mu.Lock()
		done := len(t.c) == 0 || t.gen != gen
		c.mu.Unlock()
		if done {
			return
		}
		time.Sleep(50 * time.Microsecond)
	}
}
