package protocol

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"strings"
	"time"
)

// AllowList names the remote addresses that may take a seat: single
// addresses and networks. Loopback addresses are always allowed. The zero
// AllowList (or a nil *AllowList) allows loopback only.
type AllowList struct {
	prefixes []netip.Prefix
}

// ParseAllowList reads addresses ("192.0.2.7", "::1") and networks
// ("192.0.2.0/24", "2001:db8::/32"); entries may also be separated by
// commas. Host names are not accepted: name lookups would make the rule
// depend on a resolver.
func ParseAllowList(entries []string) (*AllowList, error) {
	a := &AllowList{}
	for _, e := range entries {
		for _, f := range strings.Split(e, ",") {
			f = strings.TrimSpace(f)
			if f == "" {
				continue
			}
			if strings.Contains(f, "/") {
				p, err := netip.ParsePrefix(f)
				if err != nil {
					return nil, fmt.Errorf("allow %q: want an address or a network like 192.0.2.0/24: %w", f, err)
				}
				a.prefixes = append(a.prefixes, p.Masked())
				continue
			}
			ip, err := netip.ParseAddr(f)
			if err != nil {
				return nil, fmt.Errorf("allow %q: want an address or a network like 192.0.2.0/24: %w", f, err)
			}
			a.prefixes = append(a.prefixes, netip.PrefixFrom(ip.Unmap(), ip.Unmap().BitLen()))
		}
	}
	return a, nil
}

// Len returns the number of entries beyond loopback.
func (a *AllowList) Len() int {
	if a == nil {
		return 0
	}
	return len(a.prefixes)
}

// Allows reports whether a remote address may take a seat. Addresses that
// are not IP (a pipe) are local and allowed.
func (a *AllowList) Allows(addr net.Addr) bool {
	ip, ok := addrIP(addr)
	if !ok {
		return addr.Network() == "pipe"
	}
	if ip.IsLoopback() {
		return true
	}
	if a == nil {
		return false
	}
	for _, p := range a.prefixes {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}

func addrIP(addr net.Addr) (netip.Addr, bool) {
	switch a := addr.(type) {
	case *net.TCPAddr:
		ip, ok := netip.AddrFromSlice(a.IP)
		return ip.Unmap(), ok
	case *net.UDPAddr:
		ip, ok := netip.AddrFromSlice(a.IP)
		return ip.Unmap(), ok
	}
	ap, err := netip.ParseAddrPort(addr.String())
	if err != nil {
		return netip.Addr{}, false
	}
	return ap.Addr().Unmap(), true
}

// CheckListen refuses a listen address that other machines can reach
// unless an allow list names who may sit: serving beyond loopback is
// always explicit.
func CheckListen(listen string, allow *AllowList) error {
	host, _, err := net.SplitHostPort(listen)
	if err != nil {
		return fmt.Errorf("listen address %q: %w", listen, err)
	}
	if host == "localhost" {
		return nil
	}
	ip, err := netip.ParseAddr(host)
	if err == nil && ip.IsLoopback() {
		return nil
	}
	if allow.Len() == 0 {
		return fmt.Errorf("listen address %q is not loopback: name the addresses or networks that may sit with --allow", listen)
	}
	return nil
}

// Server accepts connections on a listener and hands those from allowed
// addresses to one table. Table limits the connections still in their
// handshake (Config.MaxPending), the line length (MaxLineLength) and the
// time each handshake step may take (Config.HandshakeTimeout), so a
// stranger can neither exhaust the table nor take a seat by idling.
type Server struct {
	Table *Table
	// Allow lists the addresses beyond loopback that may sit; nil allows
	// loopback only.
	Allow *AllowList
	// Logf, if set, is told about refused connections.
	Logf func(format string, args ...any)
}

// Serve accepts connections until ctx ends or the listener is closed; it
// closes the listener when ctx ends and then returns nil.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	stop := context.AfterFunc(ctx, func() { ln.Close() })
	defer stop()
	var backoff time.Duration
	for {
		nc, err := ln.Accept()
		if err != nil {
			if ctx.Err() != nil || errors.Is(err, net.ErrClosed) {
				return nil
			}
			// Out of file descriptors and the like: wait a little.
			if backoff == 0 {
				backoff = 5 * time.Millisecond
			} else if backoff < time.Second {
				backoff *= 2
			}
			if s.Logf != nil {
				s.Logf("accept: %v (retrying in %s)", err, backoff)
			}
			select {
			case <-time.After(backoff):
			case <-ctx.Done():
				return nil
			}
			continue
		}
		backoff = 0
		if !s.Allow.Allows(nc.RemoteAddr()) {
			if s.Logf != nil {
				s.Logf("%s refused: address not allowed", nc.RemoteAddr())
			}
			nc.SetWriteDeadline(time.Now().Add(time.Second))
			nc.Write(append(Refusal{Reason: "this address may not take a seat"}.AppendTo(nil), '\r', '\n'))
			nc.Close()
			continue
		}
		s.Table.Attach(nc)
	}
}
