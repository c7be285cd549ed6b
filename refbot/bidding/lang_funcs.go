package bidding

import (
	"slices"

	"github.com/openroom/openroom/engine"
)

// A function of the system language: its arguments compiled, it returns
// the compiled result. Hand functions take constant arguments (suits,
// numbers) and return a function of the hand; the others fold to
// constants.
type langFunc struct {
	doc     string // for the reference: "len(SUIT): the hand's length in SUIT"
	minArgs int
	maxArgs int // -1: any number
	compile func(call *callExpr, args []value) (hexpr, error)
}

// langFuncs lists the functions of the system language.
var langFuncs map[string]langFunc

func init() {
	suitFn := func(doc string, k valKind, f func(hi *handInfo, s engine.Suit) int) langFunc {
		return langFunc{doc: doc, minArgs: 1, maxArgs: 1, compile: func(c *callExpr, a []value) (hexpr, error) {
			s, err := suitArg(c, a, 0)
			return hexpr{k: k, f: func(hi *handInfo) int { return f(hi, s) }}, err
		}}
	}
	langFuncs = map[string]langFunc{
		"len": suitFn("len(SUIT): the number of cards in SUIT", vInt,
			func(hi *handInfo, s engine.Suit) int { return hi.len[s] }),
		"good": suitFn("good(SUIT): two of the top three honours or three of the top five", vBool,
			func(hi *handInfo, s engine.Suit) int { return b2i(hi.good(s)) }),
		"decent": suitFn("decent(SUIT): two of the top five honours", vBool,
			func(hi *handInfo, s engine.Suit) int { return b2i(hi.decent(s)) }),
		"stopper": suitFn("stopper(SUIT): A, Kx, Qxx or Jxxx", vBool,
			func(hi *handInfo, s engine.Suit) int { return b2i(hi.stopper(s)) }),
		"losers": suitFn("losers(SUIT): the first three cards less the ace, king and queen among them", vInt,
			func(hi *handInfo, s engine.Suit) int { return hi.losers(s) }),
		"shortness": suitFn("shortness(TRUMP): void 5, singleton 3, doubleton 1 in each suit but TRUMP", vInt,
			func(hi *handInfo, s engine.Suit) int { return hi.dummy(s) }),
		"ace": suitFn("ace(SUIT): the hand holds the ace of SUIT", vBool,
			func(hi *handInfo, s engine.Suit) int { return b2i(hi.has(s, engine.Ace)) }),
		"king": suitFn("king(SUIT): the hand holds the king of SUIT", vBool,
			func(hi *handInfo, s engine.Suit) int { return b2i(hi.has(s, engine.King)) }),
		"honours": {doc: "honours(SUIT, N): the cards of SUIT among its top N ranks", minArgs: 2, maxArgs: 2,
			compile: func(c *callExpr, a []value) (hexpr, error) {
				s, err := suitArg(c, a, 0)
				if err != nil {
					return hexpr{}, err
				}
				n, err := intArg(c, a, 1)
				if err == nil && (n < 1 || n > 13) {
					err = errAt(c.args[1], "honours counts the top 1 to 13 ranks, not %d", n)
				}
				return hexpr{k: vInt, f: func(hi *handInfo) int { return hi.honours(s, n) }}, err
			}},
		"longest": {doc: "longest(SUIT[, AMONG...]): no suit among AMONG (default: all four) is longer, and none of equal length ranks higher", minArgs: 1, maxArgs: -1,
			compile: func(c *callExpr, a []value) (hexpr, error) {
				s, among, err := suitAndList(c, a)
				if len(a) == 1 {
					among = []engine.Suit{C, D, H, S}
				}
				return hexpr{k: vBool, f: func(hi *handInfo) int { return b2i(hi.longest(s, among...)) }}, err
			}},
		"bestunbid": {doc: "bestunbid(SUIT, BID...): SUIT is the longest of the suits not in BID, majors first at equal length, then the higher", minArgs: 1, maxArgs: -1,
			compile: func(c *callExpr, a []value) (hexpr, error) {
				s, bid, err := suitAndList(c, a)
				return hexpr{k: vBool, f: func(hi *handInfo) int { return b2i(bestUnbid(hi, s, bid...)) }}, err
			}},
		"shortin": {doc: "shortin(EXCEPT...): a singleton or void in a suit not in EXCEPT", minArgs: 0, maxArgs: -1,
			compile: func(c *callExpr, a []value) (hexpr, error) {
				except, err := suitsFrom(c, a, 0)
				return hexpr{k: vBool, f: func(hi *handInfo) int { return b2i(hi.shortIn(except...)) }}, err
			}},
		"stoppers": {doc: "stoppers(EXCEPT...): a stopper (A, Kx, Qxx or Jxxx) in every suit not in EXCEPT", minArgs: 0, maxArgs: -1,
			compile: func(c *callExpr, a []value) (hexpr, error) {
				except, err := suitsFrom(c, a, 0)
				return hexpr{k: vBool, f: func(hi *handInfo) int {
					for s := engine.Clubs; s <= engine.Spades; s++ {
						if !slices.Contains(except, s) && !hi.stopper(s) {
							return 0
						}
					}
					return 1
				}}, err
			}},
		"firstfeature": {doc: "firstfeature(SUIT, EXCEPT...): SUIT holds its ace or king and no lower suit outside EXCEPT " +
			"does, so SUIT is the cheapest feature to show", minArgs: 1, maxArgs: -1,
			compile: func(c *callExpr, a []value) (hexpr, error) {
				f, except, err := suitAndList(c, a)
				feature := func(hi *handInfo, s engine.Suit) bool { return hi.has(s, engine.Ace) || hi.has(s, engine.King) }
				return hexpr{k: vBool, f: func(hi *handInfo) int {
					for g := engine.Clubs; g < f; g++ {
						if !slices.Contains(except, g) && feature(hi, g) {
							return 0
						}
					}
					return b2i(feature(hi, f))
				}}, err
			}},
		"cheapest": {doc: "cheapest(STRAIN, LEVEL, OVER): the lowest level at which STRAIN outranks the bid LEVEL OVER", minArgs: 3, maxArgs: 3,
			compile: func(c *callExpr, a []value) (hexpr, error) {
				t, err := strainArg(c, a, 0)
				if err != nil {
					return hexpr{}, err
				}
				lvl, err := intArg(c, a, 1)
				if err != nil {
					return hexpr{}, err
				}
				over, err := strainArg(c, a, 2)
				if err != nil {
					return hexpr{}, err
				}
				if lvl < 1 || lvl > 7 {
					return hexpr{}, errAt(c.args[1], "a bid's level is 1 to 7, not %d", lvl)
				}
				return constH(intVal(cheapest(t, engine.Bid(lvl, over)))), nil
			}},
		"othermajor": {doc: "othermajor(MAJOR): the other major", minArgs: 1, maxArgs: 1,
			compile: func(c *callExpr, a []value) (hexpr, error) {
				s, err := suitArg(c, a, 0)
				if err == nil && s < H {
					err = errAt(c.args[0], "othermajor needs a major")
				}
				return constH(strainVal(int(otherMajor(s)))), err
			}},
		"min": {doc: "min(N, ...): the least", minArgs: 1, maxArgs: -1, compile: func(c *callExpr, a []value) (hexpr, error) {
			return foldInts(c, a, func(x, y int) int { return min(x, y) })
		}},
		"max": {doc: "max(N, ...): the greatest", minArgs: 1, maxArgs: -1, compile: func(c *callExpr, a []value) (hexpr, error) {
			return foldInts(c, a, func(x, y int) int { return max(x, y) })
		}},
	}
}

