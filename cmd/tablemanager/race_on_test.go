//go:build race

package main

import (
	"github.com/openroom/openroom/player"
	"github.com/openroom/openroom/refbot"
	"github.com/openroom/openroom/tournaments/bots"
)

// testPlayers seats run's built-in bots in the tests. Under the race
// detector, which slows refbot's search about ten times, a searching level
// keeps its settings but a sixty-fourth of its node limits and an eighth
// of its worlds, as its counts (not the clock) bound its search: these
// tests are of the command, not of the bot's strength.
func testPlayers(spec bots.Spec, team string) (player.Player, error) {
	if spec.Builtin != bots.BuiltinRefbot {
		return bots.NewBuiltin(spec, team)
	}
	l, err := refbot.ParseLevel(spec.Level)
	if err != nil {
		return nil, err
	}
	p := l.Params()
	p.Nodes, p.LeadNodes = p.Nodes/64, p.LeadNodes/64
	p.Worlds, p.LeadWorlds = max(p.Worlds/8, 2), max(p.LeadWorlds/8, 2)
	return refbot.New(l, refbot.TeamSeed(team), refbot.WithParams(p)), nil
}
