package engine

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// plainDeal returns a deal in which no hand holds honours in any strain:
// the cards of each suit go round the table rank by rank, starting one seat
// further on per suit, so every hand has one ace and at most two of a
// suit's five honours (North, for one, holds CA and SJ).
func plainDeal(t testing.TB) Deal {
	t.Helper()
	var d Deal
	for suit := Clubs; suit <= Spades; suit++ {
		for i, r := 0, Two; r <= Ace; i, r = i+1, r+1 {
			s := Seat((i + int(suit)) % NumSeats)
			d[s] = d[s].With(NewCard(suit, r))
		}
	}
	require.NoError(t, d.Validate())
	return d
}

// spots is every card from the two to the nine.
var spots = func() Hand {
	var h Hand
	for suit := Clubs; suit <= Spades; suit++ {
		for r := Two; r <= Nine; r++ {
			h = h.With(NewCard(suit, r))
		}
	}
	return h
}()

// giveCards moves the named cards ("SA", "HK", ...) to seat s, handing the
// previous holders spot cards from s in exchange, so nobody else gains an
// honour.
func giveCards(t testing.TB, d Deal, s Seat, cards ...string) Deal {
	t.Helper()
	var want Hand
	for _, cs := range cards {
		c, err := ParseCard(cs)
		require.NoError(t, err)
		want = want.With(c)
	}
	for _, c := range want.Cards(nil) {
		owner, ok := d.Owner(c)
		require.True(t, ok)
		if owner == s {
			continue
		}
		spare, ok := (d[s] &^ want & spots).Lowest()
		require.True(t, ok, "seat %s has no spot card left to give", s)
		d[s], d[owner] = d[s].Without(spare).With(c), d[owner].Without(c).With(spare)
	}
	require.NoError(t, d.Validate())
	return d
}

// play is one deal of a test rubber: "4SX N 10", "Pass".
type play struct {
	contract string
	declarer Seat
	tricks   int
	honours  Honours
}

func (p play) toContract(t testing.TB) Contract {
	t.Helper()
	c := contract(t, p.contract)
	c.Declarer = p.declarer
	return c
}

// playRubber adds the deals to a new rubber dealt first by North.
func playRubber(t testing.TB, kind RubberKind, deals ...play) (*Rubber, []RubberEntry) {
	t.Helper()
	r := NewRubber(kind, North)
	var out []RubberEntry
	for i, p := range deals {
		e, err := r.AddWithHonours(p.toContract(t), p.tricks, p.honours)
		require.NoError(t, err, "deal %d (%s)", i+1, p.contract)
		out = append(out, e)
	}
	return r, out
}

// figure is one expected figure on the sheet.
type figure struct {
	side   Side
	below  bool
	kind   ItemKind
	points int
}

// figures lists what an entry wrote, NS first, below before above.
func figures(e RubberEntry) []figure {
	var out []figure
	for side := NS; side <= EW; side++ {
		col := e.Side(side)
		for _, it := range col.Below {
			out = append(out, figure{side, true, it.Kind, it.Points})
		}
		for _, it := range col.Above {
			out = append(out, figure{side, false, it.Kind, it.Points})
		}
	}
	return out
}

