package tournaments

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot"
	"github.com/openroom/openroom/results"
	"github.com/openroom/openroom/tournaments/shards"
)

// alwaysNotrump is a small system file: SAYC-lite, except that every hand
// opens 1NT, which no SAYC-lite seat does without 15-17 balanced.
const alwaysNotrump = `system "Always 1NT"
base "sayc-lite"
situation ""
1N "any hand"
`

// systemEvent writes an event file into a fresh folder, with the system
// file (if any) at sysRel beside it, and loads it. teamA is team A's
// [teams.A] body after its bots; team B is a refbot team without a system.
func systemEvent(t *testing.T, sysRel, sysText, teamA string) (*File, string) {
	t.Helper()
	dir := t.TempDir()
	if sysRel != "" {
		p := filepath.Join(dir, sysRel)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(sysText), 0o644))
	}
	src := "name = \"systems\"\nsegment = 1\nconcurrency = 2\n[boards]\nseed = \"team-systems\"\ncount = 4\n" +
		"[teams.A]\n" + teamA + "[teams.B]\nbots = [\"builtin:refbot:easy\"]\n"
	path := filepath.Join(dir, "ev.toml")
	require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
	f, err := LoadFile(path)
	require.NoError(t, err)
	return f, dir
}

// TestTeamSystemBidsForTheTeam plays a match of refbot against refbot,
// team A with a system file (relative to the event file, in a folder of
// its own) and team B with the default, and replays every auction: each
// call must be the one its team's system bids with the seat's hand.
func TestTeamSystemBidsForTheTeam(t *testing.T) {
	t.Parallel()
	f, dir := systemEvent(t, "systems/always.bid", alwaysNotrump,
		"bots = [\"builtin:refbot:easy\"]\nsystem = \"systems/always.bid\"\n")
	f.Out = filepath.Join(dir, "out")
	ev, err := Resolve(f)
	require.NoError(t, err)
	out := runEvent(t, ev, Options{})
	require.Equal(t, 8, out.Played)

	always, err := refbot.LoadSystem(filepath.Join(dir, "systems", "always.bid"))
	require.NoError(t, err)
	sayc, err := refbot.LoadSystem(refbot.DefaultSystem)
	require.NoError(t, err)
	openedByA := map[string]int{}
	for _, r := range readRecords(t, ev.Out) {
		// Team A sits North-South in the open room, East-West in the closed.
		aSide := engine.NS
		if r.Room == RoomClosed {
			aSide = engine.EW
		}
		systemOf := func(s engine.Seat) *refbot.System {
			if s.Side() == aSide {
				return always
			}
			return sayc
		}
		b := engine.NewBoard(r.Board, engine.NewDealSource("team-systems").Deal(r.Board))
		opened := false
		for i, rc := range r.Auction {
			seat := b.Auction().Turn()
			v := b.View(seat)
			want, _, _ := systemOf(seat).Bid(&v)
			c, err := engine.ParseCall(rc.Call)
			require.NoError(t, err)
			assert.Equal(t, want, c, "%s board %d call %d (%s): %s, not %s", r.Room, r.Board, i, seat.Name(), c, want)
			if !opened && c != engine.Pass {
				opened = true
				if seat.Side() == aSide {
					assert.Equal(t, engine.Bid(1, engine.NoTrump), c, "%s board %d: team A opens 1NT", r.Room, r.Board)
					openedByA[r.Room]++
				}
			}
			require.NoError(t, b.Call(seat, c))
		}
	}
	// Not a vacuous pass: team A opened in both rooms, so at both sides.
	assert.Positive(t, openedByA[RoomOpen], "team A opened in the open room")
	assert.Positive(t, openedByA[RoomClosed], "team A opened in the closed room")
}

// TestTeamSystemAccepted: a built-in name, a relative file and an
// absolute one are taken, and the system goes to the team's built-in
// refbot seats only.
func TestTeamSystemAccepted(t *testing.T) {
	t.Parallel()
	abs := filepath.Join(t.TempDir(), "abs.bid")
	require.NoError(t, os.WriteFile(abs, []byte(alwaysNotrump), 0o644))
	tests := []struct {
		name, system, bots string
		want               string // the system's name
	}{
		{"built-in name", "sayc-lite", `["builtin:refbot:easy"]`, "SAYC-lite"},
		{"relative file", "always.bid", `["builtin:refbot:easy"]`, "Always 1NT"},
		{"absolute file", abs, `["builtin:refbot:easy"]`, "Always 1NT"},
		{"refbot and random", "always.bid", `["builtin:refbot:easy", "builtin:random"]`, "Always 1NT"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			f, _ := systemEvent(t, "always.bid", alwaysNotrump, fmt.Sprintf("bots = %s\nsystem = %q\n", tc.bots, tc.system))
			ev, err := Resolve(f)
			require.NoError(t, err)
			require.Equal(t, "A", ev.Teams[0].Name)
			for _, b := range ev.Teams[0].Bots {
				if b.Builtin == "refbot" {
					require.NotNil(t, b.System, b.Name)
					assert.Equal(t, tc.want, b.System.Name(), b.Name)
				} else {
					assert.Nil(t, b.System, b.Name)
				}
			}
			for _, b := range ev.Teams[1].Bots {
				assert.Nil(t, b.System, "team B has no system: refbot's default")
			}
		})
	}
}

func TestTeamSystemErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, sysFile, teamA string
		want                 []string
	}{
		{"command bots", "", "bots = [\"c\"]\nsystem = \"sayc-lite\"\n",
			[]string{"ev.toml:9:", "teams.A.system", "no built-in refbot seat"}},
		{"random bots", "", "bots = [\"builtin:random\"]\nsystem = \"sayc-lite\"\n",
			[]string{"ev.toml:9:", "teams.A.system", "no built-in refbot seat"}},
		{"unknown system", "", "bots = [\"builtin:refbot:easy\"]\nsystem = \"nope\"\n",
			[]string{"ev.toml:9:", "teams.A.system", `no built-in bidding system "nope"`}},
		{"missing file", "", "bots = [\"builtin:refbot:easy\"]\nsystem = \"missing.bid\"\n",
			[]string{"ev.toml:9:", "teams.A.system", "missing.bid"}},
		{"malformed file", "system \"bad\"\nsituation \"\"\n1N \"strong\" hcp 15..17 frobnicate\n", "bots = [\"builtin:refbot:easy\"]\nsystem = \"bad.bid\"\n",
			[]string{"ev.toml:9:", "teams.A.system", "bad.bid:3:", `unknown clause "frobnicate"`}},
		{"unreachable row", "system \"bad\"\nsituation \"\"\n1N \"any\"\n1C \"never\" hcp 12..\n", "bots = [\"builtin:refbot:easy\"]\nsystem = \"bad.bid\"\n",
			[]string{"ev.toml:9:", "teams.A.system", "bad.bid:4:", "can never be chosen"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			rel := ""
			if tc.sysFile != "" {
				rel = "bad.bid"
			}
			// A command bot that exists, so that only the system is at fault.
			f, _ := systemEvent(t, rel, tc.sysFile, tc.teamA)
			f.Bots = map[string]BotConfig{"c": {Command: "true {host} {port}"}}
			_, err := Resolve(f)
			require.Error(t, err)
			var ce *ConfigError
			require.ErrorAs(t, err, &ce)
			assert.Equal(t, "teams.A.system", ce.Key)
			for _, w := range tc.want {
				assert.Contains(t, err.Error(), w)
			}
		})
	}
}

// shardManifest resolves shard 0 of 2 of the event file and returns its
// manifest.
func shardManifest(t *testing.T, f *File) *Manifest {
	t.Helper()
	f.Out = t.TempDir()
	ev, err := Resolve(f)
	require.NoError(t, err)
	require.NoError(t, ev.SetShard(shards.Shard{K: 0, N: 2}))
	m, err := NewManifest(f, ev)
	require.NoError(t, err)
	return m
}

// TestManifestHoldsTheSystemFile: a shard's manifest stores a team's
// system file by its absolute path and fingerprints its content, so that
// shards that bid by different texts of one file do not merge.
func TestManifestHoldsTheSystemFile(t *testing.T) {
	t.Parallel()
	f, dir := systemEvent(t, "always.bid", alwaysNotrump, "bots = [\"builtin:refbot:easy\"]\nsystem = \"always.bid\"\n")
	m := shardManifest(t, f)
	abs, err := filepath.Abs(filepath.Join(dir, "always.bid"))
	require.NoError(t, err)
	stored, err := ParseFile([]byte(m.EventFile), "stored.toml")
	require.NoError(t, err)
	assert.Equal(t, abs, stored.Teams["A"].System, "the stored event names the file absolutely")
	assert.Empty(t, stored.Teams["B"].System)
	assert.Equal(t, "always.bid", f.Teams["A"].System, "the caller's file is left as it was")

	// The stored event resolves anywhere: the path no longer depends on
	// the event file's folder.
	ev, err := Resolve(stored)
	require.NoError(t, err)
	assert.Equal(t, "Always 1NT", ev.Teams[0].Bots[0].System.Name())

	// The same text: the same fingerprint.
	assert.Equal(t, m.Fingerprint, shardManifest(t, f).Fingerprint)

	// Another text under the same path: another fingerprint.
	changed := strings.Replace(alwaysNotrump, `1N "any hand"`, `1N "every hand"`, 1)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "always.bid"), []byte(changed), 0o644))
	assert.NotEqual(t, m.Fingerprint, shardManifest(t, f).Fingerprint)

	// A built-in name is stored as it is.
	g, _ := systemEvent(t, "", "", "bots = [\"builtin:refbot:easy\"]\nsystem = \"sayc-lite\"\n")
	stored, err = ParseFile([]byte(shardManifest(t, g).EventFile), "stored.toml")
	require.NoError(t, err)
	assert.Equal(t, "sayc-lite", stored.Teams["A"].System)
}

// TestMergeShardsOfATeamSystem plays an event with a team's system file
// in two shards and merges them after the file is gone: the merge plays
// nothing, and the fingerprint already holds the file's content.
func TestMergeShardsOfATeamSystem(t *testing.T) {
	t.Parallel()
	f, dir := systemEvent(t, "always.bid", alwaysNotrump, "bots = [\"builtin:refbot:easy\"]\nsystem = \"always.bid\"\n")
	var dirs []string
	for k := range 2 {
		d := filepath.Join(dir, fmt.Sprintf("shard-%d", k))
		dirs = append(dirs, d)
		f.Out = d
		ev, err := Resolve(f)
		require.NoError(t, err)
		require.NoError(t, ev.SetShard(shards.Shard{K: k, N: 2}))
		m, err := NewManifest(f, ev)
		require.NoError(t, err)
		runEvent(t, ev, Options{Manifest: m})
	}
	require.NoError(t, os.Remove(filepath.Join(dir, "always.bid")))
	set, err := LoadShards(dirs)
	require.NoError(t, err)
	res, err := set.MergeAndScore(filepath.Join(dir, "merged"), nil)
	require.NoError(t, err)
	assert.Equal(t, 8, res.Records)
	recs, bad, err := results.ReadFile(filepath.Join(dir, "merged", ResultsFile))
	require.NoError(t, err)
	assert.Empty(t, bad)
	assert.Len(t, recs, 8)
}
