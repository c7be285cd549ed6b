package bidding

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
)

// header names the system, as every file must.
const header = "system \"T\"\n"

// loadSrc loads a system file named t.bid and requires it to be valid.
func loadSrc(t *testing.T, src string) *System {
	t.Helper()
	s, err := Load("t.bid", []byte(src))
	require.NoError(t, err)
	require.NotNil(t, s)
	return s
}

// loadFails loads t.bid and returns its error, requiring one.
func loadFails(t *testing.T, src string) string {
	t.Helper()
	s, err := Load("t.bid", []byte(src))
	require.Error(t, err)
	require.Nil(t, s)
	return err.Error()
}

// onlyRow returns the one row of the situation.
func onlyRow(t *testing.T, s *System, key string) *row {
	t.Helper()
	require.Len(t, s.rows[key], 1, "rows of %q", key)
	return s.rows[key][0]
}

// callsOf lists the calls of a situation's rows, as the keys write them.
func callsOf(s *System, key string) []string {
	var out []string
	for _, r := range s.rows[key] {
		out = append(out, KeyCall(r.Meaning.Call))
	}
	return out
}

// handOf parses a PBN hand (spades first) of 13 cards.
func handOf(t *testing.T, pbn string) *handInfo {
	t.Helper()
	h, err := engine.ParseHand(pbn)
	require.NoError(t, err)
	require.Equal(t, 13, h.Len(), pbn)
	hi := newHandInfo(h)
	return &hi
}

// parseExpr parses one expression as a line holding only it.
func parseExpr(t *testing.T, src string) expr {
	t.Helper()
	lp := &lineParser{lx: lexer{s: src}, line: 1}
	require.NoError(t, lp.advance())
	x, err := lp.expr()
	require.NoError(t, err, src)
	require.True(t, lp.atEOL(), "trailing input in %q", src)
	return x
}

// constOf evaluates a constant expression and writes it as an
// interpolation would.
func constOf(t *testing.T, src string) string {
	t.Helper()
	s := loadSrc(t, header+"let v = "+src+"\nabout \"{v}\"\n")
	require.Len(t, s.about, 1)
	return s.about[0]
}

func TestLangSystemAndAbout(t *testing.T) {
	s := loadSrc(t, `# a comment line
system "My system"   # trailing comment
about "First line, with a # that is no comment."
about "Second line: {1 + 1} suits."
`)
	assert.Equal(t, "My system", s.Name())
	assert.Equal(t, []string{"First line, with a # that is no comment.", "Second line: 2 suits."}, s.about)
	assert.Empty(t, s.keys)
	assert.Zero(t, s.count)
}

func TestLangRowDefaults(t *testing.T) {
	s := loadSrc(t, header+"situation \"\"\n\n1S \"any hand\"\n")
	r := onlyRow(t, s, "")
	want := unconstrained(engine.Bid(1, engine.StrainSpades))
	want.Text = "any hand"
	assert.Equal(t, want, r.Meaning)
	assert.Equal(t, "", r.Key)
	assert.Equal(t, "", r.Cond)
	assert.Nil(t, r.cond)
	assert.Zero(t, r.need)
	assert.Equal(t, 4, r.line, "the row's line in the file")
}

