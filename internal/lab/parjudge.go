package lab

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot/bidding"
)

// This file judges bidding on its own, after the fact: the contract an
// auction reached, scored at its double-dummy result, against the deal's
// par. It is post-game analysis of a finished auction on the real deal,
// never something a bot may consult while it bids.

// Family groups contracts for the bidding report.
type Family uint8

// The contract families, by level of the final contract.
const (
	FamilyPassedOut Family = iota // all four passed
	FamilyPartScore               // below game
	FamilyGame                    // 3NT, 4H/4S, 5C/5D and above, below slam
	FamilySlam                    // six or seven
	numFamilies
)

// String returns "passed out", "part score", "game" or "slam".
func (f Family) String() string {
	switch f {
	case FamilyPassedOut:
		return "passed out"
	case FamilyPartScore:
		return "part score"
	case FamilyGame:
		return "game"
	case FamilySlam:
		return "slam"
	}
	return fmt.Sprintf("Family(%d)", uint8(f))
}

// familyOf classifies a contract by its level.
func familyOf(level int, strain engine.Strain) Family {
	switch {
	case level == 0:
		return FamilyPassedOut
	case level >= 6:
		return FamilySlam
	case bidding.IsGame(engine.Bid(level, strain)):
		return FamilyGame
	}
	return FamilyPartScore
}

// AuctionJudgement is one finished auction judged against par.
type AuctionJudgement struct {
	Contract engine.Contract
	Tricks   int // declarer's double-dummy tricks in the contract (0 when passed out)
	ScoreNS  int // the contract at its double-dummy result, North-South's side
	ParNS    int // the deal's par score, North-South's side
	// IMPs is how far the contract is from par: the IMPs of the score
	// difference, as a magnitude. Either side can be the one that fell
	// short (a missed game, a missed penalty, a sacrifice not taken), so
	// the report counts distance, not direction.
	IMPs int
	// ParIMPsNS is the signed difference, IMPs(ScoreNS-ParNS): positive
	// when North-South did better than par.
	ParIMPsNS   int
	Family      Family // of the contract reached
	ParFamily   Family // of the par contract (the highest, if several)
	Competitive bool   // both sides bid (a double does not count)
	Doubled     bool   // the contract was doubled or redoubled
}

// JudgeAuction judges a finished auction on a deal's double-dummy table,
// with the board's vulnerability. It reports an error when the auction is
// not finished.
func JudgeAuction(a *engine.Auction, vul engine.Vulnerability, t *dds.TrickTable) (AuctionJudgement, error) {
	c, ok := a.Contract()
	if !ok {
		return AuctionJudgement{}, fmt.Errorf("judge auction: the auction is not finished (%d calls)", a.Len())
	}
	par := dds.ParOf(t, a.Dealer(), vul)
	j := AuctionJudgement{Contract: c, ParNS: par.ScoreNS, Family: familyOf(c.Level, c.Strain), ParFamily: FamilyPassedOut}
	for _, p := range par.Contracts {
		j.ParFamily = max(j.ParFamily, familyOf(p.Level, p.Strain))
	}
	if !c.PassedOut() {
		j.Tricks = t.Tricks(c.Declarer, c.Strain)
		j.ScoreNS = engine.ScoreNS(c, vul, j.Tricks)
		j.Doubled = c.Penalty != engine.Undoubled
	}
	var bid [2]bool
	for i, call := range a.Calls() {
		if call.IsBid() {
			bid[a.SeatOf(i).Side()] = true
		}
	}
	j.Competitive = bid[0] && bid[1]
	j.ParIMPsNS = engine.IMPs(j.ScoreNS - j.ParNS)
	j.IMPs = j.ParIMPsNS
	if j.IMPs < 0 {
		j.IMPs = -j.IMPs
	}
	return j, nil
}

// BiddingReport accumulates judged auctions: the mean distance from par in
// IMPs over all of them and by group.
type BiddingReport struct {
	all          []float64
	byFamily     [numFamilies][]float64
	byParFamily  [numFamilies][]float64
	competitive  []float64
	doubled      []float64
	slamsBid     int
	slamsMade    int
	parSlams     int
	parSlamsBid  int
	passedOutPar int // passed out although par is a contract
}

