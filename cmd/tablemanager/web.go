package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"sync"

	"github.com/openroom/openroom/allowlist"

	"github.com/openroom/openroom/web"
	"github.com/openroom/openroom/web/live"
)

// liveView is the live page of a run or serve command (--web ADDR): the
// state model, its hand viewer and the page's server, until stop.
type liveView struct {
	State *live.State
	URL   string
	stop  func()
}

// startLive serves the live page of a new State on ln (opened by
// listenWeb) until stop.
func startLive(ctx context.Context, ln net.Listener, opt web.Options) *liveView {
	st := live.New(live.Options{})
	viewer := live.NewViewer(st)
	h := live.NewHandler(st, viewer)
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Add(3)
	go func() { defer wg.Done(); st.Run(ctx, 0) }()
	go func() { defer wg.Done(); viewer.Run(ctx) }()
	go func() { defer wg.Done(); _ = web.Serve(ctx, ln, opt, h) }()
	return &liveView{State: st, URL: "http://" + ln.Addr().String() + "/", stop: func() { cancel(); wg.Wait() }}
}

// startLiveOr starts the live page of a command on addr for the allow
// list's entries (client addresses, --allow) and the host entries (names
// the page answers to, --web-host) and tells the user where it is, or
// reports why it cannot and returns the exit status (listenWeb's). A
// refused or unusable address is an error before anything is played.
func startLiveOr(ctx context.Context, cmd string, stderr io.Writer, addr string, allowEntries, hostEntries []string) (*liveView, int) {
	ln, opt, code := listenWeb(stderr, cmd, "--web", addr, allowEntries, "--web-host", hostEntries)
	if ln == nil {
		return nil, code
	}
	lv := startLive(ctx, ln, opt)
	fmt.Fprintf(stderr, "live page: %s\n", lv.URL)
	return lv, exitOK
}

// listenWeb opens a page's listener on addr, the value of flag: loopback,
// and beyond it only for the allow list's entries (--allow); the page
// answers to its loopback names and the host entries (hostFlag's). It
// reports why it cannot on stderr and returns the exit status: 64 for
// entries or an address the rules refuse, 1 for an address that cannot be
// listened on. The page's limits are web's defaults.
func listenWeb(stderr io.Writer, cmd, flag, addr string, allowEntries []string, hostFlag string, hostEntries []string) (net.Listener, web.Options, int) {
	allow, err := allowlist.Parse(allowEntries)
	if err != nil {
		fmt.Fprintf(stderr, "tablemanager %s: --allow: %v\n", cmd, err)
		return nil, web.Options{}, exitUsage
	}
	hosts, err := web.ParseHosts(hostEntries)
	if err != nil {
		fmt.Fprintf(stderr, "tablemanager %s: %s: %v\n", cmd, hostFlag, err)
		return nil, web.Options{}, exitUsage
	}
	if err := allowlist.CheckListen(addr, allow); err != nil {
		fmt.Fprintf(stderr, "tablemanager %s: %s: %v\n", cmd, flag, err)
		return nil, web.Options{}, exitUsage
	}
	ln, err := web.Listen(addr, allow)
	if err != nil {
		fmt.Fprintf(stderr, "tablemanager %s: %s %s: %v\n", cmd, flag, addr, err)
		return nil, web.Options{}, exitFailure
	}
	return ln, web.Options{Allow: allow, Hosts: hosts}, exitOK
}

// webHostUsage is the help of --web-host (play, run --web, serve --web).
const webHostUsage = "a name (or address), with an optional :PORT, the page answers to besides localhost and its own addresses, e.g. a reverse proxy's table.example (repeat or comma-separate); any other Host is refused with 421"

// Linger keeps the page up after the command's work until ctx ends
// (Ctrl-C), for --web-wait, saying so on stderr.
func (l *liveView) Linger(ctx context.Context, stderr io.Writer) {
	if ctx.Err() != nil {
		return
	}
	fmt.Fprintf(stderr, "live page stays up on %s until Ctrl-C\n", l.URL)
	<-ctx.Done()
}

// Stop closes the page's server and its workers.
func (l *liveView) Stop() {
	if l != nil {
		l.stop()
	}
}
