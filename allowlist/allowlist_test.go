package allowlist

import (
	"net"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAllowList(t *testing.T) {
	t.Parallel()
	a, err := Parse([]string{"192.0.2.7", "198.51.100.0/24, 2001:db8::/32"})
	require.NoError(t, err)
	tcp := func(s string) net.Addr { return &net.TCPAddr{IP: net.ParseIP(s), Port: 1} }
	assert.True(t, a.Allows(tcp("192.0.2.7")))
	assert.False(t, a.Allows(tcp("192.0.2.8")))
	assert.True(t, a.Allows(tcp("198.51.100.200")))
	assert.True(t, a.Allows(tcp("::ffff:198.51.100.1")))
	assert.True(t, a.Allows(tcp("2001:db8::1")))
	assert.True(t, a.Allows(tcp("127.0.0.1")), "loopback is always allowed")
	assert.True(t, a.Allows(tcp("::1")))
	var none *List
	assert.False(t, none.Allows(tcp("192.0.2.7")))
	assert.True(t, none.Allows(tcp("127.0.0.2")))
	p1, p2 := net.Pipe()
	defer p1.Close()
	defer p2.Close()
	assert.True(t, none.Allows(p1.RemoteAddr()))

	for _, bad := range []string{"example.com", "192.0.2.0/33", "1.2.3"} {
		_, err := Parse([]string{bad})
		assert.Error(t, err, bad)
	}
}

func TestCheckListen(t *testing.T) {
	t.Parallel()
	some, err := Parse([]string{"192.0.2.0/24"})
	require.NoError(t, err)
	assert.NoError(t, CheckListen("127.0.0.1:2000", nil))
	assert.NoError(t, CheckListen("[::1]:2000", nil))
	assert.NoError(t, CheckListen("localhost:2000", nil))
	assert.Error(t, CheckListen("0.0.0.0:2000", nil))
	assert.Error(t, CheckListen(":2000", nil))
	assert.NoError(t, CheckListen("0.0.0.0:2000", some))
	assert.Error(t, CheckListen("nonsense", nil))
}

func TestEntries(t *testing.T) {
	t.Parallel()
	tests := []struct {
		values []string
		want   []string
	}{
		{nil, nil},
		{[]string{""}, nil},
		{[]string{"a"}, []string{"a"}},
		{[]string{" a , b,,", "c"}, []string{"a", "b", "c"}},
		{[]string{",", " "}, nil},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, Entries(tt.values), "%q", tt.values)
	}
}
