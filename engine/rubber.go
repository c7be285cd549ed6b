package engine

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
)

// RubberKind is the rule set of a series of deals scored on one score sheet:
// rubber bridge or Chicago. Both are separate rule sets from duplicate
// (bridge-duplicate-practice-v1): the duplicate rule set forbids mixing them silently, so
// a board's number never decides anything here and Score never applies
// them. The auction and the play are the same; dealing order, vulnerability
// and scoring differ.
type RubberKind uint8

// The two kinds of rubber.
const (
	// RubberBridge is rule set rubber-v1: games of 100 trick
	// points below the line, vulnerability from games won, and the rubber
	// ends when a side has won two games.
	RubberBridge RubberKind = iota
	// Chicago is rule set chicago-v1: four deals with vulnerability from
	// the deal's place in the cycle and a game bonus scored at once.
	Chicago
)

var rubberKindNames = [...]string{"rubber", "chicago"}

// String returns "rubber" or "chicago".
func (k RubberKind) String() string {
	if int(k) >= len(rubberKindNames) {
		return fmt.Sprintf("RubberKind(%d)", uint8(k))
	}
	return rubberKindNames[k]
}

// Ruleset returns the rule set's name: rubber-v1 or chicago-v1.
func (k RubberKind) Ruleset() string {
	if int(k) >= len(rubberKindNames) {
		return k.String()
	}
	return rubberKindNames[k] + "-v1"
}

// ParseRubberKind reads rubber or chicago, or the rule set names rubber-v1
// and chicago-v1, in any case.
func ParseRubberKind(s string) (RubberKind, error) {
	for k := range rubberKindNames {
		kind := RubberKind(k)
		if equalFold(s, kind.String()) || equalFold(s, kind.Ruleset()) {
			return kind, nil
		}
	}
	return 0, fmt.Errorf("rubber kind %q: want rubber or chicago", s)
}

// MarshalText writes the kind as String does, so JSON shows "rubber" or
// "chicago".
func (k RubberKind) MarshalText() ([]byte, error) {
	if int(k) >= len(rubberKindNames) {
		return nil, fmt.Errorf("rubber kind %d: not a kind", uint8(k))
	}
	return []byte(k.String()), nil
}

// UnmarshalText reads the kind as ParseRubberKind does.
func (k *RubberKind) UnmarshalText(b []byte) error {
	v, err := ParseRubberKind(string(b))
	if err != nil {
		return err
	}
	*k = v
	return nil
}

// ItemKind says what a figure on a rubber score sheet is for.
type ItemKind string

// The figures a deal can write on the sheet. Only ItemTricks goes below the
// line; everything else goes above it.
const (
	ItemTricks      ItemKind = "tricks"      // trick points for the tricks bid and made
	ItemOvertricks  ItemKind = "overtricks"  // tricks made beyond the contract
	ItemUndertricks ItemKind = "undertricks" // to the defenders of a defeated contract
	ItemSmallSlam   ItemKind = "small-slam"  // six bid and made
	ItemGrandSlam   ItemKind = "grand-slam"  // seven bid and made
	ItemHonours     ItemKind = "honours"     // to the side of the hand holding them
	ItemRubber      ItemKind = "rubber"      // rubber bridge: to the side that won two games
	ItemGame        ItemKind = "game"        // Chicago: a game made, scored at once
	ItemPartScore   ItemKind = "part-score"  // Chicago: a part score made on the fourth deal
)

// ScoreItem is one figure written on the score sheet.
type ScoreItem struct {
	Deal   int      `json:"deal"`   // the deal that wrote it, counting from 1
	Kind   ItemKind `json:"kind"`   // what it is for
	Points int      `json:"points"` // always positive: a side only ever scores for itself
	Label  string   `json:"label"`  // what a printed sheet says, e.g. "2 overtricks"
}

// SideEntry is what one deal wrote in one side's column.
type SideEntry struct {
	Above []ScoreItem `json:"above,omitempty"`
	Below []ScoreItem `json:"below,omitempty"`
}

