package tournaments

import (
	"fmt"
	"strings"
	"testing"

	"github.com/openroom/openroom/tournaments/shards"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestShardJobs(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		kind             ScheduleKind
		teams, count, sg int
		shards           int
	}{
		{ScheduleMatch, 2, 40, 16, 3},
		{ScheduleRoundRobin, 5, 21, 8, 4},
		{ScheduleGauntlet, 3, 10, 16, 7},
		{ScheduleMatch, 2, 3, 16, 5}, // more shards than boards: some are empty
	} {
		t.Run(fmt.Sprintf("%s/%d", tc.kind, tc.shards), func(t *testing.T) {
			ev := testEvent(t, tc.kind, tc.teams, tc.count, tc.sg, "")
			type slot struct{ table, nsTeam string }
			whole := map[roomKey]slot{}
			for _, j := range ev.Jobs() {
				for _, b := range j.Boards {
					whole[roomKey{j.Match, j.Room, b.Number}] = slot{j.Table, j.NSTeam}
				}
			}
			got := map[roomKey]slot{}
			shardOfBoard := map[string]int{}
			for k := 0; k < tc.shards; k++ {
				require.NoError(t, ev.SetShard(shards.Shard{K: k, N: tc.shards}))
				ranges := map[string]shards.BoardRange{}
				for _, r := range ev.ShardRanges() {
					ranges[r.Match] = r
				}
				for _, j := range ev.Jobs() {
					r := ranges[j.Match]
					require.NotEmpty(t, j.Boards)
					for _, b := range j.Boards {
						key := roomKey{j.Match, j.Room, b.Number}
						_, dup := got[key]
						require.False(t, dup, "%v in two shards", key)
						got[key] = slot{j.Table, j.NSTeam}
						assert.True(t, b.Number >= r.First && b.Number <= r.Last, "board %d within the manifest's range %v", b.Number, r)
						bk := fmt.Sprintf("%s/%d", j.Match, b.Number)
						if other, ok := shardOfBoard[bk]; ok {
							assert.Equal(t, other, k, "both rooms of %s in one shard", bk)
						}
						shardOfBoard[bk] = k
					}
				}
			}
			assert.Equal(t, whole, got)
		})
	}
}

func TestSetShard(t *testing.T) {
	t.Parallel()
	ev := testEvent(t, ScheduleMatch, 2, 8, 16, "")
	assert.Error(t, ev.SetShard(shards.Shard{K: 4, N: 4}))
	assert.Error(t, ev.SetShard(shards.Shard{K: -1, N: 4}))
	require.NoError(t, ev.SetShard(shards.Shard{K: 1, N: 4}))
	assert.Len(t, ev.Jobs(), 2, "one segment, two rooms")

	// An event given no seed draws one per process: its shards would not
	// deal the same boards.
	f, err := ParseFile([]byte("[teams.A]\nbots = [\"builtin:random\"]\n[teams.B]\nbots = [\"builtin:random\"]\n"), "x.toml")
	require.NoError(t, err)
	f.Out = t.TempDir()
	drawn, err := Resolve(f)
	require.NoError(t, err)
	require.True(t, drawn.SeedDrawn)
	err = drawn.SetShard(shards.Shard{K: 0, N: 2})
	require.ErrorIs(t, err, ErrShardSeed)
	assert.True(t, strings.Contains(err.Error(), "--seed"), err.Error())
}

// TestShardSecrets checks that a shard's bots cannot read the folders of
// the other shards beside its own, whose manifests hold the seed.
func TestShardSecrets(t *testing.T) {
	t.Parallel()
	ev := testEvent(t, ScheduleMatch, 2, 8, 16, "")
	parent := ev.Out
	assert.Contains(t, ev.Secrets(), parent)
	require.NoError(t, ev.SetShard(shards.Shard{K: 1, N: 4}))
	ev.Out = parent + "/shard-1-of-4"
	assert.Contains(t, ev.Secrets(), parent, "the shards' parent folder")
	assert.NotContains(t, ev.Secrets(), ev.Out, "within the parent")
}
