package protocol

import (
	"fmt"
	"strings"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/results"
)

// FaultPolicy says what a table does with a board stopped by a seat's
// fault. Version 18 of the protocol defines no faults at all; this is
// openroom's policy (see spec/protocol.md).
type FaultPolicy uint8

// The fault policies.
const (
	// AdjustOnFault records the stopped board with an artificial adjusted
	// score: average-minus to the side at fault, average-plus to the other.
	AdjustOnFault FaultPolicy = iota
	// ReplayOnFault plays the stopped board again from the start (up to
	// Config.MaxReplays times, then adjusts). The bots see the same cards
	// again, and what they saw of the stopped attempt (dummy, the cards
	// played) may colour the replay: fine for testing a bot, unfair in a
	// scored match, where AdjustOnFault is the rule (Law 12C).
	ReplayOnFault
)

// String returns "adjust" or "replay", the words the command line takes.
func (p FaultPolicy) String() string {
	if p == ReplayOnFault {
		return "replay"
	}
	return "adjust"
}

// ParseFaultPolicy reads "adjust" or "replay" (any case).
func ParseFaultPolicy(s string) (FaultPolicy, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "adjust", "adjusted":
		return AdjustOnFault, nil
	case "replay":
		return ReplayOnFault, nil
	}
	return 0, fmt.Errorf("fault policy %q: want adjust or replay", s)
}

// Fault is why a board stopped: which seat did what. Kind is one of
// results.KindIllegal, KindTimeout, KindDisconnect or KindProtocol.
type Fault struct {
	Kind   string
	Seat   engine.Seat
	Detail string
	// Also lists further seats at fault (a board that could not start
	// because seats of both sides were missing); usually empty.
	Also []engine.Seat
}

// Error describes the fault in one line.
func (f *Fault) Error() string {
	return fmt.Sprintf("%s fault by %s: %s", f.Kind, f.Seat.Name(), f.Detail)
}

// Termination returns the fault as a results termination.
func (f *Fault) Termination() results.Termination {
	return results.Termination{Kind: f.Kind, Seat: f.Seat.String(), Detail: f.Detail}
}

// Adjusted returns the artificial adjusted score: "A-" to each side with a
// seat at fault, "A+" to a side without one.
func (f *Fault) Adjusted() *results.Adjusted {
	var atFault [2]bool
	atFault[f.Seat.Side()] = true
	for _, s := range f.Also {
		atFault[s.Side()] = true
	}
	mark := func(bad bool) string {
		if bad {
			return "A-"
		}
		return "A+"
	}
	return &results.Adjusted{NS: mark(atFault[engine.NS]), EW: mark(atFault[engine.EW])}
}

// maxDetail bounds the offending line quoted in a fault's detail, so a
// stranger's junk cannot bloat the results file.
const maxDetail = 120

// quoteLine quotes a received line for a fault detail: Go-quoted (so any
// control or non-ASCII byte is visible and harmless) and cut to maxDetail
// bytes.
func quoteLine(line string) string {
	if len(line) > maxDetail {
		return fmt.Sprintf("%q...", line[:maxDetail])
	}
	return fmt.Sprintf("%q", line)
}

// Fault constructors, so every fault of a kind reads the same way.

func illegalFault(s engine.Seat, line string, err error) *Fault {
	return &Fault{Kind: results.KindIllegal, Seat: s, Detail: fmt.Sprintf("%s: %v", quoteLine(line), err)}
}

func protocolFault(s engine.Seat, line, why string) *Fault {
	if line == "" {
		return &Fault{Kind: results.KindProtocol, Seat: s, Detail: why}
	}
	return &Fault{Kind: results.KindProtocol, Seat: s, Detail: fmt.Sprintf("%s: %s", why, quoteLine(line))}
}

func disconnectFault(s engine.Seat, why string) *Fault {
	return &Fault{Kind: results.KindDisconnect, Seat: s, Detail: why}
}