// Points returns the sum of the entry's figures.
func (e SideEntry) Points() int { return sumItems(e.Above) + sumItems(e.Below) }

// RubberEntry is one deal's result and what it wrote on the score sheet.
// Seats, sides, contracts and vulnerability are written as the rest of the
// project writes them ("N", "NS", "4SX", "None"), so the entry reads well as
// JSON.
type RubberEntry struct {
	Deal          int       `json:"deal"`               // this deal's number in the rubber, from 1, passed-out deals included
	Round         int       `json:"round,omitempty"`    // Chicago: the deal's place in the cycle, 1 to 4
	Dealer        string    `json:"dealer"`             // N, E, S or W
	Vulnerability string    `json:"vulnerability"`      // None, NS, EW or All, as the rubber decided it
	Contract      string    `json:"contract"`           // e.g. "4SX", or "Pass" for a passed-out deal
	Declarer      string    `json:"declarer,omitempty"` // empty for a passed-out deal
	Tricks        int       `json:"tricks"`             // tricks won by declarer's side
	Result        string    `json:"result,omitempty"`   // "=", "+2", "-1"; empty for a passed-out deal
	NS            SideEntry `json:"ns"`
	EW            SideEntry `json:"ew"`
	GameWon       string    `json:"game_won,omitempty"` // NS or EW when this deal completed a game
	Over          bool      `json:"over,omitempty"`     // this deal ended the rubber
}

// Side returns the side's column of the entry.
func (e *RubberEntry) Side(s Side) *SideEntry {
	if s == NS {
		return &e.NS
	}
	return &e.EW
}

// SideSheet is one side's column of the score sheet, added up.
type SideSheet struct {
	Above      []ScoreItem `json:"above"`       // everything above the line, in the order written
	AboveTotal int         `json:"above_total"` // the sum of Above
	BelowTotal int         `json:"below_total"` // the side's trick points in every game
	Total      int         `json:"total"`       // AboveTotal + BelowTotal
	Games      int         `json:"games"`       // games won
	Vulnerable bool        `json:"vulnerable"`  // on the next deal
}

// SheetGame is one game below the line: the trick points each side scored
// until a side reached 100 and a line was drawn under them.
type SheetGame struct {
	Number   int         `json:"number"` // from 1
	NS       []ScoreItem `json:"ns"`
	EW       []ScoreItem `json:"ew"`
	NSPoints int         `json:"ns_points"`
	EWPoints int         `json:"ew_points"`
	Winner   string      `json:"winner,omitempty"` // NS or EW; empty while the game is unfinished
}

// RubberSheet is the score sheet of a rubber: both columns, above and below
// the line, game by game.
type RubberSheet struct {
	Kind    RubberKind    `json:"kind"`
	Ruleset string        `json:"ruleset"` // rubber-v1 or chicago-v1
	Deals   int           `json:"deals"`   // deals scored, passed-out deals included
	NS      SideSheet     `json:"ns"`
	EW      SideSheet     `json:"ew"`
	Games   []SheetGame   `json:"games"` // every finished game, then the unfinished one if the rubber goes on or it holds points
	Entries []RubberEntry `json:"entries"`
	Over    bool          `json:"over"`
	// Winner is NS or EW once the rubber is over: the higher total wins
	// (rubber bridge at equal totals: the side with more games). It is
	// empty while the rubber goes on, and for a Chicago with equal totals.
	Winner string `json:"winner,omitempty"`
}

// Side returns the side's column.
func (s *RubberSheet) Side(side Side) *SideSheet {
	if side == NS {
		return &s.NS
	}
	return &s.EW
}

// Honours is an honours bonus: Points (100 or 150) for the side of Holder,
// or no bonus when Points is 0. The rule set: 100 for four of the five trump
// honours (A K Q J T) in one hand, 150 for all five, 150 for the four aces
// in one hand at no trump. Honours count whether the holder declared or
// defended, and whether or not the contract was made.
type Honours struct {
	Points int
	Holder Seat
}