func TestLangClauses(t *testing.T) {
	sp, he, di := engine.Spades, engine.Hearts, engine.Diamonds
	cases := []struct {
		name, clauses string
		check         func(t *testing.T, r *row)
	}{
		{"hcp range", "hcp 12..14", func(t *testing.T, r *row) {
			assert.Equal(t, [2]int{12, 14}, [2]int{r.Meaning.MinHCP, r.Meaning.MaxHCP})
		}},
		{"hcp open above", "hcp 12..", func(t *testing.T, r *row) {
			assert.Equal(t, [2]int{12, 37}, [2]int{r.Meaning.MinHCP, r.Meaning.MaxHCP})
		}},
		{"hcp open below", "hcp ..10", func(t *testing.T, r *row) {
			assert.Equal(t, [2]int{0, 10}, [2]int{r.Meaning.MinHCP, r.Meaning.MaxHCP})
		}},
		{"hcp one number", "hcp 7", func(t *testing.T, r *row) {
			assert.Equal(t, [2]int{7, 7}, [2]int{r.Meaning.MinHCP, r.Meaning.MaxHCP})
		}},
		{"hcp arithmetic ends", "hcp 10+2..20-1", func(t *testing.T, r *row) {
			assert.Equal(t, [2]int{12, 19}, [2]int{r.Meaning.MinHCP, r.Meaning.MaxHCP})
		}},
		{"hcp open range before another clause", "hcp 12.. balanced", func(t *testing.T, r *row) {
			assert.Equal(t, [2]int{12, 37}, [2]int{r.Meaning.MinHCP, r.Meaning.MaxHCP})
			assert.True(t, r.Meaning.Balanced)
		}},
		{"len at least", "len S 5..", func(t *testing.T, r *row) {
			assert.Equal(t, [2]int{5, 13}, [2]int{r.Meaning.MinLen[sp], r.Meaning.MaxLen[sp]})
		}},
		{"len at most", "len H ..3", func(t *testing.T, r *row) {
			assert.Equal(t, [2]int{0, 3}, [2]int{r.Meaning.MinLen[he], r.Meaning.MaxLen[he]})
		}},
		{"len exactly", "len D 6", func(t *testing.T, r *row) {
			assert.Equal(t, [2]int{6, 6}, [2]int{r.Meaning.MinLen[di], r.Meaning.MaxLen[di]})
		}},
		{"two len clauses narrow", "len S 4..8 len S 5..6 len S 3..", func(t *testing.T, r *row) {
			assert.Equal(t, [2]int{5, 6}, [2]int{r.Meaning.MinLen[sp], r.Meaning.MaxLen[sp]})
		}},
		{"len leaves other suits open", "len S 5..", func(t *testing.T, r *row) {
			for _, s := range []engine.Suit{engine.Clubs, di, he} {
				assert.Equal(t, [2]int{0, 13}, [2]int{r.Meaning.MinLen[s], r.Meaning.MaxLen[s]})
			}
		}},
		{"points", "points 13..", func(t *testing.T, r *row) {
			m := r.Meaning
			assert.Equal(t, LengthPoints, m.Valuation)
			assert.Equal(t, [2]int{13, 40}, [2]int{m.MinPoints, m.MaxPoints})
			assert.Equal(t, [2]int{0, 37}, [2]int{m.MinHCP, m.MaxHCP}, "points leave the HCP range alone")
		}},
		{"support", "support H 10..12", func(t *testing.T, r *row) {
			m := r.Meaning
			assert.Equal(t, DummyPoints, m.Valuation)
			assert.Equal(t, he, m.Trump)
			assert.Equal(t, [2]int{10, 12}, [2]int{m.MinPoints, m.MaxPoints})
		}},
		{"trump", "trump D", func(t *testing.T, r *row) {
			assert.Equal(t, di, r.Meaning.Trump)
			assert.Equal(t, HCPOnly, r.Meaning.Valuation)
		}},
		{"balanced", "balanced", func(t *testing.T, r *row) { assert.True(t, r.Meaning.Balanced) }},
		{"forcing", "forcing", func(t *testing.T, r *row) { assert.Equal(t, ForcingOne, r.Meaning.Forcing) }},
		{"gameforcing", "gameforcing", func(t *testing.T, r *row) { assert.Equal(t, GameForcing, r.Meaning.Forcing) }},
		{"alert", `alert "artificial: {2 * 11}+"`, func(t *testing.T, r *row) {
			assert.True(t, r.Meaning.Artificial)
			assert.Equal(t, "artificial: 22+", r.Meaning.Alert)
		}},
		{"when", "when len(S) >= 5", func(t *testing.T, r *row) {
			assert.Equal(t, "len(S) >= 5", r.Cond)
			require.NotNil(t, r.cond)
			assert.True(t, r.cond(handOf(t, "AKJ84.K3.Q52.J94")))
			assert.False(t, r.cond(handOf(t, "AKJ8.K53.Q52.J94")))
		}},
		{"two whens join with and", "when len(S) >= 5 when good(S)", func(t *testing.T, r *row) {
			assert.Equal(t, "len(S) >= 5 and good(S)", r.Cond)
			assert.True(t, r.cond(handOf(t, "AKJ84.K3.Q52.J94")))
			assert.False(t, r.cond(handOf(t, "J8654.AK.Q52.K94")), "five spades, not good")
			assert.False(t, r.cond(handOf(t, "AKJ8.K53.Q52.J94")), "good, not five")
		}},
		{"conv", "conv cue", func(t *testing.T, r *row) { assert.Equal(t, convCue, r.Meaning.conv) }},
		{"need", "need 30 + 3", func(t *testing.T, r *row) { assert.Equal(t, 33, r.need) }},
		{"all at once", `hcp 15..17 len S ..4 balanced forcing alert "a" when stopper(C) need 1`, func(t *testing.T, r *row) {
			m := r.Meaning
			assert.Equal(t, [2]int{15, 17}, [2]int{m.MinHCP, m.MaxHCP})
			assert.Equal(t, 4, m.MaxLen[sp])
			assert.True(t, m.Balanced)
			assert.Equal(t, ForcingOne, m.Forcing)
			assert.Equal(t, "a", m.Alert)
			assert.Equal(t, "stopper(C)", r.Cond)
			assert.Equal(t, 1, r.need)
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := loadSrc(t, header+"situation \"\"\n1S \"text\" "+c.clauses+"\n")
			r := onlyRow(t, s, "")
			assert.Equal(t, "text", r.Meaning.Text)
			assert.Equal(t, engine.Bid(1, engine.StrainSpades), r.Meaning.Call)
			c.check(t, r)
		})
	}
}

func TestLangConventionNames(t *testing.T) {
	for name, want := range convNames {
		t.Run(name, func(t *testing.T) {
			s := loadSrc(t, header+"situation \"\"\n1S \"x\" conv "+name+"\n")
			assert.Equal(t, want, onlyRow(t, s, "").Meaning.conv)
		})
	}
}

func TestLangSituations(t *testing.T) {
	s := loadSrc(t, header+`let lvl = 1
situation "1S   P"      # spaces collapse
2S "raise"  hcp 6..10
situation "{lvl}H"
X "takeout"
situation "1s pass"     # named again, in other words: rows are added, the order stays
3S "limit raise"
situation ""
P "pass"
situation "1NT X XX"
P "to play"
`)
	assert.Equal(t, []string{"1S P", "1H", "", "1N X XX"}, s.keys, "situations in the order the file first names them")
	assert.Equal(t, []string{"2S", "3S"}, callsOf(s, "1S P"))
	assert.Equal(t, []string{"X"}, callsOf(s, "1H"))
	assert.Equal(t, []string{"P"}, callsOf(s, ""))
	assert.Equal(t, 5, s.count)
	assert.Equal(t, "1S P", s.rows["1S P"][1].Key)
	assert.Equal(t, 8, s.rows["1S P"][1].line)
}

func TestLangLetAndScopes(t *testing.T) {
	s := loadSrc(t, header+`let a = 2
let b = a * 3
situation ""
{a}S "b is {b}"  when balanced
for x in 1
  let a = 3
  {a}H "a is {a} in the loop"  when balanced
end
{a}D "a is {a} after the loop"  when balanced
if 1 == 1
  let c = 4
end
{c}C "a let inside an if stays"  when balanced
`)
	assert.Equal(t, []string{"2S", "3H", "2D", "4C"}, callsOf(s, ""))
	assert.Equal(t, "b is 6", s.rows[""][0].Meaning.Text)
	assert.Equal(t, "a is 3 in the loop", s.rows[""][1].Meaning.Text)
	assert.Equal(t, "a is 2 after the loop", s.rows[""][2].Meaning.Text)

	msg := loadFails(t, header+"for x in 1\n  let d = 1\nend\nabout \"{d}\"\n")
	assert.Equal(t, `t.bid:5: column 9: unknown name "d"`, msg, "a let inside a loop ends with it")
	msg = loadFails(t, header+"for x in 1\nend\nabout \"{x}\"\n")
	assert.Contains(t, msg, `t.bid:4: `)
	assert.Contains(t, msg, `unknown name "x"`)
}

