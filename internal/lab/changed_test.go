package lab

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot/bidding"
	"github.com/openroom/openroom/results"
)

// lightOpenings is SAYC-lite with one-level major openings on 11 HCP and
// a five-four shape, the change the tests measure.
func lightOpenings(t *testing.T) *bidding.System {
	t.Helper()
	src, err := bidding.BuiltinSource("sayc-lite")
	require.NoError(t, err)
	anchor := "1C \"3+ clubs: 11 HCP, six-five\"  hcp 11 points 14.. len C 5..6\n"
	require.Contains(t, string(src), anchor)
	light := anchor + "1S \"5 spades: 11 HCP, a four-card side suit\"  hcp 11 len S 5 when len(H) >= 4 or len(D) >= 4 or len(C) >= 4\n"
	s, err := bidding.Load("light.bid", []byte(strings.Replace(string(src), anchor, light, 1)))
	require.NoError(t, err)
	return s
}

// room is a recorded board-room of a match between team R (refbot, the
// seats given) and BEN: North deals, and the calls and cards are given.
func room(board int, roomName string, refbotNS bool, deal string, calls string, play []string, scoreNS int) results.Record {
	players := results.Seats{N: "ben", E: "builtin:refbot:expert", S: "ben", W: "builtin:refbot:expert"}
	if refbotNS {
		players = results.Seats{N: "builtin:refbot:expert", E: "ben", S: "builtin:refbot:expert", W: "ben"}
	}
	r := results.Record{Match: "BEN-v-R", Room: roomName, Board: board, Dealer: "N", Vulnerable: "None", Deal: deal,
		Players: players, Play: play, ScoreNS: &scoreNS}
	for _, c := range strings.Fields(calls) {
		r.Auction = append(r.Auction, results.Call{Call: c})
	}
	return r
}

// North holds 11 HCP with five spades and four hearts.
const lightDeal = "N:AQ952.K843.Q5.72 KJ7.AQ5.J843.K95 T86.J92.K762.QJ8 43.T76.AT9.AT643"

func TestChangedBoardsFindsTheFirstCallThatChanges(t *testing.T) {
	t.Parallel()
	before, err := bidding.Builtin("sayc-lite")
	require.NoError(t, err)
	after := lightOpenings(t)
	recs := []results.Record{
		// refbot holds North: it passed, the change opens 1S.
		room(1, "closed", true, lightDeal, "Pass 1NT Pass 3NT Pass Pass Pass", nil, -400),
		// BEN holds North: no refbot seat has the hand.
		room(1, "open", false, lightDeal, "1S X Pass 2D Pass Pass Pass", nil, -90),
	}
	changed, err := ChangedBoards(before, after, recs, IsRefbot)
	require.NoError(t, err)
	require.Len(t, changed, 1)
	assert.Equal(t, "closed", changed[0].Record.Room)
	assert.Equal(t, 0, changed[0].At)
	assert.Equal(t, engine.Pass, changed[0].Before)
	assert.Equal(t, engine.Bid(1, engine.StrainSpades), changed[0].After)
	assert.True(t, changed[0].AsRecorded, "the change is at the first call")

	// North, the bot's, passed a 1NT opening as recorded, and South's
	// 11-count changes after it: the record was not the system before's.
	rotated := "N:KJ7.AQ5.J843.K95 T86.J92.K762.QJ8 AQ952.K843.Q5.72 43.T76.AT9.AT643"
	odd := []results.Record{room(3, "closed", true, rotated, "Pass Pass Pass Pass", nil, 0)}
	changed, err = ChangedBoards(before, after, odd, IsRefbot)
	require.NoError(t, err)
	require.Len(t, changed, 1)
	assert.Equal(t, 2, changed[0].At)
	assert.False(t, changed[0].AsRecorded)

	same, err := ChangedBoards(before, before, recs, IsRefbot)
	require.NoError(t, err)
	assert.Empty(t, same, "a system compared with itself changes nothing")

	bad := []results.Record{room(2, "open", false, lightDeal, "Pass 9Z", nil, 0)}
	_, err = ChangedBoards(before, after, bad, IsRefbot)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "board 2 open")
}

