package bots

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot"
)

func TestShowCards(t *testing.T) {
	t.Parallel()
	own, err := refbot.LoadSystem("sayc-lite")
	require.NoError(t, err)
	refbotSpec := func(sys *refbot.System) Spec {
		return Spec{Name: "r", Kind: KindBuiltin, Builtin: BuiltinRefbot, Level: "easy", System: sys}
	}
	command := Spec{Name: "c", Kind: KindCommand, Command: []string{"bot"}}
	var seats [engine.NumSeats]Spec
	seats[engine.North], seats[engine.South] = refbotSpec(own), refbotSpec(own)
	seats[engine.East], seats[engine.West] = refbotSpec(nil), command
	got := ShowCards(seats)

	// North's left-hand opponent is East, a refbot on the default system.
	assert.Same(t, refbot.NewSystem(), got[engine.North].Opponents)
	// East's is South, on its team's system.
	assert.Same(t, own, got[engine.East].Opponents)
	// South's is West, a command bot: no card.
	assert.Nil(t, got[engine.South].Opponents)
	assert.Same(t, own, got[engine.West].Opponents)
	assert.Nil(t, seats[engine.North].Opponents, "the caller's seats are left alone")
}
