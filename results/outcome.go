package results

import (
	"fmt"

	"github.com/openroom/openroom/engine"
)

// kindOf maps an outcome kind to the termination kind the schema writes.
func kindOf(k engine.OutcomeKind) string {
	switch k {
	case engine.IllegalAction:
		return KindIllegal
	case engine.Timeout:
		return KindTimeout
	case engine.Disconnect:
		return KindDisconnect
	case engine.ProtocolViolation:
		return KindProtocol
	}
	return KindNormal
}

// faultKinds maps the schema's fault kinds to outcome kinds.
var faultKinds = map[string]engine.OutcomeKind{
	KindIllegal:    engine.IllegalAction,
	KindTimeout:    engine.Timeout,
	KindDisconnect: engine.Disconnect,
	KindProtocol:   engine.ProtocolViolation,
}

// SetOutcome records how the board ended. A fault clears the score and
// tricks (the board was not finished), names the seats at fault in the
// termination and writes the artificial adjusted score of each side; a
// normal end leaves the board's facts as FromBoard filled them.
func (r *Record) SetOutcome(o engine.Outcome) {
	if !o.IsFault() {
		r.Termination = Termination{Kind: KindNormal}
		r.Adjusted = nil
		return
	}
	r.Termination = TerminationOf(o)
	r.ScoreNS, r.Tricks = nil, nil
	r.Adjusted = &Adjusted{NS: o.Adjustment(engine.NS).String(), EW: o.Adjustment(engine.EW).String()}
}

// Outcome reads how the board ended back from the record: the kind, the
// seats at fault and the detail. A record whose adjusted score marks a side
// at fault without naming one of its seats (written by an older version)
// gets that side's first seat, North or East, so its adjusted score reads
// back the same.
func (r *Record) Outcome() (engine.Outcome, error) {
	t := &r.Termination
	if t.Kind == KindNormal || t.Kind == "" {
		if r.Contract == "Pass" {
			return engine.Outcome{Kind: engine.PassedOut}, nil
		}
		return engine.Outcome{Kind: engine.Played}, nil
	}
	kind, ok := faultKinds[t.Kind]
	if !ok {
		return engine.Outcome{}, fmt.Errorf("%w: termination kind %q", ErrMalformed, t.Kind)
	}
	o := engine.Outcome{Kind: kind, Detail: t.Detail}
	names := t.Seats
	if len(names) == 0 && t.Seat != "" {
		names = []string{t.Seat}
	}
	for _, n := range names {
		s, err := engine.ParseSeat(n)
		if err != nil {
			return engine.Outcome{}, fmt.Errorf("%w: termination seat: %v", ErrMalformed, err)
		}
		o.AtFault = o.AtFault.With(s)
	}
	if r.Adjusted != nil {
		for _, side := range []engine.Side{engine.NS, engine.EW} {
			v := r.Adjusted.NS
			if side == engine.EW {
				v = r.Adjusted.EW
			}
			a, err := engine.ParseAdjustment(v)
			if err != nil {
				return engine.Outcome{}, fmt.Errorf("%w: %v", ErrMalformed, err)
			}
			if a == engine.AverageMinus && !o.AtFault.HasSide(side) {
				o.AtFault = o.AtFault.With(engine.Seat(side))
			}
		}
	}
	return o, nil
}

// TerminationOf returns the termination the schema writes for an outcome.
func TerminationOf(o engine.Outcome) Termination {
	if !o.IsFault() {
		return Termination{Kind: KindNormal}
	}
	t := Termination{Kind: kindOf(o.Kind), Detail: o.Detail}
	seats := o.AtFault.Seats()
	if len(seats) > 0 {
		t.Seat = seats[0].String()
	}
	if len(seats) > 1 {
		for _, s := range seats {
			t.Seats = append(t.Seats, s.String())
		}
	}
	return t
}
