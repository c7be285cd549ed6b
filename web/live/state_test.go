package live

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/player"
	"github.com/openroom/openroom/results"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// twoRoomPlan is a team match of two rooms on the given boards.
func twoRoomPlan(boards []engine.BoardSetup) Plan {
	return Plan{Event: "ev", Kind: "match", Tables: []PlanTable{
		{Table: "A-v-B/open/1", Match: "A-v-B", Room: "open", NSTeam: "A", EWTeam: "B", Boards: boards},
		{Table: "A-v-B/closed/1", Match: "A-v-B", Room: "closed", NSTeam: "B", EWTeam: "A", Boards: boards},
	}}
}

// play plays a board with random players through the referee, showing the
// State every step, and returns its record stamped for the table.
func play(t *testing.T, st *State, pt PlanTable, setup engine.BoardSetup) results.Record {
	t.Helper()
	var b engine.Board
	b.Reset(setup)
	var ref player.Referee
	for s := engine.North; s < engine.NumSeats; s++ {
		ref.Players[s] = player.Random{Seed: pt.Table + s.String()}
	}
	ref.OnAction = func(b *engine.Board) { st.Action(pt.Table, b) }
	o, err := ref.Play(context.Background(), &b)
	require.NoError(t, err)
	r := results.FromBoard(&b, ref.Alerts())
	r.SetOutcome(o)
	id := results.Identity{Event: "ev", Match: pt.Match, Room: pt.Room, Table: pt.Table}
	id.Stamp(&r)
	return r
}

// startBoard shows the State a board with its first calls made (so a
// table is in the middle of its auction).
func startBoard(st *State, table string, setup engine.BoardSetup, calls ...engine.Call) {
	var b engine.Board
	b.Reset(setup)
	st.Action(table, &b)
	for i, c := range calls {
		if err := b.Call(b.Auction().SeatOf(i), c); err != nil {
			panic(err)
		}
		st.Action(table, &b)
	}
}

// secrets are the strings that give away a board's cards: each hand as
// PBN writes it, and the deal string from every seat.
func secrets(setup engine.BoardSetup) []string {
	var out []string
	for s := engine.North; s < engine.NumSeats; s++ {
		out = append(out, setup.Deal[s].String(), setup.Deal.Format(s))
	}
	return out
}

// streamText is every event in the window, as the stream sends them.
func streamText(st *State) string {
	st.mu.Lock()
	defer st.mu.Unlock()
	evs, _ := st.since(0, nil)
	var b strings.Builder
	for _, e := range evs {
		b.WriteString(e.Name + " " + string(e.Data) + "\n")
	}
	return b.String()
}

func snapshotText(t *testing.T, st *State) string {
	b, err := json.Marshal(st.Snapshot())
	require.NoError(t, err)
	return string(b)
}

func tableOf(t *testing.T, snap Snapshot, name string) TableView {
	t.Helper()
	for _, tv := range snap.Tables {
		if tv.Table == name {
			return tv
		}
	}
	t.Fatalf("no table %s in the snapshot", name)
	return TableView{}
}

