package web

import (
	"net"
	"net/netip"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseHosts(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		entry string
		want  []hostEntry
		err   bool
	}{
		{"table.example", []hostEntry{{host: "table.example"}}, false},
		{"Table.Example.:8080", []hostEntry{{host: "table.example", port: "8080"}}, false},
		{"a.example, b.example:80", []hostEntry{{host: "a.example"}, {host: "b.example", port: "80"}}, false},
		{"192.0.2.7", []hostEntry{{host: "192.0.2.7"}}, false},
		{"192.0.2.7:8080", []hostEntry{{host: "192.0.2.7", port: "8080"}}, false},
		{"2001:db8::7", []hostEntry{{host: "2001:db8::7"}}, false},
		{"[2001:db8::7]", []hostEntry{{host: "2001:db8::7"}}, false},
		{"[2001:db8::7]:443", []hostEntry{{host: "2001:db8::7", port: "443"}}, false},
		{"*.example", nil, true},
		{"table.example:0", nil, true},
		{"table.example:http", nil, true},
		{"-bad.example", nil, true},
		{"a..example", nil, true},
		{"http://table.example", nil, true},
		{"[fe80::1%eth0]:80", nil, true},
	} {
		t.Run(tc.entry, func(t *testing.T) {
			hs, err := ParseHosts([]string{tc.entry})
			if tc.err {
				assert.Error(t, err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, hs.entries)
		})
	}
}

func TestHostsAllows(t *testing.T) {
	t.Parallel()
	hs, err := ParseHosts([]string{"table.example", "proxy.example:9000", "192.0.2.9"})
	require.NoError(t, err)
	local := netip.MustParseAddrPort("127.0.0.1:8080")
	lan := netip.MustParseAddrPort("192.0.2.1:8080")
	for _, tc := range []struct {
		name  string
		hs    *Hosts
		host  string
		local netip.AddrPort
		want  bool
	}{
		{"loopback v4", nil, "127.0.0.1:8080", local, true},
		{"another loopback v4", nil, "127.0.0.2:8080", local, true},
		{"loopback v6", nil, "[::1]:8080", local, true},
		{"localhost", nil, "localhost:8080", local, true},
		{"LOCALHOST.", nil, "LOCALHOST.:8080", local, true},
		{"loopback on another port", nil, "127.0.0.1:9999", local, false},
		{"localhost without the port", nil, "localhost", local, false},
		{"a name under localhost", nil, "app.localhost:8080", local, false},
		{"the address connected to", nil, "192.0.2.1:8080", lan, true},
		{"another address", nil, "192.0.2.2:8080", lan, false},
		{"rebinding name", nil, "rebind.example:8080", local, false},
		{"rebinding name, listed ones", hs, "rebind.example:8080", local, false},
		{"listed name, any port", hs, "table.example:8080", local, true},
		{"listed name, no port", hs, "table.example", local, true},
		{"listed name with its port", hs, "proxy.example:9000", local, true},
		{"listed name, other port", hs, "proxy.example:8080", local, false},
		{"listed address", hs, "192.0.2.9:1234", local, true},
		{"no server address known", nil, "127.0.0.1:8080", netip.AddrPort{}, false},
		{"empty", nil, "", local, false},
		{"garbage", nil, "a b:8080", local, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, tc.hs.allows(tc.host, "80", tc.local))
		})
	}
}

func TestHostsAllowsOrigin(t *testing.T) {
	t.Parallel()
	hs, err := ParseHosts([]string{"table.example"})
	require.NoError(t, err)
	local := netip.MustParseAddrPort("127.0.0.1:8080")
	for _, tc := range []struct {
		origin string
		want   bool
	}{
		{"http://127.0.0.1:8080", true},
		{"http://localhost:8080", true},
		{"https://table.example", true},
		{"http://rebind.example:8080", false},
		{"http://127.0.0.1:9999", false},
		{"http://127.0.0.1", false}, // port 80
		{"ftp://127.0.0.1:8080", false},
		{"null", false},
		{"http://user@127.0.0.1:8080", false},
		{"http://127.0.0.1:8080/path", false},
	} {
		t.Run(tc.origin, func(t *testing.T) {
			assert.Equal(t, tc.want, hs.allowsOrigin(tc.origin, local))
		})
	}
}

func TestIsJSON(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		ct   string
		want bool
	}{
		{"application/json", true},
		{"application/json; charset=utf-8", true},
		{"Application/JSON; Charset=UTF-8", true},
		{"application/json;charset=utf-8", true},
		{"application/json; charset=latin1", false},
		{"application/json; boundary=x", false},
		{"text/plain", false},
		{"application/json-seq", false},
		{"", false},
		{"application/json; charset", false},
	} {
		t.Run(tc.ct, func(t *testing.T) {
			assert.Equal(t, tc.want, IsJSON(tc.ct))
		})
	}
}

// FuzzHostsAllows: a Host header never panics the check, and with no
// entries only localhost or a loopback address, on the served port, is
// answered.
func FuzzHostsAllows(f *testing.F) {
	for _, s := range []string{"127.0.0.1:8080", "localhost:8080", "[::1]:8080", "rebind.example:8080", "[::ffff:127.0.0.1]:8080", "LOCALHOST.:08080", "[fe80::1%lo]:8080", ""} {
		f.Add(s)
	}
	local := netip.MustParseAddrPort("127.0.0.1:8080")
	f.Fuzz(func(t *testing.T, host string) {
		if !(*Hosts)(nil).allows(host, "80", local) {
			return
		}
		h, p, err := net.SplitHostPort(host)
		require.NoError(t, err, "an answered host has a port")
		assert.Equal(t, 8080, mustPort(t, p))
		if a, err := netip.ParseAddr(h); err == nil {
			assert.True(t, a.Unmap().IsLoopback(), host)
		} else {
			assert.Equal(t, "localhost", strings.TrimSuffix(strings.ToLower(h), "."), host)
		}
	})
}

func mustPort(t *testing.T, p string) int {
	n, err := strconv.Atoi(p)
	require.NoError(t, err)
	return n
}