// honourRanks is the holding mask of the trump honours A K Q J T.
const honourRanks = 1<<Ace | 1<<King | 1<<Queen | 1<<Jack | 1<<Ten

// HonoursIn returns the honours bonus of a deal played in the strain. Only
// one hand can hold four of five honours or four aces, so there is at most
// one bonus.
func HonoursIn(d Deal, strain Strain) Honours {
	for s := North; s < NumSeats; s++ {
		if suit, ok := strain.Suit(); ok {
			switch bits.OnesCount16(d[s].Holding(suit) & honourRanks) {
			case 5:
				return Honours{Points: 150, Holder: s}
			case 4:
				return Honours{Points: 100, Holder: s}
			}
			continue
		}
		aces := 0
		for suit := Clubs; suit <= Spades; suit++ {
			if d[s].Has(NewCard(suit, Ace)) {
				aces++
			}
		}
		if aces == 4 {
			return Honours{Points: 150, Holder: s}
		}
	}
	return Honours{}
}

// Check says whether the bonus is possible in the strain: 100 or 150 in a
// suit, 150 (the four aces) at no trump, held by a seat.
func (h Honours) Check(strain Strain) error {
	switch {
	case h.Points == 0:
		return nil
	case h.Holder >= NumSeats:
		return fmt.Errorf("honours: holder %s is not a seat", h.Holder)
	case strain == NoTrump && h.Points != 150:
		return fmt.Errorf("honours %d at no trump: only the four aces count, for 150", h.Points)
	case h.Points != 100 && h.Points != 150:
		return fmt.Errorf("honours %d: want 100 (four trump honours) or 150 (five)", h.Points)
	}
	return nil
}

// label is the sheet's text for the bonus.
func (h Honours) label(strain Strain) string {
	what := "4 trump honours"
	switch {
	case strain == NoTrump:
		what = "4 aces"
	case h.Points == 150:
		what = "5 trump honours"
	}
	return "honours: " + what + " (" + h.Holder.String() + ")"
}

// ErrRubberOver is returned by Add once the rubber is over.
var ErrRubberOver = errors.New("the rubber is over")

// Rubber is the score sheet of one rubber (or one Chicago) as it is played:
// it decides each deal's dealer and vulnerability and writes each result
// above and below the line. The zero Rubber is NewRubber(RubberBridge,
// North). It is not safe for concurrent use.
type Rubber struct {
	kind    RubberKind
	first   Seat
	dealer  Seat // the next deal's dealer
	entries []RubberEntry
	games   [2]int // games won per side
	below   [2]int // trick points per side in the current game
	round   int    // Chicago: deals played (not passed out) in the cycle
	over    bool
}

// NewRubber starts a rubber of the kind whose first dealer is firstDealer
// (the rule set: drawn at random, then the deal passes to the left).
func NewRubber(kind RubberKind, firstDealer Seat) *Rubber {
	return &Rubber{kind: kind, first: firstDealer, dealer: firstDealer}
}

// Kind returns the rubber's rule set.
func (r *Rubber) Kind() RubberKind { return r.kind }

// FirstDealer returns the dealer of the first deal.
func (r *Rubber) FirstDealer() Seat { return r.first }

// Deals returns the number of deals scored so far, passed-out deals
// included (in Chicago a passed-out deal is redealt and does not count
// towards the four).
func (r *Rubber) Deals() int { return len(r.entries) }

// NextDealer returns the dealer of the next deal: the deal passes clockwise
// after every deal, except that Chicago redeals a passed-out deal by the
// same dealer.
func (r *Rubber) NextDealer() Seat { return r.dealer }

// NextVulnerability returns the vulnerability of the next deal. Rubber
// bridge: a side that has won a game is vulnerable. Chicago: from the
// deal's place in the four-deal cycle.
func (r *Rubber) NextVulnerability() Vulnerability {
	if r.kind == Chicago {
		return chicagoVulnerability(r.round, r.dealer)
	}
	v := VulNone
	if r.games[NS] > 0 {
		v = VulNS
	}
	if r.games[EW] > 0 {
		v |= VulEW // VulNS|VulEW is VulAll
	}
	return v
}

