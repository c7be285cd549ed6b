package tournaments

import (
	"errors"
	"fmt"

	"github.com/openroom/openroom/tournaments/shards"
)

// ShardRanges returns the boards the event's shard plays in each match,
// in schedule order.
func (ev *Event) ShardRanges() []shards.BoardRange {
	ms := ev.Matches()
	out := make([]shards.BoardRange, len(ms))
	for i, m := range ms {
		lo, hi := ev.Shard.Span(len(m.Boards))
		out[i] = shards.BoardRange{Match: m.ID, Count: hi - lo}
		if hi > lo {
			out[i].First, out[i].Last = m.Boards[lo].Number, m.Boards[hi-1].Number
		}
	}
	return out
}

// ErrShardSeed means a shard was asked of an event whose boards are dealt
// from a seed drawn at random: each shard would draw its own.
var ErrShardSeed = errors.New("a sharded event needs a seed every shard shares")

// SetShard makes the event shard s of itself: Jobs (and so Run, its
// progress and its resume) cover only the shard's boards. An event given
// no seed cannot be sharded, since its shards would deal from different
// random seeds; the error wraps ErrShardSeed.
func (ev *Event) SetShard(s shards.Shard) error {
	if err := s.Check(); err != nil {
		return err
	}
	if s.N > 0 && ev.SeedDrawn {
		return fmt.Errorf("%w: give one (--seed or [boards] seed) or a PBN file", ErrShardSeed)
	}
	ev.Shard = s
	return nil
}
