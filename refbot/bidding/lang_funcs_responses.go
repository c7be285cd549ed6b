package bidding

import (
	"slices"

	"github.com/openroom/openroom/engine"
)

// Hand features for the answers to partner's opening: the stoppers a 3NT
// bid needs and the feature a maximum weak two shows over the 2NT ask.
func init() {
	langFuncs["stoppers"] = langFunc{
		doc:     "stoppers(EXCEPT...): a stopper (A, Kx, Qxx or Jxxx) in every suit not in EXCEPT",
		minArgs: 0, maxArgs: -1,
		compile: func(c *callExpr, a []value) (hexpr, error) {
			var except []engine.Suit
			for i := range a {
				s, err := suitArg(c, a, i)
				if err != nil {
					return hexpr{}, err
				}
				except = append(except, s)
			}
			return hexpr{k: vBool, f: func(hi *handInfo) int {
				for s := engine.Clubs; s <= engine.Spades; s++ {
					if !slices.Contains(except, s) && !hi.stopper(s) {
						return 0
					}
				}
				return 1
			}}, nil
		},
	}
	langFuncs["firstfeature"] = langFunc{
		doc: "firstfeature(SUIT, EXCEPT...): SUIT holds its ace or king and no lower suit outside EXCEPT " +
			"does, so SUIT is the cheapest feature to show",
		minArgs: 1, maxArgs: -1,
		compile: func(c *callExpr, a []value) (hexpr, error) {
			f, except, err := suitAndList(c, a)
			feature := func(hi *handInfo, s engine.Suit) bool {
				return hi.has(s, engine.Ace) || hi.has(s, engine.King)
			}
			return hexpr{k: vBool, f: func(hi *handInfo) int {
				for g := engine.Clubs; g < f; g++ {
					if !slices.Contains(except, g) && feature(hi, g) {
						return 0
					}
				}
				return b2i(feature(hi, f))
			}}, err
		},
	}
}
