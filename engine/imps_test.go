package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestBoardIMPs(t *testing.T) {
	t.Parallel()
	scored := func(ns int) RoomScore { return RoomScore{Scored: true, ScoreNS: ns} }
	stopped := func(kind OutcomeKind, seats ...Seat) RoomScore {
		return RoomScore{Outcome: Fault(kind, "stopped", seats...)}
	}
	half := AdjustedIMPs{Plus: 2, Minus: -1}
	tests := []struct {
		name         string
		open, closed RoomScore
		p            AdjustedIMPs
		want         int
		adjusted     bool
	}{
		// Scored at both tables: the IMP scale on the N-S difference.
		{"590 v 420: 170", scored(590), scored(420), Law12CIMPs, 5, false},
		{"1440 v 600: 840", scored(1440), scored(600), Law12CIMPs, 13, false},
		{"-500 v 420 by E-W (-420): -80", scored(-500), scored(-420), Law12CIMPs, -2, false},
		{"passed out both", scored(0), scored(0), Law12CIMPs, 0, false},
		{"-7600 v pass", scored(-7600), scored(0), Law12CIMPs, -24, false},
		{"diff 10", scored(100), scored(90), Law12CIMPs, 0, false},
		{"diff 20", scored(110), scored(90), Law12CIMPs, 1, false},
		{"diff 4000", scored(4000), scored(0), Law12CIMPs, 24, false},
		{"diff -4000", scored(0), scored(4000), Law12CIMPs, -24, false},
		// Law 12C: the home team is N-S in the open room, E-W in the closed.
		{"open: visitors (E-W) at fault", stopped(Timeout, East), scored(420), Law12CIMPs, 3, true},
		{"open: home (N-S) at fault", stopped(IllegalAction, North), scored(-1400), Law12CIMPs, -3, true},
		{"closed: visitors (N-S) at fault", scored(-2000), stopped(Disconnect, South), Law12CIMPs, 3, true},
		{"closed: home (E-W) at fault", scored(2000), stopped(ProtocolViolation, West), Law12CIMPs, -3, true},
		{"both rooms visitors at fault: kept to +3", stopped(Timeout, West), stopped(Timeout, North), Law12CIMPs, 3, true},
		{"both rooms home at fault: kept to -3", stopped(Timeout, North), stopped(Timeout, East), Law12CIMPs, -3, true},
		{"one fault each side: level", stopped(Timeout, North), stopped(Timeout, North), Law12CIMPs, 0, true},
		{"both sides at fault in a room: A-/A- is level", stopped(Timeout, North, East), scored(620), Law12CIMPs, 0, true},
		{"no seat named: A+/A+ is level", RoomScore{Outcome: Outcome{Kind: Timeout}}, scored(620), Law12CIMPs, 0, true},
		{"not scored, no fault (damaged): level", RoomScore{Outcome: Outcome{Kind: Played}}, scored(620), Law12CIMPs, 0, true},
		{"policy +2/-1, visitors at fault: (2+1)/2", stopped(Timeout, East), scored(0), half, 1, true},
		{"policy +2/-1, two rooms: kept to +2", stopped(Timeout, East), stopped(Timeout, South), half, 2, true},
		{"policy +2/-1, home at fault twice: kept to -1", stopped(Timeout, North), stopped(Timeout, West), half, -1, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, adj := BoardIMPs(tc.open, tc.closed, tc.p)
			assert.Equal(t, tc.want, got)
			assert.Equal(t, tc.adjusted, adj)
		})
	}
}