func TestTwoRoomBoundary(t *testing.T) {
	t.Parallel()
	boards := engine.SeededBoards("boundary", []int{1, 2})
	plan := twoRoomPlan(boards)
	open, closed := plan.Tables[0], plan.Tables[1]
	st := New(Options{})
	require.NoError(t, st.Begin(plan, nil, nil, func(o, c *results.Record) int { return engine.IMPs(*o.ScoreNS - *c.ScoreNS) }))
	st.TableStarted(open.Table)
	st.TableStarted(closed.Table)

	// Both rooms in board 1's auction: neither may show it.
	startBoard(st, open.Table, boards[0], engine.Pass)
	startBoard(st, closed.Table, boards[0], engine.Pass, engine.Pass)
	st.Flush()
	snap := st.Snapshot()
	for _, name := range []string{open.Table, closed.Table} {
		tv := tableOf(t, snap, name)
		assert.True(t, tv.Hidden, name)
		assert.Equal(t, 1, tv.Board, name)
		assert.Empty(t, tv.Auction, name)
		assert.Empty(t, tv.Calls, name)
		assert.Empty(t, tv.Play, name)
		assert.Empty(t, tv.Dealer, name)
	}
	assert.Equal(t, []string{closed.Table}, tableOf(t, snap, open.Table).Waiting)

	// The open room finishes board 1: still nothing of it, anywhere.
	rOpen := play(t, st, open, boards[0])
	st.BoardFinished(&rOpen)
	st.Flush()
	for _, text := range []string{streamText(st), snapshotText(t, st)} {
		for _, s := range secrets(boards[0]) {
			assert.NotContains(t, text, s)
		}
		assert.NotContains(t, text, `"rooms"`, "no board view of board 1")
	}
	assert.Empty(t, st.Snapshot().Boards)

	// The closed room is now the last one with board 1: its auction and
	// cards so far may be shown, never a hand.
	startBoard(st, closed.Table, boards[0], engine.Pass, engine.Pass, engine.Bid(1, engine.StrainClubs))
	st.Flush()
	tv := tableOf(t, st.Snapshot(), closed.Table)
	assert.False(t, tv.Hidden)
	assert.Equal(t, []string{"Pass", "Pass", "1C"}, tv.Auction)
	d := boards[0].Dealer
	assert.Equal(t, []results.Call{{Seat: d.String(), Call: "Pass"}, {Seat: d.Next().String(), Call: "Pass"}, {Seat: d.Next().Next().String(), Call: "1C"}},
		tv.Calls, "each call with the seat that made it, the engine's")
	assert.Equal(t, boards[0].Dealer.String(), tv.Dealer)
	for _, s := range secrets(boards[0]) {
		assert.NotContains(t, streamText(st), s)
	}

	// The open room starts board 2 while the closed room plays board 1:
	// hidden.
	startBoard(st, open.Table, boards[1])
	st.Flush()
	assert.True(t, tableOf(t, st.Snapshot(), open.Table).Hidden)

	// The closed room finishes board 1: the board is public, both rooms.
	rClosed := play(t, st, closed, boards[0])
	st.BoardFinished(&rClosed)
	st.Flush()
	snap = st.Snapshot()
	require.Len(t, snap.Boards, 1)
	bv := snap.Boards[0]
	assert.Equal(t, 1, bv.Board)
	assert.Equal(t, rOpen.Deal, bv.Deal)
	require.Len(t, bv.Rooms, 2)
	assert.Equal(t, "open", bv.Rooms[0].Room)
	assert.Equal(t, "closed", bv.Rooms[1].Room)
	require.NotNil(t, bv.HomeIMPs)
	assert.Equal(t, engine.IMPs(*rOpen.ScoreNS-*rClosed.ScoreNS), *bv.HomeIMPs)
	assert.Equal(t, 2, snap.Event.Public)
	assert.Equal(t, 4, snap.Event.Total)
	assert.Contains(t, streamText(st), rOpen.Deal)
	// Board 2 is still hidden everywhere.
	for _, s := range secrets(boards[1]) {
		assert.NotContains(t, streamText(st), s)
		assert.NotContains(t, snapshotText(t, st), s)
	}
}

func TestSharedDealsArePublicOnlyWhenEveryTableHasPlayedThem(t *testing.T) {
	t.Parallel()
	// A round robin whose two matches of a round play the same deals
	// (tournaments deals every match of a round the same boards).
	boards := engine.SeededBoards("shared", []int{1})
	var plan Plan
	plan.Event, plan.Kind = "rr", "round-robin"
	for _, m := range []string{"A-v-B", "C-v-D"} {
		for _, room := range []string{"open", "closed"} {
			plan.Tables = append(plan.Tables, PlanTable{Table: m + "/" + room + "/1", Match: m, Room: room, Boards: boards})
		}
	}
	st := New(Options{})
	require.NoError(t, st.Begin(plan, nil, nil, nil))
	for i, pt := range plan.Tables {
		if i == 3 {
			// Three of four tables are done: the fourth may show its
			// board in play, the rest stays hidden.
			startBoard(st, pt.Table, boards[0], engine.Pass)
			st.Flush()
			assert.False(t, tableOf(t, st.Snapshot(), pt.Table).Hidden)
			assert.Empty(t, st.Snapshot().Boards, "A-v-B has both rooms in, but C-v-D still plays the deal")
			for _, s := range secrets(boards[0]) {
				assert.NotContains(t, streamText(st), s)
			}
		} else if i > 0 {
			startBoard(st, pt.Table, boards[0])
			st.Flush()
			assert.True(t, tableOf(t, st.Snapshot(), pt.Table).Hidden, pt.Table)
		}
		r := play(t, st, pt, boards[0])
		st.BoardFinished(&r)
	}
	st.Flush()
	snap := st.Snapshot()
	require.Len(t, snap.Boards, 2, "both matches' board 1, once all four tables are in")
	assert.Equal(t, "A-v-B", snap.Boards[0].Match)
	assert.Equal(t, "C-v-D", snap.Boards[1].Match)
}

