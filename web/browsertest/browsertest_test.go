package browsertest

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

// TestNewLoadsALoopbackPage starts the real browser, loads a page served on
// loopback and reads back what its script wrote into the DOM.
func TestNewLoadsALoopbackPage(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<!doctype html><p id="out"></p><script>document.getElementById("out").textContent = String(6*7)</script>`)
	}))
	defer srv.Close()
	ctx := New(t, Options{})
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL)))
	got, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#out")))
	require.NoError(t, err)
	require.Equal(t, "42", got)
}

// TestNewPhoneWidth emulates a 360-pixel phone: the page sees that width.
func TestNewPhoneWidth(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<!doctype html><meta name="viewport" content="width=device-width"><p id="w"></p><script>document.getElementById("w").textContent = String(window.innerWidth)</script>`)
	}))
	defer srv.Close()
	ctx := New(t, Options{Width: 360, Height: 740, Mobile: true})
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL)))
	got, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#w")))
	require.NoError(t, err)
	require.Equal(t, "360", got)
}
