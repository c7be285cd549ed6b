package bidding

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
)

// plainBlackwood returns SAYC-lite with plain Blackwood (option aces =
// "blackwood") in place of its Roman Key Card Blackwood, for the tests of
// the ace-counting answers every system without the option plays.
func plainBlackwood(t testing.TB) *System {
	t.Helper()
	src := "system \"SAYC-lite, plain Blackwood\"\nbase \"sayc-lite\"\noption aces = \"blackwood\"\n"
	s, err := Load("plain-blackwood.bid", []byte(src))
	require.NoError(t, err)
	return s
}

// saycPlainBlackwood lists hands with their answers under plain Blackwood,
// as the sayc table does.
var saycPlainBlackwood = []callCase{
	{"Blackwood answer: 1 ace", "KJ973.K32.A5.J94", "1S P 2N P 4S P 4N P", "5D", true},
	{"asks for kings with all the aces", "AQ84.A.KQJ7.AKQ4", "1S P 2N P 4S P 4N P 5D P", "5N", true},
	{"small slam with one ace missing", "AQ84.K.KQJ7.AKQ4", "1S P 2N P 4S P 4N P 5D P", "6S", false},
	{"stops in five with two aces missing", "KQ84.K.KQJ7.KQJ4", "1S P 2N P 4S P 4N P 5D P", "5S", false},
}

func TestChoosePlainBlackwood(t *testing.T) {
	t.Parallel()
	s := plainBlackwood(t)
	checkCalls(t, s, saycPlainBlackwood)
	for _, tc := range []struct{ name, hand, auction, want string }{
		{"the answer to Blackwood stays an answer: 5D, one ace", "Q32.JT.A7632.K54", "1D P 2D P 4N P", "5D"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := viewFor(t, tc.hand, tc.auction)
			call, _, m := s.Choose(&v)
			assert.Equal(t, tc.want, KeyCall(call), "%s after %q: chose %s", tc.hand, tc.auction, m)
		})
	}
}

// TestMinorSlamAskReadsBack checks that the 4NT minorSlamAsk makes in
// place of five of a minor reads back as Blackwood for that minor, with
// the meaning the chooser gave it, and that the answer is an ace count.
func TestMinorSlamAskReadsBack(t *testing.T) {
	t.Parallel()
	s := plainBlackwood(t)
	for _, tc := range []struct {
		name, hand, auction string
		trump               engine.Suit
	}{
		{"over the single raise", "AQJ.JT.AKQ763.K5", "1D P 2D P", engine.Diamonds},
		{"over the jump rebid", "K95.AQT83.654.A3", "1C P 1H P 3C P", engine.Clubs},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := viewFor(t, tc.hand, tc.auction)
			call, _, chosen := s.Choose(&v)
			require.Equal(t, "4N", KeyCall(call))
			a := auctionOf(t, tc.auction+" 4N")
			m, err := s.Explain(&a, a.Len()-1)
			require.NoError(t, err)
			assert.Contains(t, m.Alert, "Blackwood")
			assert.Equal(t, tc.trump, chosen.Trump)
			assert.Equal(t, tc.trump, m.Trump)
			assert.Equal(t, chosen.Alert, m.Alert)
			a = auctionOf(t, tc.auction+" 4N P 5D")
			m, err = s.Explain(&a, a.Len()-1)
			require.NoError(t, err)
			assert.Contains(t, m.Text, "1 aces")
		})
	}
}
