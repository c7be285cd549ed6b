package protocol

import (
	"context"
	"io"
	"net"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/results"
)

// longLineConn writes one over-long line in place of the first line that
// starts with prefix.
type longLineConn struct {
	net.Conn
	prefix string
	done   *atomic.Bool
}

func (c longLineConn) Write(p []byte) (int, error) {
	if strings.HasPrefix(string(p), c.prefix) && c.done.CompareAndSwap(false, true) {
		if _, err := c.Conn.Write([]byte(strings.Repeat("x", MaxLineLength+1) + "\r\n")); err != nil {
			return 0, err
		}
		return len(p), nil
	}
	return c.Conn.Write(p)
}

func TestLongLineInBoardIsProtocolFault(t *testing.T) {
	bots := newBots(9)
	boards := engine.SeededBoards("long", numbers(2))
	var done atomic.Bool
	var local [4]LocalBot
	for s, b := range bots {
		local[s] = func(ctx context.Context, seat engine.Seat, conn net.Conn) error {
			if seat == engine.West {
				// West's first request for a call, on board 1.
				conn = longLineConn{Conn: conn, prefix: "West ready for North's bid", done: &done}
			}
			if err := b.session(ctx, conn); err != errBotSessionOver {
				return err
			}
			return nil
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), testDeadline)
	defer cancel()
	var recs []results.Record
	tbl, err := NewTable(Config{Boards: boards, Local: local, Logf: t.Logf,
		OnBoard: func(r results.Record) error { recs = append(recs, r); return nil }})
	require.NoError(t, err)
	require.NoError(t, tbl.Run(ctx))
	require.True(t, done.Load(), "the long line was sent")
	checkRecords(t, recs, boards)
	assert.Equal(t, results.KindProtocol, recs[0].Termination.Kind)
	assert.Equal(t, engine.West.String(), recs[0].Termination.Seat)
	// Said as an unparseable line is: the reason, then the line's start.
	assert.True(t, strings.HasPrefix(recs[0].Termination.Detail, "unparseable line (line too long: more than 512 bytes): \"xxxx"), recs[0].Termination.Detail)
	assert.Equal(t, results.KindNormal, recs[1].Termination.Kind)
}

func TestSendChecksLines(t *testing.T) {
	a, b := net.Pipe()
	defer b.Close()
	tbl, err := NewTable(Config{Boards: engine.SeededBoards("send", numbers(1))})
	require.NoError(t, err)
	c := &hostConn{nc: a, remote: "pipe", direct: true, t: tbl}
	c.send(StartOfBoard{})
	c.send(Seated{Seat: engine.North, Team: "x\r\nEnd of session"})
	assert.Equal(t, "Start of board\r\n", string(c.wbuf), "the bad line is not queued")
	_, err = a.Write([]byte("x"))
	assert.ErrorIs(t, err, io.ErrClosedPipe, "the connection is cut off")
}
