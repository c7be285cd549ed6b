package brute

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot/cardplay"
)

// endings are DDS 2.9 reference values (SolveBoard, solutions=3) for mid-play
// positions with at most five tricks left, from testdata/ddsolve_midplay_200.txt:
// remaining hands, trump, leader, tricks done, current trick, player to move,
// then every legal card's value for the side to move.
const endings = `N:7..Q97. ..AJ3.9 K..T5.A .AQ52.. H W 9 - W HA=4 HQ=4 H5=4 H2=4
N:76...A 93.J..9 J42..K. .Q.9.6 H W 9 H5,D4 E HJ=2
N:.52.9.Q A..3.64 J4...73 ..4.A8 H W 9 HJ N H5=2 H2=2
N:.52.5.T ..K.53 Q.9..AK .J.Q76. S E 9 C8 S CA=3 CK=3
N:Q97..Q6. ...KQJ7 .9.T.95 642.T.4. N E 8 SA,D3 W S6=5 S4=5 S2=5
N:T.Q2.T. AK...J83 Q86..9. .K863.. N S 8 D4,DA,D2 E SA=3 SK=3 CJ=3 C8=3 C3=3
N:.A5..43 ..KT8. .J.A4. 76.T8.. S E 9 SQ,D6 W S7=2 S6=2
N:8.8.8.K8 ..Q.943 KQ9..J. T.KT3.. N E 8 D4,DA,HQ N D8=4
N:.T98..4 J82.4.8. 6..Q64.K .K.A.Q73 H N 8 SA E SJ=2 S8=2 S2=2
N:J..6.Q2 8..Q.8 KQ...A .KT.3. N E 9 DJ,S3,D4 N D6=2
N:7.986.. T...A85 ..T3.J4 .74..T6 N W 9 - W H7=1 H4=1 CT=2 C6=2
N:T.9.87.7 ..Q2.KQ6 .6.J5.42 9.J.A3. N W 8 DK N D8=0 D7=0
N:...KQ9 .T..86 A9.Q2.. Q.96..7 C N 9 S6,DT S SA=4 S9=3
N:63.7.3.2 7..98.A 4.5.4.J A..Q76.4 C E 8 DT,D5 W DQ=5 D7=5 D6=5
N:85.Q2.. ..73.4 A...97 Q72...Q C E 9 H6,H7 W SQ=1 S7=1 S2=1 CQ=2
N:T9...Q J7..2. .7.A4.J 2..8.K D W 9 H6,D6,H5 S H7=3
N:..KQ2.4 .3.4.A .A..62 .42..7 S E 9 ST,DA,SQ N DK=2 DQ=2 D2=2 C4=2
N:.JT5.J.9 A.8.6.KQ .6.KQ.T .A7..62 H S 8 C8,C5 N C9=2
N:.3.Q83. 2.A.9. .5.652. .864.K. D E 9 DJ S D6=2 D5=2 D2=2
N:...AQ5 .642.7. .KJ3.. .AQ.6. N S 9 S6,DT,S7 E H6=0 H4=0 H2=0 D7=0
N:Q3..J4. .754.. K...T86 T64..2. N E 9 S9 S SK=4
N:9...K92 84..A.3 7..T6.Q8 K.A.87. D W 8 HK,C7,H3 S S7=1 DT=1 D6=1 CQ=1 C8=1
N:KT...4 .8.8.Q7 AQ94... 3...K3 C W 9 H7,SJ E H8=4
N:Q4..2.K KT93.5.. 52.K..A J6.JT.. H S 8 S8,SA,S7 E SK=3 ST=4 S9=4 S3=4
N:.AK.A6. .Q7.QJ9. .4.T873. AT6...7 N W 8 C4,CK E HQ=1 H7=1 DQ=1 DJ=1 D9=1
N:9.8.J96. .A973..J .JT.5.T 7.KQ5.4. C S 8 CQ W S7=0 HK=0 HQ=0 H5=0 D4=0
N:.942..73 ..A.A85 A6.K5.. .J76..T4 C E 8 CJ,SK W CT=5 C4=5
N:.K7.5.5 8.3..Q ..97.7 ..QT.3 S E 9 HT,D6,D2 N HK=2 H7=1
N:T2.2..8 Q95.AJ.. K3.5..96 8.7..743 H N 8 S7 E SQ=3 S9=3 S5=3
N:3.Q.AKT. J..97.8 852.4.. K974..5. S E 8 DQ,D6 W D5=4
N:75.6..97 A..Q87.4 42.AQ..Q ..AJ32.A H W 8 - W DA=1 DJ=1 D3=1 D2=1 CA=1
N:9...A94 .2.97. 7...85 84.9..Q H E 9 H7,SK W H9=4
N:K5.J76.. .842.6.4 ...AKT82 .KQ.T3.Q S N 8 - N SK=2 S5=2 HJ=2 H7=3 H6=3
N:73..K.J4 98...K6 K5.62.. .K9.J86. S E 8 SQ,S2 W HK=3 H9=3 DJ=3 D8=3 D6=3
N:.T53.5. T76..A. .72.6.3 53..3. D W 9 SJ N HT=2 H5=2 H3=2 D5=2`

// parseEnding reads one reference line into a position and its card values.
func parseEnding(t *testing.T, line string) (cardplay.Position, map[engine.Card]int) {
	t.Helper()
	f := strings.Fields(line)
	require.GreaterOrEqual(t, len(f), 7, line)
	var p cardplay.Position
	hands := strings.Split(strings.TrimPrefix(f[0], "N:"), " ")
	hands = append(hands, f[1:4]...)
	for i := 0; i < 4; i++ {
		h, err := engine.ParseHand(hands[i])
		require.NoError(t, err, line)
		p.Hands[i] = h
	}
	st, err := engine.ParseStrain(f[4])
	require.NoError(t, err)
	p.Trump = st
	p.Leader, err = engine.ParseSeat(f[5])
	require.NoError(t, err)
	if f[7] != "-" {
		for _, cs := range strings.Split(f[7], ",") {
			c, err := engine.ParseCard(cs)
			require.NoError(t, err)
			p.Trick[p.NTrick] = c
			p.NTrick++
		}
	}
	want := map[engine.Card]int{}
	for _, tok := range f[9:] {
		cs, n, ok := strings.Cut(tok, "=")
		require.True(t, ok, tok)
		c, err := engine.ParseCard(cs)
		require.NoError(t, err)
		want[c] = int(n[0] - '0')
	}
	return p, want
}

func TestBruteSolverMatchesDDS(t *testing.T) {
	t.Parallel()
	var bs Solver
	n := 0
	for _, line := range strings.Split(endings, "\n") {
		p, want := parseEnding(t, line)
		got, err := bs.CardValues(&p, nil)
		require.NoError(t, err, line)
		gotMap := map[engine.Card]int{}
		for _, cv := range got {
			gotMap[cv.Card] = cv.Tricks
		}
		assert.Equal(t, want, gotMap, line)
		n++
	}
	assert.Equal(t, 35, n)
	assert.Positive(t, bs.Nodes())
}

func TestBruteSolverNodeLimit(t *testing.T) {
	t.Parallel()
	p, _ := parseEnding(t, strings.Split(endings, "\n")[0])
	bs := Solver{MaxNodes: 3}
	_, err := bs.CardValues(&p, nil)
	require.ErrorIs(t, err, ErrNodeLimit)
}
