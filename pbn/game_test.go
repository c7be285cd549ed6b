package pbn

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
)

const testDeal = "N:AKQ2.K32.A32.K32 J543.QJ9.KJ9.QJ9 T98.AT87.QT8.AT8 76.654.7654.7654"

func gameOf(t *testing.T, text string) *Game {
	t.Helper()
	games := readAll(t, text)
	require.Len(t, games, 1)
	return games[0]
}

func TestAuctionParse(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		text  string
		calls string // calls as seat:call, space separated
		err   string
	}{
		{"all pass", "[Auction \"E\"]\nAP\n", "E:Pass S:Pass W:Pass N:Pass", ""},
		{"short forms", "[Auction \"N\"]\n1n d r p\np p\n", "N:1NT E:X S:XX W:Pass N:Pass E:Pass", ""},
		{"star stops", "[Auction \"S\"]\n1H Pass * 7NT\n", "S:1H W:Pass", ""},
		{"annotations", "[Auction \"W\"]\n1S! $3 ^I 2S? AP\n", "W:1S N:2S E:Pass S:Pass W:Pass", ""},
		{"insufficient", "[Auction \"N\"]\n1S 1H\n", "", "insufficient"},
		{"own double", "[Auction \"N\"]\n1S Pass X\n", "", "double"},
		{"after the end", "[Auction \"N\"]\nPass Pass Pass Pass 1C\n", "", "after the auction ended"},
		{"AP after the end", "[Auction \"N\"]\n1C AP AP\n", "", "AP after"},
		{"note first", "[Auction \"N\"]\n=1= 1C\n", "", "before any call"},
		{"bad note", "[Auction \"N\"]\n1C =x=\n", "", "note reference"},
		{"bad dealer", "[Auction \"Q\"]\n1C\n", "", "dealer"},
		{"not a call", "[Auction \"N\"]\n1C banana\n", "", "banana"},
		{"empty", "[Auction \"N\"]\n", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := gameOf(t, "[Board \"4\"]\n"+tc.text)
			a, err := g.Auction()
			if tc.err != "" {
				var pe *Error
				require.ErrorAs(t, err, &pe)
				assert.Equal(t, "4", pe.Board)
				assert.Equal(t, "Auction", pe.Tag)
				assert.GreaterOrEqual(t, pe.Line, 2)
				assert.Contains(t, err.Error(), tc.err)
				return
			}
			require.NoError(t, err)
			var got []string
			for _, c := range a.Calls {
				got = append(got, c.Seat.String()+":"+c.Call.String())
			}
			assert.Equal(t, tc.calls, strings.Join(got, " "))
		})
	}
	a, err := (&Game{}).Auction()
	assert.NoError(t, err)
	assert.Nil(t, a, "no Auction section")
}

func TestAuctionNotes(t *testing.T) {
	t.Parallel()
	// Notes are looked up first after their own section, then before any
	// section, then anywhere.
	g := gameOf(t, `[Note "2:loose"]
[Auction "N"]
1C =1= 1D =2= 1H =3= AP
[Note "1:own"]
[Play "E"]
[Note "1:play note"]
[Note "3:late"]
`)
	a, err := g.Auction()
	require.NoError(t, err)
	assert.Equal(t, "own", a.Calls[0].Alert)
	assert.Equal(t, "loose", a.Calls[1].Alert)
	assert.Equal(t, "late", a.Calls[2].Alert)
	assert.Equal(t, 3, a.Calls[2].Note)

	// SetAuction renumbers and replaces the old notes.
	a.Calls[1].Alert = ""
	require.NoError(t, g.SetAuction(a))
	text := g.String()
	assert.Contains(t, text, "[Auction \"N\"]\n1C =1= 1D 1H =2= AP\n[Note \"1:own\"]\n[Note \"2:late\"]\n[Play \"E\"]\n[Note \"1:play note\"]\n[Note \"3:late\"]\n")
	assert.NotContains(t, text, "loose")
	again, err := gameOf(t, text).Auction()
	require.NoError(t, err)
	assert.Equal(t, stripNotes(a), stripNotes(again))
	c, ok := a.Contract()
	assert.True(t, ok)
	assert.Equal(t, engine.Contract{Level: 1, Strain: engine.StrainHearts, Declarer: engine.South}, c)

	assert.Error(t, g.SetAuction(&Auction{Calls: []Call{{Call: engine.Bid(2, engine.NoTrump)}, {Call: engine.Bid(1, engine.NoTrump)}}}))
}

