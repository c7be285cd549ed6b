package tournaments

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/player"
	"github.com/openroom/openroom/results"
	"github.com/openroom/openroom/tournaments/bots"
)

// faultyPlayer plays like the random bot except at one point of one board,
// where it fails in the way named. It keeps no state, so the protocol
// runner's restart of the seat's bot after the fault changes nothing.
type faultyPlayer struct {
	player.Random
	board int    // the board it fails on
	how   string // "call" (an illegal call), "card" (a card it does not hold) or "error"
}

func (f faultyPlayer) Call(ctx context.Context, v *engine.View) (engine.Call, string, error) {
	if v.Number == f.board {
		switch f.how {
		case "call":
			return engine.Redouble, "", nil // nobody has doubled
		case "error":
			return 0, "", errors.New("out of memory")
		}
	}
	return f.Random.Call(ctx, v)
}

func (f faultyPlayer) Card(ctx context.Context, v *engine.View) (engine.Card, error) {
	if v.Number == f.board {
		switch f.how {
		case "card":
			hand := v.Hand | v.Play.Played()
			for c := engine.NewCard(engine.Clubs, engine.Two); ; c++ {
				if c.Valid() && !hand.Has(c) {
					return c, nil
				}
			}
		case "error":
			return 0, errors.New("out of memory")
		}
	}
	return f.Random.Card(ctx, v)
}

// TestFaultRecordsIdenticalInBothRunners plays the same match in-process
// (the referee) and over the wire protocol (the table host, with the bots
// on pipes), with East's bot failing on boards 2 to 4, and asserts that
// both runners write the same records: the same auction and play up to the
// fault, the same termination (kind, seat and detail), adjusted scores and
// identity. Only think times differ.
func TestFaultRecordsIdenticalInBothRunners(t *testing.T) {
	t.Parallel()
	faults := map[int]string{2: "call", 3: "card", 4: "error"}
	factory := func(spec bots.Spec, team string) (player.Player, error) {
		p, err := bots.NewBuiltin(spec, team)
		if err != nil || spec.Name != "B1" {
			return p, err
		}
		// B1 sits East in the open room and North in the closed room.
		return &faultySeat{faultyPlayer{Random: player.Random{Seed: team}}, faults}, nil
	}
	sim := testEvent(t, ScheduleMatch, 2, 5, 5, "")
	runEvent(t, sim, Options{Runner: SimRunner{NewPlayer: factory}})
	ev := testEvent(t, ScheduleMatch, 2, 5, 5, "")
	pr := protoRunner(t)
	pr.NewPlayer = factory
	runEvent(t, ev, Options{Runner: pr})

	want, got := readRecords(t, sim.Out), readRecords(t, ev.Out)
	require.Len(t, got, 10)
	require.Len(t, want, 10)
	kinds := map[string]int{}
	for i := range want {
		w, g := want[i], got[i]
		w.TimeMS, g.TimeMS = results.SideTimes{}, results.SideTimes{}
		assert.Equal(t, w, g, "board %d %s", w.Board, w.Room)
		kinds[w.Termination.Kind]++
		if kind, ok := faults[w.Board]; ok {
			seat := "E"
			if w.Room == RoomClosed {
				seat = "N"
			}
			assert.Equal(t, seat, w.Termination.Seat, "board %d %s", w.Board, w.Room)
			wantKind := results.KindIllegal
			if kind == "error" {
				wantKind = results.KindDisconnect
			}
			assert.Equal(t, wantKind, w.Termination.Kind, "board %d %s", w.Board, w.Room)
			require.NotNil(t, w.Adjusted)
			assert.Nil(t, w.ScoreNS)
		}
	}
	assert.Equal(t, map[string]int{results.KindNormal: 4, results.KindIllegal: 4, results.KindDisconnect: 2}, kinds)
}

// faultySeat fails on the boards of its map only; elsewhere it is random.
type faultySeat struct {
	faultyPlayer
	faults map[int]string
}

func (f *faultySeat) at(v *engine.View) faultyPlayer {
	p := f.faultyPlayer
	p.board, p.how = v.Number, f.faults[v.Number]
	return p
}

func (f *faultySeat) Call(ctx context.Context, v *engine.View) (engine.Call, string, error) {
	return f.at(v).Call(ctx, v)
}

func (f *faultySeat) Card(ctx context.Context, v *engine.View) (engine.Card, error) {
	return f.at(v).Card(ctx, v)
}