// Games returns the number of games the side has won.
func (r *Rubber) Games(s Side) int { return r.games[s&1] }

// Over reports whether the rubber is finished: in rubber bridge a side has
// won two games, in Chicago four deals have been played.
func (r *Rubber) Over() bool { return r.over }

// Add scores one deal: its contract (c.PassedOut() for a passed-out deal,
// with tricks 0) and the tricks declarer's side won. The deal d, all 52
// cards, gives the honours. It returns what the deal wrote on the sheet.
// The dealer and vulnerability are the rubber's: NextDealer and
// NextVulnerability before the call. It fails, changing nothing, once the
// rubber is over or when an input is out of range.
func (r *Rubber) Add(d Deal, c Contract, tricks int) (RubberEntry, error) {
	if err := d.Validate(); err != nil {
		return RubberEntry{}, fmt.Errorf("rubber deal %d: %w", len(r.entries)+1, err)
	}
	var h Honours
	if !c.PassedOut() && c.Strain <= NoTrump {
		h = HonoursIn(d, c.Strain)
	}
	return r.AddWithHonours(c, tricks, h)
}

// AddWithHonours is Add for a deal whose cards are not known: h is the
// honours bonus as the players claimed it (zero for none). It must be
// possible in the contract's strain, and a passed-out deal has none.
func (r *Rubber) AddWithHonours(c Contract, tricks int, h Honours) (RubberEntry, error) {
	n := len(r.entries) + 1
	if err := r.check(c, tricks, h); err != nil {
		return RubberEntry{}, fmt.Errorf("rubber deal %d: %w", n, err)
	}
	vul := r.NextVulnerability()
	e := RubberEntry{
		Deal:          n,
		Dealer:        r.dealer.String(),
		Vulnerability: vul.String(),
		Contract:      c.String(),
		Tricks:        tricks,
	}
	if r.kind == Chicago {
		e.Round = r.round + 1
	}
	if c.PassedOut() {
		// Rubber bridge: the next dealer deals (the rule set passes the deal to
		// the left after every deal and says nothing special about a
		// passed-out one; the Laws of Contract Bridge agree). Chicago
		// redeals by the same dealer (see chicago.go).
		if r.kind != Chicago {
			r.dealer = r.dealer.Next()
		}
		r.entries = append(r.entries, e)
		return cloneEntry(e), nil
	}
	side := c.Declarer.Side()
	e.Declarer = c.Declarer.String()
	d := ScoreDetails(c, vul.Vulnerable(side), tricks)
	e.Result = d.Result()
	add := entryAdder(&e, n)
	writeDealItems(add, c, d, h)
	gameWon := r.addBelow(&e, side, d)
	if r.kind == Chicago {
		r.chicagoBonuses(&e, side, vul, d.Made, gameWon, add)
	} else if gameWon && r.games[side] == 2 {
		r.rubberBonus(side, add)
	}
	r.dealer = r.dealer.Next()
	e.Over = r.over
	r.entries = append(r.entries, e)
	return cloneEntry(e), nil
}

// entryAdder returns the function that writes an item of deal n in a
// side's column of e, below the line or above it.
func entryAdder(e *RubberEntry, n int) func(s Side, below bool, kind ItemKind, points int, label string) {
	return func(s Side, below bool, kind ItemKind, points int, label string) {
		item := ScoreItem{Deal: n, Kind: kind, Points: points, Label: label}
		col := e.Side(s)
		if below {
			col.Below = append(col.Below, item)
		} else {
			col.Above = append(col.Above, item)
		}
	}
}

