package main

import (
	"testing"

	"github.com/openroom/openroom/player"
	"github.com/openroom/openroom/refbot"
	"github.com/openroom/openroom/refbot/simulate"
	"github.com/openroom/openroom/tournaments/bots"
)

// testPlayers seats run's built-in bots in the tests. Under the race
// detector, which slows refbot's search about ten times, and with -short,
// every level bids its system's own calls (expert simulates none) and plays
// its cards as easy does, without searching: these tests are of the
// command, not of the bot. The search
// runs in refbot's own tests and, inside events, in those of package
// tournaments. Otherwise the built-in bots are the real ones.
func testPlayers(spec bots.Spec, team string) (player.Player, error) {
	if spec.Builtin != bots.BuiltinRefbot || !(underRace || testing.Short()) {
		return bots.NewBuiltin(spec, team)
	}
	l, err := refbot.ParseLevel(spec.Level)
	if err != nil {
		return nil, err
	}
	p := l.Params()
	p.Search = false
	return refbot.New(l, refbot.TeamSeed(team), refbot.WithParams(p), refbot.WithJudgement(simulate.Config{})), nil
}