func TestSetAuctionForms(t *testing.T) {
	t.Parallel()
	calls := func(ss ...string) []Call {
		var out []Call
		for _, s := range ss {
			c, err := engine.ParseCall(s)
			require.NoError(t, err)
			out = append(out, Call{Call: c})
		}
		return out
	}
	tests := []struct {
		name  string
		calls []Call
		want  []string
	}{
		{"passed out", calls("P", "P", "P", "P"), []string{"Pass Pass Pass Pass"}},
		{"AP", calls("P", "1S", "P", "2S", "P", "P", "P"), []string{"Pass 1S Pass 2S", "AP"}},
		{"unfinished", calls("1C", "P"), []string{"1C Pass *"}},
		{"nothing yet", nil, []string{"*"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := &Game{}
			require.NoError(t, g.SetAuction(&Auction{Dealer: engine.West, Calls: tc.calls}))
			assert.Equal(t, tc.want, g.Section("Auction"))
			assert.Equal(t, "W", g.Get("Auction"))
		})
	}
}

func TestPlayParse(t *testing.T) {
	t.Parallel()
	head := "[Board \"2\"]\n[Deal \"" + testDeal + "\"]\n"
	tests := []struct {
		name  string
		text  string
		cards string
		err   string
	}{
		{"one line, columns from West", "[Contract \"1H\"][Declarer \"S\"][Play \"W\"]\nD4 DA D9 D8\nD6 D2 DJ DQ *\n",
			// W leads D4, N DA, E D9, S D8: North wins and leads D2; East DJ, South DQ, West D6.
			"D4 DA D9 D8 D2 DJ DQ D6", ""},
		{"not split by trick", "[Contract \"1H\"][Declarer \"S\"][Play \"W\"]\nD4 DA D9 D8 D6 D2\nDJ DQ\n", "D4 DA D9 D8 D2 DJ DQ D6", ""},
		{"partial trick", "[Contract \"1H\"][Declarer \"S\"][Play \"W\"]\nD4 DA D9 D8\n- D2 DJ -\n*\n", "D4 DA D9 D8 D2 DJ", ""},
		{"trump from auction", "[Auction \"N\"]\n1S AP\n[Play \"E\"]\nSJ S8 S7 SA\n", "SJ S8 S7 SA", ""},
		{"trump wins", "[Contract \"1S\"][Declarer \"N\"][Play \"E\"]\nD9 DQ D4 S2\nDJ DT D5 DA\n",
			// North ruffs trick 1 and leads DA; E DJ, S DT, W D5.
			"D9 DQ D4 S2 DA DJ DT D5", ""},
		{"gap", "[Contract \"1H\"][Declarer \"S\"][Play \"W\"]\n- DA D9 D8\n", "", "order is unknown"},
		{"after a short trick", "[Contract \"1H\"][Declarer \"S\"][Play \"W\"]\nD4 - - -\nD6 D2 DJ DQ\n", "", "order is unknown"},
		{"twice", "[Contract \"1H\"][Declarer \"S\"][Play \"W\"]\nD4 DA D9 D4\n", "", "twice"},
		{"bad card", "[Contract \"1H\"][Declarer \"S\"][Play \"W\"]\nD4 DA D9 X4\n", "", "card"},
		{"no trump known", "[Play \"W\"]\nD4 DA D9 D8\n", "", "trump unknown"},
		{"passed out", "[Contract \"Pass\"][Play \"W\"]\nD4\n", "", "passed-out"},
		{"bad leader", "[Contract \"1H\"][Declarer \"S\"][Play \"X\"]\n", "", "opening leader"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := gameOf(t, head+tc.text)
			p, err := g.Play()
			if tc.err != "" {
				var pe *Error
				require.ErrorAs(t, err, &pe)
				assert.Equal(t, "2", pe.Board)
				assert.Contains(t, err.Error(), tc.err)
				return
			}
			require.NoError(t, err)
			var got []string
			for _, c := range p.Cards {
				got = append(got, c.String())
			}
			assert.Equal(t, tc.cards, strings.Join(got, " "))
		})
	}
	assert.Error(t, (&Game{}).SetPlay(&Play{Cards: []engine.Card{engine.NewCard(engine.Spades, engine.Ace), engine.NewCard(engine.Spades, engine.Ace)}}, engine.NoTrump))
	assert.Error(t, (&Game{}).SetPlay(&Play{Cards: []engine.Card{0}}, engine.NoTrump))
}

