package lab

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
)

// sideTable returns a table in which North-South's declarer takes the
// given tricks in each strain (clubs to notrump) from North, and one
// trick fewer from South.
func sideTable(tricks [5]int) dds.TrickTable {
	var t dds.TrickTable
	for st, n := range tricks {
		t[st][engine.North] = n
		t[st][engine.South] = n - 1
	}
	return t
}

func TestOracleContract(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		vul    engine.Vulnerability
		tables []dds.TrickTable
		want   engine.Contract
	}{
		{
			// Ten tricks in spades in every layout: game, not a part score
			// or a slam; North, who takes more, declares.
			name:   "a sure game",
			tables: []dds.TrickTable{sideTable([5]int{7, 7, 8, 10, 8}), sideTable([5]int{7, 7, 8, 10, 8})},
			want:   engine.Contract{Level: 4, Strain: engine.StrainSpades, Declarer: engine.North},
		},
		{
			// Twelve tricks in half the layouts, eleven in the other half:
			// not vulnerable the slam loses 11 IMPs where it fails, the
			// game 11 where the slam makes. A tie keeps the lower
			// contract: a slam must win outright.
			name: "a slam on a finesse, not vulnerable",
			tables: []dds.TrickTable{
				sideTable([5]int{7, 7, 8, 12, 9}), sideTable([5]int{7, 7, 8, 11, 9}),
				sideTable([5]int{7, 7, 8, 12, 9}), sideTable([5]int{7, 7, 8, 11, 9}),
			},
			want: engine.Contract{Level: 4, Strain: engine.StrainSpades, Declarer: engine.North},
		},
		{
			// Twelve tricks in three layouts of four: the slam.
			name: "a slam three times in four",
			tables: []dds.TrickTable{
				sideTable([5]int{7, 7, 8, 12, 9}), sideTable([5]int{7, 7, 8, 12, 9}),
				sideTable([5]int{7, 7, 8, 12, 9}), sideTable([5]int{7, 7, 8, 11, 9}),
			},
			want: engine.Contract{Level: 6, Strain: engine.StrainSpades, Declarer: engine.North},
		},
		{
			// Six tricks at best: passing out loses nothing; 1NT one down
			// loses 2 IMPs a layout against it.
			name:   "nothing makes",
			tables: []dds.TrickTable{sideTable([5]int{6, 6, 6, 6, 6})},
			want:   engine.Contract{},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tt.want, oracleContract(engine.NS, tt.vul, tt.tables))
		})
	}
}

func TestOracleLayoutsKeepTheSideAndDeal(t *testing.T) {
	t.Parallel()
	d := engine.NewDealSource("oracle-test").Deal(3)
	side := oracleSide(d)
	layouts := oracleLayouts("oracle-test", 3, d, side, 6)
	again := oracleLayouts("oracle-test", 3, d, side, 6)
	assert.Equal(t, layouts, again, "the same seed and board give the same layouts")
	distinct := map[engine.Deal]bool{}
	for _, l := range layouts {
		require.NoError(t, l.Validate())
		for s := engine.North; s <= engine.West; s++ {
			if s.Side() == side {
				assert.Equal(t, d[s], l[s], "the side's own hand %s", s)
			}
		}
		distinct[l] = true
	}
	assert.Greater(t, len(distinct), 1, "the opponents' cards are dealt afresh")
}

func TestOracleBoardBidsItsContract(t *testing.T) {
	t.Parallel()
	// North-South hold every high card: the oracle bids a grand slam,
	// straight away, and the opponents pass.
	d, err := engine.ParseDeal("N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 7654.8765.876.76 32.432.5432.5432")
	require.NoError(t, err)
	bd, err := oracleBoard(context.Background(), "oracle-test", 1, d, 2)
	require.NoError(t, err)
	ct, ok := bd.Auction().Contract()
	require.True(t, ok)
	assert.Equal(t, 7, ct.Level)
	assert.Equal(t, engine.NS, ct.Declarer.Side())
	calls := bd.Auction().Calls()
	bids := 0
	for _, c := range calls {
		if c != engine.Pass {
			bids++
		}
	}
	assert.Equal(t, 1, bids, "one bid: %v", calls)
}