// TestRubberWorkedExamples checks every worked example of the rubber rules' scoring
// section and the tutorial's scoring examples as rubber bridge scores them. The
// deals before the last one set up the vulnerability the example needs;
// only the last deal's figures are checked.
func TestRubberWorkedExamples(t *testing.T) {
	t.Parallel()
	nsGame := play{contract: "4S", declarer: North, tricks: 10} // gives NS a game: NS vulnerable after it
	ewGame := play{contract: "4S", declarer: East, tricks: 10}
	tests := []struct {
		name  string
		setup []play
		deal  play
		want  []figure
	}{
		{"the rubber rules, below the line: 3S making 10 tricks is 90 below (30 x 3), the overtrick above", nil,
			play{contract: "3S", declarer: North, tricks: 10},
			[]figure{{NS, true, ItemTricks, 90}, {NS, false, ItemOvertricks, 30}}},
		{"the rubber rules, below the line: 3NT making 13 tricks is still 100 below", nil,
			play{contract: "3NT", declarer: South, tricks: 13},
			[]figure{{NS, true, ItemTricks, 100}, {NS, false, ItemOvertricks, 120}}},
		{"the rubber rules, overtricks: 2C not vulnerable making 11 tricks is 60 above (20 x 3)", nil,
			play{contract: "2C", declarer: East, tricks: 11},
			[]figure{{EW, true, ItemTricks, 40}, {EW, false, ItemOvertricks, 60}}},
		{"the rubber rules, slam: 6H vulnerable making 12 tricks is 750 above", []play{nsGame},
			play{contract: "6H", declarer: North, tricks: 12},
			[]figure{{NS, true, ItemTricks, 180}, {NS, false, ItemSmallSlam, 750}, {NS, false, ItemRubber, 700}}},
		{"the rubber rules, undertricks: 3D vulnerable making 7 tricks is 200 above to the defenders (100 x 2)", []play{nsGame},
			play{contract: "3D", declarer: South, tricks: 7},
			[]figure{{EW, false, ItemUndertricks, 200}}},
		{"the rubber rules, undertricks example 2: 5NT doubled not vulnerable making 8 tricks follows the table, 100 + 200 + 200 = 500 (the rules' text says 800)", nil,
			play{contract: "5NTX", declarer: East, tricks: 8},
			[]figure{{NS, false, ItemUndertricks, 500}}},
		{"the rubber rules, undertricks example 2 with the vulnerable figures the rules' text used: 200 + 300 + 300 = 800", []play{ewGame},
			play{contract: "5NTX", declarer: East, tricks: 8},
			[]figure{{NS, false, ItemUndertricks, 800}}},
		{"the tutorial, trick points: 5C is 5 x 20 = 100 below, a game", nil,
			play{contract: "5C", declarer: West, tricks: 11},
			[]figure{{EW, true, ItemTricks, 100}}},
		{"the tutorial, trick points: 3NT is 40 + 30 + 30 = 100 below", nil,
			play{contract: "3NT", declarer: North, tricks: 9},
			[]figure{{NS, true, ItemTricks, 100}}},
		{"the tutorial, trick points: 2H doubled is 2 x 30 x 2 = 120 below, with no bonus for making it doubled (the rubber rules' table has none)", nil,
			play{contract: "2HX", declarer: North, tricks: 8},
			[]figure{{NS, true, ItemTricks, 120}}},
		{"the tutorial, trick points: 2C redoubled is 2 x 20 x 4 = 160 below", nil,
			play{contract: "2CXX", declarer: North, tricks: 8},
			[]figure{{NS, true, ItemTricks, 160}}},
		{"the tutorial's E.G.1: vulnerable 6S redoubled +1 is 720 below, 400 overtrick and 750 slam above (no game or insult bonus on the deal)", []play{nsGame},
			play{contract: "6SXX", declarer: North, tricks: 13},
			[]figure{{NS, true, ItemTricks, 720}, {NS, false, ItemOvertricks, 400}, {NS, false, ItemSmallSlam, 750}, {NS, false, ItemRubber, 700}}},
		{"the tutorial's E.G.2: vulnerable 7S doubled making is 420 below and 1500 grand slam above", []play{nsGame},
			play{contract: "7SX", declarer: South, tricks: 13},
			[]figure{{NS, true, ItemTricks, 420}, {NS, false, ItemGrandSlam, 1500}, {NS, false, ItemRubber, 700}}},
		{"the tutorial's E.G.3: not vulnerable 2S +2 is 60 below and 60 above, not a game", nil,
			play{contract: "2S", declarer: West, tricks: 10},
			[]figure{{EW, true, ItemTricks, 60}, {EW, false, ItemOvertricks, 60}}},
		{"the tutorial's E.G.4: not vulnerable 2C redoubled making is 160 below, a game", nil,
			play{contract: "2CXX", declarer: East, tricks: 8},
			[]figure{{EW, true, ItemTricks, 160}}},
		{"the tutorial, homework: vulnerable 6S making is 180 below and 750 above", []play{nsGame},
			play{contract: "6S", declarer: North, tricks: 12},
			[]figure{{NS, true, ItemTricks, 180}, {NS, false, ItemSmallSlam, 750}, {NS, false, ItemRubber, 700}}},
		{"the tutorial, undertricks: vulnerable 7NT redoubled down 13 is 2 x (200 + 12 x 300) = 7600", []play{ewGame},
			play{contract: "7NTXX", declarer: West, tricks: 0},
			[]figure{{NS, false, ItemUndertricks, 7600}}},
		{"the tutorial, notation 5C -1: 5C needs 11 tricks, 10 is one down", nil,
			play{contract: "5C", declarer: North, tricks: 10},
			[]figure{{EW, false, ItemUndertricks, 50}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, entries := playRubber(t, RubberBridge, append(tt.setup, tt.deal)...)
			last := entries[len(entries)-1]
			assert.Equal(t, tt.want, figures(last))
		})
	}
}