func TestRecordsOnDiskAndDuplicates(t *testing.T) {
	t.Parallel()
	boards := engine.SeededBoards("resume", []int{1, 2})
	plan := twoRoomPlan(boards)
	scratch := New(Options{})
	require.NoError(t, scratch.Begin(plan, nil, nil, nil))
	var done []results.Record
	for _, pt := range plan.Tables {
		done = append(done, play(t, scratch, pt, boards[0]))
	}
	half := play(t, scratch, plan.Tables[0], boards[1])
	done = append(done, half)

	st := New(Options{})
	require.NoError(t, st.Begin(plan, done, nil, nil))
	snap := st.Snapshot()
	require.Len(t, snap.Boards, 1, "board 1 has both rooms on disk; board 2 only one")
	assert.Equal(t, 1, snap.Boards[0].Board)
	assert.Equal(t, 3, tableOf(t, snap, plan.Tables[0].Table).Done+tableOf(t, snap, plan.Tables[1].Table).Done)
	for _, s := range secrets(boards[1]) {
		assert.NotContains(t, snapshotText(t, st), s)
	}
	// The same board-room again changes nothing (the first record counts).
	again := done[0]
	st.BoardFinished(&again)
	assert.Len(t, st.Snapshot().Boards, 1)
	assert.Equal(t, 2, st.Snapshot().Event.Public, "board 1's two rooms")

	// A record of a deal the plan does not have is never shown.
	stray := play(t, scratch, plan.Tables[0], engine.SeededBoards("other", []int{9})[0])
	st.BoardFinished(&stray)
	assert.Len(t, st.Snapshot().Boards, 1)
	assert.NotContains(t, snapshotText(t, st), stray.Deal)

	// Nor does a record of a planned deal from a match or room the plan
	// does not have count towards it: board 2 stays hidden.
	for _, id := range []results.Identity{{Event: "ev", Match: "Z-v-Y", Room: "closed", Table: "Z-v-Y/closed/1"}, {Event: "ev", Match: "A-v-B", Room: "third", Table: "A-v-B/closed/1"}} {
		forged := half
		id.Stamp(&forged)
		st.BoardFinished(&forged)
	}
	assert.Len(t, st.Snapshot().Boards, 1)
	for _, s := range secrets(boards[1]) {
		assert.NotContains(t, snapshotText(t, st), s)
	}

	// The closed room's board 2 under another table name (a resumed event
	// with another segment length) counts: board 2 is public.
	other := play(t, scratch, plan.Tables[1], boards[1])
	other.Table = "A-v-B/closed/2"
	st.BoardFinished(&other)
	assert.Len(t, st.Snapshot().Boards, 2)

	assert.Error(t, st.Begin(plan, nil, nil, nil), "an event begins once")
}

func TestSingleTableBoardsArePublicWhenFinished(t *testing.T) {
	t.Parallel()
	boards := engine.SeededBoards("serve", []int{1, 2})
	plan := TablePlan("serve", PlanTable{Table: "1", NSTeam: "NS", EWTeam: "EW", Boards: boards})
	st := New(Options{})
	require.NoError(t, st.Begin(plan, nil, nil, nil))
	st.TableStarted("1")
	startBoard(st, "1", boards[0], engine.Pass)
	st.Flush()
	tv := tableOf(t, st.Snapshot(), "1")
	assert.False(t, tv.Hidden, "no other room plays it")
	assert.Equal(t, []string{"Pass"}, tv.Auction)
	r := play(t, st, plan.Tables[0], boards[0])
	st.BoardFinished(&r)
	st.TableFinished("1", nil)
	st.EventFinished(nil)
	snap := st.Snapshot()
	require.Len(t, snap.Boards, 1)
	assert.Equal(t, "finished", snap.Event.State)
	assert.Equal(t, "finished", tableOf(t, snap, "1").State)
}

