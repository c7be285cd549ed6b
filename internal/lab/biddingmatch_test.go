package lab

import (
	"bytes"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot/bidding"
)

// hcpTables gives each deal a made-up double-dummy table in which a side
// takes a trick for every three HCP it holds, plus one for each trump
// beyond seven between the two hands: enough for the match's arithmetic,
// which does not care whether the tricks are real.
func hcpTables(deals []engine.Deal) []dds.TrickTable {
	tables := make([]dds.TrickTable, len(deals))
	for i, d := range deals {
		for seat := range engine.Seat(engine.NumSeats) {
			pair := []engine.Hand{d[seat], d[seat.Partner()]}
			hcp := pair[0].HCP() + pair[1].HCP()
			for strain := engine.StrainClubs; strain <= engine.NoTrump; strain++ {
				n := hcp / 3
				if strain != engine.NoTrump {
					s := engine.Suit(strain)
					n += max(0, pair[0].SuitLen(s)+pair[1].SuitLen(s)-7)
				}
				tables[i][strain][seat] = min(13, n)
			}
		}
	}
	return tables
}

func TestBiddingMatch(t *testing.T) {
	t.Parallel()
	ds := engine.NewDealSource("bidding-match")
	deals := make([]engine.Deal, 60)
	for i := range deals {
		deals[i] = ds.Deal(i + 1)
	}
	tables := hcpTables(deals)
	sayc, err := bidding.Builtin("sayc-lite")
	require.NoError(t, err)
	twoOver, err := bidding.Builtin("2over1")
	require.NoError(t, err)

	runAt := func(level string, home, away *bidding.System) string {
		var b bytes.Buffer
		require.NoError(t, measureBiddingMatch(&b, "bidding-match", level, [2]matchTeam{{sys: home}, {sys: away}}, deals, tables, len(deals)))
		return b.String()
	}
	run := func(home, away *bidding.System) string { return runAt("", home, away) }
	summary := regexp.MustCompile(`(\d+) bid differently in the two rooms: ([+-]\d+\.\d+) ± \d+\.\d+ IMPs a board to the first system \(95% CI\), (\d+) to (\d+) IMPs`)
	boardLine := regexp.MustCompile(`(?m)^board +\d+: +([+-]\d+) IMPs`)

	// A system against itself bids the same in both rooms: no swing.
	same := summary.FindStringSubmatch(run(sayc, sayc))
	require.NotNil(t, same)
	assert.Equal(t, []string{"0", "+0.000", "0", "0"}, same[1:])

	// Two systems: the listed boards' IMPs add up to the totals, and
	// swapping the systems swaps the totals.
	out := run(sayc, twoOver)
	m := summary.FindStringSubmatch(out)
	require.NotNil(t, m, out)
	assert.NotEqual(t, "0", m[1], "2/1 and SAYC-lite bid some of these boards differently")
	won, lost := 0, 0
	for _, l := range boardLine.FindAllStringSubmatch(out, -1) {
		n, err := strconv.Atoi(l[1])
		require.NoError(t, err)
		if n > 0 {
			won += n
		} else {
			lost -= n
		}
	}
	assert.Equal(t, m[3], strconv.Itoa(won))
	assert.Equal(t, m[4], strconv.Itoa(lost))
	back := summary.FindStringSubmatch(run(twoOver, sayc))
	require.NotNil(t, back)
	assert.Equal(t, []string{m[1], m[4], m[3]}, []string{back[1], back[3], back[4]})

	// Below expert, refbot bids the system's own calls: the match at a
	// level is the systems' match, with the bots' call times added.
	hard := runAt("hard", sayc, twoOver)
	assert.Equal(t, m[1:], summary.FindStringSubmatch(hard)[1:])
	assert.Regexp(t, `(?m)^system 1's calls: \d+, p50 .*\nsystem 2's calls: \d+, p50 `, hard)
}

func TestPenaltyOptions(t *testing.T) {
	t.Parallel()
	tests := []struct {
		margin  string
		options int
		err     bool
	}{
		{"", 0, false},
		{"off", 1, false},
		{"5", 1, false},
		{"-1.5", 1, false},
		{"five", 0, true},
		{"NaN", 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.margin, func(t *testing.T) {
			opts, err := penaltyOptions(tt.margin)
			if tt.err {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.margin)
				return
			}
			require.NoError(t, err)
			assert.Len(t, opts, tt.options)
		})
	}
}