// writeDealItems writes what the deal itself scores, d being contract c's
// score details: a made contract's trick points, overtricks and slam
// bonus, or the defenders' undertricks, and the honours h.
func writeDealItems(add func(s Side, below bool, kind ItemKind, points int, label string), c Contract, d ScoreDetail, h Honours) {
	side := c.Declarer.Side()
	by := c.String() + " by " + c.Declarer.String()
	if d.Made {
		// The rule set: the trick points for the tricks bid go below the line
		// (3NT making 13 tricks is still 100 below); overtricks and slams
		// above. Unlike duplicate there is no game or part-score bonus on
		// the deal, and the rule set's table has no bonus for making a doubled
		// or redoubled contract (the Laws' 50/100 "insult"), so
		// d.GameBonus and d.InsultBonus are not used.
		add(side, true, ItemTricks, d.TrickScore, by)
		if d.Overtricks > 0 {
			add(side, false, ItemOvertricks, d.OvertrickPts, plural(d.Overtricks, "overtrick")+", "+by)
		}
		switch c.Level {
		case 6:
			add(side, false, ItemSmallSlam, d.SlamBonus, "small slam, "+by)
		case 7:
			add(side, false, ItemGrandSlam, d.SlamBonus, "grand slam, "+by)
		}
	} else {
		add(side.Other(), false, ItemUndertricks, rubberPenalty(d), plural(d.Undertricks, "undertrick")+", "+by)
	}
	if h.Points > 0 {
		add(h.Holder.Side(), false, ItemHonours, h.Points, h.label(c.Strain))
	}
}

// addBelow adds a made contract's trick points to side's score below the
// line, and tells whether they win a game, which it marks on e.
func (r *Rubber) addBelow(e *RubberEntry, side Side, d ScoreDetail) (gameWon bool) {
	if d.Made {
		r.below[side] += d.TrickScore
	}
	gameWon = r.below[side] >= 100
	if gameWon {
		// A line is drawn: both sides start the next game from nothing
		// below (earlier part scores stay in the totals).
		r.games[side]++
		r.below = [2]int{}
		e.GameWon = side.String()
	}
	return gameWon
}

// rubberBonus writes the bonus of side, which has just won its second
// game, and ends the rubber.
func (r *Rubber) rubberBonus(side Side, add func(s Side, below bool, kind ItemKind, points int, label string)) {
	// The rule set: 700 for winning two games to none, 500 for two to one.
	bonus := 700
	if r.games[side.Other()] > 0 {
		bonus = 500
	}
	add(side, false, ItemRubber, bonus, fmt.Sprintf("rubber, %d games to %d", 2, r.games[side.Other()]))
	r.over = true
}

// check validates one deal's input against the rubber's state.
func (r *Rubber) check(c Contract, tricks int, h Honours) error {
	switch {
	case int(r.kind) >= len(rubberKindNames):
		return fmt.Errorf("%s: not a kind of rubber", r.kind)
	case r.first >= NumSeats:
		return fmt.Errorf("first dealer %s: not a seat", r.first)
	case r.over:
		return ErrRubberOver
	case c.PassedOut():
		if tricks != 0 {
			return fmt.Errorf("passed out with %d tricks: a passed-out deal has no tricks", tricks)
		}
		if h.Points != 0 {
			return errors.New("honours on a passed-out deal: there is no trump suit")
		}
		return nil
	case c.Level < 1 || c.Level > 7:
		return fmt.Errorf("contract level %d: want 1 to 7, or 0 for passed out", c.Level)
	case c.Strain > NoTrump:
		return fmt.Errorf("contract strain %s: not a strain", c.Strain)
	case c.Penalty > Redoubled:
		return fmt.Errorf("contract doubling %d: want undoubled, doubled or redoubled", c.Penalty)
	case c.Declarer >= NumSeats:
		return fmt.Errorf("declarer %s: not a seat", c.Declarer)
	case tricks < 0 || tricks > 13:
		return fmt.Errorf("tricks %d: want the declaring side's tricks, 0 to 13", tricks)
	}
	return h.Check(c.Strain)
}

