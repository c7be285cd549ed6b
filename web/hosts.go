package web

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"

	"github.com/openroom/openroom/allowlist"
)

// Hosts is the set of names a page answers to besides its own loopback
// names. A page always answers to "localhost", a loopback address and the
// address the connection arrived at, each with the port it is served on
// (a browser sends the port whenever it is not the scheme's default):
// DNS cannot rebind any of them. Names under .localhost are not among
// them (only some browsers keep them off DNS); give them as entries. A
// request that names anything else (a foreign name that resolves to the
// page's address: DNS rebinding) is answered 421 Misdirected Request.
//
// The zero Hosts (or a nil *Hosts) answers to the loopback names only.
type Hosts struct {
	entries []hostEntry
}

type hostEntry struct {
	host string // lower case, no trailing dot; an address in canonical form
	port string // "" means any port
}

// ParseHosts reads names and addresses, each with an optional port
// ("table.example", "table.example:8080", "192.0.2.7", "[2001:db8::7]:80",
// "2001:db8::7"); entries may also be separated by commas. An entry
// without a port matches the name with any port (as a reverse proxy
// forwards it); an entry with a port matches that port only. Wildcards are
// not accepted.
func ParseHosts(entries []string) (*Hosts, error) {
	hs := &Hosts{}
	for _, f := range allowlist.Entries(entries) {
		he, err := parseHostEntry(f)
		if err != nil {
			return nil, fmt.Errorf("host %q: %w", f, err)
		}
		hs.entries = append(hs.entries, he)
	}
	return hs, nil
}

func parseHostEntry(s string) (hostEntry, error) {
	if a, err := netip.ParseAddr(s); err == nil { // a bare address, IPv6 too
		return hostEntry{host: a.Unmap().String()}, nil
	}
	host, port := s, ""
	if h, p, err := net.SplitHostPort(s); err == nil {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 65535 {
			return hostEntry{}, fmt.Errorf("port %q: want a number from 1 to 65535", p)
		}
		host, port = h, strconv.Itoa(n)
	} else if strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") {
		host = s[1 : len(s)-1]
	}
	if a, err := netip.ParseAddr(host); err == nil {
		if a.Zone() != "" {
			return hostEntry{}, errors.New("an address with a zone cannot be a page's name")
		}
		return hostEntry{host: a.Unmap().String(), port: port}, nil
	}
	name, ok := canonicalName(host)
	if !ok {
		return hostEntry{}, errors.New("want a DNS name (letters, digits, - and .) or an IP address, with an optional :PORT")
	}
	return hostEntry{host: name, port: port}, nil
}

// canonicalName lower-cases a DNS name and drops its trailing dot; ok is
// false for anything that is not one.
func canonicalName(s string) (string, bool) {
	s = strings.TrimSuffix(strings.ToLower(s), ".")
	if s == "" || len(s) > 253 {
		return "", false
	}
	for _, label := range strings.Split(s, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return "", false
		}
		for _, c := range label {
			if (c < 'a' || c > 'z') && (c < '0' || c > '9') && c != '-' && c != '_' {
				return "", false
			}
		}
	}
	return s, true
}

// allows says whether hostport (a Host header, or an origin's host with
// defaultPort its scheme's) names the page served on port of local.
func (hs *Hosts) allows(hostport, defaultPort string, local netip.AddrPort) bool {
	host, port := hostport, defaultPort
	if h, p, err := net.SplitHostPort(hostport); err == nil {
		host, port = h, p
	} else if strings.HasPrefix(hostport, "[") && strings.HasSuffix(hostport, "]") {
		host = hostport[1 : len(hostport)-1]
	}
	n, err := strconv.Atoi(port)
	if err != nil || n < 1 || n > 65535 {
		return false
	}
	port = strconv.Itoa(n)
	if a, err := netip.ParseAddr(host); err == nil {
		if a.Zone() != "" {
			return false
		}
		host = a.Unmap().String()
		if local.IsValid() && port == strconv.Itoa(int(local.Port())) &&
			(a.Unmap().IsLoopback() || a.Unmap() == local.Addr().Unmap()) {
			return true
		}
	} else {
		name, ok := canonicalName(host)
		if !ok {
			return false
		}
		host = name
		if host == "localhost" && local.IsValid() && port == strconv.Itoa(int(local.Port())) {
			return true
		}
	}
	if hs == nil {
		return false
	}
	for _, e := range hs.entries {
		if e.host == host && (e.port == "" || e.port == port) {
			return true
		}
	}
	return false
}

// allowsOrigin says whether an Origin header names the page: http or
// https, and a host the page answers to.
func (hs *Hosts) allowsOrigin(origin string, local netip.AddrPort) bool {
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" || u.User != nil || (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" {
		return false
	}
	switch u.Scheme {
	case "http":
		return hs.allows(u.Host, "80", local)
	case "https":
		return hs.allows(u.Host, "443", local)
	}
	return false
}

// localAddr is the address a request's connection arrived at (the zero
// AddrPort when the server did not record it).
func localAddr(r *http.Request) netip.AddrPort {
	a, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
	if !ok {
		return netip.AddrPort{}
	}
	ap, err := netip.ParseAddrPort(a.String())
	if err != nil {
		return netip.AddrPort{}
	}
	return ap
}

// CheckHost serves a request only when its Host names the page (see
// Hosts) and its Origin, when it has one, is the page's own: a request
// that names another host is answered 421 Misdirected Request, one from
// another origin 403, and neither reaches h nor carries any of its state.
func CheckHost(hs *Hosts, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		local := localAddr(r)
		if !hs.allows(r.Host, "80", local) {
			refuse(w, http.StatusMisdirectedRequest, "misdirected request: this page does not answer to that name (see --web-host)")
			return
		}
		if o := r.Header.Get("Origin"); o != "" && !hs.allowsOrigin(o, local) {
			refuse(w, http.StatusForbidden, "a request from another origin")
			return
		}
		h.ServeHTTP(w, r)
	})
}

// refuse answers a request the page does not serve: plain text, never
// cached, the connection closed after it.
func refuse(w http.ResponseWriter, status int, msg string) {
	hd := w.Header()
	hd.Set("Cache-Control", "no-store")
	hd.Set("Connection", "close")
	http.Error(w, msg, status)
}
