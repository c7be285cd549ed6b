package dds

import (
	"fmt"
	"math/bits"

	"github.com/openroom/openroom/engine"
)

// Solver solves double-dummy positions. The zero Solver is not ready; use
// NewSolver. A Solver is not safe for concurrent use: give each goroutine
// its own (or use a Pool). It allocates its transposition table once and
// reuses it.
type Solver struct {
	s    search
	keep bool // KeepTable: solves do not start a new table
}

// NewSolver returns a solver with its transposition table allocated.
func NewSolver() *Solver {
	sv := &Solver{}
	sv.s.tt.init()
	return sv
}

// Nodes returns the number of search nodes visited since the solver was
// made (or since ResetNodes).
func (sv *Solver) Nodes() uint64 { return sv.s.nodes }

// TrickNodes returns the number of search nodes visited at the start of a
// trick since the solver was made (or since ResetNodes): the count DDS
// reports as its nodes, so the two solvers' search sizes compare directly.
func (sv *Solver) TrickNodes() uint64 { return sv.s.tnodes }

// KeepTable sets whether Solve, SolveAll and SolveTarget(Of) keep the
// transposition table of the solves before them instead of starting a new
// one each. An entry describes a position by its own cards alone (the
// suit lengths and who holds each remaining rank of a suit, relative to
// the others still out), so it stays true in every later solve, of any
// deal: a caller solving many similar deals, such as a bot's sampled worlds
// of one decision, saves the search of the positions they share. NewTable
// empties the table; a kept table more than half full starts afresh.
func (sv *Solver) KeepTable(keep bool) { sv.keep = keep }

// NewTable empties the transposition table.
func (sv *Solver) NewTable() { sv.s.tt.init() }

// newSolve starts a solve's transposition table, unless KeepTable keeps it
// and it is at most half full: a full table stores no more, so a kept one
// that filled up searched more than a new one (13% more nodes a world at
// the opening lead, BenchmarkWorldCost in refbot).
func (sv *Solver) newSolve() {
	t := &sv.s.tt
	if !sv.keep || 2*(int(t.top)-len(t.free)) > ttEntries/ttChunk {
		t.init()
	}
}

// ResetNodes sets the node counters to zero.
func (sv *Solver) ResetNodes() { sv.s.nodes, sv.s.tnodes = 0, 0 }

// CardValue is the value of one legal card: the tricks the side of the
// player to move takes from the position (current trick included) when that
// card is played and play is double-dummy optimal afterwards.
type CardValue struct {
	Card   engine.Card
	Tricks int
}

// load sets up the search from a validated position and returns the root's
// card position.
func (sv *Solver) load(p *Position) int {
	s := &sv.s
	s.hand = p.Hands
	s.trump = noTrump
	if p.Trump != engine.NoTrump {
		s.trump = int(p.Trump)
	}
	for su := 0; su < 4; su++ {
		s.aggr[su] = 0
		for seat := 0; seat < 4; seat++ {
			h := p.Hands[seat][su]
			s.aggr[su] |= h
			for x := h; x != 0; x &= x - 1 {
				s.owner[su][bits.TrailingZeros16(x)] = uint8(seat)
			}
		}
	}
	left := p.Tricks() // current trick included
	trick := 13 - left
	pos := 4*trick + p.NPlayed
	s.leader[trick] = int(p.Leader)
	s.tricksMax = 0
	for i := 0; i < p.NPlayed; i++ {
		c := p.Played[i]
		q := 4*trick + i
		seat := (int(p.Leader) + i) & 3
		su, r := uint8(c.Suit()), uint8(c.Rank())
		s.owner[su][r] = uint8(seat)
		s.aggr[su] |= 1 << r
		s.record(q, seat, su, r)
	}
	for i := range s.killer {
		s.killer[i] = 0
	}
	s.lenKey = 0
	for seat := 0; seat < 4; seat++ {
		for su := 0; su < 4; su++ {
			s.lenKey |= uint64(bits.OnesCount16(s.hand[seat][su])) << (4 * (seat*4 + su))
		}
	}
	for su := 0; su < 4; su++ {
		s.pat[trick][su] = s.patternOf(su)
	}
	return pos
}

// mtd finds the largest t in [lo, hi] for which maxSide can take t tricks,
// knowing lo is reachable, by zero-window searches from guess.
func (s *search) mtd(pos, lo, hi, guess int) int {
	for lo < hi {
		t := min(max(guess, lo+1), hi)
		s.target = t
		if s.ab(pos) {
			lo = t
			guess = t + 1
		} else {
			hi = t - 1
			guess = t - 1
		}
	}
	return lo
}

