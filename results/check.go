package results

import (
	"errors"
	"fmt"
	"os"

	"github.com/openroom/openroom/engine"
)

// MaxLine is the longest line (its newline included) a results stream, a
// manifest or a seed file may have: a record is a few kilobytes, so a
// longer line is damage or an attack, and it is refused without being
// read whole.
const MaxLine = 1 << 20

// ErrLineTooLong marks a line longer than MaxLine.
var ErrLineTooLong = errors.New("line longer than 1 MiB")

// ErrMismatch marks a record that its own deal, auction and play
// contradict (a forged score, a changed card), or that breaks how records
// are written (a fault with a score, a normal end without one).
var ErrMismatch = errors.New("record contradicts its deal, auction and play")

// ErrNotRegular marks an input that is not a regular file: a FIFO or a
// device (or a link to one) would block or never end.
var ErrNotRegular = errors.New("not a regular file")

// FieldError is a record's field that does not agree with what its deal,
// auction and play give. It wraps ErrMismatch.
type FieldError struct {
	Field string // the record's JSON key: "score_ns", "contract", "play", ...
	Msg   string // what is wrong, after the field's name
}

func (e *FieldError) Error() string { return e.Field + " " + e.Msg }

// Unwrap returns ErrMismatch.
func (e *FieldError) Unwrap() error { return ErrMismatch }

func mismatch(field, format string, args ...any) *FieldError {
	return &FieldError{Field: field, Msg: fmt.Sprintf(format, args...)}
}

// Checker checks records read back from a results file against their
// replay (Check). It reuses one board and its buffers from record to
// record; it is for one goroutine.
type Checker struct {
	b     engine.Board
	calls []engine.Call
	cards []engine.Card
	which func(*Record) bool // the records check checks; nil for all
}

// newChecker returns a checker whose check checks the records which
// selects, or nil (no checking) for a nil which.
func newChecker(which func(*Record) bool) *Checker {
	if which == nil {
		return nil
	}
	return &Checker{which: which}
}

// Check replays the record from its deal (engine.Replay's rules: every
// call and card checked as at the table) and refuses it, with a
// *FieldError naming the field, unless everything it states that the
// replay gives agrees: contract, declarer, tricks and score_ns (Law 77) of
// a board played to its end; for a board stopped by a fault, no score or
// tricks, a contract only as far as the auction got, at least one seat at
// fault and the adjusted scores that its seats at fault give. Unlike
// Decode, nothing may be left out: a record read back from a results file
// was written whole.
func (c *Checker) Check(r *Record) error {
	setup, err := r.Setup()
	if err != nil {
		return setupField(r, err)
	}
	o, err := r.Outcome()
	if err != nil {
		return mismatch("termination", "%v", errors.Unwrap(err))
	}
	if r.Termination.Kind == "" {
		return mismatch("termination", "has no kind")
	}
	if err := c.replay(r, setup); err != nil {
		return err
	}
	return compare(r, &c.b, o, true)
}

// check is Check on the records c.which selects; a nil checker checks
// nothing.
func (c *Checker) check(r *Record) error {
	if c == nil || (c.which != nil && !c.which(r)) {
		return nil
	}
	return c.Check(r)
}

// setupField names the field of a setup that cannot be read.
func setupField(r *Record, err error) error {
	field := "deal"
	if _, e := engine.ParseSeat(r.Dealer); e != nil {
		field = "dealer"
	} else if _, e := engine.ParseVulnerability(r.Vulnerable); e != nil {
		field = "vulnerable"
	} else if r.Board < 1 {
		field = "board"
	}
	return mismatch(field, "%v", errors.Unwrap(err))
}

// replay plays the record's auction and play on c's board.
func (c *Checker) replay(r *Record, setup engine.BoardSetup) error {
	c.calls, c.cards = c.calls[:0], c.cards[:0]
	for i, rc := range r.Auction {
		call, err := engine.ParseCall(rc.Call)
		if err != nil {
			return mismatch("auction", "call %d: %v", i+1, err)
		}
		c.calls = append(c.calls, call)
	}
	for i, s := range r.Play {
		card, err := engine.ParseCard(s)
		if err != nil {
			return mismatch("play", "card %d: %v", i+1, err)
		}
		c.cards = append(c.cards, card)
	}
	c.b.Reset(setup)
	if err := c.b.Replay(c.calls, c.cards); err != nil {
		field := "play"
		var re *engine.ReplayError
		if errors.As(err, &re) && re.Phase == engine.PhaseAuction {
			field = "auction"
		}
		return mismatch(field, "%v", err)
	}
	a := c.b.Auction()
	for i, rc := range r.Auction {
		if s := a.SeatOf(i).String(); rc.Seat != s {
			return mismatch("auction", "call %d: seat %q but it is %s's turn", i+1, rc.Seat, s)
		}
	}
	return nil
}

