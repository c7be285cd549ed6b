package tournaments

import (
	"testing"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/results"
	"github.com/openroom/openroom/tournaments/report"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// played makes a complete record from a contract (with declarer), the
// board's vulnerability and declarer's tricks, scored by engine.ScoreNS.
func played(t *testing.T, contract, declarer string, vul engine.Vulnerability, tricks int) *results.Record {
	t.Helper()
	c, err := engine.ParseContract(contract)
	require.NoError(t, err)
	r := &results.Record{Contract: contract, Termination: results.Termination{Kind: results.KindNormal}}
	if !c.PassedOut() {
		c.Declarer, err = engine.ParseSeat(declarer)
		require.NoError(t, err)
		r.Declarer, r.Tricks = declarer, &tricks
	}
	s := engine.ScoreNS(c, vul, tricks)
	r.ScoreNS = &s
	return r
}

func withScore(ns int) *results.Record {
	return &results.Record{ScoreNS: &ns, Termination: results.Termination{Kind: results.KindNormal}}
}

func faulted(seat string, adj *results.Adjusted) *results.Record {
	return &results.Record{Termination: results.Termination{Kind: results.KindTimeout, Seat: seat}, Adjusted: adj}
}

func TestBoardIMPsWorkedExamples(t *testing.T) {
	t.Parallel()
	none, all := engine.VulNone, engine.VulAll
	tests := []struct {
		name         string
		open, closed *results.Record
		want         int
	}{
		// A is N-S in the open room, B is N-S in the closed room.
		{"4SX=+590 v 4S=+420: 170", played(t, "4SX", "N", none, 10), played(t, "4S", "N", none, 10), 5},
		{"6NT=+1440 v 3NT=+600 vul: 840", played(t, "6NT", "N", all, 12), played(t, "3NT", "N", all, 9), 13},
		{"4SX-3=-500 v A's 4S=+420 by W: -80", played(t, "4SX", "N", none, 7), played(t, "4S", "W", none, 10), -2},
		{"passed out both", played(t, "Pass", "", none, 0), played(t, "Pass", "", none, 0), 0},
		{"7NTXX-13 vul=-7600 v pass", played(t, "7NTXX", "N", all, 0), played(t, "Pass", "", all, 0), -24},
		{"2HXX+1=+840 v 2HX=+470 (NV): 370", played(t, "2HXX", "S", none, 9), played(t, "2HX", "S", none, 8), 9},
		{"6SXX=+2470 v 7SX=+2470 vul: 0", played(t, "6SXX", "N", all, 13), played(t, "7SX", "N", all, 13), 0},
		{"2CXX=+560 v 2S+2=+170: 390", played(t, "2CXX", "N", none, 8), played(t, "2S", "N", none, 10), 9},
		{"1NT=+90 v 4H+2=+480: -390", played(t, "1NT", "N", none, 7), played(t, "4H", "N", none, 12), -9},
		{"diff 10", withScore(100), withScore(90), 0},
		{"diff 20", withScore(110), withScore(90), 1},
		{"diff 40", withScore(130), withScore(90), 1},
		{"diff 50", withScore(140), withScore(90), 2},
		{"diff 3990", withScore(3990), withScore(0), 23},
		{"diff 4000", withScore(4000), withScore(0), 24},
		{"diff -4000", withScore(0), withScore(4000), -24},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, adj := BoardIMPs(tc.open, tc.closed, engine.Law12CIMPs)
			assert.False(t, adj)
			assert.Equal(t, tc.want, got)
			assertCompactIMPs(t, tc.open, tc.closed, tc.want, false)
		})
	}
}

func TestBoardIMPsAdjusted(t *testing.T) {
	t.Parallel()
	aPlus := &results.Adjusted{NS: "A+", EW: "A-"}
	aMinus := &results.Adjusted{NS: "A-", EW: "A+"}
	tests := []struct {
		name         string
		open, closed *results.Record
		want         int
	}{
		{"open: B (E-W) at fault", faulted("E", aPlus), withScore(420), 3},
		{"open: A (N-S) at fault", faulted("N", aMinus), withScore(-1400), -3},
		{"closed: B (N-S) at fault", withScore(-2000), faulted("S", aMinus), 3},
		{"closed: A (E-W) at fault, from the seat only", withScore(2000), faulted("W", nil), -3},
		{"both rooms B at fault: still +3", faulted("W", aPlus), faulted("N", aMinus), 3},
		{"one fault each side: 0", faulted("N", aMinus), faulted("N", aMinus), 0},
		{"nobody named: average", faulted("", nil), withScore(620), 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, adj := BoardIMPs(tc.open, tc.closed, engine.Law12CIMPs)
			assert.True(t, adj)
			assert.Equal(t, tc.want, got)
			assertCompactIMPs(t, tc.open, tc.closed, tc.want, true)
		})
	}
}

