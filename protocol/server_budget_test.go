package protocol

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
)

func TestAcceptBudget(t *testing.T) {
	b := acceptBudget{limit: 3, window: time.Second}
	a, other := netip.MustParseAddr("192.0.2.7"), netip.MustParseAddr("2001:db8::7")
	t0 := time.Unix(1_000_000, 0)
	for i := range 3 {
		assert.True(t, b.allow(a, t0.Add(time.Duration(i)*time.Millisecond)), "connection %d", i+1)
	}
	assert.False(t, b.allow(a, t0.Add(10*time.Millisecond)), "the fourth in a second")
	assert.False(t, b.allow(a, t0.Add(999*time.Millisecond)), "still in the window")
	assert.True(t, b.allow(other, t0.Add(999*time.Millisecond)), "another address has its own budget")
	assert.True(t, b.allow(a, t0.Add(time.Second)), "a new window")
	assert.True(t, b.allow(a, t0.Add(time.Second)))
	assert.True(t, b.allow(a, t0.Add(time.Second)))
	assert.False(t, b.allow(a, t0.Add(time.Second)))
	assert.True(t, b.allow(a, t0), "a clock that steps back starts a new window")

	// A flood from many addresses: the budget remembers a bounded number
	// of them, and refuses new ones while all of those are live.
	w := acceptBudget{limit: 1, window: time.Second}
	for i := range maxBudgetAddrs {
		ip := netip.AddrFrom4([4]byte{10, byte(i >> 16), byte(i >> 8), byte(i)})
		require.True(t, w.allow(ip, t0))
	}
	assert.False(t, w.allow(a, t0.Add(500*time.Millisecond)), "every remembered address is live")
	assert.True(t, w.allow(a, t0.Add(time.Second)), "the expired ones are forgotten")
	assert.LessOrEqual(t, len(w.byAddr), maxBudgetAddrs)
}

// Beyond its accept budget an address's connections are closed at once,
// before the table hears of them, unless a seat of the session sits at
// that address or may come back from it.
func TestServerAcceptBudget(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), testDeadline)
	defer cancel()
	tbl, err := NewTable(Config{Boards: engine.SeededBoards("budget", numbers(1)), MaxPending: 8})
	require.NoError(t, err)
	runDone := make(chan error, 1)
	go func() { runDone <- tbl.Run(ctx) }()
	defer func() { cancel(); <-runDone }()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	go (&Server{Table: tbl, AcceptBudget: 2, AcceptPause: -1}).Serve(ctx, ln)
	addr := ln.Addr().String()

	hungUp := func(nc net.Conn, wait time.Duration) bool {
		nc.SetReadDeadline(time.Now().Add(wait))
		_, err := nc.Read(make([]byte, 64))
		return err != nil && !errors.Is(err, os.ErrDeadlineExceeded)
	}
	// Three connections at once: the third is over the budget of two.
	var conns []net.Conn
	for range 2 {
		nc, err := dialFrom(ctx, "127.0.0.2", addr)
		require.NoError(t, err)
		defer nc.Close()
		conns = append(conns, nc)
	}
	// The reset may come before the dial returns.
	if nc, err := dialFrom(ctx, "127.0.0.2", addr); err == nil {
		defer nc.Close()
		assert.True(t, hungUp(nc, 5*time.Second), "the connection over the budget was closed")
	} else {
		assert.ErrorIs(t, err, syscall.ECONNRESET)
	}
	// The table waits for the others' Connecting lines.
	assert.False(t, hungUp(conns[0], 100*time.Millisecond), "a connection within the budget was closed")
	assert.False(t, hungUp(conns[1], 100*time.Millisecond), "a connection within the budget was closed")

	// A seat's home address is never held to the budget.
	tbl.pending.setHome(engine.North, []netip.Prefix{netip.MustParsePrefix("127.0.0.2/32")})
	for i := range 3 {
		nc, err := dialFrom(ctx, "127.0.0.2", addr)
		require.NoError(t, err)
		defer nc.Close()
		assert.False(t, hungUp(nc, 100*time.Millisecond), fmt.Sprintf("connection %d from a seat's address was closed", i+1))
	}
}
