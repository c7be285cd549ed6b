package bidding

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
)

// bidSeeded bids board n of the seed with four copies of s and returns
// the finished auction.
func bidSeeded(t testing.TB, s *System, seed string, n int) engine.Auction {
	t.Helper()
	bd := engine.NewBoard(n, engine.NewDealSource(seed).Deal(n))
	for bd.Phase() == engine.PhaseAuction {
		turn, _ := bd.Turn()
		v := bd.View(turn)
		c, _, _ := s.Choose(&v)
		require.NoError(t, bd.Call(turn, c))
	}
	a := *bd.Auction()
	return a
}

func twoOverOne(t testing.TB) *System {
	t.Helper()
	s, err := Builtin("2over1")
	require.NoError(t, err)
	return s
}

// TestTwoOverOneLoads checks that the built-in 2/1 loads, names itself
// and keeps its base's situations.
func TestTwoOverOneLoads(t *testing.T) {
	t.Parallel()
	s := twoOverOne(t)
	assert.Equal(t, "2/1 Game Forcing", s.Name())
	assert.Contains(t, BuiltinNames(), "2over1")
	base := NewSystem()
	for _, k := range base.keys {
		assert.NotEmpty(t, s.rows[k], "situation %q of SAYC-lite is missing from 2/1", k)
	}
	// A situation 2/1 does not name keeps SAYC-lite's rows.
	assert.Equal(t, len(base.rows["1C P"]), len(s.rows["1C P"]))
}

// twoOverOneVsSAYC lists hands with the call 2/1 makes and the call
// SAYC-lite makes, and how forcing 2/1's call is. Hands are PBN (spades
// first); auctions from dealer North.
var twoOverOneVsSAYC = []struct {
	name, hand, auction, want21, wantSAYC string
	forcing21                             Forcing
}{
	{"2/1 with 13 HCP and clubs forces to game", "K4.Q73.A82.KJ984", "1S P", "2C", "2C", GameForcing},
	{"2/1 in hearts over 1S forces to game", "4.KQJ73.A82.K984", "1S P", "2H", "2H", GameForcing},
	{"10 HCP and six clubs: the forcing 1NT, not a 2/1", "4.Q73.A82.KJT984", "1S P", "1N", "2C", ForcingOne},
	{"3-card limit raise goes through 1NT", "K84.QJ7.A9842.82", "1H P", "1N", "3H", ForcingOne},
	{"4-card limit raise is direct", "K8.QJ72.A9842.82", "1H P", "3H", "3H", NotForcing},
	{"forcing 1NT: opener does not pass a minimum 5-3-3-2", "AKJ84.Q73.K82.94", "1S P 1N P", "2D", "P", NotForcing},
	{"forcing 1NT: a three-card club suit with 3-3 minors", "AKJ84.73.K82.Q94", "1S P 1N P", "2C", "P", NotForcing},
	{"3-card limit raise: the jump after the forcing 1NT", "K84.QJ7.A9842.82", "1H P 1N P 2C P", "3H", "4H", NotForcing},
	{"preference with a doubleton over a possible 3-card minor", "84.QJ7.A9842.Q82", "1S P 1N P 2C P", "2S", "P", NotForcing},
	{"after 2/1 opener shows a second suit without extras", "AKJ84.KJ73.82.94", "1S P 2C P", "2H", "2H", GameForcing},
	{"after 2/1 a minimum 5-3-3-2 rebids 2NT", "AKJ84.Q73.K82.94", "1S P 2D P", "2N", "2N", GameForcing},
	{"after 2/1 and opener's 2S, responder's minimum with support bids game", "Q73.K4.A82.KJ984", "1S P 2C P 2S P", "4S", "4S", NotForcing},
	{"after 2/1 and opener's 2S, responder's 16+ with support shows slam interest", "Q73.AK4.A82.KJ98", "1S P 2C P 2S P", "3S", "4S", GameForcing},
	// SAYC-lite's opener may pass responder's invitation after its two
	// over one; after 2/1's game force a minimum signs off in game.
	{"after 2/1 and opener's new suit, a minimum bids 3NT over 2NT", "KJ4.AJ953.Q852.3", "1H P 2C P 2D P 2N P", "3N", "P", NotForcing},
	{"after 2/1 and opener's 2S, a minimum with six bids game over 2NT", "AQJ932.K5.Q53.42", "1S P 2H P 2S P 2N P", "4S", "3S", NotForcing},
	{"after 1D-2C and opener's 2D, a minimum with six bids 3NT over 2NT", "Q54.Q3.AJ9852.K3", "1D P 2C P 2D P 2N P", "3N", "3D", NotForcing},
	{"1D-2C forces to game", "K4.Q7.A82.KJ9843", "1D P", "2C", "2C", GameForcing},
	{"1D: 11 balanced without a major bids 1NT (6-12)", "KJ4.Q73.K82.Q984", "1D P", "1N", "2C", NotForcing},
}

