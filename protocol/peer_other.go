//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package protocol

import "syscall"

// peekPeer cannot peek at a socket here: the table waits for the reader.
func peekPeer(syscall.RawConn) peerState { return peerUnknown }