func TestWindowAndResume(t *testing.T) {
	t.Parallel()
	boards := engine.SeededBoards("window", []int{1})
	st := New(Options{Window: 8})
	require.NoError(t, st.Begin(twoRoomPlan(boards), nil, nil, nil))
	for i := 0; i < 20; i++ {
		st.TableFinished("A-v-B/open/1", fmt.Errorf("change %d", i)) // a new view each time
		st.Flush()
	}
	st.mu.Lock()
	last := st.seq
	st.mu.Unlock()
	for _, tc := range []struct {
		name   string
		after  uint64
		ok     bool
		events int
	}{
		{"up to date", last, true, 0},
		{"a few behind", last - 3, true, 3},
		{"the whole window", last - 8, true, 8},
		{"out of the window", last - 9, false, 0},
		{"from the start", 0, false, 0},
		{"from the future", last + 1, false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st.mu.Lock()
			evs, ok := st.since(tc.after, nil)
			st.mu.Unlock()
			assert.Equal(t, tc.ok, ok)
			if ok {
				require.Len(t, evs, tc.events)
				for i, e := range evs {
					assert.Equal(t, tc.after+uint64(i)+1, e.Seq)
				}
			}
		})
	}
	for _, tc := range []struct {
		id string
		ok bool
	}{
		{st.id(3), true},
		{"other-3", false},
		{"", false},
		{st.epoch + "-x", false},
		{st.epoch, false},
	} {
		_, ok := st.parseID(tc.id)
		assert.Equal(t, tc.ok, ok, tc.id)
	}
}

func TestAnUnchangedTableIsNotSentAgain(t *testing.T) {
	t.Parallel()
	boards := engine.SeededBoards("quiet", []int{1})
	st := New(Options{})
	plan := twoRoomPlan(boards)
	require.NoError(t, st.Begin(plan, nil, nil, nil))
	st.TableStarted(plan.Tables[1].Table)
	startBoard(st, plan.Tables[1].Table, boards[0])
	st.Flush()
	before := st.Stats().Published
	// The closed room's calls while the open room still has the board:
	// its hidden view does not change, so nothing is sent.
	var b engine.Board
	b.Reset(boards[0])
	for i := 0; i < 3; i++ {
		require.NoError(t, b.Call(b.Auction().SeatOf(i), engine.Pass))
		st.Action(plan.Tables[1].Table, &b)
		st.Flush()
	}
	assert.Equal(t, before, st.Stats().Published)
	st.TableFinished(plan.Tables[1].Table, nil)
	st.Flush()
	assert.Equal(t, before+1, st.Stats().Published)
}

// TestContractResult: a room's result against its contract is the
// engine's, and only for a board played out with a contract.
func TestContractResult(t *testing.T) {
	t.Parallel()
	n := func(v int) *int { return &v }
	for _, tc := range []struct {
		contract string
		tricks   *int
		want     string
	}{
		{"4S", n(10), "="},
		{"4SX", n(11), "+1"},
		{"3NT", n(7), "-2"},
		{"Pass", n(0), ""},
		{"Pass", nil, ""},
		{"4S", nil, ""},
		{"", n(9), ""},
		{"8S", n(9), ""},
	} {
		r := results.Record{Contract: tc.contract, Tricks: tc.tricks}
		assert.Equal(t, tc.want, contractResult(&r), "%s %v", tc.contract, tc.tricks)
	}
}

