package protocol

import (
	"context"
	"net"

	"github.com/openroom/openroom/player"
)

// PipeBot seats bot at a table over an in-memory pipe speaking the same
// protocol as TCP, so an in-process bot has exactly the information a
// remote one has. It returns the manager's end of the pipe, to be handled
// like an accepted TCP connection, and a channel that receives the
// Client's result (nil after End of session) when it stops. Cancel ctx or
// close the manager's end to stop the bot.
func PipeBot(ctx context.Context, cfg ClientConfig, bot player.Player) (net.Conn, <-chan error) {
	managerEnd, seatEnd := net.Pipe()
	done := make(chan error, 1)
	cl := NewClient(seatEnd, cfg, bot)
	go func() { done <- cl.Run(ctx) }()
	return managerEnd, done
}
