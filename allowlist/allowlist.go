// Package allowlist holds the rule of who may connect to what the table
// manager serves (a table's seats, the web pages): loopback always, other
// addresses only when an allow list names them, and a listener beyond
// loopback only with such a list.
package allowlist

import (
	"fmt"
	"net"
	"net/netip"
	"strings"
)

// List names the remote addresses that may connect (take a seat, open a
// page): single addresses and networks. Loopback addresses are always
// allowed. The zero List (or a nil *List) allows loopback only.
type List struct {
	prefixes []netip.Prefix
}

// Parse reads addresses ("192.0.2.7", "::1") and networks
// ("192.0.2.0/24", "2001:db8::/32"); entries may also be separated by
// commas. Host names are not accepted: name lookups would make the rule
// depend on a resolver.
func Parse(entries []string) (*List, error) {
	a := &List{}
	for _, f := range Entries(entries) {
		p, err := ParsePrefix(f)
		if err != nil {
			return nil, fmt.Errorf("allow %w", err)
		}
		a.prefixes = append(a.prefixes, p)
	}
	return a, nil
}

// Entries returns the entries of a repeated flag whose values may also be
// comma-separated lists, trimmed, without empty ones.
func Entries(values []string) []string {
	var out []string
	for _, v := range values {
		for _, f := range strings.Split(v, ",") {
			if f = strings.TrimSpace(f); f != "" {
				out = append(out, f)
			}
		}
	}
	return out
}

// ParsePrefix reads an address (a network of one) or a network.
func ParsePrefix(f string) (netip.Prefix, error) {
	if strings.Contains(f, "/") {
		p, err := netip.ParsePrefix(f)
		if err != nil {
			return netip.Prefix{}, fmt.Errorf("%q: want an address or a network like 192.0.2.0/24: %w", f, err)
		}
		if p.Addr().Is4In6() {
			p = netip.PrefixFrom(p.Addr().Unmap(), max(0, p.Bits()-96))
		}
		return p.Masked(), nil
	}
	ip, err := netip.ParseAddr(f)
	if err != nil {
		return netip.Prefix{}, fmt.Errorf("%q: want an address or a network like 192.0.2.0/24: %w", f, err)
	}
	ip = ip.Unmap()
	return netip.PrefixFrom(ip, ip.BitLen()), nil
}

// Len returns the number of entries beyond loopback.
func (a *List) Len() int {
	if a == nil {
		return 0
	}
	return len(a.prefixes)
}

// Allows reports whether a remote address may connect. Addresses that
// are not IP (a pipe) are local and allowed.
func (a *List) Allows(addr net.Addr) bool {
	ip, ok := AddrIP(addr)
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

// AddrIP returns the IP address of a network address, unmapped from
// IPv6 when it is IPv4; ok is false for an address that is not IP (a pipe).
func AddrIP(addr net.Addr) (netip.Addr, bool) {
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
func CheckListen(listen string, allow *List) error {
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