func TestLangFor(t *testing.T) {
	s := loadSrc(t, header+`situation ""
for s in S H D C
  1{s} "one {s}"  when longest(s)
end
situation "1C"
for s in S H D C if s > D
  1{s} "overcall {s}"  when good(s)
end
for lvl in 1 2 if lvl == 2
  {lvl}N "notrump at {lvl}"  when stopper(C)
end
situation "1D"
for t in "X" "2C"
  {t} "{t} over 1D"  when shortin()
end
`)
	assert.Equal(t, []string{"1S", "1H", "1D", "1C"}, callsOf(s, ""))
	assert.Equal(t, "one H", s.rows[""][1].Meaning.Text)
	assert.Equal(t, []string{"1S", "1H", "2N"}, callsOf(s, "1C"))
	assert.Equal(t, "notrump at 2", s.rows["1C"][2].Meaning.Text)
	assert.Equal(t, []string{"X", "2C"}, callsOf(s, "1D"))
	for _, r := range s.rows[""] {
		assert.Equal(t, 4, r.line, "rows of a loop carry the loop body's line")
	}
}

func TestLangIf(t *testing.T) {
	src := header + `situation ""
for n in 1 2 3 4
  if n == 1
    1C "one"  when balanced
  elif n == 2
    1D "two"  when balanced
  elif n == 3
    1H "three"  when balanced
  else
    1S "other"  when balanced
    if n > 3
      2S "nested"  when balanced
    end
  end
end
if 1 == 2
  2C "never"
end
`
	s := loadSrc(t, src)
	assert.Equal(t, []string{"1C", "1D", "1H", "1S", "2S"}, callsOf(s, ""))
}

func TestLangDefineUse(t *testing.T) {
	s := loadSrc(t, header+`let top = 17
define opening(lvl, y, lo)
  situation ""
  {lvl}{y} "{lvl}{y} with {lo}-{top}"  hcp lo..top len y 5..
end
define both(lo)
  use opening(1, S, lo)
  use opening(1, H, lo + 1)
end
use both(12)
use opening(2, C, 5)
`)
	assert.Equal(t, []string{"1S", "1H", "2C"}, callsOf(s, ""))
	h := s.rows[""][1]
	assert.Equal(t, "1H with 13-17", h.Meaning.Text)
	assert.Equal(t, [2]int{13, 17}, [2]int{h.Meaning.MinHCP, h.Meaning.MaxHCP})
	assert.Equal(t, 5, h.Meaning.MinLen[engine.Hearts])
	assert.Equal(t, 5, h.line, "a template's row carries the template's line")

	// A template sees the file's top-level constants, not the caller's.
	msg := loadFails(t, header+`define f()
  about "{secret}"
end
for secret in 1
  use f()
end
`)
	assert.Equal(t, `t.bid:3: column 11: unknown name "secret"; in template f, used on line 6`, msg)
}

func TestLangRowsAndContinuations(t *testing.T) {
	s := loadSrc(t, header+`situation ""
1S "a long row" \
    hcp 12..21 \
    len S 5..
1H "#1 is not a comment"  hcp 12..  # but this is
`)
	require.Len(t, s.rows[""], 2)
	r := s.rows[""][0]
	assert.Equal(t, 3, r.line, "a continued row is on its first line")
	assert.Equal(t, 5, r.Meaning.MinLen[engine.Spades])
	assert.Equal(t, "#1 is not a comment", s.rows[""][1].Meaning.Text)
	assert.Equal(t, 6, s.rows[""][1].line)
	assert.Equal(t, `he said "hi" \ ok`, constOf(t, `"he said \"hi\" \\ ok"`), "escapes in strings")
}

func TestLangExpressions(t *testing.T) {
	cases := []struct{ src, want string }{
		{"1 + 2 * 3", "7"},
		{"(1 + 2) * 3", "9"},
		{"10 - 3 - 2", "5"},
		{"20 / 3", "6"},
		{"20 / 3 * 3", "18"},
		{"-3 + 5", "2"},
		{"- -3", "3"},
		{"2 * -3", "-6"},
		{"1 < 2 and 3 > 4 or 5 == 5", "true"},
		{"1 < 2 and (3 > 4 or 5 == 6)", "false"},
		{"1 == 1 or 1 == 2 and 1 == 2", "true"},
		{"not 1 == 2", "true"},
		{"not 1 == 1 or 1 == 1", "true"},
		{"not (1 == 1 or 1 == 1)", "false"},
		{"not not 1 == 1", "true"},
		{"1 + 1 == 2", "true"},
		{"3 >= 3", "true"},
		{"3 <= 2", "false"},
		{"3 != 2", "true"},
		{"S > H", "true"},
		{"H > D and D > C", "true"},
		{"N > S", "true"},
		{"C == C", "true"},
		{"D != H", "true"},
		{"S < C", "false"},
		{`"a" == "a"`, "true"},
		{`"a" != "a"`, "false"},
		{`"a{1 + 1}" == "a2"`, "true"},
		{`"{2}{S}"`, "2S"},
		{`"{4}{N}"`, "4N"},
		{`"{1 < 2}"`, "true"},
		{"S", "S"},
		{"min(3, 1, 2)", "1"},
		{"max(3, 1, 2)", "3"},
		{"min(4)", "4"},
		{"max(min(5, 9), 2) * 2", "10"},
		{"cheapest(H, 1, S)", "2"},
		{"cheapest(S, 1, H)", "1"},
		{"cheapest(N, 3, N)", "4"},
		{"cheapest(C, 7, D)", "8"},
		{"othermajor(H)", "S"},
		{"othermajor(S)", "H"},
		{"1000", "1000"},
	}
	for _, c := range cases {
		t.Run(c.src, func(t *testing.T) {
			assert.Equal(t, c.want, constOf(t, c.src))
		})
	}
}

