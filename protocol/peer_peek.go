//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package protocol

import (
	"errors"
	"syscall"
)

// peekPeer peeks at one byte of a socket without waiting and without
// taking it from the reader. Control, unlike RawConn.Read, does not queue
// behind the reader goroutine's blocked read.
func peekPeer(rc syscall.RawConn) peerState {
	st := peerUnknown
	var b [1]byte
	err := rc.Control(func(fd uintptr) {
		n, _, err := syscall.Recvfrom(int(fd), b[:], syscall.MSG_PEEK|syscall.MSG_DONTWAIT)
		switch {
		case errors.Is(err, syscall.EAGAIN) || errors.Is(err, syscall.EWOULDBLOCK):
			st = peerOpen
		case errors.Is(err, syscall.EINTR):
		case err != nil:
			st = peerGone // reset, or the socket failed
		case n == 0:
			st = peerGone // the peer's orderly close
		}
		// n > 0: lines are waiting; what follows them is the reader's
		// to see.
	})
	if err != nil {
		return peerGone // the table has closed it
	}
	return st
}