// TestRubberRulesTables checks the rubber rules' two scoring tables cell by cell:
// trick points below the line, and overtricks and undertricks above it, not
// vulnerable and vulnerable, undoubled, doubled and redoubled.
func TestRubberRulesTables(t *testing.T) {
	t.Parallel()
	t.Run("below the line", func(t *testing.T) {
		tests := []struct {
			contract string
			want     int
		}{
			{"1C", 20}, {"1CX", 40}, {"1CXX", 80},
			{"1D", 20}, {"1DX", 40}, {"1DXX", 80},
			{"1H", 30}, {"1HX", 60}, {"1HXX", 120},
			{"1S", 30}, {"1SX", 60}, {"1SXX", 120},
			{"1NT", 40}, {"1NTX", 80}, {"1NTXX", 160},
			{"2NT", 40 + 30}, {"2NTX", 80 + 60}, {"2NTXX", 160 + 120},
			{"4D", 80}, {"4H", 120}, {"5NT", 40 + 4*30},
		}
		for _, tt := range tests {
			c := contract(t, tt.contract)
			_, entries := playRubber(t, RubberBridge, play{contract: tt.contract, declarer: North, tricks: c.Level + 6})
			assert.Equal(t, []figure{{NS, true, ItemTricks, tt.want}}, figures(entries[0]), tt.contract)
		}
	})
	t.Run("overtricks", func(t *testing.T) {
		tests := []struct {
			contract  string
			vul       bool
			perTrick  int
			doubledBy string
		}{
			{"1C", false, 20, "trick value"}, {"1D", true, 20, "trick value"},
			{"1H", false, 30, "trick value"}, {"1S", true, 30, "trick value"},
			{"1NT", false, 30, "trick value"}, {"1NT", true, 30, "trick value"},
			{"1CX", false, 100, "doubled"}, {"1HX", true, 200, "doubled"},
			{"1NTXX", false, 200, "redoubled"}, {"1DXX", true, 400, "redoubled"},
		}
		for _, tt := range tests {
			for over := 1; over <= 3; over++ {
				var setup []play
				if tt.vul {
					setup = append(setup, play{contract: "4S", declarer: North, tricks: 10})
				}
				d := play{contract: tt.contract, declarer: South, tricks: 7 + over}
				_, entries := playRubber(t, RubberBridge, append(setup, d)...)
				got := entries[len(entries)-1].NS.Above
				require.NotEmpty(t, got, "%s vul=%v +%d", tt.contract, tt.vul, over)
				assert.Equal(t, ItemOvertricks, got[0].Kind)
				assert.Equal(t, over*tt.perTrick, got[0].Points, "%s vul=%v +%d (%s)", tt.contract, tt.vul, over, tt.doubledBy)
			}
		}
	})
	t.Run("undertricks", func(t *testing.T) {
		// The table's words: the first undertrick, then each one after.
		tests := []struct {
			penalty     string
			vul         bool
			first, rest int
		}{
			{"", false, 50, 50},
			{"X", false, 100, 200},
			{"XX", false, 200, 400},
			{"", true, 100, 100},
			{"X", true, 200, 300},
			{"XX", true, 400, 600},
		}
		for _, tt := range tests {
			for down := 1; down <= 13; down++ {
				var setup []play
				if tt.vul {
					setup = append(setup, play{contract: "4S", declarer: East, tricks: 10})
				}
				d := play{contract: "7H" + tt.penalty, declarer: West, tricks: 13 - down}
				_, entries := playRubber(t, RubberBridge, append(setup, d)...)
				last := entries[len(entries)-1]
				want := tt.first + (down-1)*tt.rest
				assert.Equal(t, []figure{{NS, false, ItemUndertricks, want}}, figures(last),
					"7H%s vul=%v down %d", tt.penalty, tt.vul, down)
			}
		}
	})
}