func TestLangExprStringKeepsPrecedence(t *testing.T) {
	sc := &scope{vars: map[string]value{"y": strainVal(2), "n": intVal(3)}}
	cases := []struct{ src, want string }{
		{"good(y) and len(y) >= n", "good(H) and len(H) >= 3"},
		{"(hcp + 1) * 2 > 10", "(hcp + 1) * 2 > 10"},
		{"hcp - (n - 1) > 0", "hcp - (3 - 1) > 0"},
		{"(len(S) > 1 or balanced) and hcp > 10", "(len(S) > 1 or balanced) and hcp > 10"},
		{"not balanced", "not balanced"},
		{`"{n}x" == "3x"`, `"3x" == "3x"`},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, exprString(parseExpr(t, c.src), sc), c.src)
	}
}

// TestLangShortCircuit checks that and/or fold constants (so that a
// constant false and a hand feature is a constant) and, on a hand, do not
// evaluate the right side when the left decides.
func TestLangShortCircuit(t *testing.T) {
	// Folding: the hand feature on the right is never needed.
	assert.Equal(t, "false", constOf(t, "1 == 2 and hcp > 10"))
	assert.Equal(t, "true", constOf(t, "1 == 1 or hcp > 10"))
	assert.Equal(t, "false", constOf(t, "hcp > 10 and 1 == 2"))
	assert.Equal(t, "true", constOf(t, "hcp > 10 or 1 == 1"))
	msg := loadFails(t, header+"let v = 1 == 1 and hcp > 10\n")
	assert.Contains(t, msg, "t.bid:2: ")
	assert.Contains(t, msg, "this needs a hand")

	calls := 0
	hand := func(v int) hexpr {
		return hexpr{k: vBool, f: func(*handInfo) int { calls++; return v }}
	}
	cases := []struct {
		op         string
		left, want int
		calls      int
	}{
		{"and", 0, 0, 1},
		{"and", 1, 1, 2},
		{"or", 1, 1, 1},
		{"or", 0, 1, 2},
	}
	for _, c := range cases {
		calls = 0
		got := logical(c.op, hand(c.left), hand(1)).fn()(nil)
		assert.Equal(t, c.want, got, "%d %s 1", c.left, c.op)
		assert.Equal(t, c.calls, calls, "%d %s 1: sides evaluated", c.left, c.op)
	}
	// A constant true and y, or false or y, is y itself.
	calls = 0
	y := logical("and", constH(boolVal(true)), hand(0))
	assert.False(t, y.isConst)
	assert.Equal(t, 0, y.fn()(nil))
	assert.Equal(t, 1, calls)
	assert.True(t, logical("or", hand(0), constH(boolVal(true))).isConst)
}

func TestLangHandFunctions(t *testing.T) {
	// S AKJ84, H K3, D Q52, C J94: 14 HCP, 5=2=3=3.
	const a = "AKJ84.K3.Q52.J94"
	// S AKQJ9, H KQ762, D A43, C void: 5=5=3=0.
	const b = "AKQJ9.KQ762.A43."
	// S 6, H 8743, D AKQ7, C KQ72: 4=4 red-black minors with a singleton.
	const c = "6.8743.AKQ7.KQ72"
	cases := []struct {
		hand, src string
		want      int
	}{
		{a, "hcp", 14}, {b, "hcp", 19}, {c, "hcp", 14},
		{a, "points", 15}, {b, "points", 21},
		{a, "aces", 1}, {b, "aces", 2},
		{a, "kings", 2}, {b, "kings", 2},
		{a, "controls", 4}, {b, "controls", 6},
		{a, "longestlen", 5}, {c, "longestlen", 4},
		{a, "balanced", 1}, {b, "balanced", 0}, {c, "balanced", 0},
		{a, "len(S)", 5}, {a, "len(H)", 2}, {b, "len(C)", 0},
		{a, "good(S)", 1}, {a, "good(D)", 0}, {c, "good(D)", 1}, {a, "good(H)", 0},
		{"KJT84.K3.Q52.J94", "good(S)", 1}, // three of the top five
		{a, "decent(S)", 1}, {a, "decent(C)", 0}, {"QT984.K3.Q52.J94", "decent(S)", 1},
		{a, "stopper(S)", 1}, {a, "stopper(H)", 1}, {a, "stopper(D)", 1}, {a, "stopper(C)", 0},
		{"AKJ84.K.Q952.J94", "stopper(H)", 0}, {"AKJ8.K3.Q52.J942", "stopper(C)", 1},
		{a, "losers(S)", 1}, {a, "losers(H)", 1}, {a, "losers(D)", 2}, {a, "losers(C)", 3}, {b, "losers(C)", 0},
		{a, "shortness(S)", 1}, {a, "shortness(H)", 0}, {b, "shortness(S)", 5}, {c, "shortness(H)", 3},
		{a, "ace(S)", 1}, {a, "ace(H)", 0}, {a, "king(H)", 1}, {a, "king(C)", 0},
		{a, "honours(S, 5)", 3}, {a, "honours(S, 2)", 2}, {a, "honours(C, 4)", 1}, {a, "honours(C, 3)", 0},
		{a, "longest(S)", 1}, {a, "longest(H)", 0},
		{a, "longest(D, D, C)", 1}, {a, "longest(C, D, C)", 0},
		{b, "longest(S)", 1}, {b, "longest(H)", 0}, {b, "longest(H, H, D)", 1},
		{a, "bestunbid(D, S)", 1}, {a, "bestunbid(C, S)", 0},
		{b, "bestunbid(H, S)", 1}, {b, "bestunbid(D, S, H)", 1},
		{c, "bestunbid(H, S)", 1}, {c, "bestunbid(D, S)", 0}, // majors first at equal length
		{c, "bestunbid(D, S, H)", 1}, {c, "bestunbid(C, S, H)", 0}, // then the higher
		{a, "shortin()", 0}, {b, "shortin()", 1}, {b, "shortin(C)", 0}, {c, "shortin(H)", 1}, {c, "shortin(S)", 0},
		{a, "stoppers()", 0}, {a, "stoppers(C)", 1}, {b, "stoppers(C)", 1}, {b, "stoppers()", 0},
		{a, "firstfeature(S)", 0}, {a, "firstfeature(H)", 1}, {a, "firstfeature(S, H)", 1}, {a, "firstfeature(C)", 0},
		{c, "firstfeature(D)", 0}, {c, "firstfeature(C)", 1}, {c, "firstfeature(D, C)", 1},
		{a, "hcp + len(S) * 2", 24},
		{a, "len(S) - len(H) > 2 and not balanced", 0},
		{a, "-len(S)", -5},
		{a, "hcp / (len(S) - 5)", 0}, // a hand's zero divisor yields zero, not a panic
	}
	for _, tc := range cases {
		t.Run(tc.hand+" "+tc.src, func(t *testing.T) {
			h, err := compileExpr(parseExpr(t, tc.src), &scope{vars: map[string]value{}})
			require.NoError(t, err)
			assert.Equal(t, tc.want, h.fn()(handOf(t, tc.hand)))
		})
	}
	// Every function of the language is covered above.
	for name := range langFuncs {
		found := false
		for _, tc := range cases {
			found = found || strings.HasPrefix(tc.src, name+"(")
		}
		for _, tc := range []string{"min", "max", "cheapest", "othermajor"} {
			found = found || name == tc // constant functions: TestLangExpressions
		}
		assert.True(t, found, "function %s has no case", name)
	}
}

