package tournaments

import (
	"testing"

	"github.com/openroom/openroom/sandbox"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// limitsEvent is an event whose team A is the command bot c.
const limitsEvent = "[bots.c]\ncommand = \"true {port}\"\n[teams.A]\nbots = [\"c\"]\n[teams.B]\nbots = [\"builtin:random\"]\n"

func TestLimitsKeys(t *testing.T) {
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

func TestLimitsKeyErrors(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
	}{
		{"bad size", "[limits]\nmemory = \"lots\"\n" + limitsEvent, `ev.toml:2: limits.memory: size "lots"`},
		{"zero size", "[limits]\ndisk = 0\n" + limitsEvent, `ev.toml:2: limits.disk: size "0"`},
		{"bad count", "[limits]\nname = 1\n" + limitsEvent, `ev.toml:2: unknown key "limits.name"`},
		{"count with unit", "[limits]\nprocs = \"1k\"\n" + limitsEvent, `ev.toml:2: limits.procs: count "1k"`},
		{"negative count", "[limits]\nfiles = -5\n" + limitsEvent, `ev.toml:2: limits.files: count "-5"`},
		{"wrong type", "[limits]\ntmp = 1.5\n" + limitsEvent, `ev.toml:2: a limit wants a size, a count or "unlimited", found float64`},
		{"empty", "[limits]\ntmp = \"\"\n" + limitsEvent, `ev.toml:2: a limit wants`},
		{"bad bot limit", limitsEvent + "[bots.c.limits]\nmemory = \"-1GiB\"\n", `ev.toml:8: bots.c.limits.memory: size "-1GiB"`},
		{"builtin with limits", "[bots.r]\nbuiltin = \"random\"\n[bots.r.limits]\nmemory = \"1GiB\"\n" + limitsEvent, `ev.toml:3: bot "r": limits are for command bots`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := ParseFile([]byte(tc.src), "ev.toml")
			if err == nil {
				_, err = Resolve(f)
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}
