package shards

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParse(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		env  map[string]string
		want Shard
		err  string
	}{
		{in: "0/4", want: Shard{0, 4}},
		{in: "3/4", want: Shard{3, 4}},
		{in: " 0/1 ", want: Shard{0, 1}},
		{in: "auto/4", env: map[string]string{"SLURM_ARRAY_TASK_ID": "2"}, want: Shard{2, 4}},
		{in: "auto/4", env: map[string]string{"JOB_COMPLETION_INDEX": "1"}, want: Shard{1, 4}},
		{in: "auto/4", env: map[string]string{"SLURM_ARRAY_TASK_ID": "3", "JOB_COMPLETION_INDEX": "1"}, want: Shard{3, 4}},
		{in: "auto/4", err: "SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX"},
		{in: "auto/4", env: map[string]string{"SLURM_ARRAY_TASK_ID": "4"}, err: "from SLURM_ARRAY_TASK_ID; number the array's tasks 0 to 3"},
		{in: "4/4", err: `K "4": want a whole number from 0 to 3`},
		{in: "-1/4", err: `K "-1"`},
		{in: "x/4", err: `K "x"`},
		{in: "1/0", err: `N "0"`},
		{in: "1/x", err: `N "x"`},
		{in: "1/1000000", err: "from 1 to 100000"},
		{in: "1", err: "want K/N"},
		{in: "", err: "want K/N"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := Parse(tt.in, func(k string) string { return tt.env[k] })
			if tt.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

// TestShardSpan checks that the shards of n boards are contiguous, cover
// every board once, differ in size by at most one board, and that Of
// finds each board's shard.
func TestShardSpan(t *testing.T) {
	t.Parallel()
	for n := 0; n <= 40; n++ {
		for shards := 1; shards <= 9; shards++ {
			next, smallest, largest := 0, n, 0
			for k := 0; k < shards; k++ {
				lo, hi := Shard{k, shards}.Span(n)
				require.Equal(t, next, lo, "n=%d N=%d: shard %d starts where %d ends", n, shards, k, k-1)
				require.LessOrEqual(t, lo, hi)
				for p := lo; p < hi; p++ {
					require.Equal(t, k, Of(p, n, shards), "n=%d N=%d p=%d", n, shards, p)
				}
				next = hi
				smallest, largest = min(smallest, hi-lo), max(largest, hi-lo)
			}
			require.Equal(t, n, next, "n=%d N=%d: the shards cover every board", n, shards)
			require.LessOrEqual(t, largest-smallest, 1, "n=%d N=%d", n, shards)
		}
	}
	lo, hi := Shard{}.Span(7)
	assert.Equal(t, [2]int{0, 7}, [2]int{lo, hi}, "the whole event")
}

// TestShardJobs checks that the shards' tables hold every board-room of
// the whole event's tables exactly once, with the same table names and
// seats, both rooms of a board in the same shard.

func FuzzParse(f *testing.F) {
	for _, s := range []string{"0/4", "auto/3", "9/9", "x", "1/", "/2", "-0/1", "00/01"} {
		f.Add(s, "2")
	}
	f.Fuzz(func(t *testing.T, s, env string) {
		sh, err := Parse(s, func(string) string { return env })
		if err != nil {
			return
		}
		if sh.K < 0 || sh.K >= sh.N || sh.N > maxShards {
			t.Fatalf("Parse(%q) = %v", s, sh)
		}
		back, err := Parse(sh.String(), nil)
		if err != nil || back != sh {
			t.Fatalf("%v does not read back: %v %v", sh, back, err)
		}
	})
}
