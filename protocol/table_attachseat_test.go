package protocol

import (
	"context"
	"net"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
)

// seatOnlyTable starts a table of one board whose every connection is
// attached for seat only (as a sandboxed bot's are), and returns the
// address connections come in on.
func seatOnlyTable(t *testing.T, only engine.Seat) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testDeadline)
	tbl, err := NewTable(Config{Boards: engine.SeededBoards("seat", numbers(1)), HandshakeTimeout: 2 * time.Second})
	require.NoError(t, err)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	done := make(chan struct{})
	go func() {
		defer close(done)
		go func() {
			for {
				nc, err := ln.Accept()
				if err != nil {
					return
				}
				tbl.AttachSeat(nc, only)
			}
		}()
		_ = tbl.Run(ctx)
		ln.Close()
	}()
	t.Cleanup(func() {
		cancel()
		ln.Close()
		<-done
	})
	return ln.Addr().String()
}

func TestAttachSeatTakesOnlyItsSeat(t *testing.T) {
	addr := seatOnlyTable(t, engine.East)
	for _, s := range []string{"North", "South", "West"} {
		c := dialRaw(t, addr)
		c.send(`Connecting "A" as ` + s + ` using protocol version 18`)
		c.refused("not allowed")
	}
	c := dialRaw(t, addr)
	c.send(`Connecting "A" as ANYPL using protocol version 18`)
	line, err := c.recv()
	require.NoError(t, err)
	assert.Equal(t, `East ("A") seated`, line, "ANYPL gets the one seat")

	other := dialRaw(t, addr)
	other.send(`Connecting "A" as ANYPL using protocol version 18`)
	other.refused("no free seat")
}
