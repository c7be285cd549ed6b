// Package shards cuts an event into shards played on their own (on many
// machines) and says which boards each plays: shard K of N plays, in every
// match, the K-th of N contiguous ranges of the match's boards. It is
// arithmetic only; the event, its resume and the merge of the shards'
// folders are package tournaments'.
package shards

import (
	"fmt"
	"strconv"
	"strings"
)

// Shard is one part of an event played on its own, for running an event
// over many machines (a Slurm job array, a Kubernetes Indexed Job): shard K
// of N plays, in every match, the K-th of N contiguous ranges of the
// match's boards, both rooms of each board. The zero Shard is the whole
// event.
type Shard struct {
	K int `json:"k"` // from 0
	N int `json:"n"` // 0: not sharded
}

// maxShards bounds N, so a typo cannot make millions of empty shards.
const maxShards = 100_000

// The environment variables --shard auto/N reads K from, in this order:
// a Slurm job array's task and a Kubernetes Indexed Job's completion index.
var shardIndexVars = []string{"SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"}

// Parse reads a shard as the command line gives it: "K/N" with K
// from 0 to N-1, or "auto/N", which takes K from SLURM_ARRAY_TASK_ID or,
// failing that, JOB_COMPLETION_INDEX as getenv returns them.
func Parse(s string, getenv func(string) string) (Shard, error) {
	ks, ns, ok := strings.Cut(strings.TrimSpace(s), "/")
	if !ok {
		return Shard{}, fmt.Errorf("shard %q: want K/N (K from 0) or auto/N", s)
	}
	n, err := strconv.Atoi(ns)
	if err != nil || n < 1 || n > maxShards {
		return Shard{}, fmt.Errorf("shard %q: N %q: want a whole number from 1 to %d", s, ns, maxShards)
	}
	from := ""
	if ks == "auto" {
		for _, v := range shardIndexVars {
			if ks = getenv(v); ks != "" {
				from = v
				break
			}
		}
		if from == "" {
			return Shard{}, fmt.Errorf("shard %q: auto needs the shard number in %s (set by a Slurm job array or a Kubernetes Indexed Job)", s, strings.Join(shardIndexVars, " or "))
		}
	}
	k, err := strconv.Atoi(ks)
	if err != nil || k < 0 || k >= n {
		where := ""
		if from != "" {
			where = fmt.Sprintf(" (from %s; number the array's tasks 0 to %d)", from, n-1)
		}
		return Shard{}, fmt.Errorf("shard %q: K %q: want a whole number from 0 to %d%s", s, ks, n-1, where)
	}
	return Shard{K: k, N: n}, nil
}

// String returns K/N, or "all" for the whole event.
func (s Shard) String() string {
	if s.N == 0 {
		return "all"
	}
	return fmt.Sprintf("%d/%d", s.K, s.N)
}

// Check reports a shard that is not one of its N.
func (s Shard) Check() error {
	if s.N == 0 && s.K == 0 {
		return nil
	}
	if s.N < 1 || s.N > maxShards || s.K < 0 || s.K >= s.N {
		return fmt.Errorf("shard %d/%d: want K from 0 to N-1 and N from 1 to %d", s.K, s.N, maxShards)
	}
	return nil
}

// Span returns the positions [lo, hi) of a match's n boards the shard
// plays: the K-th of N ranges as equal as whole boards allow (the first
// ones a board shorter when N does not divide n). The whole event's Span
// is [0, n).
func (s Shard) Span(n int) (lo, hi int) {
	if s.N == 0 {
		return 0, n
	}
	return s.K * n / s.N, (s.K + 1) * n / s.N
}

// BoardRange is the boards a shard plays in one match, by board number
// (the match's boards in schedule order from First to Last; none when
// Count is 0).
type BoardRange struct {
	Match string `json:"match"`
	First int    `json:"first,omitempty"`
	Last  int    `json:"last,omitempty"`
	Count int    `json:"count"`
}

// String returns "boards 5-8 of match A-v-B", or that the shard has none.
func (r BoardRange) String() string {
	switch r.Count {
	case 0:
		return fmt.Sprintf("no boards of match %s", r.Match)
	case 1:
		return fmt.Sprintf("board %d of match %s", r.First, r.Match)
	}
	return fmt.Sprintf("boards %d-%d of match %s", r.First, r.Last, r.Match)
}

// Of returns the shard (K of shards) that plays position p of a match of
// n boards.
func Of(p, n, shards int) int {
	k := p * shards / n
	for k > 0 && (Shard{K: k, N: shards}).lo(n) > p {
		k--
	}
	for k < shards-1 && (Shard{K: k + 1, N: shards}).lo(n) <= p {
		k++
	}
	return k
}

// lo returns the first position of a match of n boards the shard plays.
func (s Shard) lo(n int) int { lo, _ := s.Span(n); return lo }