// compileCall compiles a function call. Arguments must not depend on the
// hand.
func compileCall(e *callExpr, sc *scope) (hexpr, error) {
	f, ok := langFuncs[e.fn]
	if !ok {
		return hexpr{}, errAt(e, "unknown function %q", e.fn)
	}
	if len(e.args) < f.minArgs || (f.maxArgs >= 0 && len(e.args) > f.maxArgs) {
		return hexpr{}, errAt(e, "%s takes %s", e.fn, f.doc)
	}
	args := make([]value, len(e.args))
	for i, x := range e.args {
		v, err := eval(x, sc)
		if err != nil {
			return hexpr{}, err
		}
		args[i] = v
	}
	return f.compile(e, args)
}

func strainArg(c *callExpr, a []value, i int) (engine.Strain, error) {
	if a[i].k != vStrain {
		return 0, errAt(c.args[i], "%s: argument %d must be a strain, found %s", c.fn, i+1, a[i].k)
	}
	return engine.Strain(a[i].i), nil
}

func suitArg(c *callExpr, a []value, i int) (engine.Suit, error) {
	t, err := strainArg(c, a, i)
	if err == nil && t == engine.NoTrump {
		err = errAt(c.args[i], "%s: argument %d must be a suit, found N", c.fn, i+1)
	}
	return engine.Suit(t), err
}

func intArg(c *callExpr, a []value, i int) (int, error) {
	if a[i].k != vInt {
		return 0, errAt(c.args[i], "%s: argument %d must be a number, found %s", c.fn, i+1, a[i].k)
	}
	return a[i].i, nil
}

// suitAndList reads a suit and a list of suits.
func suitAndList(c *callExpr, a []value) (engine.Suit, []engine.Suit, error) {
	s, err := suitArg(c, a, 0)
	if err != nil {
		return 0, nil, err
	}
	list, err := suitsFrom(c, a, 1)
	return s, list, err
}

// suitsFrom reads the arguments from the first on, all suits.
func suitsFrom(c *callExpr, a []value, first int) ([]engine.Suit, error) {
	var list []engine.Suit
	for i := first; i < len(a); i++ {
		x, err := suitArg(c, a, i)
		if err != nil {
			return nil, err
		}
		list = append(list, x)
	}
	return list, nil
}

func foldInts(c *callExpr, a []value, f func(x, y int) int) (hexpr, error) {
	acc := 0
	for i := range a {
		n, err := intArg(c, a, i)
		if err != nil {
			return hexpr{}, err
		}
		if i == 0 {
			acc = n
		} else {
			acc = f(acc, n)
		}
	}
	return constH(intVal(acc)), nil
}
