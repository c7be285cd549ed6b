package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func contract(t testing.TB, s string) Contract {
	t.Helper()
	c, err := ParseContract(s)
	require.NoError(t, err)
	return c
}

// TestScoreWorkedExamples checks duplicate scores worked out by hand from
// the scoring table of the Laws (Law 77): part scores, games, slams,
// doubled and redoubled makes and undertricks, each side of vulnerability.
func TestScoreWorkedExamples(t *testing.T) {
	t.Parallel()
	tests := []struct {
		contract string
		vul      bool
		tricks   int
		want     int
	}{
		{"1NT", false, 7, 90},
		{"3NT", false, 9, 400},
		{"3NT", true, 9, 600},
		{"4S", false, 10, 420},
		{"4S", true, 10, 620},
		{"6NT", false, 12, 990},
		{"6NT", true, 12, 1440},
		{"4SX", false, 10, 590},
		{"2HXX", false, 9, 840},
		{"4SX", false, 7, -500},
		{"4SX", true, 7, -800},
		{"6SXX", true, 13, 2470},
		{"7SX", true, 13, 2470},
		{"2S", false, 10, 170},
		{"2CXX", false, 8, 560},
		{"6S", true, 12, 1430},
		{"2HX", false, 8, 470},
		{"4H", false, 12, 480},
		{"7NTXX", true, 0, -7600},
		{"Pass", false, 0, 0},
		{"Pass", true, 0, 0},
	}
	for _, tt := range tests {
		got := Score(contract(t, tt.contract), tt.vul, tt.tricks)
		assert.Equal(t, tt.want, got, "%s vul=%v %d tricks", tt.contract, tt.vul, tt.tricks)
	}
}

func TestScoreRules(t *testing.T) {
	t.Parallel()
	// Trick values: minors 20, majors 30, NT 40 then 30.
	assert.Equal(t, 20*3, ScoreDetails(contract(t, "3C"), false, 9).TrickScore)
	assert.Equal(t, 30*3, ScoreDetails(contract(t, "3H"), false, 9).TrickScore)
	assert.Equal(t, 40+30+30, ScoreDetails(contract(t, "3NT"), false, 9).TrickScore)
	// Game needs 100 in bid tricks: 5C is game, 4C is not; doubled 2S is game.
	assert.Equal(t, 300, ScoreDetails(contract(t, "5C"), false, 11).GameBonus)
	assert.Equal(t, 50, ScoreDetails(contract(t, "4C"), false, 10).GameBonus)
	assert.Equal(t, 500, ScoreDetails(contract(t, "2SX"), true, 8).GameBonus)
	// Overtricks never count toward game: 2S making 11 is a partscore.
	assert.Equal(t, 50, ScoreDetails(contract(t, "2S"), false, 11).GameBonus)
	// Slams and the insult.
	assert.Equal(t, 1000, ScoreDetails(contract(t, "7C"), false, 13).SlamBonus)
	assert.Equal(t, 750, ScoreDetails(contract(t, "6D"), true, 12).SlamBonus)
	assert.Equal(t, 100, ScoreDetails(contract(t, "1CXX"), false, 7).InsultBonus)
	// Overtricks: undoubled at trick value (NT 30), doubled 100/200, redoubled 200/400.
	assert.Equal(t, 2*30, ScoreDetails(contract(t, "1NT"), false, 9).OvertrickPts)
	assert.Equal(t, 2*20, ScoreDetails(contract(t, "1D"), true, 9).OvertrickPts)
	assert.Equal(t, 200, ScoreDetails(contract(t, "1DX"), true, 8).OvertrickPts)
	assert.Equal(t, 400, ScoreDetails(contract(t, "1DXX"), true, 8).OvertrickPts)
	assert.Equal(t, 200, ScoreDetails(contract(t, "1DXX"), false, 8).OvertrickPts)
}

