package tournaments

import (
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// seedlessEvent is a team match whose file gives no seed, in dir.
func seedlessEvent(t *testing.T, dir string) *Event {
	t.Helper()
	f, err := ParseFile([]byte("name = \"noseed\"\n[boards]\ncount = 3\n"+
		"[teams.A]\nbots = [\"builtin:random\"]\n[teams.B]\nbots = [\"builtin:random\"]\n"), "noseed.toml")
	require.NoError(t, err)
	f.Out = dir
	ev, err := Resolve(f)
	require.NoError(t, err)
	return ev
}

func deals(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	for _, r := range readRecords(t, dir) {
		out = append(out, r.Room+" "+r.Deal)
	}
	return out
}

func TestNoSeedDrawsAFreshOneAndResumesWithIt(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a, b := seedlessEvent(t, dir), seedlessEvent(t, dir)
	assert.True(t, a.SeedDrawn)
	assert.NotEqual(t, a.Seed, b.Seed, "every resolve draws its own seed")
	raw, err := hex.DecodeString(a.Seed)
	require.NoError(t, err, "a hex seed")
	assert.Len(t, raw, 16, "128 bits")

	first := runEvent(t, a, Options{})
	assert.Equal(t, a.Seed, first.NewSeed)
	assert.Equal(t, 6, first.Played)
	for _, r := range readRecords(t, dir) {
		assert.Equal(t, a.Seed, r.Seed, "the seed is recorded")
	}
	kept, err := os.ReadFile(filepath.Join(dir, SeedFile))
	require.NoError(t, err)
	assert.Equal(t, a.Seed, strings.TrimSpace(string(kept)))
	played := deals(t, dir)

	// A rerun (its own fresh seed) resumes the finished event.
	again := runEvent(t, b, Options{})
	assert.Equal(t, 0, again.Played)
	assert.Equal(t, 6, again.Resumed)
	assert.Equal(t, a.Seed, b.Seed)
	assert.Empty(t, again.NewSeed)

	// Interrupted before its first board: the seed file keeps the deals.
	require.NoError(t, os.Remove(filepath.Join(dir, ResultsFile)))
	c := seedlessEvent(t, dir)
	runEvent(t, c, Options{})
	assert.Equal(t, a.Seed, c.Seed)
	assert.Equal(t, played, deals(t, dir))

	// --fresh starts again with new deals.
	d := seedlessEvent(t, dir)
	fresh := runEvent(t, d, Options{Fresh: true})
	assert.Equal(t, d.Seed, fresh.NewSeed)
	assert.NotEqual(t, a.Seed, d.Seed)
	assert.NotEqual(t, played, deals(t, dir))
}

func TestGivenSeedIsKept(t *testing.T) {
	t.Parallel()
	ev := testEvent(t, ScheduleMatch, 2, 2, 2, "")
	assert.False(t, ev.SeedDrawn)
	out := runEvent(t, ev, Options{})
	assert.Equal(t, "s", ev.Seed)
	assert.Empty(t, out.NewSeed)
	_, err := os.Stat(filepath.Join(ev.Out, SeedFile))
	assert.ErrorIs(t, err, os.ErrNotExist, "no seed file for a given seed")
}
