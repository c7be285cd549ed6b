package tournaments

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"

	"github.com/openroom/openroom/player"
	"github.com/openroom/openroom/refbot"
)

// PlayerFactory makes the player of a built-in bot's seat: the bot of a
// spec, playing under a team name. Table runners take one so that a caller
// can seat other Go players (a person's seat, a test's faulty bot) where
// the event names a built-in bot; nil means NewBuiltinBot.
type PlayerFactory func(spec BotSpec, team string) (player.Player, error)

func (f PlayerFactory) make(spec BotSpec, team string) (player.Player, error) {
	if f == nil {
		return NewBuiltinBot(spec, team)
	}
	return f(spec, team)
}

// NewBuiltinBot returns the built-in bot of a spec for a seat playing
// under a team name. A bot's seed comes only from what its seat is told at
// the table (the team name), never from the event's deal seed.
func NewBuiltinBot(spec BotSpec, team string) (player.Player, error) {
	if spec.Kind != BotBuiltin {
		return nil, fmt.Errorf("bot %q is not a built-in bot", spec.Name)
	}
	switch spec.Builtin {
	case BuiltinRandom:
		return player.Random{Seed: team}, nil
	case BuiltinRefbot:
		b, err := refbot.NewBuiltin(spec.Level, teamSeed(team))
		if err != nil {
			return nil, fmt.Errorf("bot %q: %w", spec.Name, err)
		}
		return b, nil
	}
	return nil, fmt.Errorf("bot %q: unknown built-in bot %q", spec.Name, spec.Builtin)
}

// teamSeed derives a bot seed from a team name.
func teamSeed(team string) uint64 {
	h := sha256.Sum256([]byte("openroom/bot-seed/v1\x00" + team))
	return binary.BigEndian.Uint64(h[:8])
}