// Add records one judged auction.
func (r *BiddingReport) Add(j AuctionJudgement) {
	x := float64(j.IMPs)
	r.all = append(r.all, x)
	r.byFamily[j.Family] = append(r.byFamily[j.Family], x)
	r.byParFamily[j.ParFamily] = append(r.byParFamily[j.ParFamily], x)
	if j.Competitive {
		r.competitive = append(r.competitive, x)
	}
	if j.Doubled {
		r.doubled = append(r.doubled, x)
	}
	if j.Family == FamilySlam {
		r.slamsBid++
		if j.Contract.Over(j.Tricks) >= 0 {
			r.slamsMade++
		}
	}
	if j.ParFamily == FamilySlam {
		r.parSlams++
		if j.Family == FamilySlam {
			r.parSlamsBid++
		}
	}
	if j.Family == FamilyPassedOut && j.ParFamily != FamilyPassedOut {
		r.passedOutPar++
	}
}

// GroupFigure is the mean distance from par of one group of auctions.
type GroupFigure struct {
	Name  string
	N     int
	Mean  float64 // IMPs from par per auction
	Half  float64 // half-width of the mean's 95% confidence interval
	Share float64 // the group's part of the total distance (Mean*N / all)
}

// Mean returns the mean distance from par over every auction added, with
// the half-width of its 95% confidence interval, and how many there were.
func (r *BiddingReport) Mean() (mean, half float64, n int) {
	m, h := meanInterval(r.all)
	return m, h, len(r.all)
}

// Groups returns the figures of each group with at least one auction: the
// families of the contract reached ("part score", "game", "slam", "passed
// out"), the tags "competitive" and "doubled" (which overlap the
// families), and the families of par ("par: slam" and so on), the worst
// mean first.
func (r *BiddingReport) Groups() []GroupFigure {
	var total float64
	for _, x := range r.all {
		total += x
	}
	var out []GroupFigure
	add := func(name string, xs []float64) {
		if len(xs) == 0 {
			return
		}
		m, h := meanInterval(xs)
		g := GroupFigure{Name: name, N: len(xs), Mean: m, Half: h}
		if total > 0 {
			g.Share = m * float64(len(xs)) / total
		}
		out = append(out, g)
	}
	for f := range numFamilies {
		add(f.String(), r.byFamily[f])
	}
	add("competitive", r.competitive)
	add("doubled", r.doubled)
	for f := range numFamilies {
		add("par: "+f.String(), r.byParFamily[f])
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Mean > out[j].Mean })
	return out
}

// String writes the report as a few lines of text.
func (r *BiddingReport) String() string {
	var b strings.Builder
	m, h, n := r.Mean()
	fmt.Fprintf(&b, "%d auctions: %.2f ± %.2f IMPs from par per auction (95%% CI)\n", n, m, h)
	fmt.Fprintf(&b, "slams bid %d (made double dummy %d); par at slam level %d, of which bid %d; passed out although par is a contract %d\n",
		r.slamsBid, r.slamsMade, r.parSlams, r.parSlamsBid, r.passedOutPar)
	for _, g := range r.Groups() {
		fmt.Fprintf(&b, "  %-16s %4d auctions  %5.2f ± %.2f IMPs  (%4.1f%% of the total)\n", g.Name, g.N, g.Mean, g.Half, 100*g.Share)
	}
	return b.String()
}

// meanInterval returns the mean and the half-width of its 95% confidence
// interval (normal approximation).
func meanInterval(xs []float64) (mean, half float64) {
	if len(xs) == 0 {
		return 0, 0
	}
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	if len(xs) < 2 {
		return mean, 0
	}
	var ss float64
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	sd := math.Sqrt(ss / float64(len(xs)-1))
	return mean, 1.96 * sd / math.Sqrt(float64(len(xs)))
}