// langErrorCase is a malformed file, the line its error names and what
// the message says.
type langErrorCase struct {
	name string
	src  string
	line int
	msg  string
}

// langErrorCases are the malformed files of TestLangErrors, also seeds of
// FuzzLoad.
func langErrorCases() []langErrorCase {
	return []langErrorCase{
		{"unterminated string", header + "about \"open\n", 2, "unterminated string"},
		{"unterminated string in a row", header + "situation \"\"\n1S \"x\" alert \"open\n", 3, "unterminated string"},
		{"unknown clause", header + "situation \"\"\n1S \"x\" hcp 12 shape 5\n", 3, `column 15: unknown clause "shape"`},
		{"a clause is a name", header + "situation \"\"\n1S \"x\" 12\n", 3, "expected a clause"},
		{"unknown name", header + "situation \"\"\n1S \"x\" when hcp > foo\n", 3, `column 19: unknown name "foo"`},
		{"unknown name in a let", header + "let a = b + 1\n", 2, `unknown name "b"`},
		{"unknown function", header + "situation \"\"\n1S \"x\" when foo(S)\n", 3, `unknown function "foo"`},
		{"unknown convention", header + "situation \"\"\n1S \"x\" conv stayman\n", 3, `unknown convention "stayman"`},
		{"function arity", header + "situation \"\"\n1S \"x\" when len(S, H) > 1\n", 3, "len takes len(SUIT): the number of cards in SUIT"},
		{"function wants a strain", header + "situation \"\"\n1S \"x\" when len(3) > 1\n", 3, "len: argument 1 must be a strain, found a number"},
		{"function wants a suit", header + "situation \"\"\n1S \"x\" when good(N)\n", 3, "good: argument 1 must be a suit, found N"},
		{"function wants a number", header + "let a = min(1, S)\n", 2, "min: argument 2 must be a number, found a strain"},
		{"honours range", header + "situation \"\"\n1S \"x\" when honours(S, 14) > 1\n", 3, "honours counts the top 1 to 13 ranks, not 14"},
		{"cheapest level", header + "let a = cheapest(H, 8, S)\n", 2, "a bid's level is 1 to 7, not 8"},
		{"othermajor of a minor", header + "let a = othermajor(D)\n", 2, "othermajor needs a major"},
		{"hand feature in an argument", header + "situation \"\"\n1S \"x\" when min(len(S), 5) > 1\n", 3, "this needs a hand"},
		{"hand feature outside when", header + "situation \"\"\n1S \"x\" hcp hcp..\n", 3, "this needs a hand (hand features may be used only in a when clause)"},
		{"hand feature in a text", header + "situation \"\"\n1S \"{hcp}\"\n", 3, "this needs a hand"},
		{"numbers only", header + "let a = 1 + S\n", 2, "+ needs numbers, found a number and a strain"},
		{"compare kinds", header + "let a = S == 1\n", 2, "== compares a strain with a number"},
		{"strings compare by equality", header + "let a = \"a\" < \"b\"\n", 2, "strings compare only with == and !="},
		{"not a truth value", header + "let a = not 1\n", 2, "not needs a truth value, found a number"},
		{"negate a strain", header + "let a = -S\n", 2, "- needs a number, found a strain"},
		{"and needs truth values", header + "let a = 1 and 2\n", 2, "and needs truth values, found a number and a number"},
		{"division by zero", header + "let a = 1 / (2 - 2)\n", 2, "division by zero"},
		{"when needs a truth value", header + "situation \"\"\n1S \"x\" when hcp\n", 3, "when needs a truth value, found a number"},
		{"if needs a truth value", header + "if 1\nend\n", 2, "expected a truth value, found a number"},
		{"len needs a suit", header + "situation \"\"\n1S \"x\" len N 5\n", 3, "expected a suit, found N"},
		{"range needs numbers", header + "situation \"\"\n1S \"x\" hcp S..\n", 3, "expected a number, found a strain"},
		{"number too large", header + "let a = 1001\n", 2, "number 1001 out of range"},
		{"number runs into a name", header + "let a = 1S\n", 2, "a number runs into a name"},
		{"unexpected character", header + "let a = 1 $ 2\n", 2, "column 11: unexpected character '$'"},
		{"keyword as a name", header + "let if = 1\n", 2, `"if" is a keyword`},
		{"keyword as a value", header + "let a = end\n", 2, `unexpected keyword "end"`},
		{"let without =", header + "let a 1\n", 2, `expected "=", found "1"`},
		{"trailing tokens", header + "about \"a\" \"b\"\n", 2, `expected the end of the line, found the string "b"`},
		{"for without in", header + "for s S H\nend\n", 2, `expected "in", found "S"`},
		{"for without items", header + "for s in\nend\n", 2, "a for loop needs at least one item"},
		{"row without text", header + "situation \"\"\n1S hcp 12\n", 3, `a row's call "1S" needs its meaning in words as a string next`},
		{"brace without close in a call", header + "situation \"\"\n{lvl \"x\"\n", 3, `"{" without "}"`},
		{"close brace alone", header + "about \"a}\"\n", 2, `"}" without "{"`},
		{"junk in braces", header + "about \"{1 2}\"\n", 2, "unexpected \"2\" in {1 2}"},
		{"column inside braces", header + "situation \"\"\n1S \"x\" alert \"a {1 + S}\"\n", 3, "column 20: + needs numbers"},
		{"column inside a call", header + "situation \"\"\n{1+nope}S \"x\"\n", 3, `column 4: unknown name "nope"`},
		{"unparsable call", header + "situation \"\"\n1Q \"x\"\n", 3, `the row's call "1Q"`},
		{"illegal call after a situation", header + "situation \"1S\"\n1H \"x\"\n", 3, "1H is not a legal call after 1S"},
		{"illegal redouble at the opening", header + "situation \"\"\nXX \"x\"\n", 3, "XX is not a legal call the opening"},
		{"situation with an insufficient bid", header + "situation \"1S 1H\"\n", 2, `situation "1S 1H": call 2 (1H): insufficient bid`},
		{"situation with a bad call", header + "situation \"1S 9Z\"\n", 2, `situation "1S 9Z": call 2`},
		{"situation starting with a pass", header + "situation \"P 1S\"\n", 2, "a situation starts with the opening bid (passes before it are not written)"},
		{"situation after the auction ends", header + "situation \"1S P P P\"\n", 2, "the auction is over"},
		{"situation needs a string", header + "situation 1\n", 2, "expected a string, found a number"},
		{"empty hcp range", header + "situation \"\"\n1S \"x\" hcp 12..10\n", 3, "1S: the HCP range 12..10 is empty"},
		{"empty len range", header + "situation \"\"\n1S \"x\" len S 6..4\n", 3, "1S: no hand has 6 to 4 S"},
		{"empty len range by two clauses", header + "situation \"\"\n1S \"x\" len H 5.. len H ..4\n", 3, "1S: no hand has 5 to 4 H"},
		{"row before any situation", header + "1S \"x\"\n", 2, "a row before any situation"},
		{"define twice", header + "define f()\nend\ndefine f()\nend\n", 4, `template "f" is defined twice`},
		{"use before define", header + "use f()\ndefine f()\nend\n", 2, `unknown template "f" (define it before its first use)`},
		{"template arity", header + "define f(a, b)\nend\nuse f(1)\n", 4, "template f takes 2 arguments (a, b), given 1"},
		{"template recursion", header + "define f(a)\n  use f(a)\nend\nuse f(1)\n", 3,
			"templates nest deeper than 16 (does f use itself?); in template f, used on line 3; in template f, used on line 5"},
		{"error in a template", header + "define f(k)\n  situation \"{k}\"\n  1H \"x\"\nend\nuse f(\"1C\")\nuse f(\"1S\")\n", 4,
			"1H is not a legal call after 1S; in template f, used on line 7"},
		{"error in a nested template", header + "define g()\n  let a = nope\nend\ndefine f()\n  use g()\nend\nuse f()\n", 3,
			`unknown name "nope"; in template g, used on line 6; in template f, used on line 8`},
		{"expression nests too deep", header + "let a = " + strings.Repeat("(", 70) + "1" + strings.Repeat(")", 70) + "\n", 2,
			"the expression nests deeper than 64"},
		{"not nests too deep", header + "let a = " + strings.Repeat("not ", 70) + "1 == 1\n", 2, "the expression nests deeper than 64"},
		{"missing end of for", header + "situation \"\"\nfor s in S H\n  1{s} \"x\"\n", 3, "for without its end"},
		{"missing end of define", header + "define f()\n  about \"x\"\n", 2, "define without its end"},
		{"missing end of if", header + "if 1 == 1\n  about \"x\"\n", 2, "if without its end"},
		{"missing end of else", header + "if 1 == 1\nelse\n  about \"x\"\n", 2, "if without its end"},
		{"missing end of elif", header + "about \"a\"\nif 1 == 1\nelif 1 == 2\n", 4, "if without its end"},
		{"end without a block", header + "about \"a\"\nend\n", 3, `"end" without a block to close`},
		{"else without an if", header + "else\n", 2, `"else" without a block to close`},
		{"base after a situation", header + "situation \"\"\nbase \"sayc-lite\"\n", 3, "base comes once, before any situation or template"},
		{"base after a template", header + "define f()\nend\nbase \"sayc-lite\"\n", 4, "base comes once, before any situation or template"},
		{"base twice", header + "base \"sayc-lite\"\nbase \"sayc-lite\"\n", 3, "base comes once"},
		{"unknown base", header + "base \"acol\"\n", 2, `no built-in bidding system "acol" (built in: ` + strings.Join(BuiltinNames(), ", ") + ")"},
		{"system named twice", header + "system \"U\"\n", 2, `the system is already named "T"`},
		{"empty system name", "system \" \"\n", 1, "the system's name is empty"},
		{"no system line", "about \"a\"\n\nsituation \"\"\n", 1, `the file does not name its system (system "NAME")`},
		{"empty file", "", 1, "the file does not name its system"},
		{"string too long", header + "let a = \"" + strings.Repeat("x", 600) + "\"\nlet b = \"{a}{a}\"\n", 3, "a string longer than 1024 bytes"},
		{"error after a continuation", header + "situation \"\"\n1S \"x\" \\\n  hcp 1 \\\n  bogus\n", 3, `unknown clause "bogus"`},
	}
}

