package lab

import (
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot/bidding"
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
