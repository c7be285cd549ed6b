package main

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/openroom/openroom/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestScoreRubberSheet checks the printed sheet of a whole rubber: the deal
// list, the bonuses above the line (latest first), the trick points below
// it game by game, the totals and the winner. The figures are the rubber rules':
// 4SX+1 not vulnerable is 240 below and 100 above, East's four trump
// honours 100 to EW, 3NT-1 with NS vulnerable is 50 to NS (the defenders
// are not vulnerable), 60 + 40 is NS's second game and 700 for the rubber.
func TestScoreRubberSheet(t *testing.T) {
	t.Parallel()
	in := "4SX N 11 100E\nPass\n\n# a comment\n3nt w 8 -\n2S N 8\n1C E 7\n2D S 8\n"
	code, out, errs := runCmd(t, in, "score", "--rubber")
	require.Equal(t, exitOK, code, errs)
	assert.Empty(t, errs)
	want := `rubber (rubber-v1), first dealer N
deal  dealer  vul   contract  by  tricks  result
   1  N       None  4SX       N       11  +1
   2  E       NS    Pass
   3  S       NS    3NT       W        8  -1
   4  W       NS    2S        N        8  =
   5  N       NS    1C        E        7  =
   6  E       NS    2D        S        8  =

      NS       EW
     700            deal 6: rubber, 2 games to 0
      50            deal 3: 1 undertrick, 3NT by W
              100   deal 1: honours: 4 trump honours (E)
     100            deal 1: 1 overtrick, 4SX by N
=================   the line
     240            deal 1: 4SX by N
-----------------   game 1: NS
      60            deal 4: 2S by N
               20   deal 5: 1C by E
      40            deal 6: 2D by S
-----------------   game 2: NS
    1190      120   total (above 850 and 100, below 340 and 20)
rubber over after 6 deals: NS win; NS 1190, EW 120 (games: NS 2, EW 0)
`
	assert.Equal(t, want, out)
}

// TestScoreRubberModes checks the verdict line of each mode and state, the
// --dealer flag and the standard-input argument "-".
func TestScoreRubberModes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		args  []string
		in    string
		lines []string // lines the output must contain
	}{
		{"an unfinished rubber has no winner", []string{"--rubber"}, "4S N 10\n",
			[]string{"first dealer N", "rubber not finished after 1 deal, no winner; NS 120, EW 0 (games: NS 1, EW 0)", "-----------------   game 1: NS\n     120        0   total"}},
		{"the higher total wins, not the side with two games", []string{"--rubber", "-"}, "4S N 10\n3NT E 9\n6HX S 7\n4S N 10\n",
			[]string{"rubber over after 4 deals: EW win; NS 740, EW 1500 (games: NS 2, EW 1)", "deal 4: rubber, 2 games to 1"}},
		{"Chicago: the dealer's side vulnerable on deals 2 and 3", []string{"--chicago", "--dealer", "E"}, "1C N 7\n1C N 7\n1C N 7\n2H W 9\n",
			[]string{"first dealer E", "   2  S       NS    1C", "   3  W       EW    1C", "   4  N       All   2H", "deal 4: part score on the fourth deal",
				"                    game 1: unfinished\n-----------------\n      60      190   total",
				"Chicago over after 4 deals: EW win; NS 60, EW 190 (games: NS 0, EW 0)"}},
		{"Chicago: a passed-out deal is redealt", []string{"--chicago"}, "Pass - - -\n4S N 10\n",
			[]string{"   1  N       None  Pass", "   2  N       None  4S", "Chicago not finished: 1 of 4 deals played"}},
		{"Chicago: equal totals are a draw", []string{"--chicago"}, "3NT N 9\n3NT E 9\n1NT S 3\n3NT S 9\n",
			[]string{"Chicago over after 4 deals: a draw; NS 1000, EW 1000 (games: NS 2, EW 1)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := runCmd(t, tt.in, append([]string{"score"}, tt.args...)...)
			require.Equal(t, exitOK, code, errs)
			for _, l := range tt.lines {
				assert.Contains(t, out, l)
			}
		})
	}
}

