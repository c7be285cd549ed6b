package lab

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot/bidding"
	"github.com/openroom/openroom/refbot/cardplay"
)

// oracle names an information-value experiment: a defender's sampler is
// told a fact about partner's hand read from the real deal, which no real
// defence knows, so that a measurement shows how much the defence would
// gain from knowing it: a bound on what signals or better inference could
// carry. Declarer's sampler is left alone (partner is dummy), but for
// oracleDeclShape, which tells declarer the opening leader's shape.
type oracle string

const (
	oracleShape      oracle = "shape"       // partner's suit lengths (the ranges, kept through the relaxation's first three steps)
	oracleDeclShape  oracle = "decl-shape"  // for declarer instead: the opening leader's suit lengths (and so the other defender's)
	oracleLeadSuit   oracle = "lead-suit"   // partner's length in the opening lead's suit (likewise)
	oracleLeadLength oracle = "lead-length" // the same as a model (dropped with the auction model when too few worlds fit)
	oracleLeadParity oracle = "lead-parity" // only its parity, as a model: what a count signal at most says
	oracleParity     oracle = "parity"      // the parity of every suit's length, as a model
	oracleHCP        oracle = "hcp"         // partner's high-card points
)

// inference returns the system's auction inference with the oracle's
// fact added, read from the board's real deal.
func (o oracle) inference(sys *bidding.System, real engine.Deal) func(v *engine.View) bidding.SoftFacts {
	return func(v *engine.View) bidding.SoftFacts {
		sf := sys.Soft(v)
		pt := v.Seat.Partner()
		declaring := v.Seat.Side() == v.Contract.Declarer.Side()
		if o == oracleDeclShape && declaring && v.Play.Len() > 0 {
			pt = v.Contract.Leader() // told about as partner is for the defence
		} else if v.Play.Len() == 0 || declaring || o == oracleDeclShape {
			return sf // the opening lead, declarer's side, or the defence when declarer is told
		}
		hand := real[pt]
		lead := v.Play.Cards()[0].Suit()
		switch o {
		case oracleLeadLength, oracleLeadParity, oracleParity:
			calls := sf.Calls
			sf.Calls = func(seat engine.Seat, h engine.Hand) bool {
				if seat == pt {
					for su := engine.Clubs; su <= engine.Spades; su++ {
						n, want := h.SuitLen(su), hand.SuitLen(su)
						if (su == lead || o == oracleParity) && n%2 != want%2 || o == oracleLeadLength && su == lead && n != want {
							return false
						}
					}
				}
				return calls == nil || calls(seat, h)
			}
			return sf
		}
		r := bidding.AnyHand
		if sf.Has[pt] {
			r = sf.Seats[pt]
		}
		switch o {
		case oracleShape, oracleDeclShape:
			for su := engine.Clubs; su <= engine.Spades; su++ {
				r.MinLen[su], r.MaxLen[su] = hand.SuitLen(su), hand.SuitLen(su)
			}
		case oracleLeadSuit:
			r.MinLen[lead], r.MaxLen[lead] = hand.SuitLen(lead), hand.SuitLen(lead)
		case oracleHCP:
			r.MinHCP, r.MaxHCP = hand.HCP(), hand.HCP()
		}
		sf.Seats[pt], sf.Has[pt] = r, true
		return sf
	}
}

// TestOracleTellsTheSeatsHand checks the information-value experiments
// on boards bid by the system: a defender's worlds hold partner's real
// lengths (or its length, or the parity of it, in the suit led, or of
// every suit) and HCP, as far as the oracle tells; declarer's hold the
// opening leader's lengths with oracleDeclShape.
func TestOracleTellsTheSeatsHand(t *testing.T) {
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