// rubberPenalty is the defenders' score for a defeated contract under
// the rule set's table. It is the Law 77 figure except when doubled or
// redoubled not vulnerable: the seed's table gives 100 for the first
// undertrick and 200 for each one after (redoubled 200 and 400), where
// duplicate's Law 77 raises the fourth and later to 300 (600). The rule set's
// own worked example "5NT doubled, not vulnerable, 8 tricks: 800" uses the
// vulnerable figures (200 + 300 + 300); the table is the rule, so that
// deal scores 500 here.
func rubberPenalty(d ScoreDetail) int {
	p := d.Penalty
	if d.Contract.Penalty != Undoubled && !d.Vulnerable && d.Undertricks > 3 {
		p -= 100 * (d.Undertricks - 3) * int(d.Contract.Penalty) // Doubled 1, Redoubled 2
	}
	return p
}

// Sheet returns the score sheet so far. It is a copy: changing it does not
// change the rubber.
func (r *Rubber) Sheet() RubberSheet {
	s := RubberSheet{
		Kind:    r.kind,
		Ruleset: r.kind.Ruleset(),
		Deals:   len(r.entries),
		Over:    r.over,
		Entries: make([]RubberEntry, 0, len(r.entries)),
		NS:      SideSheet{Above: []ScoreItem{}},
		EW:      SideSheet{Above: []ScoreItem{}},
	}
	game := SheetGame{Number: 1, NS: []ScoreItem{}, EW: []ScoreItem{}}
	for _, e := range r.entries {
		s.Entries = append(s.Entries, cloneEntry(e))
		s.NS.Above = append(s.NS.Above, e.NS.Above...)
		s.EW.Above = append(s.EW.Above, e.EW.Above...)
		game.NS = append(game.NS, e.NS.Below...)
		game.EW = append(game.EW, e.EW.Below...)
		if e.GameWon != "" {
			game.Winner = e.GameWon
			s.Games = append(s.Games, game)
			game = SheetGame{Number: game.Number + 1, NS: []ScoreItem{}, EW: []ScoreItem{}}
		}
	}
	if !r.over || len(game.NS)+len(game.EW) > 0 {
		s.Games = append(s.Games, game)
	}
	for i := range s.Games {
		g := &s.Games[i]
		g.NSPoints, g.EWPoints = sumItems(g.NS), sumItems(g.EW)
		s.NS.BelowTotal += g.NSPoints
		s.EW.BelowTotal += g.EWPoints
	}
	vul := r.NextVulnerability()
	for side := NS; side <= EW; side++ {
		col := s.Side(side)
		col.AboveTotal = sumItems(col.Above)
		col.Total = col.AboveTotal + col.BelowTotal
		col.Games = r.games[side]
		col.Vulnerable = vul.Vulnerable(side)
	}
	if r.over {
		switch {
		case s.NS.Total > s.EW.Total:
			s.Winner = NS.String()
		case s.EW.Total > s.NS.Total:
			s.Winner = EW.String()
		case r.kind == RubberBridge && r.games[NS] != r.games[EW]:
			// The rule set: at equal totals the side with more games wins.
			s.Winner = NS.String()
			if r.games[EW] > r.games[NS] {
				s.Winner = EW.String()
			}
		}
	}
	return s
}

// WinnerSide returns the winning side once the rubber is over; ok is false
// while it goes on and for a drawn Chicago.
func (s *RubberSheet) WinnerSide() (side Side, ok bool) {
	switch s.Winner {
	case "NS":
		return NS, true
	case "EW":
		return EW, true
	}
	return 0, false
}

// plural writes "1 overtrick" or "3 overtricks".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

func sumItems(items []ScoreItem) int {
	total := 0
	for _, it := range items {
		total += it.Points
	}
	return total
}

// cloneEntry copies an entry so that the caller's copy shares no slice
// with the rubber's own.
func cloneEntry(e RubberEntry) RubberEntry {
	for _, col := range []*SideEntry{&e.NS, &e.EW} {
		col.Above = slices.Clone(col.Above)
		col.Below = slices.Clone(col.Below)
	}
	return e
}