func TestCompareReplayPairsTheChangedRooms(t *testing.T) {
	t.Parallel()
	play := []string{"SA"}
	recorded := []results.Record{
		// Board 1, from refbot's side: -400 in the closed room (NS there), +90 in the open.
		room(1, "closed", true, lightDeal, "Pass 1NT Pass 3NT Pass Pass Pass", play, -400),
		room(1, "open", false, lightDeal, "1S X Pass 2D Pass Pass Pass", play, -90),
		// Board 2, not replayed: a push.
		room(2, "closed", true, lightDeal, "Pass Pass Pass Pass", nil, 0),
		room(2, "open", false, lightDeal, "Pass Pass Pass Pass", nil, 0),
	}
	changed := []ChangedRoom{{Record: &recorded[0], At: 0, Before: engine.Pass, After: engine.Bid(1, engine.StrainSpades)}}
	replayed := []results.Record{
		// The changed room: refbot opens and goes plus 140.
		room(1, "closed", true, lightDeal, "1S Pass 2S Pass Pass Pass", play, 140),
		room(1, "open", false, lightDeal, "1S X Pass 2D Pass Pass Pass", play, -90),
	}
	rep, err := CompareReplay(recorded, replayed, changed, IsRefbot)
	require.NoError(t, err)
	require.Len(t, rep.Boards, 1)
	b := rep.Boards[0]
	assert.Equal(t, engine.IMPs(-400+90), b.Recorded)
	assert.Equal(t, engine.IMPs(140+90), b.Replayed)
	assert.Equal(t, 1, b.Unchanged)
	assert.Equal(t, 1, b.Reproduced)
	assert.Equal(t, 2, rep.Total)
	d := b.Replayed - b.Recorded
	assert.InDelta(t, float64(d)/2, rep.Mean, 1e-9, "the board not replayed counts as a push")
	assert.Equal(t, d, rep.Gained)
	assert.Zero(t, rep.Lost)

	// The open room replayed otherwise: the pairing does not hold, and the
	// report says so.
	replayed[1] = room(1, "open", false, lightDeal, "1S Pass Pass Pass", play, 140)
	rep, err = CompareReplay(recorded, replayed, changed, IsRefbot)
	require.NoError(t, err)
	assert.Equal(t, 1, rep.Boards[0].Unchanged)
	assert.Zero(t, rep.Boards[0].Reproduced)
	assert.Equal(t, 1, rep.Boards[0].BotFirst, "East, refbot's seat in the open room, called otherwise first")
	assert.Zero(t, rep.Boards[0].OtherFirst)

	// North, BEN's seat there, opens otherwise: the other program first.
	replayed[1] = room(1, "open", false, lightDeal, "1H X Pass 2D Pass Pass Pass", play, -90)
	rep, err = CompareReplay(recorded, replayed, changed, IsRefbot)
	require.NoError(t, err)
	assert.Equal(t, 1, rep.Boards[0].OtherFirst)

	_, err = CompareReplay(recorded, replayed[:1], changed, IsRefbot)
	require.Error(t, err, "one room of a board replayed")
	assert.Contains(t, err.Error(), "one room of two")
}

func TestMeanInterval(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		diffs      []int
		total      int
		mean, half float64
	}{
		{"nothing played", nil, 0, 0, 0},
		{"all zero", nil, 4, 0, 0},
		// values 4, 0, 0, 0: mean 1, sample variance (16 - 4) / 3 = 4.
		{"one board of four", []int{4}, 4, 1, 1.96 * 1},
		{"one board alone", []int{-3}, 1, -3, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			mean, half := MeanInterval(tc.diffs, tc.total)
			assert.InDelta(t, tc.mean, mean, 1e-9)
			assert.InDelta(t, tc.half, half, 1e-9)
		})
	}
}

func TestOverlayPutsTheControlInPlaceOfTheRecord(t *testing.T) {
	t.Parallel()
	recorded := []results.Record{
		room(1, "closed", true, lightDeal, "Pass Pass Pass Pass", nil, 0),
		room(1, "open", false, lightDeal, "Pass Pass Pass Pass", nil, 0),
		room(2, "closed", true, lightDeal, "Pass Pass Pass Pass", nil, 0),
	}
	control := []results.Record{room(1, "open", false, lightDeal, "1S Pass Pass Pass", nil, 140)}
	got := Overlay(recorded, control)
	require.Len(t, got, 3)
	assert.Equal(t, 140, *got[1].ScoreNS, "the control's room replaces the record's")
	assert.Equal(t, 0, *got[0].ScoreNS, "the other room of the board stays as recorded")
	assert.Equal(t, 2, got[2].Board)
	assert.Equal(t, 0, *recorded[1].ScoreNS, "the record is not changed")
}

func TestFirstOtherwiseNamesWhoseCardDiffers(t *testing.T) {
	t.Parallel()
	// 2D by West: North leads, so North's card is the first to differ.
	calls := "1S X Pass 2D Pass Pass Pass"
	a := room(1, "closed", true, lightDeal, calls, []string{"SA"}, -90)
	b := room(1, "closed", true, lightDeal, calls, []string{"HK"}, -90)
	assert.Equal(t, botFirst, firstOtherwise(&a, &b, IsRefbot), "North is refbot's in the closed room")
	a.Players, b.Players = room(1, "open", false, lightDeal, calls, nil, 0).Players, room(1, "open", false, lightDeal, calls, nil, 0).Players
	assert.Equal(t, otherFirst, firstOtherwise(&a, &b, IsRefbot), "and BEN's in the open room")
	assert.Equal(t, alike, firstOtherwise(&a, &a, IsRefbot))
}
