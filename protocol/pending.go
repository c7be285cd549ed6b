package protocol

import (
	"net/netip"
	"sync"

	"github.com/openroom/openroom/engine"
)

// pendingTotalFactor bounds the connections in their handshake from all
// addresses together, as a multiple of Config.MaxPending (the bound per
// address).
const pendingTotalFactor = 4

// pendingCount counts the connections still in their handshake, per
// remote address, and knows where the lost seats may come back from, so
// that a flood of connections can never lock a returning seat out. Attach
// (any goroutine) admits; Run releases and publishes the lost seats.
type pendingCount struct {
	mu     sync.Mutex
	byAddr map[netip.Addr]int
	total  int
	// returnFrom holds, for each lost seat, the networks it may come
	// back from; nil for seats that are not lost (or are in-process).
	returnFrom [engine.NumSeats][]netip.Prefix
	// home holds, for each seat that has joined the session, the
	// networks it sits at: its configured addresses, else the address
	// it joined from.
	home [engine.NumSeats][]netip.Prefix
}

// admit decides on a new network connection from ip: it is admitted
// while its address has fewer than limit pending and all addresses fewer
// than pendingTotalFactor×limit. A connection from where a lost seat may
// return is admitted past the total bound, and past its address's bound
// up to twice that (then reserve is set: Run makes room for it by
// evicting the oldest connection from the same address that has not
// claimed a seat).
func (p *pendingCount) admit(ip netip.Addr, limit int) (ok, reserve bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := p.byAddr[ip]
	returning := p.mayReturnLocked(ip)
	switch {
	case n < limit && (p.total < pendingTotalFactor*limit || returning):
	case returning && n < 2*limit:
		reserve = true
	default:
		return false, false
	}
	p.addLocked(ip)
	return true, reserve
}

func (p *pendingCount) mayReturnLocked(ip netip.Addr) bool {
	return containsIP(&p.returnFrom, ip)
}

func containsIP(from *[engine.NumSeats][]netip.Prefix, ip netip.Addr) bool {
	if !ip.IsValid() {
		return false
	}
	for _, ps := range from {
		for _, pr := range ps {
			if pr.Contains(ip) {
				return true
			}
		}
	}
	return false
}

// add counts a connection without a check (an in-process bot's).
func (p *pendingCount) add(ip netip.Addr) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.addLocked(ip)
}

func (p *pendingCount) addLocked(ip netip.Addr) {
	if p.byAddr == nil {
		p.byAddr = make(map[netip.Addr]int)
	}
	p.byAddr[ip]++
	p.total++
}

// done releases a connection that left its handshake.
func (p *pendingCount) done(ip netip.Addr) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.byAddr[ip] <= 1 {
		delete(p.byAddr, ip)
	} else {
		p.byAddr[ip]--
	}
	p.total--
}

// setReturn publishes where lost seat s may come back from (nil: it is
// not lost).
func (p *pendingCount) setReturn(s engine.Seat, from []netip.Prefix) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.returnFrom[s] = from
}

// setHome publishes where seat s, ready in the session, sits.
func (p *pendingCount) setHome(s engine.Seat, at []netip.Prefix) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.home[s] = at
}

// isHome reports whether a seat of the session sits at ip or may come
// back from it.
func (p *pendingCount) isHome(ip netip.Addr) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return containsIP(&p.home, ip) || containsIP(&p.returnFrom, ip)
}
