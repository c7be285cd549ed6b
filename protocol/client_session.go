package protocol

import (
	"context"
	"errors"
	"fmt"
	"net"
	"time"

	"github.com/openroom/openroom/player"
)

// DialFunc opens a new connection to a table manager.
type DialFunc func(ctx context.Context) (net.Conn, error)

// DialTCP returns a DialFunc that connects to a TCP address such as
// "127.0.0.1:2000".
func DialTCP(addr string) DialFunc {
	return func(ctx context.Context) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, "tcp", addr)
	}
}

// SessionReconnectTimeout is how long RunSession keeps trying to get its
// seat back when given no limit.
const SessionReconnectTimeout = 30 * time.Second

// RunSession plays a whole session for bot: it connects with dial, runs a
// Client, and whenever the connection ends before End of session (the
// manager stopped a board and closed the seat, or the network broke) it
// connects again and asks for the same seat, until End of session. It
// gives up when it cannot get back within reconnectTimeout (0 means
// SessionReconnectTimeout) of losing the seat. Errors other than a
// disconnect (a refusal of the first connection, a protocol error, a bot
// error) end it at once. It returns the number of boards finished over all
// connections.
func RunSession(ctx context.Context, dial DialFunc, cfg ClientConfig, bot player.Player, reconnectTimeout time.Duration) (boards int, err error) {
	if reconnectTimeout <= 0 {
		reconnectTimeout = SessionReconnectTimeout
	}
	var giveUp time.Time // zero until the first seat is lost
	backoff := 10 * time.Millisecond
	var last error
	for {
		if !giveUp.IsZero() && time.Now().After(giveUp) {
			return boards, fmt.Errorf("protocol: could not get the seat back within %v: %w", reconnectTimeout, last)
		}
		nc, err := dial(ctx)
		switch {
		case err != nil && giveUp.IsZero():
			return boards, fmt.Errorf("protocol: connect: %w", err)
		case err != nil:
			last = err
		default:
			cl := NewClient(nc, cfg, bot)
			err = cl.Run(ctx)
			boards += cl.Boards()
			if err == nil || ctx.Err() != nil {
				return boards, err
			}
			if cl.Seated() {
				// Ask for the very seat we had: ANYPL could land elsewhere.
				cfg.Seat, cfg.AnySeat = cl.Seat(), false
				giveUp = time.Now().Add(reconnectTimeout)
				backoff = 10 * time.Millisecond
			}
			switch {
			case errors.Is(err, ErrDisconnected):
			case errors.Is(err, ErrRefused) && !giveUp.IsZero():
				// The manager may not have freed our seat yet.
			default:
				return boards, err
			}
			last = err
		}
		select {
		case <-ctx.Done():
			return boards, ctx.Err()
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, 500*time.Millisecond)
	}
}