func TestReplayErrors(t *testing.T) {
	t.Parallel()
	head := "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"" + testDeal + "\"]\n"
	tests := map[string]string{
		"revoke":          "[Auction \"N\"]\n1NT AP\n[Play \"E\"]\nSJ H7 S7 SA\n",
		"not held":        "[Auction \"N\"]\n1NT AP\n[Play \"E\"]\nSA S8 S7 S2\n",
		"wrong leader":    "[Auction \"N\"]\n1NT AP\n[Play \"W\"]\nS7 SA SJ S8\n",
		"dealer mismatch": "[Auction \"E\"]\n1NT AP\n",
		"no contract":     "[Contract \"1NT\"][Declarer \"N\"]\n[Auction \"N\"]\n1NT\n[Play \"E\"]\nSJ S8 S7 SA\n",
	}
	for name, text := range tests {
		_, err := gameOf(t, head+text).Replay()
		assert.Error(t, err, name)
	}
	b, err := gameOf(t, head+"[Auction \"N\"]\n1NT Pass\n").Replay()
	require.NoError(t, err)
	assert.Equal(t, engine.PhaseAuction, b.Phase())
}

func TestResultScoreContract(t *testing.T) {
	t.Parallel()
	tests := []struct {
		tags   string
		result int
		ok     bool
		err    bool
	}{
		{`[Declarer "N"][Result "9"]`, 9, true, false},
		{`[Declarer "N"][Result "NS 9"]`, 9, true, false},
		{`[Declarer "E"][Result "NS 9"]`, 4, true, false},
		{`[Declarer "^E"][Result "EW 4"]`, 4, true, false},
		{`[Result ""]`, 0, false, false},
		{`[Result "14"]`, 0, false, true},
		{`[Result "XY 3"]`, 0, false, true},
		{`[Result "NS 3"]`, 0, false, true},
	}
	for _, tc := range tests {
		g := gameOf(t, tc.tags+"\n")
		n, ok, err := g.Result()
		assert.Equal(t, tc.err, err != nil, tc.tags)
		assert.Equal(t, tc.ok, ok, tc.tags)
		assert.Equal(t, tc.result, n, tc.tags)
	}
	for in, want := range map[string]int{"NS 420": 420, "EW 100": -100, "NS -50": -50, "-50": -50} {
		g := gameOf(t, `[Score "`+in+`"]`+"\n")
		n, ok, err := g.Score()
		require.NoError(t, err)
		assert.True(t, ok)
		assert.Equal(t, want, n, in)
	}
	_, _, err := gameOf(t, "[Score \"NE 3\"]\n").Score()
	assert.Error(t, err)

	g := gameOf(t, "[Contract \"6HXX\"][Declarer \"^W\"]\n")
	c, ok, err := g.Contract()
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Equal(t, engine.Contract{Level: 6, Strain: engine.StrainHearts, Penalty: engine.Redoubled, Declarer: engine.West}, c)
	_, _, err = gameOf(t, "[Contract \"4S\"]\n").Contract()
	assert.Error(t, err, "declarer needed")
	_, _, err = gameOf(t, "[Contract \"4Z\"]\n").Contract()
	assert.Error(t, err)
	_, ok, err = gameOf(t, "[Contract \"\"]\n").Contract()
	assert.NoError(t, err)
	assert.False(t, ok)
	for _, name := range []string{"Board", "Dealer", "Vulnerable", "Deal"} {
		g := gameOf(t, "["+name+" \"??\"]\n")
		var err error
		switch name {
		case "Board":
			_, err = g.Board()
		case "Dealer":
			_, err = g.Dealer()
		case "Vulnerable":
			_, err = g.Vulnerability()
		case "Deal":
			_, err = g.Deal()
		}
		var pe *Error
		require.ErrorAs(t, err, &pe, name)
		assert.Equal(t, name, pe.Tag)
		assert.Equal(t, 1, pe.Line)
		_, err = (&Game{}).Deal()
		assert.Error(t, err)
	}
}

func TestGameEditing(t *testing.T) {
	t.Parallel()
	g := &Game{}
	g.Set("Event", "a")
	g.Set("Event", "b")
	g.SetSection("ScoreTable", "Rank;Score", []string{"1 420"})
	g.Tags = append(g.Tags, Tag{Name: "Note", Value: "1:x"}, Tag{Name: "Note", Value: "2:y"})
	assert.Equal(t, "b", g.Get("Event"))
	c := g.Clone()
	c.Section("ScoreTable")[0] = "changed"
	assert.Equal(t, []string{"1 420"}, g.Section("ScoreTable"), "Clone copies lines")
	g.Delete("Note")
	assert.Len(t, g.Tags, 2)
	_, ok := g.Lookup("Note")
	assert.False(t, ok)
	assert.Nil(t, g.Tag("Nope"))
	assert.Equal(t, "", g.Get("Nope"))
}