// Solve returns the number of tricks, of those still to be played (the
// current one included), that the side of the player to move takes with
// double-dummy play.
func (sv *Solver) Solve(p *Position) (int, error) {
	if err := p.Validate(); err != nil {
		return 0, err
	}
	sv.newSolve()
	v := sv.solve(p, -1)
	return v, sv.canceled()
}

// solve runs on a validated position, reusing the transposition table;
// guess < 0 means no hint.
func (sv *Solver) solve(p *Position, guess int) int {
	s := &sv.s
	pos := sv.load(p)
	left := p.Tricks()
	s.maxSide = int(p.Turn()) & 1
	if guess < 0 {
		guess = (left + 1) / 2
	}
	return s.mtd(pos, 0, left, guess)
}

// Reaches reports whether the side of the player to move takes at least
// target of the tricks still to be played (the current one included)
// with double-dummy play. It is one zero-window search where Solve runs
// an MTD(f) sequence of them: whether a contract makes is this question.
func (sv *Solver) Reaches(p *Position, target int) (bool, error) {
	if err := p.Validate(); err != nil {
		return false, err
	}
	switch {
	case target <= 0:
		return true, nil
	case target > p.Tricks():
		return false, nil
	}
	sv.newSolve()
	s := &sv.s
	pos := sv.load(p)
	s.maxSide = int(p.Turn()) & 1
	s.target = target
	ok := s.ab(pos)
	return ok, sv.canceled()
}

// SolveAll returns the value of every legal card of the player to move, in
// the order suits clubs to spades, ranks low to high (DDS's solutions=3).
// Equivalent cards share one search. The result is appended to dst.
func (sv *Solver) SolveAll(p *Position, dst []CardValue) ([]CardValue, error) {
	return sv.SolveAllOf(p, engine.FullDeck, dst)
}

// legalHoldings gives, suit by suit, the cards the seat to play may play:
// the suit led when it holds one, else its whole hand. The position must
// be loaded.
func (sv *Solver) legalHoldings(p *Position, seat int) [4]uint16 {
	s := &sv.s
	if p.NPlayed > 0 && s.hand[seat][p.Played[0].Suit()] != 0 {
		var legal [4]uint16
		su := p.Played[0].Suit()
		legal[su] = s.hand[seat][su]
		return legal
	}
	return s.hand[seat]
}

// SolveAllOf is SolveAll for the legal cards among cards only (a player
// who has already narrowed the choice, such as an opening leader choosing
// the suit): the other cards are neither searched nor reported.
func (sv *Solver) SolveAllOf(p *Position, cards engine.Hand, dst []CardValue) ([]CardValue, error) {
	if err := p.Validate(); err != nil {
		return dst, err
	}
	sv.newSolve()
	dst = sv.solveAllOf(p, cards, dst)
	return dst, sv.canceled()
}

func (sv *Solver) solveAllOf(p *Position, cards engine.Hand, dst []CardValue) []CardValue {
	s := &sv.s
	pos := sv.load(p)
	left := p.Tricks()
	seat := int(p.Turn())
	s.maxSide = seat & 1
	legal := sv.legalHoldings(p, seat)
	for su := range legal {
		legal[su] &= cards.Holding(engine.Suit(su))
	}
	var vals [4][16]int8
	guess := (left + 1) / 2
	// Search groups in heuristic order for good guesses.
	ml, n := s.rootMoves(pos, seat)
	for i := 0; i < n; i++ {
		m := ml[i]
		g := groupOf(1<<m.rank, s.hand[seat][m.suit], s.aggr[m.suit])
		if g&legal[m.suit] == 0 {
			continue // no candidate in this group of equivalent cards
		}
		s.play(pos, seat, m.suit, m.rank)
		v := s.mtd(pos+1, s.tricksMax, left, guess)
		s.unplay(pos, seat)
		guess = v
		for x := g; x != 0; x &= x - 1 {
			vals[m.suit][bits.TrailingZeros16(x)] = int8(v)
		}
	}
	for su := 0; su < 4; su++ {
		for x := legal[su]; x != 0; x &= x - 1 {
			r := bits.TrailingZeros16(x)
			dst = append(dst, CardValue{engine.NewCard(engine.Suit(su), engine.Rank(r)), int(vals[su][r])})
		}
	}
	return dst
}

