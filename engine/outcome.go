package engine

import "fmt"

// OutcomeKind is how a board ended: played to its end, passed out, or
// stopped by a fault of the kind named.
type OutcomeKind uint8

// The ways a board ends.
const (
	// Played: the contract was played to the last card.
	Played OutcomeKind = iota
	// PassedOut: four passes, no play.
	PassedOut
	// IllegalAction: a seat made an illegal call or card.
	IllegalAction
	// Timeout: a seat did not act in time.
	Timeout
	// Disconnect: a seat's connection was lost or never came back.
	Disconnect
	// ProtocolViolation: a seat sent a line the protocol does not allow
	// there (unparseable, out of turn, too long).
	ProtocolViolation
)

// String names the kind.
func (k OutcomeKind) String() string {
	switch k {
	case Played:
		return "played"
	case PassedOut:
		return "passed out"
	case IllegalAction:
		return "illegal"
	case Timeout:
		return "timeout"
	case Disconnect:
		return "disconnect"
	case ProtocolViolation:
		return "protocol"
	}
	return fmt.Sprintf("OutcomeKind(%d)", uint8(k))
}

// IsFault reports whether the kind stops a board by a seat's fault.
func (k OutcomeKind) IsFault() bool { return k >= IllegalAction && k <= ProtocolViolation }

// Adjustment is the artificial adjusted score one side gets for a board
// stopped by a fault (Law 12C).
type Adjustment int8

// The adjustments.
const (
	// NotAdjusted: the board was scored at the table.
	NotAdjusted Adjustment = iota
	// AveragePlus goes to a side with no seat at fault.
	AveragePlus
	// AverageMinus goes to a side with a seat at fault.
	AverageMinus
)

// String returns "A+", "A-", or "" for NotAdjusted.
func (a Adjustment) String() string {
	switch a {
	case AveragePlus:
		return "A+"
	case AverageMinus:
		return "A-"
	}
	return ""
}

// ParseAdjustment reads "A+" or "A-" (and "" as NotAdjusted).
func ParseAdjustment(s string) (Adjustment, error) {
	switch s {
	case "":
		return NotAdjusted, nil
	case "A+":
		return AveragePlus, nil
	case "A-":
		return AverageMinus, nil
	}
	return 0, fmt.Errorf("adjusted score %q: want A+ or A-", s)
}

// AdjustedIMPs is an event's policy for adjusted scores in IMPs: what
// average-plus and average-minus are worth to a side, and the bound on a
// board's total adjustment over its rooms.
type AdjustedIMPs struct {
	Plus, Minus int // IMPs of average-plus and of average-minus (Minus is negative)
}

// Law12CIMPs is the rule set's policy: average-plus is +3 IMPs,
// average-minus -3 (the rule set bridge-duplicate-practice-v1, Law 12C).
var Law12CIMPs = AdjustedIMPs{Plus: 3, Minus: -3}

// IMPs returns the IMP value of an adjustment; NotAdjusted is worth 0.
func (p AdjustedIMPs) IMPs(a Adjustment) int {
	switch a {
	case AveragePlus:
		return p.Plus
	case AverageMinus:
		return p.Minus
	}
	return 0
}

// Clamp bounds a board's total adjustment to [Minus, Plus].
func (p AdjustedIMPs) Clamp(imps int) int { return max(p.Minus, min(p.Plus, imps)) }

// Outcome is how a board ended. A played or passed-out board is scored at
// the table (Law 77); a board stopped by a fault names the seats at fault
// and gets an artificial adjusted score: average-minus to each side with a
// seat at fault, average-plus to a side without one (so A+/A- when one
// side is at fault, A-/A- when both are).
type Outcome struct {
	Kind OutcomeKind
	// AtFault holds the seats at fault; empty unless Kind is a fault.
	AtFault SeatSet
	// Detail says what happened, for people; empty for a normal end.
	Detail string
}

// Fault returns the outcome of a board stopped by a fault of the seats.
func Fault(kind OutcomeKind, detail string, seats ...Seat) Outcome {
	return Outcome{Kind: kind, AtFault: SeatsOf(seats...), Detail: detail}
}

// IsFault reports whether a fault stopped the board.
func (o Outcome) IsFault() bool { return o.Kind.IsFault() }

// Seat returns the first seat at fault (North, East, South, West order);
// ok is false when no seat is at fault.
func (o Outcome) Seat() (Seat, bool) { return o.AtFault.First() }

// Adjustment returns a side's artificial adjusted score: NotAdjusted for a
// board scored at the table, AverageMinus for a side with a seat at fault,
// AveragePlus otherwise.
func (o Outcome) Adjustment(side Side) Adjustment {
	switch {
	case !o.IsFault():
		return NotAdjusted
	case o.AtFault.HasSide(side):
		return AverageMinus
	}
	return AveragePlus
}

// IMPs returns a side's adjusted score in IMPs under policy p (0 for a
// board scored at the table).
func (o Outcome) IMPs(side Side, p AdjustedIMPs) int { return p.IMPs(o.Adjustment(side)) }

// String describes the outcome in one line: "played", "passed out", or the
// fault, its seats and its detail.
func (o Outcome) String() string {
	if !o.IsFault() {
		return o.Kind.String()
	}
	names := ""
	for i, s := range o.AtFault.Seats() {
		if i > 0 {
			names += ", "
		}
		names += s.Name()
	}
	return fmt.Sprintf("%s fault by %s: %s", o.Kind, names, o.Detail)
}