// TestLangErrors checks that each mistake is reported on its line, with
// what is wrong.
func TestLangErrors(t *testing.T) {
	for _, c := range langErrorCases() {
		t.Run(c.name, func(t *testing.T) {
			msg := loadFails(t, c.src)
			assert.True(t, strings.HasPrefix(msg, fmt.Sprintf("t.bid:%d: ", c.line)), "want line %d: %s", c.line, msg)
			assert.Contains(t, msg, c.msg)
		})
	}
}

func TestLangLoopsRunTooLong(t *testing.T) {
	t.Parallel()
	// Three nested loops whose filter is always false write nothing but
	// turn 2.2 million times: the step bound stops them.
	items := strings.Repeat("1 ", 130)
	src := header + "for a in " + items + "\n  for b in " + items + "\n    for c in " + items + " if 1 == 2\n    end\n  end\nend\n"
	msg := loadFails(t, src)
	assert.True(t, strings.HasPrefix(msg, "t.bid:4: "), msg)
	assert.Contains(t, msg, "the file takes more than 2000000 steps to expand")

	// A long line counts for its length: 10,000 runs of an 8 KB line.
	src = header + "for a in " + strings.Repeat("1 ", 100) + "\n  for b in " + strings.Repeat("1 ", 100) +
		"\n    let x = 1" + strings.Repeat(" + 1", 2000) + "\n  end\nend\n"
	msg = loadFails(t, src)
	assert.True(t, strings.HasPrefix(msg, "t.bid:4: "), msg)
	assert.Contains(t, msg, "the file takes more than 2000000 steps to expand")

	// Rows count against their own bounds: in a situation, and in all.
	src = header + "situation \"\"\nfor a in " + strings.Repeat("1 ", 1001) + "\n  P \"x\" when hcp > a\nend\n"
	msg = loadFails(t, src)
	assert.True(t, strings.HasPrefix(msg, "t.bid:4: "), msg)
	assert.Contains(t, msg, `situation "" has more than 1000 rows`)
	src = header + `for l in 1 2 3 4 5 6 7
  for s in C D H S N
    for after in "" " P" " X" " P P"
      situation "{l}{s}{after}"
      for a in ` + strings.Repeat("1 ", 720) + `
        P "x" when hcp > a
      end
    end
  end
end
`
	msg = loadFails(t, src)
	assert.True(t, strings.HasPrefix(msg, "t.bid:7: "), msg)
	assert.Contains(t, msg, "the file expands to more than 100000 rows")
}

