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
	best := sideBest(t)
	high := highestMakeable(&best)
	if high[0] < 0 && high[1] < 0 {
		return Par{}
	}
	pd := parDeal{t: t, best: best, first: int(dealer) & 1}
	if high[1] > high[0] || (high[1] == high[0] && pd.first == 1) {
		pd.s = 1
	}
	pd.o = 1 - pd.s
	pd.vulS = vul.Vulnerable(engine.Side(pd.s))
	pd.vulO = vul.Vulnerable(engine.Side(pd.o))

	bestVal, opts := pd.options(high[pd.o])
	p := Par{ScoreNS: bestVal}
	if pd.s == 1 {
		p.ScoreNS = -bestVal
	}
	p.Contracts = pd.contracts(opts)
	return p
}

// sideBest is, for each side and strain, the tricks of the side's better
// declarer.
func sideBest(t *TrickTable) [2][5]int {
	var best [2][5]int
	for st := 0; st < 5; st++ {
		for seat := 0; seat < 4; seat++ {
			best[seat&1][st] = max(best[seat&1][st], t[st][seat])
		}
	}
	return best
}

// highestMakeable is each side's highest makeable bid, -1 for none.
func highestMakeable(best *[2][5]int) [2]int {
	high := [2]int{-1, -1}
	for side := 0; side < 2; side++ {
		for b := 34; b >= 0; b-- {
			if best[side][bidStrain(b)] >= bidLevel(b)+6 {
				high[side] = b
				break
			}
		}
	}
	return high
}

// parDeal is a deal as par sees it: the side S (s) that chooses its
// contract, the other side O (o) that may sacrifice, and their
// vulnerability.
type parDeal struct {
	t          *TrickTable
	best       [2][5]int // [side][strain] tricks of the side's better declarer
	first      int       // the side that bids first
	s, o       int
	vulS, vulO bool
}

// parOption is one way the par auction can end: S plays bid, or O
// sacrifices doubled in one of sacs.
type parOption struct {
	bid  int
	sacs []int // nil when S plays its own contract
}

// sacrifice returns the cheapest cost to O of outbidding bid b, and the
// bids that achieve it (in dst's storage); ok is false when no sacrifice
// exists.
func (pd *parDeal) sacrifice(b int, dst []int) (int, []int, bool) {
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
		loss := -engine.Score(c, pd.vulO, pd.best[pd.o][st])
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

// options are the best endings for S, and what S scores by them: each of
// S's making bids above O's highest makeable bid highO (or equal to it
// when S bids first), ended by the sacrifice when that costs O less.
func (pd *parDeal) options(highO int) (int, []parOption) {
	bestVal := 0
	found := false
	var opts []parOption
	var sacs []int
	for b := 0; b < 35; b++ {
		st := bidStrain(b)
		if pd.best[pd.s][st] < bidLevel(b)+6 {
			continue
		}
		if b < highO || (b == highO && pd.first != pd.s) {
			continue
		}
		score := engine.Score(engine.Contract{Level: bidLevel(b), Strain: st}, pd.vulS, pd.best[pd.s][st])
		val := score
		var cost int
		var ok bool
		cost, sacs, ok = pd.sacrifice(b, sacs)
		o := parOption{bid: b}
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
	return bestVal, opts
}

// contracts are the par contracts of opts, each with every declarer of
// its side who takes the side's best tricks in it, once each.
func (pd *parDeal) contracts(opts []parOption) []ParContract {
	var out []ParContract
	seen := map[ParContract]bool{}
	add := func(side, b int, doubled bool) {
		st := bidStrain(b)
		for seat := side; seat < 4; seat += 2 {
			if pd.t[st][seat] != pd.best[side][st] {
				continue
			}
			c := ParContract{Level: bidLevel(b), Strain: st, Doubled: doubled, Declarer: engine.Seat(seat), Tricks: pd.t[st][seat]}
			if !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
		}
	}
	for _, o := range opts {
		if o.sacs == nil {
			add(pd.s, o.bid, false)
			continue
		}
		for _, d := range o.sacs {
			add(pd.o, d, true)
		}
	}
	return out
}
