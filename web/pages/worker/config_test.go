package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/web/play/practice"
)

// TestPageConfig: the page's query reads as `tablemanager play`'s flags
// do, with the same defaults, and a wrong one is refused.
func TestPageConfig(t *testing.T) {
	t.Parallel()
	m, err := parseStart(`{"type":"start","config":{"seat":"W","level":"Hard","mode":"chicago","seed":"s","board":3}}`)
	require.NoError(t, err)
	cfg, err := m.Config.tableConfig()
	require.NoError(t, err)
	assert.Equal(t, engine.West, cfg.Seat)
	assert.Equal(t, "hard", cfg.Level)
	assert.Equal(t, practice.Chicago, cfg.Mode)
	assert.Equal(t, 3, cfg.FirstBoard)

	cfg, err = pageConfig{}.tableConfig()
	require.NoError(t, err)
	assert.Equal(t, engine.South, cfg.Seat)
	assert.Equal(t, "expert", cfg.Level)
	assert.Equal(t, practice.Duplicate, cfg.Mode)
	assert.NotEmpty(t, cfg.Seed, "a seed drawn")

	deal := "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
	cfg, err = pageConfig{Deal: deal, Board: 5}.tableConfig()
	require.NoError(t, err)
	require.NotNil(t, cfg.Deal)
	assert.Equal(t, 5, cfg.Deal.Number)

	for _, bad := range []pageConfig{{Seat: "X"}, {Level: "grand"}, {Mode: "pairs"}, {Deal: "N:AKQ"}, {Board: -1}} {
		_, err := bad.tableConfig()
		assert.Error(t, err, "%+v", bad)
	}
	_, err = parseStart("{")
	assert.Error(t, err)
}
