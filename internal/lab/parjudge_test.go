package lab

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
)

// spadeGameTable is a double-dummy table on which North-South take ten
// tricks in spades and seven in every other strain (from either seat), so
// that par (none vulnerable) is 4S by North or South, +420.
func spadeGameTable() dds.TrickTable {
	var t dds.TrickTable
	for st := range t {
		ns := 7
		if engine.Strain(st) == engine.StrainSpades {
			ns = 10
		}
		t[st] = [4]int{ns, 13 - ns, ns, 13 - ns}
	}
	return t
}

func finishedAuction(t *testing.T, dealer engine.Seat, calls string) engine.Auction {
	t.Helper()
	a := engine.NewAuction(dealer)
	for _, f := range strings.Fields(calls) {
		c, err := engine.ParseCall(f)
		require.NoError(t, err)
		require.NoError(t, a.Add(c), "call %s of %q", f, calls)
	}
	return a
}

func TestJudgeAuction(t *testing.T) {
	t.Parallel()
	table := spadeGameTable()
	tests := []struct {
		name        string
		vul         engine.Vulnerability
		calls       string
		score, par  int
		imps        int // IMPs from par, as a magnitude
		signed      int // North-South's side
		family      Family
		competitive bool
		doubled     bool
	}{
		// 420 from par is 9 IMPs.
		{"passed out", engine.VulNone, "P P P P", 0, 420, 9, -9, FamilyPassedOut, false, false},
		{"par reached", engine.VulNone, "1S P 4S P P P", 420, 420, 0, 0, FamilyGame, false, false},
		{"par reached vulnerable", engine.VulAll, "1S P 4S P P P", 620, 620, 0, 0, FamilyGame, false, false},
		// 6S two down: -100 against +420 is 520, 11 IMPs.
		{"slam too high", engine.VulNone, "1S P 6S P P P", -100, 420, 11, -11, FamilySlam, false, false},
		// 3NT doubled, seven tricks: two down doubled, -300, 720 from par: 12 IMPs.
		{"doubled in competition", engine.VulNone, "1S 2H 3N X P P P", -300, 420, 12, -12, FamilyGame, true, true},
		// 2S making ten: +170, 250 from par: 6 IMPs.
		{"part score", engine.VulNone, "1S P 2S P P P", 170, 420, 6, -6, FamilyPartScore, false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := finishedAuction(t, engine.North, tc.calls)
			j, err := JudgeAuction(&a, tc.vul, &table)
			require.NoError(t, err)
			assert.Equal(t, tc.score, j.ScoreNS, "score")
			assert.Equal(t, tc.par, j.ParNS, "par")
			assert.Equal(t, tc.imps, j.IMPs, "IMPs from par")
			assert.Equal(t, tc.signed, j.ParIMPsNS, "signed IMPs")
			assert.Equal(t, tc.family, j.Family)
			assert.Equal(t, FamilyGame, j.ParFamily)
			assert.Equal(t, tc.competitive, j.Competitive, "competitive")
			assert.Equal(t, tc.doubled, j.Doubled, "doubled")
		})
	}

	t.Run("unfinished", func(t *testing.T) {
		a := finishedAuction(t, engine.North, "1S P")
		_, err := JudgeAuction(&a, engine.VulNone, &table)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "not finished")
	})

	t.Run("the wrong side declares", func(t *testing.T) {
		// East-West play 2H on the spade table: two down is +100 for
		// North-South, 320 short of their par of +420: 8 IMPs.
		a := finishedAuction(t, engine.East, "2H P P P")
		j, err := JudgeAuction(&a, engine.VulNone, &table)
		require.NoError(t, err)
		assert.Equal(t, engine.East, j.Contract.Declarer)
		assert.Equal(t, 6, j.Tricks)
		assert.Equal(t, 100, j.ScoreNS)
		assert.Equal(t, -8, j.ParIMPsNS)
		assert.Equal(t, 8, j.IMPs)
	})
}

func TestFamilyOf(t *testing.T) {
	t.Parallel()
	tests := []struct {
		level  int
		strain engine.Strain
		want   Family
	}{
		{0, engine.StrainClubs, FamilyPassedOut},
		{2, engine.NoTrump, FamilyPartScore},
		{3, engine.NoTrump, FamilyGame},
		{3, engine.StrainSpades, FamilyPartScore},
		{4, engine.StrainHearts, FamilyGame},
		{4, engine.StrainDiamonds, FamilyPartScore},
		{5, engine.StrainClubs, FamilyGame},
		{6, engine.StrainClubs, FamilySlam},
		{7, engine.NoTrump, FamilySlam},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, familyOf(tc.level, tc.strain), "%d%s", tc.level, tc.strain)
	}
	assert.Equal(t, "part score", FamilyPartScore.String())
}

func TestBiddingReport(t *testing.T) {
	t.Parallel()
	var r BiddingReport
	add := func(imps int, f, par Family, competitive, doubled bool, level int) {
		r.Add(AuctionJudgement{IMPs: imps, Family: f, ParFamily: par, Competitive: competitive, Doubled: doubled,
			Contract: engine.Contract{Level: level}, Tricks: 12})
	}
	add(9, FamilyPassedOut, FamilyGame, false, false, 0)
	add(0, FamilyGame, FamilyGame, false, false, 4)
	add(11, FamilySlam, FamilySlam, false, false, 6)
	add(12, FamilyGame, FamilyGame, true, true, 3)

	mean, half, n := r.Mean()
	assert.Equal(t, 4, n)
	assert.InDelta(t, 8.0, mean, 1e-9)
	assert.Greater(t, half, 0.0)

	got := map[string]GroupFigure{}
	var familyShare float64
	for i, g := range r.Groups() {
		got[g.Name] = g
		if i > 0 {
			assert.LessOrEqual(t, g.Mean, r.Groups()[i-1].Mean, "worst first")
		}
		if !strings.HasPrefix(g.Name, "par:") && g.Name != "competitive" && g.Name != "doubled" {
			familyShare += g.Share
		}
	}
	assert.InDelta(t, 1.0, familyShare, 1e-9, "the families of the contract reached split the total")
	assert.Equal(t, 2, got["game"].N)
	assert.InDelta(t, 6.0, got["game"].Mean, 1e-9)
	assert.Equal(t, 1, got["competitive"].N)
	assert.InDelta(t, 12.0, got["doubled"].Mean, 1e-9)
	assert.Equal(t, 3, got["par: game"].N)
	assert.InDelta(t, 7.0, got["par: game"].Mean, 1e-9)
	_, hasPart := got["part score"]
	assert.False(t, hasPart, "an empty family is left out")

	s := r.String()
	assert.Contains(t, s, "4 auctions: 8.00")
	assert.Contains(t, s, "slams bid 1 (made double dummy 1); par at slam level 1, of which bid 1; passed out although par is a contract 1")
}