// TestRubberDiffersFromDuplicate pins where rubber-v1 and the duplicate
// rule set give different figures for the same result, so neither is ever
// used for the other (the project's rule set).
func TestRubberDiffersFromDuplicate(t *testing.T) {
	t.Parallel()
	// The tutorial (duplicate) lists not-vulnerable doubled undertricks as 100,
	// 300, 500, 800, 1100; the rubber rules' rubber table gives 200 for every one
	// after the first: 100, 300, 500, 700, 900.
	for down, dup := range map[int]int{1: 100, 2: 300, 3: 500, 4: 800, 5: 1100} {
		assert.Equal(t, -dup, Score(contract(t, "7SX"), false, 13-down), "duplicate, down %d", down)
		_, entries := playRubber(t, RubberBridge, play{contract: "7SX", declarer: North, tricks: 13 - down})
		want := 100 + 200*(down-1)
		assert.Equal(t, want, entries[0].EW.Above[0].Points, "rubber, down %d", down)
	}
	// A made contract: duplicate adds a part-score or game bonus and the
	// insult; rubber writes only the trick points and overtricks.
	assert.Equal(t, 470, Score(contract(t, "2HX"), false, 8))
	_, entries := playRubber(t, RubberBridge, play{contract: "2HX", declarer: North, tricks: 8})
	assert.Equal(t, 120, entries[0].NS.Points())
	// The tutorial's vulnerability follows the board number (board 2: NS
	// vulnerable, board 3: EW, board 4: both); a rubber's follows the games
	// won, so four part scores leave everybody not vulnerable.
	r := NewRubber(RubberBridge, North)
	for deal := 1; deal <= 4; deal++ {
		assert.Equal(t, VulNone, r.NextVulnerability(), "deal %d", deal)
		_, err := r.AddWithHonours(Contract{Level: 1, Strain: StrainClubs, Declarer: Seat(deal % 4)}, 6, Honours{})
		require.NoError(t, err)
	}
}

// TestRubberHonours checks the rubber rules' honours: 100 for four of the five
// trump honours in one hand, 150 for five, 150 for four aces at no trump,
// for the holder's side whether it declared or defended, made or not.
func TestRubberHonours(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		holder   Seat
		cards    []string
		contract string
		declarer Seat
		tricks   int
		want     Honours
	}{
		{"four trump honours to declarer", North, []string{"SA", "SK", "SQ", "SJ"}, "4S", South, 10, Honours{100, North}},
		{"four trump honours with the ten", North, []string{"SA", "SK", "SJ", "ST"}, "4S", North, 10, Honours{100, North}},
		{"five trump honours", South, []string{"HA", "HK", "HQ", "HJ", "HT"}, "2H", South, 8, Honours{150, South}},
		{"four aces at no trump", East, []string{"SA", "HA", "DA", "CA"}, "3NT", West, 9, Honours{150, East}},
		{"to a defender, and the contract made", West, []string{"DA", "DK", "DQ", "DT"}, "5D", North, 11, Honours{100, West}},
		{"to a defender, and the contract defeated", East, []string{"CK", "CQ", "CJ", "CT"}, "3C", South, 7, Honours{100, East}},
		{"to declarer, and the contract defeated", North, []string{"CA", "CK", "CQ", "CJ", "CT"}, "3C", North, 8, Honours{150, North}},
		{"four aces in a suit contract are not honours", East, []string{"SA", "HA", "DA", "CA"}, "4S", East, 10, Honours{}},
		{"three trump honours are not (North's own SJ and these two)", North, []string{"SA", "SK"}, "4S", North, 10, Honours{}},
		{"three aces at no trump are not (North's own CA and these two)", North, []string{"SA", "HA"}, "3NT", North, 9, Honours{}},
		{"four honours of another suit are not", North, []string{"HA", "HK", "HQ", "HJ"}, "4S", North, 10, Honours{}},
		{"four trump honours at no trump are not", North, []string{"HA", "HK", "HQ", "HJ"}, "3NT", North, 9, Honours{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := giveCards(t, plainDeal(t), tt.holder, tt.cards...)
			c := contract(t, tt.contract)
			c.Declarer = tt.declarer
			assert.Equal(t, tt.want, HonoursIn(d, c.Strain))
			r := NewRubber(RubberBridge, North)
			e, err := r.Add(d, c, tt.tricks)
			require.NoError(t, err)
			var got []ScoreItem
			for side := NS; side <= EW; side++ {
				for _, it := range e.Side(side).Above {
					if it.Kind == ItemHonours {
						assert.Equal(t, tt.holder.Side(), side, "honours go to the holder's side")
						got = append(got, it)
					}
				}
			}
			if tt.want.Points == 0 {
				assert.Empty(t, got)
				return
			}
			require.Len(t, got, 1)
			assert.Equal(t, tt.want.Points, got[0].Points)
			assert.Contains(t, got[0].Label, tt.holder.String())
		})
	}
	assert.Equal(t, Honours{}, HonoursIn(plainDeal(t), NoTrump), "the plain deal has no honours")
	for s := StrainClubs; s <= StrainSpades; s++ {
		assert.Equal(t, Honours{}, HonoursIn(plainDeal(t), s), "the plain deal has no honours in %s", s)
	}
}