func TestLangUnreachableRows(t *testing.T) {
	// 1000 rows that all hold a condition: the check stays quick.
	loadSrc(t, header+"situation \"\"\nfor a in "+strings.Repeat("1 ", 1000)+"\n  P \"x\" when hcp > a\nend\n")

	msg := loadFails(t, header+`situation ""
1S "wide"    hcp 10..20 len S 5..
1H "other"   len H 5..
1S "narrow"  hcp 12..14 len S 6.. balanced
situation "1S P"
2S "conditional"  when len(S) >= 3
2S "reachable: the first row has a condition"
3S "unreachable"  hcp 10..
`)
	lines := strings.Split(msg, "\n")
	require.Len(t, lines, 2, msg)
	assert.Equal(t, `t.bid:5: 1S "narrow" can never be chosen in situation "": the row on line 3 (1S "wide") takes every hand it fits`, lines[0])
	assert.Equal(t, `t.bid:9: 3S "unreachable" can never be chosen in situation "1S P": the row on line 8 (2S "reachable: the first row has a condition") takes every hand it fits`, lines[1])

	// A narrower earlier row, a point range of another kind or a slam need
	// leaves later rows reachable.
	loadSrc(t, header+`situation ""
1S "narrow"  hcp 12..14
1S "wide"    hcp 10..20
2S "points"  points 20..
2S "support" support S 20..
3S "need"    need 30
3S "plain"
situation "1C"
1N "balanced"  hcp 15..17 balanced
1N "any shape" hcp 15..17
`)
}

func TestLangBase(t *testing.T) {
	base, err := Builtin("sayc-lite")
	require.NoError(t, err)
	require.Contains(t, base.keys, "1N P")

	d := loadSrc(t, `system "Derived"
base "sayc-lite"
situation "1N P"
2C "my Stayman"  hcp 8..  alert "Stayman"
situation "1N P"
2D "a second row, added"
situation "7N X"
P "new situation"
`)
	assert.Equal(t, "Derived", d.Name())
	assert.Equal(t, base.about, d.about, "without its own about the base's stays")
	assert.Equal(t, []string{"2C", "2D"}, callsOf(d, "1N P"), "the named situation's rows replace the base's")
	assert.Equal(t, []string{"P"}, callsOf(d, "7N X"))
	assert.Equal(t, append(slices.Clone(base.keys), "7N X"), d.keys, "the base's order, then the new situations")
	for _, k := range base.keys {
		if k != "1N P" {
			assert.Equal(t, cardOf(base.rows[k]), cardOf(d.rows[k]), "situation %q is the base's", k)
		}
	}
	assert.Equal(t, base.count-len(base.rows["1N P"])+3, d.count)
	assert.Len(t, base.rows["1N P"], len(base.rows["1N P"]), "the base is unchanged")
	assert.NotEqual(t, "my Stayman", base.rows["1N P"][0].Meaning.Text)

	own := loadSrc(t, `system "Own"
base "sayc-lite"
about "My preamble."
about "Second line."
`)
	assert.Equal(t, []string{"My preamble.", "Second line."}, own.about, "its own about replaces the base's")
	assert.Equal(t, base.count, own.count)
	assert.Equal(t, base.keys, own.keys)

	// A base loads once per file: a derived file's errors are its own.
	msg := loadFails(t, "system \"D\"\nbase \"sayc-lite\"\nsituation \"1N P\"\n2H \"x\" hcp 12..10\n")
	assert.True(t, strings.HasPrefix(msg, "t.bid:4: "), msg)
}

