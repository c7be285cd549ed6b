package engine

// Chicago (rule set chicago-v1). The rule set only names it: a fixed four deals,
// with rules adjusted for clubs where several tables play at once. Where the
// seed is silent we follow the common (ACBL) Chicago rules:
//   - four deals, the deal passing clockwise; a passed-out deal is redealt
//     by the same dealer and does not count towards the four;
//   - vulnerability: deal 1 neither side, deals 2 and 3 the dealer's side
//     only, deal 4 both sides;
//   - part scores carry towards game within the four deals; a side whose
//     trick points below the line reach 100 scores a game bonus at once,
//     300 not vulnerable or 500 vulnerable, and both sides' part scores are
//     wiped;
//   - a part score made on the fourth deal that does not complete a game
//     scores 100;
//   - no rubber bonus: the totals after four deals are compared, and equal
//     totals are a draw (games won do not break the tie: that is rubber
//     bridge's rule).
//
// Trick points, overtricks, undertricks, slams and honours are rubber-v1's
// (the rule set's table), with the vulnerability of the deal.

// chicagoDeals is the number of deals in a Chicago.
const chicagoDeals = 4

// chicagoVulnerability returns the vulnerability of the deal after the
// given number of deals played, dealt by dealer.
func chicagoVulnerability(played int, dealer Seat) Vulnerability {
	switch played % chicagoDeals {
	case 0:
		return VulNone
	case 3:
		return VulAll
	}
	if dealer.Side() == NS {
		return VulNS
	}
	return VulEW
}

// chicagoBonuses writes a deal's Chicago bonuses (the game bonus, the
// fourth deal's part-score bonus) and moves the cycle on. side is the
// declaring side; the deal was not passed out.
func (r *Rubber) chicagoBonuses(e *RubberEntry, side Side, vul Vulnerability, made, gameWon bool,
	add func(s Side, below bool, kind ItemKind, points int, label string)) {
	r.round++
	switch {
	case gameWon && vul.Vulnerable(side):
		add(side, false, ItemGame, 500, "game, vulnerable")
	case gameWon:
		add(side, false, ItemGame, 300, "game, not vulnerable")
	case made && r.round == chicagoDeals:
		add(side, false, ItemPartScore, 100, "part score on the fourth deal")
	}
	if r.round == chicagoDeals {
		r.over = true
	}
}