// TestRubberGames checks the rubber rules' games: 100 trick points below the line
// in the current game win it, overtricks never count, part scores add up
// within a game and not across the line, and a side with a game is
// vulnerable.
func TestRubberGames(t *testing.T) {
	t.Parallel()
	t.Run("game contracts alone win a game from nothing (the tutorial: 3NT 4S 4H 5D 5C)", func(t *testing.T) {
		for _, c := range []string{"3NT", "4S", "4H", "5D", "5C", "1NTXX", "2HX", "2CXX"} {
			r, entries := playRubber(t, RubberBridge, play{contract: c, declarer: East, tricks: 13})
			assert.Equal(t, "EW", entries[0].GameWon, c)
			assert.Equal(t, 1, r.Games(EW), c)
			assert.Equal(t, VulEW, r.NextVulnerability(), c)
		}
		for _, c := range []string{"2NT", "3S", "4D", "4C", "1NTX", "1HX", "2CX"} {
			r, entries := playRubber(t, RubberBridge, play{contract: c, declarer: East, tricks: 13})
			assert.Empty(t, entries[0].GameWon, "%s making 13 tricks: overtricks never count towards game", c)
			assert.Equal(t, VulNone, r.NextVulnerability(), c)
		}
	})
	t.Run("part scores add up to a game", func(t *testing.T) {
		r, entries := playRubber(t, RubberBridge,
			play{contract: "2S", declarer: North, tricks: 8}, // NS 60
			play{contract: "1D", declarer: East, tricks: 7},  // EW 20
			play{contract: "2D", declarer: South, tricks: 8}, // NS 60+40: game
		)
		assert.Empty(t, entries[0].GameWon)
		assert.Empty(t, entries[1].GameWon)
		assert.Equal(t, "NS", entries[2].GameWon)
		assert.Equal(t, VulNS, r.NextVulnerability())
		// The line is drawn: EW's 20 no longer counts towards a game, so
		// their 3C (60) next is not a game.
		e, err := r.AddWithHonours(Contract{Level: 4, Strain: StrainClubs, Declarer: West}, 10, Honours{})
		require.NoError(t, err)
		assert.Empty(t, e.GameWon, "20 from the first game + 80 is not a game")
		s := r.Sheet()
		require.Len(t, s.Games, 2)
		assert.Equal(t, SheetGame{Number: 1, Winner: "NS", NSPoints: 100, EWPoints: 20,
			NS: []ScoreItem{
				{Deal: 1, Kind: ItemTricks, Points: 60, Label: "2S by N"},
				{Deal: 3, Kind: ItemTricks, Points: 40, Label: "2D by S"},
			},
			EW: []ScoreItem{{Deal: 2, Kind: ItemTricks, Points: 20, Label: "1D by E"}},
		}, s.Games[0])
		assert.Equal(t, 2, s.Games[1].Number)
		assert.Equal(t, 80, s.Games[1].EWPoints)
		assert.Empty(t, s.Games[1].Winner)
		assert.Equal(t, 100, s.EW.BelowTotal, "earlier part scores stay in the total")
	})
	t.Run("a defeated contract scores nothing below", func(t *testing.T) {
		r, _ := playRubber(t, RubberBridge,
			play{contract: "2S", declarer: North, tricks: 8},
			play{contract: "4S", declarer: North, tricks: 9},
		)
		s := r.Sheet()
		assert.Equal(t, 60, s.NS.BelowTotal)
		assert.Equal(t, 0, s.NS.Games)
	})
}

