package bidding

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
)

// FuzzChooseExplainInfer feeds arbitrary auctions (as they may arrive from
// any table manager) and hands to the bidder, the explainer and the
// inference: no panic, every chosen call legal, every inferred range
// non-empty, and Explain agreeing with explainAll.
func FuzzChooseExplainInfer(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3}, "fuzz")
	f.Add([]byte{7, 0, 0, 9, 0, 12, 0, 0, 1, 0, 0, 2}, "seed")
	f.Add([]byte{3, 20, 0, 0, 0}, "x")
	s := NewSystem()
	f.Fuzz(func(t *testing.T, script []byte, seed string) {
		if len(script) == 0 {
			return
		}
		d := engine.NewDealSource(seed).Deal(1)
		a := engine.NewAuction(engine.Seat(script[0] & 3))
		var buf [engine.NumCalls]engine.Call
		for _, b := range script[1:] {
			if a.Done() {
				break
			}
			legal := a.LegalCalls(buf[:0])
			require.NoError(t, a.Add(legal[int(b)%len(legal)]))
		}
		if !a.Done() {
			seat := a.Turn()
			v := engine.NewView(seat, 1, a.Dealer(), engine.VulNone, d[seat])
			v.Auction = a
			c, _, m := s.Choose(&v)
			require.True(t, a.Legal(c), "illegal %s after %v", c, a.Calls())
			require.Equal(t, c, m.Call)
		}
		all := s.explainAll(&a)
		require.Len(t, all, a.Len())
		for i := range all {
			m, err := s.Explain(&a, i)
			require.NoError(t, err)
			require.Equal(t, all[i], m)
		}
		for _, c := range s.infer(&a, noReader) {
			require.LessOrEqual(t, c.MinHCP, c.MaxHCP)
			sum := 0
			for su := range c.MinLen {
				require.LessOrEqual(t, c.MinLen[su], c.MaxLen[su])
				sum += c.MinLen[su]
			}
			require.LessOrEqual(t, sum, 13)
		}
	})
}
