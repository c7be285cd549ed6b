package play

import (
	"io"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
)

// TestAssetsAndTheSharedModules: the page's own modules under /assets/,
// the modules it shares with the live page under /shared/, and neither
// folder's unit tests or package.json.
func TestAssetsAndTheSharedModules(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Config{Seat: engine.South, Level: "easy", Seed: "assets"})
	hc := &http.Client{}
	for _, tc := range []struct {
		path   string
		status int
		has    string
	}{
		{"/", http.StatusOK, `src="/assets/js/main.js"`},
		{"/assets/js/main.js", http.StatusOK, `from "../../../shared/dom.js"`},
		{"/assets/js/viewer.js", http.StatusOK, "export function renderViewer"},
		{"/shared/cards.js", http.StatusOK, "export function cardText"},
		{"/shared/viewer.js", http.StatusOK, "export function playList"},
		{"/assets/js/table.test.js", http.StatusNotFound, ""},
		{"/assets/js/package.json", http.StatusNotFound, ""},
		{"/shared/replay.test.js", http.StatusNotFound, ""},
	} {
		t.Run(tc.path, func(t *testing.T) {
			resp, err := hc.Get(ts.URL + tc.path)
			require.NoError(t, err)
			defer resp.Body.Close()
			b, err := io.ReadAll(resp.Body)
			require.NoError(t, err)
			assert.Equal(t, tc.status, resp.StatusCode)
			assert.Contains(t, string(b), tc.has)
			assert.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"))
		})
	}
}
