package dds

import (
	"fmt"

	"github.com/openroom/openroom/engine"
)

// ParContract is one contract that achieves the par score.
type ParContract struct {
	Level    int
	Strain   engine.Strain
	Doubled  bool // a sacrifice, doubled
	Declarer engine.Seat
	Tricks   int // tricks declarer takes double dummy
}

// String writes the contract and declarer, e.g. "4S N" or "5DX E".
func (c ParContract) String() string {
	x := ""
	if c.Doubled {
		x = "X"
	}
	return fmt.Sprintf("%d%s%s %s", c.Level, c.Strain, x, c.Declarer)
}

// Par is the par result of a deal: the score both sides reach with perfect
// bidding and double-dummy play, and the contracts that give it.
type Par struct {
	ScoreNS   int // from North-South's side; 0 when the deal is passed out
	Contracts []ParContract
}

// ContractStrings returns the par contracts as strings such as "4S N".
func (p Par) ContractStrings() []string {
	out := make([]string, len(p.Contracts))
	for i, c := range p.Contracts {
		out[i] = c.String()
	}
	return out
}

// bid numbers the 35 bids 0..34 in auction order.
func bidLevel(b int) int            { return b/5 + 1 }
func bidStrain(b int) engine.Strain { return engine.Strain(b % 5) }

// ParOf computes par from a double-dummy table with DDS's DealerPar
// semantics: the side that can make the highest contract (the dealer's
// side on a tie, as it bids first) chooses among its making contracts
// above the other side's best, the other side sacrifices doubled when that
// costs less, and each side does what is best for it.
func ParOf(t *TrickTable, dealer engine.Seat, vul engine.Vulnerability) Par {
	var best [2][5]int // [side][strain] tricks of the side's better declarer
	for st := 0; st < 5; st++ {
		for seat := 0; seat < 4; seat++ {
			best[seat&1][st] = max(best[seat&1][st], t[st][seat])
		}
	}
	high := [2]int{-1, -1} // highest makeable bid of each side
	for side := 0; side < 2; side++ {
		for b := 34; b >= 0; b-- {
			if best[side][bidStrain(b)] >= bidLevel(b)+6 {
				high[side] = b
				break
			}
		}
	}
	if high[0] < 0 && high[1] < 0 {
		return Par{}
	}
	first := int(dealer) & 1
	S := 0
	if high[1] > high[0] || (high[1] == high[0] && first == 1) {
		S = 1
	}
	O := 1 - S
	vulS := vul.Vulnerable(engine.Side(S))
	vulO := vul.Vulnerable(engine.Side(O))

	// sacrifice returns the cheapest cost to O of outbidding bid b, and
	// the bids that achieve it; ok is false when no sacrifice exists.
	sacrifice := func(b int, dst []int) (int, []int, bool) {
		cost, ok := 0, false
		for st := 0; st < 5; st++ {
			level := bidLevel(b)
			if engine.Strain(st) <= bidStrain(b) {
				level++
			}
			if level > 7 {
				continue
			}
			c := engine.Contract{Level: level, Strain: engine.Strain(st), Penalty: engine.Doubled}
			loss := -engine.Score(c, vulO, best[O][st])
			switch {
			case !ok || loss < cost:
				cost, ok = loss, true
				dst = append(dst[:0], (level-1)*5+st)
			case loss == cost:
				dst = append(dst, (level-1)*5+st)
			}
		}
		return cost, dst, ok
	}

	bestVal := 0
	found := false
	type option struct {
		bid  int
		sacs []int // nil when S plays its own contract
	}
	var opts []option
	var sacs []int
	for b := 0; b < 35; b++ {
		st := bidStrain(b)
		if best[S][st] < bidLevel(b)+6 {
			continue
		}
		if b < high[O] || (b == high[O] && first != S) {
			continue
		}
		score := engine.Score(engine.Contract{Level: bidLevel(b), Strain: st}, vulS, best[S][st])
		val := score
		var cost int
		var ok bool
		cost, sacs, ok = sacrifice(b, sacs)
		var o option
		o.bid = b
		if ok && cost < score {
			val = cost
			o.sacs = append([]int(nil), sacs...)
		}
		switch {
		case !found || val > bestVal:
			bestVal, found = val, true
			opts = append(opts[:0], o)
		case val == bestVal:
			opts = append(opts, o)
		}
	}

	p := Par{ScoreNS: bestVal}
	if S == 1 {
		p.ScoreNS = -bestVal
	}
	seen := map[ParContract]bool{}
	add := func(side, b int, doubled bool) {
		st := bidStrain(b)
		for seat := side; seat < 4; seat += 2 {
			if t[st][seat] != best[side][st] {
				continue
			}
			c := ParContract{Level: bidLevel(b), Strain: st, Doubled: doubled, Declarer: engine.Seat(seat), Tricks: t[st][seat]}
			if !seen[c] {
				seen[c] = true
				p.Contracts = append(p.Contracts, c)
			}
		}
	}
	for _, o := range opts {
		if o.sacs == nil {
			add(S, o.bid, false)
			continue
		}
		for _, d := range o.sacs {
			add(O, d, true)
		}
	}
	return p
}
