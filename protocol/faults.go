package protocol

import (
	"fmt"
	"strings"

	"github.com/openroom/openroom/engine"
)

// FaultPolicy says what a table does with a board stopped by a seat's
// fault. Version 18 of the protocol defines no faults at all; this is
// openroom's policy (see docs/protocol.md).
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

// Fault constructors, so every fault of a kind reads the same way. A
// board in play holds its fault as a pointer: nil while it runs on.

func illegalFault(s engine.Seat, line string, err error) *engine.Outcome {
	return fault(engine.IllegalAction, s, fmt.Sprintf("%s: %v", quoteLine(line), err))
}

func protocolFault(s engine.Seat, line, why string) *engine.Outcome {
	if line == "" {
		return fault(engine.ProtocolViolation, s, why)
	}
	return fault(engine.ProtocolViolation, s, fmt.Sprintf("%s: %s", why, quoteLine(line)))
}

func disconnectFault(s engine.Seat, why string) *engine.Outcome {
	return fault(engine.Disconnect, s, why)
}

func timeoutFault(s engine.Seat, why string) *engine.Outcome {
	return fault(engine.Timeout, s, why)
}

func fault(kind engine.OutcomeKind, s engine.Seat, detail string) *engine.Outcome {
	o := engine.Fault(kind, detail, s)
	return &o
}
