// Package webtest serves a page for a test as tablemanager does (web.Serve
// on 127.0.0.1:0, with its name check and caps) and gives the test
// clients that connect from a chosen loopback address, so that limits per
// address can be tried on one machine.
package webtest

import (
	"context"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/web"
)

// Serve serves h with opt on 127.0.0.1:0 until the test ends and returns
// its base URL ("http://127.0.0.1:PORT"). The server's context ends
// before it is waited for, so open streams end with the test.
func Serve(t testing.TB, opt web.Options, h http.Handler) string {
	t.Helper()
	ln, err := web.Listen("127.0.0.1:0", opt.Allow)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- web.Serve(ctx, ln, opt, h) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			require.NoError(t, err)
		case <-time.After(10 * time.Second):
			t.Error("web.Serve did not end with its context")
		}
	})
	return "http://" + ln.Addr().String()
}

// Dialer connects from ip, a loopback address such as 127.0.0.2 (every
// address of 127.0.0.0/8 reaches the loopback interface on Linux).
func Dialer(ip string) *net.Dialer {
	return &net.Dialer{Timeout: 5 * time.Second, LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
}

// Client is an HTTP client whose connections come from ip, bounded by
// timeout. Each call to Client has its own connections.
func Client(t testing.TB, ip string, timeout time.Duration) *http.Client {
	tr := &http.Transport{DialContext: Dialer(ip).DialContext, MaxIdleConnsPerHost: 64}
	t.Cleanup(tr.CloseIdleConnections)
	return &http.Client{Transport: tr, Timeout: timeout}
}