// TrickTable holds the tricks each declarer takes in each strain of a deal:
// Table[strain][declarer], strains and seats numbered as in engine.
type TrickTable [5][4]int

// Tricks returns the tricks declarer takes in the strain.
func (t *TrickTable) Tricks(declarer engine.Seat, strain engine.Strain) int {
	return t[strain][declarer]
}

// Table computes the 20-cell double-dummy table of a full deal.
func (sv *Solver) Table(d engine.Deal) (TrickTable, error) {
	var t TrickTable
	if err := d.Validate(); err != nil {
		return t, fmt.Errorf("dds: table: %w", err)
	}
	guess := -1
	for strain := engine.StrainClubs; strain <= engine.NoTrump; strain++ {
		// North's result in the previous strain is a better first guess
		// than half the tricks: fewer MTD(f) iterations.
		guess = sv.strainRow(d, strain, &t, guess)
		if err := sv.canceled(); err != nil {
			return t, err
		}
	}
	return t, nil
}

// strainRow fills one strain of the table, keeping the transposition table
// between the four leaders, and returns the tricks of North's side with
// North on lead. guess is a hint for that figure, or -1.
func (sv *Solver) strainRow(d engine.Deal, strain engine.Strain, t *TrickTable, guess int) int {
	sv.s.tt.init()
	var v [4]int // the leader's side's tricks, by leader
	for leader := engine.North; leader <= engine.West; leader++ {
		// The side's tricks with partner on lead are the best guess, when
		// known; East's first guess is the complement of North's.
		switch leader {
		case engine.East:
			guess = 13 - v[engine.North]
		case engine.South, engine.West:
			guess = v[leader.Partner()]
		}
		p, _ := NewPosition(d, strain, leader)
		v[leader] = sv.solve(&p, guess)
		// declarer is the leader's RHO
		t[strain][leader.Prev()] = 13 - v[leader]
	}
	return v[engine.North]
}

// AnalysePlay follows a play record from the start of a full deal and
// returns, for each point of it (before the first card, after each card),
// the number of tricks North-South take in total when play is
// double-dummy optimal from that point: tricks already won plus the
// double-dummy result of the rest. A drop in North-South's figure after a
// North-South card (or a rise after an East-West card) is a trick lost
// against double dummy by the side that played it. The transposition
// table is kept along the play. A card the engine's rules refuse (not
// held, or not following suit) ends the analysis with an error naming
// the card's number and its player and wrapping the engine's reason; the
// figures up to it are returned with it.
func (sv *Solver) AnalysePlay(d engine.Deal, trump engine.Strain, leader engine.Seat, cards []engine.Card) ([]int, error) {
	if err := d.Validate(); err != nil {
		return nil, fmt.Errorf("dds: analyse play: %w", err)
	}
	if len(cards) > 52 {
		return nil, fmt.Errorf("dds: analyse play: %d cards, want at most 52", len(cards))
	}
	sv.s.tt.init()
	hands := d // the cards not played yet
	// The play follows the cards with the engine's rules (following suit,
	// the tricks won, who leads); only the leader and trump matter, so
	// declarer is the leader's right-hand opponent at any level.
	play := engine.NewPlay(engine.Contract{Level: 1, Strain: trump, Declarer: leader.Prev()})
	out := make([]int, 0, len(cards)+1)
	for i := 0; ; i++ {
		won := play.Tricks(engine.NS)
		if play.Done() {
			out = append(out, won)
			break
		}
		p, err := NewPosition(hands, trump, play.Leader(), play.CurrentTrick()...)
		if err != nil {
			return out, fmt.Errorf("dds: analyse play: card %d: %w", i+1, err)
		}
		v := sv.solve(&p, -1)
		if err := sv.canceled(); err != nil {
			return out, err
		}
		ns := won + v
		if p.Turn().Side() != engine.NS {
			ns = won + p.Tricks() - v
		}
		out = append(out, ns)
		if i == len(cards) {
			break
		}
		c := cards[i]
		seat := play.Turn()
		if err := play.Add(hands[seat], c); err != nil {
			return out, fmt.Errorf("dds: analyse play: card %d (%s) by %s: %w", i+1, c, seat.Name(), err)
		}
		hands[seat] = hands[seat].Without(c)
	}
	return out, nil
}

// CardReach says whether one legal card keeps a target within reach.
type CardReach struct {
	Card    engine.Card
	Reaches bool // the side to move still takes the target with this card
}

