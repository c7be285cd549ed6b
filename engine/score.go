package engine

import "math"

// ScoreDetail is the Law 77 breakdown of one board's raw score. All figures
// are from the declaring side's point of view and non-negative except Total.
type ScoreDetail struct {
	Contract     Contract
	Vulnerable   bool // whether declarer's side is vulnerable
	Tricks       int  // tricks won by declarer's side
	Made         bool
	Overtricks   int
	Undertricks  int
	TrickScore   int // bid tricks, doubled or redoubled
	GameBonus    int // game (300/500) or partscore (50) bonus
	SlamBonus    int
	InsultBonus  int // 50 for a doubled, 100 for a redoubled contract made
	OvertrickPts int
	Penalty      int // the defenders' score for the undertricks
	Total        int // the declaring side's score: positive made, negative defeated
}

// Score returns the Law 77 raw score of a contract for declarer's side,
// positive when made and negative when defeated; tricks is the number of
// tricks declarer's side won. A passed-out contract scores 0.
func Score(c Contract, vulnerable bool, tricks int) int {
	return ScoreDetails(c, vulnerable, tricks).Total
}

// ScoreNS returns the board's raw score from North-South's side, with the
// vulnerability of declarer's side taken from vul.
func ScoreNS(c Contract, vul Vulnerability, tricks int) int {
	if c.PassedOut() {
		return 0
	}
	s := Score(c, vul.Vulnerable(c.Declarer.Side()), tricks)
	if c.Declarer.Side() == EW {
		return -s
	}
	return s
}

// ScoreDetails returns the full Law 77 breakdown of a board's score.
func ScoreDetails(c Contract, vulnerable bool, tricks int) ScoreDetail {
	d := ScoreDetail{Contract: c, Vulnerable: vulnerable, Tricks: tricks}
	if c.PassedOut() {
		return d
	}
	need := c.Level + 6
	if tricks < need {
		d.Undertricks = need - tricks
		d.Penalty = undertrickPenalty(d.Undertricks, c.Penalty, vulnerable)
		d.Total = -d.Penalty
		return d
	}
	d.Made = true
	d.Overtricks = tricks - need
	mult := 1 << c.Penalty // 1, 2 or 4
	switch c.Strain {
	case StrainClubs, StrainDiamonds:
		d.TrickScore = 20 * c.Level * mult
	case StrainHearts, StrainSpades:
		d.TrickScore = 30 * c.Level * mult
	default:
		d.TrickScore = (40 + 30*(c.Level-1)) * mult
	}
	switch {
	case d.TrickScore >= 100 && vulnerable:
		d.GameBonus = 500
	case d.TrickScore >= 100:
		d.GameBonus = 300
	default:
		d.GameBonus = 50
	}
	switch {
	case c.Level == 6 && vulnerable:
		d.SlamBonus = 750
	case c.Level == 6:
		d.SlamBonus = 500
	case c.Level == 7 && vulnerable:
		d.SlamBonus = 1500
	case c.Level == 7:
		d.SlamBonus = 1000
	}
	switch c.Penalty {
	case Undoubled:
		per := 30
		if c.Strain.IsMinor() {
			per = 20
		}
		d.OvertrickPts = per * d.Overtricks
	case Doubled:
		d.InsultBonus = 50
		d.OvertrickPts = 100 * d.Overtricks
	case Redoubled:
		d.InsultBonus = 100
		d.OvertrickPts = 200 * d.Overtricks
	}
	if vulnerable && c.Penalty != Undoubled {
		d.OvertrickPts *= 2
	}
	d.Total = d.TrickScore + d.GameBonus + d.SlamBonus + d.InsultBonus + d.OvertrickPts
	return d
}

// undertrickPenalty returns the defenders' score for n undertricks.
func undertrickPenalty(n int, p Penalty, vulnerable bool) int {
	if p == Undoubled {
		if vulnerable {
			return 100 * n
		}
		return 50 * n
	}
	var total int
	for i := 1; i <= n; i++ {
		switch {
		case vulnerable && i == 1:
			total += 200
		case vulnerable:
			total += 300
		case i == 1:
			total += 100
		case i <= 3:
			total += 200
		default:
			total += 300
		}
	}
	if p == Redoubled {
		total *= 2
	}
	return total
}

// impLimits[i] is the largest score difference worth i IMPs on the WBF scale.
var impLimits = [24]int{
	10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590,
	740, 890, 1090, 1290, 1490, 1740, 1990, 2240, 2490, 2990, 3490, 3990,
}

// IMPs converts a score difference to IMPs on the WBF scale, keeping its
// sign: 0-10 is 0, 20-40 is 1, ..., 4000 and more is 24.
func IMPs(diff int) int {
	sign := 1
	if diff < 0 {
		sign, diff = -1, -diff
	}
	for i, lim := range impLimits {
		if diff <= lim {
			return sign * i
		}
	}
	return sign * 24
}

// VPs converts an IMP margin over an N-board match to victory points on the
// WBF 2013 continuous 20-VP scale, rounded to two decimals. It returns the
// VPs of the side with the positive margin first: a negative margin gives
// the smaller figure first.
func VPs(margin float64, boards int) (vp, opponent float64) {
	if boards <= 0 {
		return 10, 10
	}
	m := math.Abs(margin)
	tau := (math.Sqrt(5) - 1) / 2
	blitz := 15 * math.Sqrt(float64(boards))
	w := 10 + 10*(1-math.Pow(tau, 3*m/blitz))/(1-math.Pow(tau, 3))
	w = math.Min(20, math.Round(w*100)/100)
	l := math.Round((20-w)*100) / 100
	if margin < 0 {
		return l, w
	}
	return w, l
}
