//go:build race

package main

import (
	"github.com/openroom/openroom/player"
	"github.com/openroom/openroom/refbot"
	"github.com/openroom/openroom/tournaments/bots"
)

// testPlayers seats run's built-in bots in the tests. Under the race
// detector, which slows refbot's search about ten times, a searching level
// keeps its settings but a sixteenth of its node limits and a quarter of
// its worlds, as its counts (not the clock) bound its search.
func testPlayers(spec bots.Spec, team string) (player.Player, error) {
	if spec.Builtin != bots.BuiltinRefbot {
		return bots.NewBuiltin(spec, team)
	}
	l, err := refbot.ParseLevel(spec.Level)
	if err != nil {
		return nil, err
	}
	p := l.Params()
	p.Nodes, p.LeadNodes = p.Nodes/16, p.LeadNodes/16
	p.Worlds, p.LeadWorlds = max(p.Worlds/4, 2), p.LeadWorlds/4
	return refbot.New(l, refbot.TeamSeed(team), refbot.WithParams(p)), nil
}