// TestScoreRubberJSON checks that --json prints the engine's sheet, and that
// it matches what the engine computes for the same deals.
func TestScoreRubberJSON(t *testing.T) {
	t.Parallel()
	code, out, errs := runCmd(t, "4H S 10\n2C E 8 150E\n6NT N 12 150W\n", "score", "--rubber", "--json")
	require.Equal(t, exitOK, code, errs)
	var got engine.RubberSheet
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	r := engine.NewRubber(engine.RubberBridge, engine.North)
	for _, d := range []struct {
		c      engine.Contract
		tricks int
		h      engine.Honours
	}{
		{engine.Contract{Level: 4, Strain: engine.StrainHearts, Declarer: engine.South}, 10, engine.Honours{}},
		{engine.Contract{Level: 2, Strain: engine.StrainClubs, Declarer: engine.East}, 8, engine.Honours{Points: 150, Holder: engine.East}},
		{engine.Contract{Level: 6, Strain: engine.NoTrump, Declarer: engine.North}, 12, engine.Honours{Points: 150, Holder: engine.West}},
	} {
		_, err := r.AddWithHonours(d.c, d.tricks, d.h)
		require.NoError(t, err)
	}
	assert.Equal(t, r.Sheet(), got)
	assert.True(t, got.Over)
	assert.Equal(t, "NS", got.Winner)
	assert.Equal(t, 120+190+750+700, got.NS.Total, "4H, then 6NT vulnerable: 190 below, 750 slam, 700 rubber")
	assert.Equal(t, 40+150+150, got.EW.Total, "2C and two honours")
	assert.True(t, strings.HasSuffix(out, "}\n"))
}

// TestScoreRubberErrors checks that a bad line names its line number and
// field and exits 65 with nothing on standard output, and that a bad
// command line exits 64.
func TestScoreRubberErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		args []string
		in   string
		code int
		want []string
	}{
		{"bad contract", []string{"--rubber"}, "4S N 10\n4Q N 10\n", exitDataErr, []string{"line 2", "CONTRACT"}},
		{"bad declarer", []string{"--rubber"}, "4S North 10\n", exitDataErr, []string{"line 1", "DECLARER"}},
		{"bad tricks", []string{"--rubber"}, "\n4S N 14\n", exitDataErr, []string{"line 2", "TRICKS"}},
		{"negative tricks", []string{"--rubber"}, "4S N -1\n", exitDataErr, []string{"line 1", "TRICKS"}},
		{"bad honours", []string{"--rubber"}, "4S N 10 100\n", exitDataErr, []string{"line 1", "HONOURS", `"100"`}},
		{"honours 120", []string{"--rubber"}, "4S N 10 120N\n", exitDataErr, []string{"line 1", "HONOURS"}},
		{"100 honours at no trump", []string{"--chicago"}, "3NT N 9 100N\n", exitDataErr, []string{"line 1", "HONOURS", "four aces"}},
		{"honours of a bad seat", []string{"--chicago"}, "4S N 10 100Q\n", exitDataErr, []string{"line 1", "HONOURS"}},
		{"the vulnerability is the rubber's, not a field", []string{"--rubber"}, "4S N None 10\n", exitDataErr, []string{"line 1", "TRICKS"}},
		{"too few fields", []string{"--rubber"}, "4S N\n", exitDataErr, []string{"line 1", "3 or 4 fields"}},
		{"too many fields", []string{"--rubber"}, "4S N 10 - x\n", exitDataErr, []string{"line 1", "3 or 4 fields"}},
		{"a passed-out deal with tricks", []string{"--rubber"}, "Pass N 7\n", exitDataErr, []string{"line 1", "DECLARER"}},
		{"a passed-out deal with honours", []string{"--rubber"}, "Pass - - 150N\n", exitDataErr, []string{"line 1", "HONOURS"}},
		{"a line after the rubber", []string{"--rubber"}, "4S N 10\n4S N 10\n# end\nPass\n", exitDataErr, []string{"line 4", "ended on line 2"}},
		{"a deal after the Chicago", []string{"--chicago"}, "Pass\n1C N 7\n1C N 7\n1C N 7\n1C N 7\n1C N 7\n", exitDataErr, []string{"line 6", "Chicago ended on line 5"}},
		{"no deals", []string{"--rubber"}, "# nothing\n\n", exitDataErr, []string{"no deals"}},
		{"a line too long", []string{"--rubber"}, "4S N 10 " + strings.Repeat("x", 5000) + "\n", exitDataErr, []string{"line 1"}},
		{"both modes", []string{"--rubber", "--chicago"}, "", exitUsage, []string{"choose one"}},
		{"--dealer alone", []string{"--dealer", "E", "4S", "N", "None", "10"}, "", exitUsage, []string{"--dealer needs"}},
		{"a bad dealer", []string{"--chicago", "--dealer", "X"}, "", exitUsage, []string{"--dealer", `"X"`}},
		{"an argument", []string{"--rubber", "4S"}, "", exitUsage, []string{"standard input", `"4S"`}},
		{"two arguments", []string{"--chicago", "-", "-"}, "", exitUsage, []string{"standard input"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := runCmd(t, tt.in, append([]string{"score"}, tt.args...)...)
			assert.Equal(t, tt.code, code)
			assert.Empty(t, out)
			for _, w := range tt.want {
				assert.Contains(t, errs, w)
			}
			assert.Equal(t, 1, strings.Count(errs, "\n"), "one line on standard error: %q", errs)
		})
	}
}