// lastEvent is the event view the stream sent last.
func lastEvent(t *testing.T, st *State) EventView {
	t.Helper()
	st.mu.Lock()
	evs, _ := st.since(0, nil)
	st.mu.Unlock()
	for i := len(evs) - 1; i >= 0; i-- {
		if evs[i].Name == "event" {
			var ev EventView
			require.NoError(t, json.Unmarshal(evs[i].Data, &ev))
			return ev
		}
	}
	t.Fatal("no event view in the stream")
	return EventView{}
}

// TestStreamedEventCountsFollowThePublicBoards: a page that keeps only the
// stream (no new snapshot) sees the public count grow, for boards found on
// disk after Begin (a resumed event) and boards finished later, once a flush
// has run; an unchanged view is not sent again.
func TestStreamedEventCountsFollowThePublicBoards(t *testing.T) {
	t.Parallel()
	boards := engine.SeededBoards("counts", []int{1, 2})
	plan := twoRoomPlan(boards)
	scratch := New(Options{})
	require.NoError(t, scratch.Begin(plan, nil, nil, nil))
	var recs []results.Record
	for _, b := range boards {
		for _, pt := range plan.Tables {
			recs = append(recs, play(t, scratch, pt, b))
		}
	}

	st := New(Options{})
	require.NoError(t, st.Begin(plan, nil, nil, nil))
	assert.Equal(t, 0, lastEvent(t, st).Public)
	st.BoardFinished(&recs[0]) // on disk: board 1 in both rooms
	st.BoardFinished(&recs[1])
	st.Flush()
	assert.Equal(t, 2, lastEvent(t, st).Public)
	before := streamText(st)
	st.Flush()
	assert.Equal(t, before, streamText(st), "nothing changed, nothing sent")

	st.BoardFinished(&recs[2])
	st.Flush()
	assert.Equal(t, 2, lastEvent(t, st).Public, "board 2 is not public with one room")
	st.BoardFinished(&recs[3])
	st.Flush()
	assert.Equal(t, 4, lastEvent(t, st).Public)
	st.EventFinished(nil)
	ev := lastEvent(t, st)
	assert.Equal(t, EventView{Name: "ev", Kind: "match", State: "finished", Public: 4, Total: 4}, ev)
}

// TestATableWaitingForASeat: a table that has started waits for its
// seats until its first board is dealt; a seat whose connection is lost
// is named until the next board starts; a table that ends waits for none.
func TestATableWaitingForASeat(t *testing.T) {
	t.Parallel()
	boards := engine.SeededBoards("seats", []int{1, 2})
	st := New(Options{})
	plan := Plan{Event: "ev", Kind: "pairs", Tables: []PlanTable{{Table: "t1", Match: "m", Room: "open", NSTeam: "A", EWTeam: "B", Boards: boards}}}
	require.NoError(t, st.Begin(plan, nil, nil, nil))
	view := func() TableView { st.Flush(); return tableOf(t, st.Snapshot(), "t1") }
	assert.False(t, view().WaitingSeat, "not started: waiting for its turn, not for a seat")

	st.TableStarted("t1")
	v := view()
	assert.Equal(t, "playing", v.State)
	assert.True(t, v.WaitingSeat, "started, its bots not seated yet")
	assert.Empty(t, v.LostSeats)

	r := play(t, st, plan.Tables[0], boards[0])
	assert.False(t, view().WaitingSeat, "a board dealt: every seat is taken")
	st.BoardFinished(&r)

	st.SeatLost("t1", engine.South)
	st.SeatLost("t1", engine.South)
	st.SeatLost("t1", engine.West)
	v = view()
	assert.True(t, v.WaitingSeat)
	assert.Equal(t, []string{"S", "W"}, v.LostSeats, "each lost seat once")
	assert.Contains(t, streamText(st), `"waiting_seat":true,"lost_seats":["S","W"]`, "the stream says so")

	startBoard(st, "t1", boards[1])
	v = view()
	assert.False(t, v.WaitingSeat, "the next board started: the seats are back")
	assert.Empty(t, v.LostSeats)

	st.SeatLost("t1", engine.North)
	st.TableFinished("t1", nil)
	v = view()
	assert.Equal(t, "finished", v.State)
	assert.False(t, v.WaitingSeat, "a finished table waits for nobody")
	st.SeatLost("nowhere", engine.North) // a table not in the plan: ignored
}