// TestRubberEnd checks the rubber rules' end of the rubber: it ends when a side has
// won two games (never later), 700 to it if the other side won none and 500
// if one, and the higher total wins, even against the side that won the
// rubber; equal totals go to the side with more games.
func TestRubberEnd(t *testing.T) {
	t.Parallel()
	ns := play{contract: "4S", declarer: North, tricks: 10}
	ew := play{contract: "3NT", declarer: East, tricks: 9}
	t.Run("two games to none: 700", func(t *testing.T) {
		r, entries := playRubber(t, RubberBridge, ns, ns)
		assert.True(t, r.Over())
		assert.True(t, entries[1].Over)
		assert.Equal(t, []figure{{NS, true, ItemTricks, 120}, {NS, false, ItemRubber, 700}}, figures(entries[1]))
		s := r.Sheet()
		assert.Equal(t, "NS", s.Winner)
		assert.Equal(t, 120+120+700, s.NS.Total)
		assert.Equal(t, 0, s.EW.Total)
		_, err := r.AddWithHonours(ns.toContract(t), 10, Honours{})
		require.ErrorIs(t, err, ErrRubberOver)
		assert.Equal(t, 2, r.Deals(), "a refused deal changes nothing")
		assert.Len(t, r.Sheet().Games, 2, "no open game after the rubber")
	})
	t.Run("two games to one: 500, and three games is the most", func(t *testing.T) {
		r, entries := playRubber(t, RubberBridge, ew, ns, ns)
		assert.True(t, r.Over())
		assert.Equal(t, []figure{{NS, true, ItemTricks, 120}, {NS, false, ItemRubber, 500}}, figures(entries[2]))
		assert.Equal(t, "All", entries[2].Vulnerability, "the third game is played with both sides vulnerable")
		assert.Equal(t, "NS", r.Sheet().Winner)
	})
	t.Run("the higher total wins, not the rubber", func(t *testing.T) {
		// NS win two games to one, but were doubled and vulnerable
		// five down in between: 200 + 4 x 300 = 1400 to EW.
		r, _ := playRubber(t, RubberBridge, ns, ew,
			play{contract: "6HX", declarer: South, tricks: 7},
			ns)
		s := r.Sheet()
		require.True(t, s.Over)
		assert.Equal(t, 2, s.NS.Games)
		assert.Equal(t, 120+120+500, s.NS.Total)
		assert.Equal(t, 100+1400, s.EW.Total)
		assert.Equal(t, "EW", s.Winner)
		side, ok := s.WinnerSide()
		assert.True(t, ok)
		assert.Equal(t, EW, side)
	})
	t.Run("equal totals: the side with more games wins", func(t *testing.T) {
		r, _ := playRubber(t, RubberBridge,
			play{contract: "2C", declarer: East, tricks: 8},   // EW 40 below
			play{contract: "5SX", declarer: North, tricks: 6}, // EW 100 + 4 x 200 = 900 above
			ns, ns) // NS 120 + 120 below, 700 above
		s := r.Sheet()
		require.True(t, s.Over)
		assert.Equal(t, 940, s.NS.Total)
		assert.Equal(t, 940, s.EW.Total)
		assert.Equal(t, "NS", s.Winner)
	})
	t.Run("no winner while the rubber goes on", func(t *testing.T) {
		r, _ := playRubber(t, RubberBridge, ns, ew)
		s := r.Sheet()
		assert.False(t, s.Over)
		assert.Empty(t, s.Winner)
		_, ok := s.WinnerSide()
		assert.False(t, ok)
		assert.Len(t, s.Games, 3, "two finished games and the open third")
		assert.True(t, s.NS.Vulnerable)
		assert.True(t, s.EW.Vulnerable)
	})
}