// TestScoreHelpShowsRubber checks that score --help documents the rubber
// modes and leaves the duplicate mode's output alone.
func TestScoreHelpShowsRubber(t *testing.T) {
	t.Parallel()
	code, out, _ := runCmd(t, "", "score", "--help")
	assert.Equal(t, exitOK, code)
	for _, w := range []string{"--rubber", "--chicago", "--dealer", "CONTRACT DECLARER TRICKS [HONOURS]"} {
		assert.Contains(t, out, w)
	}
	code, out, _ = runCmd(t, "", "score", "4SX", "N", "EW", "10")
	assert.Equal(t, exitOK, code)
	assert.Equal(t, "590\n", out)
}

func TestParseRubberFields(t *testing.T) {
	t.Parallel()
	tests := []struct {
		line string
		want rubberLine
	}{
		{"4S N 10", rubberLine{engine.Contract{Level: 4, Strain: engine.StrainSpades, Declarer: engine.North}, 10, engine.Honours{}}},
		{"4s n 10 -", rubberLine{engine.Contract{Level: 4, Strain: engine.StrainSpades, Declarer: engine.North}, 10, engine.Honours{}}},
		{"7NTXX W 0 150S", rubberLine{engine.Contract{Level: 7, Strain: engine.NoTrump, Penalty: engine.Redoubled, Declarer: engine.West}, 0, engine.Honours{Points: 150, Holder: engine.South}}},
		{"2DX E 9 100e", rubberLine{engine.Contract{Level: 2, Strain: engine.StrainDiamonds, Penalty: engine.Doubled, Declarer: engine.East}, 9, engine.Honours{Points: 100, Holder: engine.East}}},
		{"Pass", rubberLine{}},
		{"pass - -", rubberLine{}},
	}
	for _, tt := range tests {
		got, err := parseRubberFields(strings.Fields(tt.line))
		require.NoError(t, err, tt.line)
		assert.Equal(t, tt.want, got, tt.line)
	}
}

// FuzzParseRubberFields checks that any line is either refused with a
// field-naming error or gives a deal the engine accepts, and that an
// accepted line reads back the same when written out again.
func FuzzParseRubberFields(f *testing.F) {
	for _, s := range []string{"4S N 10", "3NT W 8 150E", "Pass", "Pass - - -", "7CXX S 13 100N", "4S N 10 100", "1N e 0 +150w", "", "4S N 10 - -"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		in, err := parseRubberFields(strings.Fields(line))
		if err != nil {
			require.NotEmpty(t, err.Error())
			return
		}
		r := engine.NewRubber(engine.RubberBridge, engine.North)
		_, err = r.AddWithHonours(in.contract, in.tricks, in.honours)
		require.NoError(t, err, "%q parsed but the engine refused it", line)
		// Write the deal out and read it again.
		text := in.contract.String()
		if !in.contract.PassedOut() {
			text += " " + in.contract.Declarer.String() + " " + strconv.Itoa(in.tricks)
			if in.honours.Points > 0 {
				text += " " + strconv.Itoa(in.honours.Points) + in.honours.Holder.String()
			}
		}
		again, err := parseRubberFields(strings.Fields(text))
		require.NoError(t, err, "%q from %q", text, line)
		assert.Equal(t, in, again, "%q from %q", text, line)
	})
}

// FuzzParseScoreFields checks that the duplicate mode's line parser never
// panics and that what it accepts scores without error.
func FuzzParseScoreFields(f *testing.F) {
	for _, s := range []string{"4SX N EW 10", "Pass", "pass - None -", "3NT E All 9", "7NTXX W Both 0", "4S N EW", "4S N EW -1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		in, err := parseScoreFields(strings.Fields(line))
		if err != nil {
			require.NotEmpty(t, err.Error())
			return
		}
		require.LessOrEqual(t, in.contract.Level, 7)
		require.GreaterOrEqual(t, in.tricks, 0)
		require.LessOrEqual(t, in.tricks, 13)
		_ = scoreBreakdown(in)
	})
}
