package play

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/web/browsertest"
)

// screenshots is where TestScreenshots writes its PNGs (make screenshots);
// empty: the test is skipped.
var screenshots = flag.String("screenshots", "", "write screenshots of the play page into this folder")

// TestScreenshots writes the play page mid-play and after a board, at
// desktop and at phone width, and a rubber's second deal with its score
// sheet.
func TestScreenshots(t *testing.T) {
	t.Parallel()
	if *screenshots == "" {
		t.Skip("run with -screenshots DIR (make screenshots)")
	}
	require.NoError(t, os.MkdirAll(*screenshots, 0o755))
	for _, size := range []struct {
		name          string
		width, height int
		mobile        bool
	}{
		{"desktop", 1280, 900, false},
		{"phone", 360, 780, true},
	} {
		t.Run(size.name, func(t *testing.T) {
			// The server's own analysis (not the tests' stand-in): the
			// pictures show a real double-dummy table.
			srv, err := NewServer(Config{Seat: 2, Level: "easy", Seed: "screenshot", FirstBoard: 3})
			require.NoError(t, err)
			ts := newHTTPTestServer(t, srv)
			ctx := browsertest.New(t, browsertest.Options{Width: size.width, Height: size.height, Mobile: size.mobile})
			require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(ts.URL)))
			// Play until the first card is on the table, so the shot shows
			// a trick, the auction and the hand.
			p := pageDriver{t: t, ctx: ctx}
			p.playUntil(func(st pageState) bool { return st.Phase == "play" && st.Your == "card" && st.Played >= 2 })
			shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)) // quality 100: a PNG
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(filepath.Join(*screenshots, "play-"+size.name+".png"), shot, 0o644))
			p.playUntil(func(st pageState) bool { return st.Your == "next" && st.Analysed })
			shot, err = chromedp.Run(ctx, chromedp.FullScreenshot(100)) // quality 100: a PNG
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(filepath.Join(*screenshots, "after-"+size.name+".png"), shot, 0o644))
		})
	}
	// Rubber bridge, the second deal under way: the score sheet.
	t.Run("rubber", func(t *testing.T) {
		srv, err := NewServer(Config{Seat: 2, Level: "easy", Mode: Rubber, Seed: "screenshot-rubber"})
		require.NoError(t, err)
		ts := newHTTPTestServer(t, srv)
		ctx := browsertest.New(t, browsertest.Options{Width: 1280, Height: 900})
		require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(ts.URL)))
		p := pageDriver{t: t, ctx: ctx, call: func(legal []string) string {
			for _, c := range legal {
				if c == "3NT" {
					return c
				}
			}
			return "Pass"
		}}
		p.playUntil(func(st pageState) bool { return st.Your == "next" })
		p.typeKeys("n")
		p.playUntil(func(st pageState) bool {
			return st.Board == 2 && st.Phase == "play" && st.Played >= 1 && st.Your == "card"
		})
		shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(*screenshots, "play-rubber-desktop.png"), shot, 0o644))
	})
}
