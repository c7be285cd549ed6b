package protocol

import "syscall"

// peerState is what a look at a connection shows without reading from it:
// the table's reader goroutine owns the reading, and under load it may not
// yet have reported a close that has already happened.
type peerState uint8

const (
	peerUnknown peerState = iota // no way to tell, or lines still unread
	peerOpen                     // open, with nothing unread
	peerGone                     // closed, by the peer or by the table
)

// peer looks at c's connection: the reader has seen its end, or the socket
// shows the peer's close (or a reset) under a non-blocking peek. A
// connection that is not a socket (a pipe from Attach) cannot be looked
// at.
func (c *hostConn) peer() peerState {
	if c.closed || c.ended.Load() {
		return peerGone
	}
	if c.local {
		return peerOpen // an in-process bot leaves only when the table closes its pipe
	}
	sc, ok := c.nc.(syscall.Conn)
	if !ok {
		return peerUnknown
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return peerGone // closed here already
	}
	return peekPeer(rc)
}