// cardOf writes rows as the card does, with their lines, to compare rows
// whose conditions (functions) DeepEqual cannot.
func cardOf(rows []*row) []string {
	var out []string
	for _, r := range rows {
		out = append(out, fmt.Sprintf("%d %s %v %q need %d", r.line, r.Key, r.Meaning, r.Cond, r.need))
	}
	return out
}

func TestLoadRefuses(t *testing.T) {
	_, err := Load("bad.bid", []byte("system \"x\xff\"\n"))
	require.Error(t, err)
	assert.Equal(t, "bad.bid: not UTF-8 text", err.Error())

	big := bytes.Repeat([]byte("# padding\n"), maxFileSize/10+1)
	_, err = Load("big.bid", big)
	require.Error(t, err)
	assert.Equal(t, fmt.Sprintf("big.bid: %d bytes, more than a system file may hold (%d)", len(big), maxFileSize), err.Error())

	// Just within the bound is read (and then lacks its system line).
	_, err = Load("edge.bid", big[:maxFileSize])
	require.Error(t, err)
	assert.Contains(t, err.Error(), "edge.bid:1: the file does not name its system")
}

func TestBuiltin(t *testing.T) {
	names := BuiltinNames()
	assert.True(t, slices.IsSorted(names), "%v", names)
	assert.Contains(t, names, "sayc-lite")

	a, err := Builtin("sayc-lite")
	require.NoError(t, err)
	b, err := Builtin("sayc-lite")
	require.NoError(t, err)
	assert.Same(t, a, b, "a built-in system loads once")
	assert.Same(t, a, NewSystem())
	assert.Equal(t, "SAYC-lite", a.Name())

	src, err := BuiltinSource("sayc-lite")
	require.NoError(t, err)
	disk, err := os.ReadFile("systems/sayc-lite.bid")
	require.NoError(t, err)
	assert.Equal(t, disk, src)

	for _, name := range []string{"acol", "", "../bidding", "sayc-lite.bid"} {
		s, err := Builtin(name)
		require.Error(t, err, name)
		assert.Nil(t, s)
		assert.Equal(t, fmt.Sprintf("no built-in bidding system %q (built in: %s)", name, strings.Join(names, ", ")), err.Error())
	}
}

func TestWriteCardSmall(t *testing.T) {
	s := loadSrc(t, `system "Tiny"
about "Line one."
about "Line two."
situation "1N P"
2C "Stayman"  hcp 8..  alert "asks for a major"  forcing
situation ""
1N "15-17 balanced"  hcp 15..17  balanced
2C "strong"  hcp 22..  gameforcing  alert "strong, artificial"
1S "five spades"  hcp 12..21  points 13..  len S 5..  len H ..4  when good(S) when not balanced
3S "preempt"  hcp 5..10  len S 7
4H "raise"  support H 10..12  len H 4..6
P ""
`)
	var b strings.Builder
	require.NoError(t, s.WriteCard(&b))
	lines := strings.Split(b.String(), "\n")
	want := []string{
		"Tiny",
		"====",
		"Line one.",
		"Line two.",
		"",
		"1N P ?",
		"  2C  8+ HCP [forcing; alert: asks for a major] - Stayman",
		"",
		"Opening bids (any seat)",
		"  1N  15-17 HCP, balanced - 15-17 balanced",
		"  2C  22+ HCP [game forcing; alert: strong, artificial] - strong",
		"  1S  12-21 HCP, 13+ pts, 5+S, 4-H [when good(S) and not balanced] - five spades",
		"  3S  5-10 HCP, 7S - preempt",
		"  4H  any HCP, 10-12 support pts, 4-6H - raise",
		"  P   any HCP",
		"",
		"In every system (the interpreter's own rules)",
	}
	require.Greater(t, len(lines), len(want))
	assert.Equal(t, want, lines[:len(want)])
	tail := "\n" + strings.Join(lines[len(want)-1:], "\n")
	assert.True(t, strings.HasPrefix(tail, interpreterConventions), "the interpreter's conventions follow the rows")
	assert.Equal(t, interpreterConventions+s.slam.cardLine()+"\n", tail, "then the system's ace ask (plain Blackwood by default)")
	assert.Contains(t, s.slam.cardLine(), "Blackwood 4NT")
}

func TestWriteCardSAYCLite(t *testing.T) {
	s := NewSystem()
	var b strings.Builder
	require.NoError(t, s.WriteCard(&b))
	card, _, found := strings.Cut(b.String(), interpreterConventions)
	require.True(t, found)
	rows, titles := 0, 0
	for _, ln := range strings.Split(card, "\n") {
		switch {
		case strings.HasPrefix(ln, "  "):
			rows++
		case ln == "Opening bids (any seat)" || strings.HasSuffix(ln, " ?"):
			titles++
		}
	}
	total := 0
	for _, k := range s.keys {
		total += len(s.rows[k])
	}
	assert.Equal(t, s.count, total)
	assert.Equal(t, total, rows, "a card line for every row")
	assert.Equal(t, len(s.keys), titles, "a title for every situation")
	assert.Greater(t, rows, 1000)
}