// TestRubberDealing checks the rubber rules' dealing: the first dealer is given,
// the deal passes to the left after every deal, and a passed-out deal
// scores nothing (the next dealer deals; the rubber rules are silent on it, the Laws
// of Contract Bridge say so).
func TestRubberDealing(t *testing.T) {
	t.Parallel()
	r := NewRubber(RubberBridge, West)
	assert.Equal(t, RubberBridge, r.Kind())
	assert.Equal(t, West, r.FirstDealer())
	want := []Seat{West, North, East, South, West, North}
	for i, dealer := range want {
		assert.Equal(t, dealer, r.NextDealer(), "deal %d", i+1)
		c := Contract{} // passed out
		if i%2 == 1 {
			c = Contract{Level: 1, Strain: StrainClubs, Declarer: dealer}
		}
		e, err := r.AddWithHonours(c, c.Level*7, Honours{}) // a passed-out deal has 0 tricks
		require.NoError(t, err)
		assert.Equal(t, dealer.String(), e.Dealer)
		assert.Equal(t, i+1, e.Deal)
		assert.Equal(t, i+1, r.Deals())
		if c.PassedOut() {
			assert.Equal(t, "Pass", e.Contract)
			assert.Empty(t, e.Declarer)
			assert.Empty(t, e.Result)
			assert.Empty(t, figures(e), "a passed-out deal scores nothing")
		} else {
			assert.Equal(t, "1C", e.Contract)
			assert.Equal(t, "=", e.Result)
		}
	}
}

// TestRubberZeroValue checks that the zero Rubber is a rubber-bridge
// rubber dealt first by North.
func TestRubberZeroValue(t *testing.T) {
	t.Parallel()
	var r Rubber
	assert.Equal(t, RubberBridge, r.Kind())
	assert.Equal(t, North, r.NextDealer())
	assert.Equal(t, VulNone, r.NextVulnerability())
	e, err := r.AddWithHonours(Contract{Level: 3, Strain: NoTrump, Declarer: East}, 9, Honours{})
	require.NoError(t, err)
	assert.Equal(t, "EW", e.GameWon)
	assert.Equal(t, East, r.NextDealer())
	assert.Equal(t, VulEW, r.NextVulnerability())
}

// TestRubberInputErrors checks that inconsistent input is refused with a
// message naming the deal and what is wrong, and changes nothing.
func TestRubberInputErrors(t *testing.T) {
	t.Parallel()
	good := Contract{Level: 4, Strain: StrainSpades, Declarer: North}
	tests := []struct {
		name    string
		kind    RubberKind
		first   Seat
		c       Contract
		tricks  int
		honours Honours
		want    string
	}{
		{"tricks above 13", RubberBridge, North, good, 14, Honours{}, "tricks 14"},
		{"negative tricks", RubberBridge, North, good, -1, Honours{}, "tricks -1"},
		{"level 8", RubberBridge, North, Contract{Level: 8, Declarer: North}, 13, Honours{}, "level 8"},
		{"negative level", RubberBridge, North, Contract{Level: -1}, 0, Honours{}, "level -1"},
		{"bad strain", RubberBridge, North, Contract{Level: 1, Strain: 9}, 7, Honours{}, "strain"},
		{"bad doubling", RubberBridge, North, Contract{Level: 1, Penalty: 3}, 7, Honours{}, "doubling"},
		{"bad declarer", RubberBridge, North, Contract{Level: 1, Declarer: 4}, 7, Honours{}, "declarer"},
		{"tricks on a passed-out deal", RubberBridge, North, Contract{}, 7, Honours{}, "passed out"},
		{"honours on a passed-out deal", RubberBridge, North, Contract{}, 0, Honours{150, North}, "honours"},
		{"100 honours at no trump", RubberBridge, North, Contract{Level: 3, Strain: NoTrump}, 9, Honours{100, North}, "no trump"},
		{"honours of 120", RubberBridge, North, good, 10, Honours{120, North}, "honours 120"},
		{"honours without a holder", Chicago, North, good, 10, Honours{100, 7}, "holder"},
		{"bad kind", 7, North, good, 10, Honours{}, "kind"},
		{"bad first dealer", Chicago, 5, good, 10, Honours{}, "first dealer"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := NewRubber(tt.kind, tt.first)
			_, err := r.AddWithHonours(tt.c, tt.tricks, tt.honours)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
			assert.Contains(t, err.Error(), "deal 1")
			assert.Equal(t, 0, r.Deals())
			assert.Empty(t, r.Sheet().Entries)
		})
	}
	t.Run("a deal that is not 52 cards", func(t *testing.T) {
		d := plainDeal(t)
		d[North] = d[North].Without(NewCard(Clubs, Ace))
		r := NewRubber(RubberBridge, North)
		_, err := r.Add(d, good, 10)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "North holds 12 cards")
		assert.Equal(t, 0, r.Deals())
	})
}

