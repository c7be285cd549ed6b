package lab

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMeasurePlayMakesItsPerBoardDirectory checks that a per-board
// directory that does not exist yet is made, so that a long measurement
// does not end by failing to write what it measured.
func TestMeasurePlayMakesItsPerBoardDirectory(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "not", "yet")
	var out bytes.Buffer
	require.NoError(t, MeasurePlay(&out, PlayConfig{First: 1, Last: 2, Match: regexp.MustCompile(`^easy$`), PerBoard: dir}))
	data, err := os.ReadFile(filepath.Join(dir, "easy.tsv"))
	require.NoError(t, err)
	assert.NotEmpty(t, strings.TrimSpace(string(data)), "the boards' rows")
	assert.Contains(t, out.String(), "easy")
}