// SolveTarget answers, for every legal card of the player to move, one
// question instead of SolveAll's trick count: after this card, does the
// side to move still take at least target tricks of those left (the current
// trick included)? A player that only needs to know whether a contract
// makes (or goes down) asks this, which is one zero-window search a card
// group instead of an MTD(f) sequence of them. Cards come in the order
// clubs to spades, ranks low to high; equivalent cards share one search.
// The result is appended to dst.
func (sv *Solver) SolveTarget(p *Position, target int, dst []CardReach) ([]CardReach, error) {
	return sv.SolveTargetOf(p, target, engine.FullDeck, dst)
}

// SolveTargetOf is SolveTarget for the legal cards among cards only (a
// player who has already narrowed the choice, such as an opening leader
// choosing the suit): the other cards are neither searched nor reported,
// so the search costs the candidates' share of SolveTarget's.
func (sv *Solver) SolveTargetOf(p *Position, target int, cards engine.Hand, dst []CardReach) ([]CardReach, error) {
	if err := p.Validate(); err != nil {
		return dst, err
	}
	sv.newSolve()
	dst = sv.solveTarget(p, target, cards, dst)
	return dst, sv.canceled()
}

// SolveBetter reports whether the player to move has a legal card that
// keeps target tricks within reach (as SolveTarget asks), leaving out card
// and every card equivalent to it here, and returns the first found. It is
// the question "did card give up a trick?" asked with target one more
// than card's value: cards equivalent to card have its value, so they are
// not searched, and the search stops at the first card that reaches the
// target, where SolveTarget searches them all.
func (sv *Solver) SolveBetter(p *Position, card engine.Card, target int) (engine.Card, bool, error) {
	if err := p.Validate(); err != nil {
		return 0, false, err
	}
	if target > p.Tricks() {
		return 0, false, nil
	}
	sv.newSolve()
	s := &sv.s
	pos := sv.load(p)
	seat := int(p.Turn())
	s.maxSide = seat & 1
	legal := sv.legalHoldings(p, seat)
	su, r := uint8(card.Suit()), uint8(card.Rank())
	var skip uint16 // card's group of equivalent cards, when the seat holds it
	if s.hand[seat][su]&(1<<r) != 0 {
		skip = groupOf(1<<r, s.hand[seat][su], s.aggr[su])
	}
	ml, n := s.rootMoves(pos, seat)
	for i := 0; i < n; i++ {
		m := ml[i]
		g := groupOf(1<<m.rank, s.hand[seat][m.suit], s.aggr[m.suit])
		if g&legal[m.suit] == 0 || (m.suit == su && g&skip != 0) {
			continue
		}
		if target <= 0 || s.reaches(pos, seat, m, target) {
			if err := sv.canceled(); err != nil {
				return 0, false, err
			}
			return engine.NewCard(engine.Suit(m.suit), engine.Rank(m.rank)), true, nil
		}
	}
	return 0, false, sv.canceled()
}

// reaches plays root move m for seat at pos and asks the zero-window
// question: does the side to move still take target tricks?
func (s *search) reaches(pos, seat int, m move, target int) bool {
	s.play(pos, seat, m.suit, m.rank)
	s.target = target
	ok := s.ab(pos + 1)
	s.unplay(pos, seat)
	return ok
}

func (sv *Solver) solveTarget(p *Position, target int, cards engine.Hand, dst []CardReach) []CardReach {
	s := &sv.s
	pos := sv.load(p)
	left := p.Tricks()
	seat := int(p.Turn())
	s.maxSide = seat & 1
	legal := sv.legalHoldings(p, seat)
	for su := range legal {
		legal[su] &= cards.Holding(engine.Suit(su))
	}
	var reach [4]uint16 // the legal cards that reach the target
	switch {
	case target <= 0:
		reach = legal
	case target > left:
	default:
		ml, n := s.rootMoves(pos, seat)
		for i := 0; i < n; i++ {
			m := ml[i]
			g := groupOf(1<<m.rank, s.hand[seat][m.suit], s.aggr[m.suit])
			if g&legal[m.suit] == 0 {
				continue // no candidate in this group of equivalent cards
			}
			if s.reaches(pos, seat, m, target) {
				reach[m.suit] |= g
			}
		}
	}
	for su := 0; su < 4; su++ {
		for x := legal[su]; x != 0; x &= x - 1 {
			r := bits.TrailingZeros16(x)
			dst = append(dst, CardReach{engine.NewCard(engine.Suit(su), engine.Rank(r)), reach[su]&(1<<r) != 0})
		}
	}
	return dst
}