// scoreOf scores a match from its records by board-room, the first
// record given for a board-room counting.
func scoreOf(m Match, recs map[roomKey]*results.Record) report.MatchResult {
	nums := make([]int, len(m.Boards))
	for i, b := range m.Boards {
		nums[i] = b.Number
	}
	ms := newMatchScore(m, nums)
	for _, b := range m.Boards {
		for _, room := range []string{RoomOpen, RoomClosed} {
			if r := recs[roomKey{m.ID, room, b.Number}]; r != nil {
				c := *r
				c.Match, c.Room, c.Board = m.ID, room, b.Number
				ms.add(&c, results.Span{}, nil)
			}
		}
	}
	mr, _ := ms.result(engine.Law12CIMPs)
	return mr
}

func TestMatchIMPsVPsAndCI(t *testing.T) {
	t.Parallel()
	// The rule set's example: 16 boards, margin 20 IMPs -> 15.00 VPs.
	home, visit := &Team{Name: "A"}, &Team{Name: "B"}
	m := Match{ID: "A-v-B", Round: 1, Home: home, Visit: visit, Boards: engine.SeededBoards("x", engine.BoardNumbers(1, 16))}
	idx := map[roomKey]*results.Record{}
	for _, b := range m.Boards {
		open, closed := 0, 0
		if b.Number == 1 {
			open = 2490 // 20 IMPs
		}
		idx[roomKey{m.ID, RoomOpen, b.Number}] = withScore(open)
		idx[roomKey{m.ID, RoomClosed, b.Number}] = withScore(closed)
	}
	mr := scoreOf(m, idx)
	assert.Equal(t, 16, mr.Played)
	assert.Equal(t, 20, mr.HomeIMPs)
	assert.Equal(t, 0, mr.VisitIMPs)
	assert.Equal(t, 20, mr.Margin)
	assert.Equal(t, 15.00, mr.HomeVP)
	assert.Equal(t, 5.00, mr.VisitVP)
	// mean 1.25; sample sd 5; se 1.25; t(15) = 2.131
	assert.InDelta(t, 1.25, mr.PerBoard, 1e-9)
	assert.InDelta(t, 1.25-2.131*1.25, mr.CILow, 1e-9)
	assert.InDelta(t, 1.25+2.131*1.25, mr.CIHigh, 1e-9)

	// Reverse the board: the visitors win by 20.
	idx[roomKey{m.ID, RoomOpen, 1}], idx[roomKey{m.ID, RoomClosed, 1}] = withScore(0), withScore(2490)
	mr = scoreOf(m, idx)
	assert.Equal(t, -20, mr.Margin)
	assert.Equal(t, 5.00, mr.HomeVP)
	assert.Equal(t, 15.00, mr.VisitVP)

	// A board missing a room is not scored yet.
	delete(idx, roomKey{m.ID, RoomClosed, 1})
	mr = scoreOf(m, idx)
	assert.Equal(t, 15, mr.Played)
	assert.Equal(t, 0, mr.Margin)
	assert.Equal(t, 10.0, mr.HomeVP)
}

// assertCompactIMPs checks that the rooms a report keeps of two records
// score the board as the records do.
func assertCompactIMPs(t *testing.T, open, closed *results.Record, want int, adjusted bool) {
	t.Helper()
	o := compactRoom(open, interner{})
	c := compactRoom(closed, interner{})
	got, adj := roomsIMPs(&o, &c, engine.Law12CIMPs)
	assert.Equal(t, want, got, "kept rooms")
	assert.Equal(t, adjusted, adj, "kept rooms")
	assert.Equal(t, open.Complete(), o.Complete())
	assert.Equal(t, closed.Complete(), c.Complete())
}
