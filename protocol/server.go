package protocol

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"strings"
	"time"

	"github.com/openroom/openroom/allowlist"
	"github.com/openroom/openroom/engine"
)

// ParseSeatAddress reads one `SEAT=ADDRESSES` binding (serve's
// --seat-address) into bound: SEAT is a seat (North, N, ...) or a side
// (NS, N/S, EW, E/W), ADDRESSES one or more comma-separated addresses or
// networks. The entries add to what bound already holds.
func ParseSeatAddress(spec string, bound *[engine.NumSeats][]netip.Prefix) error {
	name, list, ok := strings.Cut(spec, "=")
	if !ok {
		return fmt.Errorf("%q: want SEAT=ADDRESS, like North=192.0.2.7 or NS=192.0.2.0/24", spec)
	}
	seats, err := seatsNamed(name)
	if err != nil {
		return fmt.Errorf("%q: %w", spec, err)
	}
	prefixes, err := ParseAddresses(strings.Split(list, ","))
	if err != nil {
		return err
	}
	if len(prefixes) == 0 {
		return fmt.Errorf("%q: no address given", spec)
	}
	for _, s := range seats {
		bound[s] = append(bound[s], prefixes...)
	}
	return nil
}

// ParseAddresses reads addresses and networks ("192.0.2.7",
// "192.0.2.0/24"; blank entries are skipped), as a seat binding takes them.
func ParseAddresses(entries []string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range entries {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		p, err := allowlist.ParsePrefix(f)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// seatsNamed reads a seat (North, N, ...) or a side (NS, N/S, EW, E/W).
func seatsNamed(name string) ([]engine.Seat, error) {
	switch strings.ToUpper(strings.TrimSpace(name)) {
	case "NS", "N/S":
		return []engine.Seat{engine.North, engine.South}, nil
	case "EW", "E/W":
		return []engine.Seat{engine.East, engine.West}, nil
	}
	s, err := engine.ParseSeat(strings.TrimSpace(name))
	if err != nil {
		return nil, fmt.Errorf("want a seat or a side (NS, EW): %w", err)
	}
	return []engine.Seat{s}, nil
}

// ParseSeatSecret reads one `SEAT=SECRET` (serve's --seat-secret) into
// secrets: SEAT is a seat or a side as for ParseSeatAddress, SECRET one
// word of printable ASCII (no blanks or quotes), which the robot must send
// after the version number of its Connecting line.
func ParseSeatSecret(spec string, secrets *[engine.NumSeats]string) error {
	name, secret, ok := strings.Cut(spec, "=")
	if !ok {
		return errors.New("want SEAT=SECRET, like North=s3cret or NS=s3cret")
	}
	seats, err := seatsNamed(name)
	if err != nil {
		return fmt.Errorf("%q: %w", name, err)
	}
	if err := CheckSecret(secret); err != nil {
		return fmt.Errorf("for %s: %w", strings.TrimSpace(name), err)
	}
	for _, s := range seats {
		secrets[s] = secret
	}
	return nil
}

// CheckSecret accepts a seat secret: one word of printable ASCII without
// quotes. Its error never quotes the secret.
func CheckSecret(secret string) error {
	if secret == "" {
		return errors.New("empty secret")
	}
	for i := 0; i < len(secret); i++ {
		if c := secret[i]; c <= ' ' || c > '~' || c == '"' {
			return errors.New("a secret is one word of printable ASCII, without quotes")
		}
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
	Allow *allowlist.List
	// Logf, if set, is told about refused connections.
	Logf func(format string, args ...any)
	// AcceptBudget bounds the connections one address may open per
	// second (0: DefaultAcceptBudget; negative: no bound). Beyond it a
	// new connection is closed at once, before it costs the table
	// anything, and the accept loop pauses for a moment (AcceptPause) so
	// that a flood is slowed down at the listener. An address a seat of
	// the session sits at or may come back from is never held to it.
	AcceptBudget int
	// AcceptPause is how long the accept loop pauses after a connection
	// over its budget (0: DefaultAcceptPause; negative: no pause). The
	// pause delays the connections queued behind it, so it stays short.
	AcceptPause time.Duration
}

// Defaults for Server.AcceptBudget and Server.AcceptPause.
const (
	DefaultAcceptBudget = 64
	DefaultAcceptPause  = time.Millisecond
)

// acceptBudget counts the connections each address opened in the
// current window (one second). It is used by the accept loop only.
type acceptBudget struct {
	limit  int
	window time.Duration
	byAddr map[netip.Addr]*budgetWindow
	swept  time.Time // when expired windows were last forgotten (at most 16 times a window)
}

type budgetWindow struct {
	start time.Time
	n     int
}

// maxBudgetAddrs bounds the addresses the budget remembers before it
// forgets the expired windows (a flood from many addresses).
const maxBudgetAddrs = 4096

// allow counts a connection from ip at now and reports whether ip is
// within its budget.
func (b *acceptBudget) allow(ip netip.Addr, now time.Time) bool {
	if b.byAddr == nil {
		b.byAddr = make(map[netip.Addr]*budgetWindow)
	}
	w := b.byAddr[ip]
	if w == nil {
		if len(b.byAddr) >= maxBudgetAddrs && (now.Sub(b.swept) >= b.window/16 || now.Before(b.swept)) {
			for a, o := range b.byAddr {
				if now.Sub(o.start) >= b.window {
					delete(b.byAddr, a)
				}
			}
			b.swept = now
		}
		if len(b.byAddr) >= maxBudgetAddrs {
			return false // all remembered addresses are live: a wide flood
		}
		w = &budgetWindow{start: now}
		b.byAddr[ip] = w
	}
	if now.Sub(w.start) >= b.window || now.Before(w.start) {
		w.start, w.n = now, 0
	}
	w.n++
	return w.n <= b.limit
}

// Serve accepts connections until ctx ends or the listener is closed; it
// closes the listener when ctx ends and then returns nil.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	stop := context.AfterFunc(ctx, func() { ln.Close() })
	defer stop()
	var backoff time.Duration
	budget := acceptBudget{limit: s.AcceptBudget, window: time.Second}
	if budget.limit == 0 {
		budget.limit = DefaultAcceptBudget
	}
	pause := s.AcceptPause
	if pause == 0 {
		pause = DefaultAcceptPause
	}
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
		if ip, ok := allowlist.AddrIP(nc.RemoteAddr()); ok && budget.limit > 0 &&
			!budget.allow(ip, time.Now()) && !s.Table.seatHome(ip) {
			// Over budget: hang up at once (a reset: no goodbye, no
			// TIME_WAIT), and pause, so a flood waits at the listener.
			if tc, ok := nc.(*net.TCPConn); ok {
				tc.SetLinger(0)
			}
			nc.Close()
			if pause > 0 {
				select {
				case <-time.After(pause):
				case <-ctx.Done():
					return nil
				}
			}
			continue
		}
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

// seatHome reports whether a seat of the session sits at ip or may come
// back from it: such an address is never held to the accept budget.
func (t *Table) seatHome(ip netip.Addr) bool {
	return t.pending.isHome(ip)
}