func TestUndertrickPenalties(t *testing.T) {
	t.Parallel()
	// Cumulative penalties for 1..6 down.
	tests := []struct {
		name string
		p    Penalty
		vul  bool
		want []int
	}{
		{"undoubled NV", Undoubled, false, []int{50, 100, 150, 200, 250, 300}},
		{"undoubled V", Undoubled, true, []int{100, 200, 300, 400, 500, 600}},
		{"doubled NV", Doubled, false, []int{100, 300, 500, 800, 1100, 1400}},
		{"doubled V", Doubled, true, []int{200, 500, 800, 1100, 1400, 1700}},
		{"redoubled NV", Redoubled, false, []int{200, 600, 1000, 1600, 2200, 2800}},
		{"redoubled V", Redoubled, true, []int{400, 1000, 1600, 2200, 2800, 3400}},
	}
	for _, tt := range tests {
		for i, want := range tt.want {
			c := Contract{Level: 7, Strain: StrainSpades, Penalty: tt.p}
			d := ScoreDetails(c, tt.vul, 13-(i+1))
			assert.False(t, d.Made)
			assert.Equal(t, i+1, d.Undertricks)
			assert.Equal(t, want, d.Penalty, "%s %d down", tt.name, i+1)
			assert.Equal(t, -want, d.Total)
		}
	}
}

func TestScoreNSSide(t *testing.T) {
	t.Parallel()
	c := contract(t, "4S")
	c.Declarer = East
	assert.Equal(t, -620, ScoreNS(c, VulEW, 10))
	assert.Equal(t, -420, ScoreNS(c, VulNS, 10), "N-S vulnerability does not affect E-W")
	assert.Equal(t, 100, ScoreNS(c, VulAll, 9))
	c.Declarer = South
	assert.Equal(t, 620, ScoreNS(c, VulAll, 10))
	assert.Equal(t, 0, ScoreNS(Contract{}, VulAll, 0))
}

func TestIMPScale(t *testing.T) {
	t.Parallel()
	limits := []int{10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590,
		740, 890, 1090, 1290, 1490, 1740, 1990, 2240, 2490, 2990, 3490, 3990}
	for imps, hi := range limits {
		assert.Equal(t, imps, IMPs(hi), "%d", hi)
		assert.Equal(t, -imps, IMPs(-hi), "%d", -hi)
		assert.Equal(t, imps+1, IMPs(hi+10), "%d", hi+10)
	}
	assert.Equal(t, 0, IMPs(0))
	assert.Equal(t, 24, IMPs(4000))
	assert.Equal(t, 24, IMPs(7600))
	assert.Equal(t, -24, IMPs(-9999))
	// Everyday cases: game swing, overtrick.
	assert.Equal(t, 10, IMPs(620-170))
	assert.Equal(t, 1, IMPs(450-420))
}

func TestVPs(t *testing.T) {
	t.Parallel()
	// The spec's check: 16 boards, margin 20 IMPs -> 15.00.
	w, l := VPs(20, 16)
	assert.Equal(t, 15.00, w)
	assert.Equal(t, 5.00, l)
	w, l = VPs(-20, 16)
	assert.Equal(t, 5.00, w)
	assert.Equal(t, 15.00, l)
	w, l = VPs(0, 16)
	assert.Equal(t, 10.0, w)
	assert.Equal(t, 10.0, l)
	// Blitz: 15*sqrt(16) = 60 IMPs and beyond give 20-0.
	w, l = VPs(60, 16)
	assert.Equal(t, 20.0, w)
	assert.Equal(t, 0.0, l)
	w, _ = VPs(500, 16)
	assert.Equal(t, 20.0, w)
	// Monotone and complementary; two decimals.
	prev := 10.0
	for m := 1; m <= 80; m++ {
		w, l := VPs(float64(m), 16)
		assert.GreaterOrEqual(t, w, prev)
		assert.InDelta(t, 20.0, w+l, 1e-9)
		assert.InDelta(t, w*100, float64(int(w*100+0.5)), 1e-6)
		prev = w
	}
}

func BenchmarkScore(b *testing.B) {
	cs := []Contract{{4, StrainSpades, Undoubled, North}, {3, NoTrump, Doubled, East}, {6, StrainHearts, Redoubled, South}}
	sum := 0
	for i := 0; b.Loop(); i++ {
		sum += ScoreNS(cs[i%3], Vulnerability(i&3), 6+i%8)
	}
	_ = sum
}
