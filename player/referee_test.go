package player_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/player"
	"github.com/openroom/openroom/player/playertest"
)

// scripted plays Instant's plan but alerts its opening bid and misbehaves
// in the way named at the given seat's first action.
type scripted struct {
	playertest.Instant
	how string // "", "call", "card", "error", "cancel"
}

func (s scripted) Call(ctx context.Context, v *engine.View) (engine.Call, string, error) {
	switch s.how {
	case "call":
		return engine.Redouble, "", nil
	case "error":
		return 0, "", errors.New("boom")
	}
	c, _, err := s.Instant.Call(ctx, v)
	if c.IsBid() {
		return c, "could be short", err
	}
	return c, "", err
}

func (s scripted) Card(ctx context.Context, v *engine.View) (engine.Card, error) {
	switch s.how {
	case "card":
		for c := engine.NewCard(engine.Clubs, engine.Two); ; c++ {
			if c.Valid() && !v.Hand.Has(c) && !v.Play.Played().Has(c) {
				return c, nil
			}
		}
	case "cancel":
		return 0, context.Canceled
	}
	return s.Instant.Card(ctx, v)
}

func TestRefereePlaysABoard(t *testing.T) {
	deal := engine.NewDealSource("referee").Deal(1)
	var r player.Referee
	for s := range r.Players {
		r.Players[s] = scripted{}
	}
	b := engine.NewBoard(1, deal)
	o, err := r.Play(context.Background(), b)
	require.NoError(t, err)
	assert.Equal(t, engine.Outcome{Kind: engine.Played}, o)
	assert.Equal(t, engine.PhaseDone, b.Phase())
	assert.Equal(t, 52, b.Play().Len())
	assert.Equal(t, []string{"could be short", "", "", ""}, r.Alerts())

	// From a board whose auction was begun elsewhere: the calls made
	// before have no alert text, and the referee goes on from there.
	b = engine.NewBoard(2, deal)
	require.NoError(t, b.Call(engine.East, engine.Bid(1, engine.StrainHearts)))
	o, err = r.Play(context.Background(), b)
	require.NoError(t, err)
	assert.Equal(t, engine.Played, o.Kind)
	c, _ := b.Contract()
	assert.Equal(t, "1H", c.String())
	assert.Equal(t, []string{"", "", "", ""}, r.Alerts())
}

func TestRefereePassOut(t *testing.T) {
	var r player.Referee
	for s := range r.Players {
		r.Players[s] = player.Random{Seed: "x"}
	}
	b := engine.NewBoard(1, engine.NewDealSource("pass").Deal(1))
	for range 4 {
		s, _ := b.Turn()
		require.NoError(t, b.Call(s, engine.Pass))
	}
	o, err := r.Play(context.Background(), b)
	require.NoError(t, err)
	assert.Equal(t, engine.Outcome{Kind: engine.PassedOut}, o)
}

func TestRefereeFaults(t *testing.T) {
	deal := engine.NewDealSource("referee").Deal(1)
	tests := []struct {
		how  string
		seat engine.Seat // the misbehaving seat
		kind engine.OutcomeKind
		text string
	}{
		{"call", engine.East, engine.IllegalAction, "East's player: called XX: illegal action"},
		{"error", engine.South, engine.Disconnect, "South's player: call: boom"},
		{"card", engine.East, engine.IllegalAction, "East's player: played"},
	}
	for _, tc := range tests {
		t.Run(tc.how, func(t *testing.T) {
			var r player.Referee
			for s := range r.Players {
				r.Players[s] = scripted{}
			}
			r.Players[tc.seat] = scripted{how: tc.how}
			b := engine.NewBoard(1, deal)
			o, err := r.Play(context.Background(), b)
			require.NoError(t, err)
			assert.Equal(t, tc.kind, o.Kind)
			assert.Equal(t, engine.SeatsOf(tc.seat), o.AtFault)
			assert.Contains(t, o.Detail, tc.text)
			assert.Equal(t, engine.AverageMinus, o.Adjustment(tc.seat.Side()))
			assert.Equal(t, engine.AveragePlus, o.Adjustment(tc.seat.Side().Other()))
		})
	}
}

func TestRefereeStopsWithContext(t *testing.T) {
	var r player.Referee
	for s := range r.Players {
		r.Players[s] = scripted{how: "cancel"}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := r.Play(ctx, engine.NewBoard(1, engine.NewDealSource("ctx").Deal(1)))
	assert.ErrorIs(t, err, context.Canceled)
}

func TestPlayBoardReportsFaults(t *testing.T) {
	players := [engine.NumSeats]player.Player{scripted{}, scripted{how: "call"}, scripted{}, scripted{}}
	err := player.PlayBoard(context.Background(), engine.NewBoard(1, engine.NewDealSource("pb").Deal(1)), players)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "illegal fault by East")
}

func TestFailureOutcome(t *testing.T) {
	f := &player.Failure{Seat: engine.West, Err: errors.New("gone")}
	assert.Equal(t, engine.Fault(engine.Disconnect, "West's player: gone", engine.West), f.Outcome())
	f = &player.Failure{Seat: engine.North, Err: player.ErrIllegalAction}
	assert.Equal(t, engine.IllegalAction, f.Outcome().Kind)
	assert.ErrorIs(t, f, player.ErrIllegalAction)
}