// TestTwoOverOneVsSAYC checks each hand's call in both systems.
func TestTwoOverOneVsSAYC(t *testing.T) {
	t.Parallel()
	s21, sayc := twoOverOne(t), NewSystem()
	for _, tc := range twoOverOneVsSAYC {
		t.Run(tc.name, func(t *testing.T) {
			v := viewFor(t, tc.hand, tc.auction)
			call, _, m := s21.Choose(&v)
			assert.Equal(t, tc.want21, KeyCall(call), "2/1 after %q: chose %s", tc.auction, m)
			assert.Equal(t, FromTable, m.Source, "2/1's call comes from its file: %s", m)
			assert.Equal(t, tc.forcing21, m.Forcing, "2/1's %s", m)
			h, _ := engine.ParseHand(tc.hand)
			assert.True(t, m.satisfies(h), "the hand must satisfy its own call's meaning %s", m)
			sc, _, sm := sayc.Choose(&v)
			assert.Equal(t, tc.wantSAYC, KeyCall(sc), "SAYC-lite after %q: chose %s", tc.auction, sm)
		})
	}
}

// fallbackShare bids boards 1..n of the seed with s and returns how many
// calls there were and how many of them Explain reads as the natural
// fallback's; every call must have an explanation.
func fallbackShare(t *testing.T, s *System, seed string, n int) (calls, fallback int) {
	t.Helper()
	for b := 1; b <= n; b++ {
		a := bidSeeded(t, s, seed, b)
		for i := range a.Len() {
			m, err := s.Explain(&a, i)
			require.NoError(t, err, "board %d call %d", b, i)
			require.Equal(t, a.Calls()[i], m.Call, "board %d call %d", b, i)
			calls++
			if m.Source == FromFallback {
				fallback++
			}
		}
	}
	return calls, fallback
}

// TestTwoOverOneFallbackShare bids 200 seeded boards with each system:
// every call of 2/1's auctions has an explanation, and the share of calls
// Explain reads as the natural fallback's (mostly passes by a side with
// nothing to say, which neither system writes rows for) is not above
// SAYC-lite's by more than one percentage point. The margin: about 7% of
// boards bid differently in the two systems (28 to 37 of 500 on the tuning
// seeds), some 14 auctions and 70 calls of 1,800 here; one point is 18
// calls, a quarter of those, so a 2/1 that left its new sequences to the
// fallback would fail while the noise of which auctions change would not.
// On five seeds 2/1's share was 0.0 to 0.5 points below SAYC-lite's.
func TestTwoOverOneFallbackShare(t *testing.T) {
	t.Parallel()
	c21, f21 := fallbackShare(t, twoOverOne(t), "twoover-test", 200)
	cs, fs := fallbackShare(t, NewSystem(), "twoover-test", 200)
	share21, shareSAYC := float64(f21)/float64(c21), float64(fs)/float64(cs)
	t.Logf("fallback calls: 2/1 %d of %d (%.3f), SAYC-lite %d of %d (%.3f)", f21, c21, share21, fs, cs, shareSAYC)
	assert.LessOrEqual(t, share21, shareSAYC+0.01)
}

// TestTwoOverOneReachesGame bids seeded boards and checks every auction
// in which an unpassed responder made a game-forcing two over one over
// partner's 1H or 1S (the right-hand opponent passing the opening): when
// the partnership declares, the contract is game or higher, doubled or
// not. The opponents may still outbid the side, which then defends. A
// responder who passed before the opening never makes a two over one.
func TestTwoOverOneReachesGame(t *testing.T) {
	t.Parallel()
	s := twoOverOne(t)
	gf := 0
	for n := 1; n <= 4000; n++ {
		a := bidSeeded(t, s, "twoover-test", n)
		calls := a.Calls()
		i := 0
		for i < len(calls) && calls[i] == engine.Pass {
			i++
		}
		if i+3 > len(calls) || calls[i+1] != engine.Pass {
			continue
		}
		if calls[i] != engine.Bid(1, engine.StrainHearts) && calls[i] != engine.Bid(1, engine.StrainSpades) {
			continue
		}
		r := calls[i+2]
		if !r.IsBid() || r.Level() != 2 || r.Strain() >= calls[i].Strain() {
			continue
		}
		m, err := s.Explain(&a, i+2)
		require.NoError(t, err)
		require.Equal(t, GameForcing, m.Forcing, "board %d: a two over one over %s is game forcing: %s", n, calls[i], m)
		// 2/1 is off by a passed hand: the game-forcing two over one needs
		// the values with which the system opens, so a responder who passed
		// before the opening (i >= 2) never makes it.
		require.Less(t, i, 2, "board %d: a passed hand made a two over one: %v", n, calls)
		gf++
		c, ok := a.Contract()
		require.True(t, ok)
		if c.Declarer.Side() == a.SeatOf(i).Side() {
			assert.True(t, IsGame(engine.Bid(c.Level, c.Strain)), "board %d: the side stopped below game after a game-forcing %s: %v", n, r, calls)
		}
	}
	assert.GreaterOrEqual(t, gf, 40, "too few game-forcing two over ones to test")
	t.Logf("%d game-forcing two over ones", gf)
}

// TestTwoOverOneAgreesWithInference is TestChooseAgreesWithInference for
// 2/1: every call it makes from its file satisfies the meaning Explain
// gives it, and the inference admits the real hands.
func TestTwoOverOneAgreesWithInference(t *testing.T) {
	t.Parallel()
	checkAgreesWithInference(t, twoOverOne(t))
}
