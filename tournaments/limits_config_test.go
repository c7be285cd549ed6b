package tournaments

import (
	"testing"

	"github.com/openroom/openroom/sandbox"
	"github.com/openroom/openroom/tournaments/shards"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// limitsEvent is an event whose team A is the command bot c.
const limitsEvent = "[bots.c]\ncommand = \"true {port}\"\n[teams.A]\nbots = [\"c\"]\n[teams.B]\nbots = [\"builtin:random\"]\n"

func TestLimitsKeys(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, src string
		event     sandbox.Limits
		bot       sandbox.Limits
	}{
		{name: "none", src: limitsEvent},
		{
			name:  "all",
			src:   "[limits]\nmemory = \"2GiB\"\nprocs = 64\nfiles = \"512\"\ndisk = \"100MB\"\ntmp = 1048576\n" + limitsEvent,
			event: sandbox.Limits{Memory: 2 << 30, Procs: 64, Files: 512, Disk: 100_000_000, Tmp: 1 << 20},
		},
		{
			name:  "unlimited",
			src:   "[limits]\nmemory = \"unlimited\"\nprocs = \"unlimited\"\n" + limitsEvent,
			event: sandbox.Limits{Memory: sandbox.Unlimited, Procs: sandbox.Unlimited},
		},
		{
			name: "per bot",
			src:  limitsEvent + "[bots.c.limits]\nmemory = \"8GiB\"\nprocs = 512\n",
			bot:  sandbox.Limits{Memory: 8 << 30, Procs: 512},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := ParseFile([]byte(tc.src), "ev.toml")
			require.NoError(t, err)
			ev, err := Resolve(f)
			require.NoError(t, err)
			assert.Equal(t, tc.event, ev.Limits)
			assert.Equal(t, "c", ev.Teams[0].Bots[0].Name)
			assert.Equal(t, tc.bot, ev.Teams[0].Bots[0].Limits)
		})
	}
}

// The limits are a machine's own: a shard's manifest keeps them in its
// event file but leaves them out of the fingerprint, so shards run with
// other limits still merge.
func TestLimitsNotInTheFingerprint(t *testing.T) {
	t.Parallel()
	manifest := func(src string) *Manifest {
		f, err := ParseFile([]byte(src), "ev.toml")
		require.NoError(t, err)
		ev, err := Resolve(f)
		require.NoError(t, err)
		require.NoError(t, ev.SetShard(shards.Shard{K: 0, N: 2}))
		m, err := NewManifest(f, ev)
		require.NoError(t, err)
		return m
	}
	plain := manifest("[boards]\nseed = 1\n" + limitsEvent)
	limited := manifest("[boards]\nseed = 1\n[limits]\nmemory = \"2GiB\"\n" + limitsEvent + "[bots.c.limits]\nprocs = 16\n")
	assert.Equal(t, plain.Fingerprint, limited.Fingerprint)
	assert.NotContains(t, plain.EventFile, "limits", "no empty [limits] table is written")
	assert.Contains(t, limited.EventFile, `memory = "2GiB"`)
	assert.Contains(t, limited.EventFile, `procs = "16"`)
}