func TestInheritanceIsACopy(t *testing.T) {
	t.Parallel()
	r := NewReader(strings.NewReader("[Event \"one\"]\n[Board \"1\"]\n\n[Event \"#\"]\n[Board \"#\"]\n"))
	g, err := r.Next()
	require.NoError(t, err)
	g.Set("Event", "edited")
	g2, err := r.Next()
	require.NoError(t, err)
	assert.Equal(t, "one", g2.Get("Event"))
	assert.Equal(t, "1", g2.Get("Board"))
}

func TestDoubleDummyTricks(t *testing.T) {
	t.Parallel()
	var dd DDTable
	for s := range dd {
		for st := range dd[s] {
			dd[s][st] = (s*5 + st) % 14
		}
	}
	v := FormatDoubleDummyTricks(dd)
	assert.Len(t, v, 20)
	// Declarer N first, strains NT S H D C: N row is 0..4 by strain index C..NT.
	assert.Equal(t, "43210", v[:5])
	back, err := ParseDoubleDummyTricks(strings.ToUpper(v))
	require.NoError(t, err)
	assert.Equal(t, dd, back)
	for _, bad := range []string{"", "123", strings.Repeat("e", 20), strings.Repeat("g", 20)} {
		_, err := ParseDoubleDummyTricks(bad)
		assert.Error(t, err, bad)
	}
	g := &Game{}
	g.Set("DoubleDummyTricks", v)
	got, ok, err := g.DoubleDummyTricks()
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Equal(t, dd, got)
	g.SetOptimumResultTable(dd)
	got, ok, err = g.OptimumResultTable()
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Equal(t, dd, got)

	bad := []string{
		"[OptimumResultTable \"Foo;Bar\"]\n",
		"[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT\n",
		"[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nQ NT 3\n",
		"[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN Z 3\n",
		"[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT 14\n",
		"[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT 3\n",
	}
	for _, text := range bad {
		_, _, err := gameOf(t, text).OptimumResultTable()
		assert.Error(t, err, text)
	}
	// Columns in another order are followed.
	g = gameOf(t, "[OptimumResultTable \"Result;Declarer;Denomination\"]\n"+strings.Join(func() []string {
		var rows []string
		for _, s := range "NSEW" {
			for _, st := range []string{"NT", "S", "H", "D", "C"} {
				rows = append(rows, "7 "+string(s)+" "+st)
			}
		}
		return rows
	}(), "\n")+"\n")
	got, ok, err = g.OptimumResultTable()
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Equal(t, 7, got[engine.West][engine.StrainClubs])
}

func TestReadDealsDeduplicates(t *testing.T) {
	t.Parallel()
	g := "[Board \"1\"]\n[Deal \"" + testDeal + "\"]\n\n"
	g2 := "[Board \"2\"]\n[Deal \"" + testDeal + "\"]\n\n"
	deals, err := ReadDeals(bytes.NewBufferString(g + g + g2 + g2))
	require.NoError(t, err)
	require.Len(t, deals, 2)
	assert.Equal(t, 2, deals[1].Number)
}

func TestReadDealsRefusesABoardAgainWithOtherCards(t *testing.T) {
	t.Parallel()
	d, err := engine.ParseDeal(testDeal)
	require.NoError(t, err)
	other := engine.Deal{d[engine.East], d[engine.South], d[engine.West], d[engine.North]}
	g1 := "[Board \"1\"]\n[Deal \"" + testDeal + "\"]\n\n"
	g2 := "[Board \"2\"]\n[Deal \"" + testDeal + "\"]\n\n"
	tests := []struct {
		name  string
		again string
		msg   string
	}{
		{"other cards", "[Board \"1\"]\n[Deal \"" + other.Format(engine.North) + "\"]\n", "board 1 appears again with different cards (first at line 1)"},
		{"other dealer", "[Board \"1\"]\n[Dealer \"W\"]\n[Deal \"" + testDeal + "\"]\n", "board 1 appears again with different dealer or vulnerability"},
		{"other vulnerability", "[Board \"1\"]\n[Vulnerable \"All\"]\n[Deal \"" + testDeal + "\"]\n", "different dealer or vulnerability"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			deals, err := ReadDeals(strings.NewReader(g1 + g2 + tt.again))
			var pe *Error
			require.ErrorAs(t, err, &pe)
			assert.Equal(t, 7, pe.Line, "the line of the repeated board's Board tag")
			assert.Equal(t, "1", pe.Board)
			assert.Contains(t, err.Error(), tt.msg)
			assert.Len(t, deals, 2, "the boards before it are returned")
		})
	}

	// A board without a Board tag takes the next number, and may repeat one too.
	_, err = ReadDeals(strings.NewReader(g1 + "[Dealer \"S\"]\n[Deal \"" + testDeal + "\"]\n\n" + g2))
	assert.ErrorContains(t, err, "board 2 appears again with different dealer or vulnerability")
}