// compare checks what the record states against its replay b, the board
// where the record stops, and its outcome o. Strict is for records read
// back from a results file (Check): every fact must be there. Without it
// (Decode) a fact left out is not checked, and a record with no
// termination kind may stop anywhere.
func compare(r *Record, b *engine.Board, o engine.Outcome, strict bool) error {
	c, auctionDone := b.Contract()
	if r.Contract == "" {
		// FromBoard states no contract until the auction ends; a record
		// read back from a file that ended normally must state it.
		if strict && auctionDone && !o.IsFault() {
			return mismatch("contract", "missing but the auction gives %s", c)
		}
		if strict && r.Declarer != "" {
			return mismatch("declarer", "%q but no contract is recorded", r.Declarer)
		}
	} else {
		if !auctionDone {
			return mismatch("contract", "%q but the auction is unfinished", r.Contract)
		}
		if c.String() != r.Contract {
			return mismatch("contract", "%q but the auction gives %s", r.Contract, c)
		}
		want := ""
		if !c.PassedOut() {
			want = c.Declarer.String()
		}
		if r.Declarer != want && (strict || !c.PassedOut()) {
			return mismatch("declarer", "%q but the auction gives %q", r.Declarer, want)
		}
	}
	if o.IsFault() {
		if strict {
			return compareFault(r, o)
		}
		return nil
	}
	score, done := b.ScoreNS()
	if !done && r.Termination.Kind == "" && !strict {
		// Made by FromBoard before the board ended, with no outcome set:
		// the board is where the record stops.
		return nil
	}
	if !done {
		field := "play"
		if b.Phase() == engine.PhaseAuction {
			field = "auction"
		}
		return mismatch(field, "is unfinished but the board ended normally")
	}
	switch {
	case r.ScoreNS == nil && strict:
		return mismatch("score_ns", "missing but the deal, auction and play give %d", score)
	case r.ScoreNS != nil && *r.ScoreNS != score:
		return mismatch("score_ns", "%d but the deal, auction and play give %d", *r.ScoreNS, score)
	}
	if c.PassedOut() {
		if r.Tricks != nil && strict {
			return mismatch("tricks", "%d but the board was passed out", *r.Tricks)
		}
	} else {
		switch t := b.DeclarerTricks(); {
		case r.Tricks == nil && strict:
			return mismatch("tricks", "missing but the play gives %d", t)
		case r.Tricks != nil && *r.Tricks != t:
			return mismatch("tricks", "%d but the play gives %d", *r.Tricks, t)
		}
	}
	if strict {
		if r.Adjusted != nil {
			return mismatch("adjusted", "%s/%s but the board ended normally", r.Adjusted.NS, r.Adjusted.EW)
		}
		if t := r.Termination; t.Seat != "" || len(t.Seats) > 0 {
			return mismatch("termination", "names a seat at fault but the board ended normally")
		}
	}
	return nil
}

// compareFault checks a fault's record as SetOutcome writes it: no score
// or tricks (the board was not finished), a seat at fault, and the
// adjusted scores its seats at fault give.
func compareFault(r *Record, o engine.Outcome) error {
	switch {
	case r.ScoreNS != nil:
		return mismatch("score_ns", "%d but the board was stopped by a fault (%s)", *r.ScoreNS, r.Termination.Kind)
	case r.Tricks != nil:
		return mismatch("tricks", "%d but the board was stopped by a fault (%s)", *r.Tricks, r.Termination.Kind)
	case o.AtFault == 0:
		return mismatch("termination", "%s names no seat at fault", r.Termination.Kind)
	case len(r.Termination.Seats) > 0 && r.Termination.Seat != r.Termination.Seats[0]:
		return mismatch("termination", "seat %q is not the first of seats %v", r.Termination.Seat, r.Termination.Seats)
	case r.Adjusted == nil:
		return mismatch("adjusted", "missing but the board was stopped by a fault (%s)", r.Termination.Kind)
	}
	ns, ew := o.Adjustment(engine.NS).String(), o.Adjustment(engine.EW).String()
	if r.Adjusted.NS != ns || r.Adjusted.EW != ew {
		return mismatch("adjusted", "%s/%s but the seats at fault give %s/%s", r.Adjusted.NS, r.Adjusted.EW, ns, ew)
	}
	return nil
}

// OpenRegular opens a file for reading and refuses, at once, one that is
// not a regular file: a FIFO, a device, or a link to either. It opens
// without blocking (a FIFO's open would wait for a writer) and checks the
// opened file, not the name, so that a file swapped between a check and
// the open is caught.
func OpenRegular(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|openFlags, 0)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, &os.PathError{Op: "open", Path: path, Err: fmt.Errorf("%w (%s)", ErrNotRegular, st.Mode().Type())}
	}
	return f, nil
}
