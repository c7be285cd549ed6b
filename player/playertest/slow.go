package playertest

import (
	"context"
	"time"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/player"
)

// Slow is a player that thinks for Think before each call and card, then
// acts as Player does; for tests that need a board to last a while (an
// interrupt in mid-event, a clock that must run). It stops thinking when
// ctx ends and returns ctx's error.
type Slow struct {
	Player player.Player
	Think  time.Duration
}

// Call waits, then asks Player.
func (s Slow) Call(ctx context.Context, v *engine.View) (engine.Call, string, error) {
	if err := s.wait(ctx); err != nil {
		return 0, "", err
	}
	return s.Player.Call(ctx, v)
}

// Card waits, then asks Player.
func (s Slow) Card(ctx context.Context, v *engine.View) (engine.Card, error) {
	if err := s.wait(ctx); err != nil {
		return 0, err
	}
	return s.Player.Card(ctx, v)
}

func (s Slow) wait(ctx context.Context) error {
	t := time.NewTimer(s.Think)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
