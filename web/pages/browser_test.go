package pages

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

func TestPagesSmoke(t *testing.T) {
	ctx := browser(t)
	url := serve(t, folder(t))
	start := time.Now()
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(url+"/?seat=South&level=medium&seed=smoke&board=1")))
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](`!!document.querySelector("#table [data-card]") || !document.getElementById("notice").hidden`, chromedp.WithPollingTimeout(30*time.Second)))
	require.NoError(t, err)
	t.Logf("load: %v", time.Since(start))
	n, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("notice").textContent + "|" + document.getElementById("engine").textContent`))
	t.Logf("notice: %s", n)
	st := playUntil(t, ctx, rand.New(rand.NewPCG(1, 2)), func(st pageState) bool { return st.Analysed })
	t.Logf("%+v %v", st, time.Since(start))
}
