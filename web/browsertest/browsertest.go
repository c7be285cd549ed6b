// Package browsertest starts a real headless Chromium for tests of the
// project's pages, driven through the DevTools protocol by chromedp.
//
// A test calls New and gets a browser tab's context; everything the tab
// does is bounded by the test's deadline. Where Chromium is not installed
// the test is skipped, unless OPENROOM_REQUIRE_BROWSER is set (as .ci/run
// does after installing Debian's chromium), in which case it fails: CI must
// never pass by skipping its browser tests.
package browsertest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
)

// RequireEnv is the environment variable that turns a missing browser from
// a skip into a failure.
const RequireEnv = "OPENROOM_REQUIRE_BROWSER"

// DefaultTimeout bounds a whole browser test when the test has no deadline
// of its own that comes sooner.
const DefaultTimeout = 2 * time.Minute

// candidates are the names Chromium is installed under.
var candidates = []string{"chromium", "chromium-browser", "google-chrome", "headless-shell"}

// Find returns the path of a Chromium executable: $OPENROOM_CHROMIUM if set,
// else the first of the usual names on PATH.
func Find() (string, bool) {
	if p := os.Getenv("OPENROOM_CHROMIUM"); p != "" {
		return p, true
	}
	for _, name := range candidates {
		if p, err := exec.LookPath(name); err == nil {
			return p, true
		}
	}
	return "", false
}

// Options tune the browser a test gets.
type Options struct {
	Width, Height int  // window size in CSS pixels; 0 means 1280×900
	Mobile        bool // emulate a touch phone (used with Width 360)
	// Timeout bounds the whole browser test (a measurement over many
	// boards needs longer); 0 means DefaultTimeout. The test's own
	// deadline still comes first.
	Timeout time.Duration
}

// New starts a headless Chromium with a fresh profile and returns a tab's
// context. The browser is closed when the test ends. Network access beyond
// loopback is not attempted (background networking, sync, component
// updates are off: this machine's network is closed and Chromium would
// otherwise keep retrying). With -short the test is skipped: browser
// tests belong to the whole suite, not to the quick check.
func New(t testing.TB, o Options) context.Context {
	t.Helper()
	if testing.Short() {
		t.Skip("browsertest: a browser test, not run with -short")
	}
	path, ok := Find()
	if !ok {
		if os.Getenv(RequireEnv) != "" {
			t.Fatalf("browsertest: no Chromium found and %s is set", RequireEnv)
		}
		t.Skip("browsertest: no Chromium installed (Debian: apt-get install chromium)")
	}
	w, h := o.Width, o.Height
	if w == 0 {
		w, h = 1280, 900
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(w, h),
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Headless,
		chromedp.DisableGPU,
		chromedp.NoSandbox, // tests may run as root, where Chromium's own sandbox refuses to start
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("disable-dev-shm-usage", true),
	}
	base := context.Background()
	timeout := DefaultTimeout
	if o.Timeout > 0 {
		timeout = o.Timeout
	}
	if tt, ok := t.(*testing.T); ok {
		if d, ok := tt.Deadline(); ok && time.Until(d) < timeout+10*time.Second {
			timeout = time.Until(d) - 10*time.Second
		}
	}
	base, cancelTimeout := context.WithTimeout(base, timeout)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(base, opts...)
	ctx, cancelTab := chromedp.NewContext(allocCtx, chromedp.WithErrorf(t.Logf))
	t.Cleanup(func() {
		cancelTab()
		cancelAlloc()
		cancelTimeout()
	})
	if o.Mobile {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(w), int64(h), chromedp.EmulateMobile, chromedp.EmulateTouch)); err != nil {
			t.Fatalf("browsertest: start Chromium: %v", err)
		}
	} else if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("browsertest: start Chromium: %v", err)
	}
	return ctx
}

// Exceptions records every exception the tab's scripts throw and do not
// catch, from now until the test ends; the function returned lists them
// so far, each with where it was thrown. A page test checks it is empty
// after driving the page: a handler that throws leaves the page looking
// fine while a tap or a key does nothing.
func Exceptions(t testing.TB, ctx context.Context) func() []string {
	t.Helper()
	var (
		mu  sync.Mutex
		out []string
	)
	msgs := chromedp.Console(ctx)
	go func() {
		for m, err := range msgs {
			if err != nil {
				return
			}
			if m.IsException() {
				mu.Lock()
				out = append(out, fmt.Sprintf("%s (%s:%d)", m.Text, m.URL, m.Line+1))
				mu.Unlock()
			}
		}
	}()
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), out...)
	}
}

// UploadPBN writes the boards' deals as a PBN file and gives it to the
// page's file input at the CSS selector sel, as a person choosing the
// file would.
func UploadPBN(t testing.TB, ctx context.Context, sel string, boards []engine.BoardSetup) {
	t.Helper()
	var text strings.Builder
	text.WriteString("% PBN 2.1\n\n")
	for _, b := range boards {
		fmt.Fprintf(&text, "[Event \"mine\"]\n[Board \"%d\"]\n[Deal \"%s\"]\n\n", b.Number, b.Deal.Format(b.Dealer))
	}
	path := filepath.Join(t.TempDir(), "deals.pbn")
	require.NoError(t, os.WriteFile(path, []byte(text.String()), 0o644))
	require.NoError(t, chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.CSS(sel), []string{path})))
}