// TestRubberSheetIsACopy checks that changing a returned sheet or entry
// does not change the rubber.
func TestRubberSheetIsACopy(t *testing.T) {
	t.Parallel()
	r, entries := playRubber(t, RubberBridge, play{contract: "3S", declarer: North, tricks: 10})
	entries[0].NS.Below[0].Points = 1
	s := r.Sheet()
	s.Entries[0].NS.Above[0].Points = 2
	s.NS.Above[0].Points = 3
	s.Games[0].NS[0].Points = 4
	again := r.Sheet()
	assert.Equal(t, 90, again.Entries[0].NS.Below[0].Points)
	assert.Equal(t, 30, again.Entries[0].NS.Above[0].Points)
	assert.Equal(t, 30, again.NS.Above[0].Points)
	assert.Equal(t, 90, again.Games[0].NS[0].Points)
}

// TestRubberSheetJSON checks that the sheet reads back from JSON unchanged
// and writes seats, sides and kinds as words.
func TestRubberSheetJSON(t *testing.T) {
	t.Parallel()
	r, _ := playRubber(t, RubberBridge,
		play{contract: "4SX", declarer: North, tricks: 11, honours: Honours{100, East}},
		play{contract: "Pass"},
		play{contract: "3NT", declarer: West, tricks: 8})
	s := r.Sheet()
	b, err := json.Marshal(s)
	require.NoError(t, err)
	var back RubberSheet
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, s, back)
	var raw map[string]any
	require.NoError(t, json.Unmarshal(b, &raw))
	assert.Equal(t, "rubber", raw["kind"])
	assert.Equal(t, "rubber-v1", raw["ruleset"])
	entries := raw["entries"].([]any)
	first := entries[0].(map[string]any)
	assert.Equal(t, "N", first["dealer"])
	assert.Equal(t, "4SX", first["contract"])
	assert.Equal(t, "+1", first["result"])
	assert.Equal(t, "NS", first["game_won"])
	assert.Equal(t, "honours", first["ew"].(map[string]any)["above"].([]any)[0].(map[string]any)["kind"])
}

func TestRubberKindText(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in   string
		want RubberKind
	}{{"rubber", RubberBridge}, {"RUBBER-v1", RubberBridge}, {"Chicago", Chicago}, {"chicago-v1", Chicago}} {
		k, err := ParseRubberKind(tt.in)
		require.NoError(t, err, tt.in)
		assert.Equal(t, tt.want, k, tt.in)
	}
	_, err := ParseRubberKind("duplicate")
	require.ErrorContains(t, err, `"duplicate"`)
	assert.Equal(t, "RubberKind(9)", RubberKind(9).String())
	_, err = RubberKind(9).MarshalText()
	require.Error(t, err)
	var k RubberKind
	require.Error(t, k.UnmarshalText([]byte("bridge")))
	require.NoError(t, k.UnmarshalText([]byte("chicago")))
	assert.Equal(t, Chicago, k)
}
