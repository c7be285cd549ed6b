package lab

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot/bidding"
	"github.com/openroom/openroom/refbot/cardplay"
)

// TestOracleTellsTheSeatsHand checks the information-value experiments
// on boards bid by the system: a defender's worlds hold partner's real
// lengths (or its length, or the parity of it, in the suit led, or of
// every suit) and HCP, as far as the oracle tells; declarer's hold the
// opening leader's lengths with oracleDeclShape.
func TestOracleTellsTheSeatsHand(t *testing.T) {
	t.Parallel()
	sys := bidding.NewSystem()
	checked := map[oracle]int{}
	for n := 1; n <= 12; n++ {
		bd := engine.NewBoard(n, engine.NewDealSource("oracle").Deal(n))
		for bd.Phase() == engine.PhaseAuction {
			turn, _ := bd.Turn()
			v := bd.View(turn)
			c, _, _ := sys.Bid(&v)
			require.NoError(t, bd.Call(turn, c))
		}
		if c, _ := bd.Contract(); c.PassedOut() {
			continue
		}
		playHeuristic(t, bd, 9)
		actor, _ := bd.Actor()
		v := bd.View(actor)
		declaring := v.Seat.Side() == v.Contract.Declarer.Side()
		lead := bd.Play().Cards()[0].Suit()
		for _, o := range []oracle{oracleShape, oracleDeclShape, oracleLeadSuit, oracleLeadLength, oracleLeadParity, oracleParity, oracleHCP} {
			told := v.Seat.Partner() // the seat the oracle tells about
			switch {
			case o == oracleDeclShape && declaring:
				told = v.Contract.Leader()
			case o == oracleDeclShape || declaring:
				continue // nothing told (the defence, or declarer about dummy)
			}
			real := bd.Deal()[told]
			sf := o.inference(sys, bd.Deal())(&v)
			f, err := cardplay.FactsOf(&v, sf)
			require.NoError(t, err)
			smp, err := cardplay.NewSampler(&f, cardplay.DecisionSeed(1, n, v.Seat, bd.Play().Len()))
			require.NoError(t, err)
			worlds, err := smp.Sample(16, 50)
			require.NoError(t, err)
			for _, w := range worlds {
				// The steps that keep the oracle's fact (relaxSteps): the
				// models only the first, the points the first two, the
				// lengths the first three.
				keep := 2
				switch o {
				case oracleLeadLength, oracleLeadParity, oracleParity:
					keep = 0
				case oracleHCP:
					keep = 1
				}
				if w.Step > keep {
					continue
				}
				hand := f.Original(&w.Hands, told)
				switch o {
				case oracleShape, oracleDeclShape:
					for su := engine.Clubs; su <= engine.Spades; su++ {
						require.Equal(t, real.SuitLen(su), hand.SuitLen(su), "board %d, %s", n, o)
					}
				case oracleLeadSuit, oracleLeadLength:
					require.Equal(t, real.SuitLen(lead), hand.SuitLen(lead), "board %d", n)
				case oracleLeadParity:
					require.Equal(t, real.SuitLen(lead)%2, hand.SuitLen(lead)%2, "board %d", n)
				case oracleParity:
					for su := engine.Clubs; su <= engine.Spades; su++ {
						require.Equal(t, real.SuitLen(su)%2, hand.SuitLen(su)%2, "board %d", n)
					}
				case oracleHCP:
					require.Equal(t, real.HCP(), hand.HCP(), "board %d", n)
				}
				checked[o]++
			}
		}
	}
	for _, o := range []oracle{oracleShape, oracleDeclShape, oracleLeadSuit, oracleLeadLength, oracleLeadParity, oracleParity, oracleHCP} {
		require.Greater(t, checked[o], 10, "%s: worlds should be checked", o)
	}
}
