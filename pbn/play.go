package pbn

import (
	"fmt"
	"strings"

	"github.com/openroom/openroom/engine"
)

// Play is a parsed Play section: the opening leader and the cards in the
// order they were played.
type Play struct {
	Leader engine.Seat
	Cards  []engine.Card
}

// Play parses the Play section into the cards in played order. The tag value
// names the opening leader; each line is a trick with its cards in fixed seat
// columns, starting with the opening leader's seat and going clockwise (not
// in played order), so the trump (from the Contract tag, or else from the
// Auction) is needed to find each trick's winner, who leads the next. "-"
// stands for a card not played and "*" ends the play early; note references
// (=N=), NAGs ($n) and irregularity marks (^x) are skipped. Tokens are taken
// four at a time, so a file that does not break lines per trick still reads.
// It checks that no card repeats and that the trick order can be known, but
// not that the cards were held or followed suit (replay with engine.Board for
// that). It returns nil and no error when the game has no Play section.
func (g *Game) Play() (*Play, error) {
	ti := g.index("Play")
	if ti < 0 {
		return nil, nil
	}
	t := &g.Tags[ti]
	fail := func(format string, args ...any) error {
		return &Error{Line: t.Line, Board: g.Get("Board"), Tag: "Play", Err: fmt.Errorf(format, args...)}
	}
	leader, err := engine.ParseSeat(strings.TrimSpace(t.Value))
	if err != nil {
		return nil, fail("opening leader: %w", err)
	}
	trump, err := g.trump()
	if err != nil {
		return nil, fail("%w", err)
	}
	var cols []string
collect:
	for _, line := range t.Lines {
		for _, tok := range strings.Fields(line) {
			switch {
			case tok == "*":
				break collect
			case tok[0] == '=' || tok[0] == '$' || tok[0] == '^' || tok[0] == '"':
			default:
				cols = append(cols, strings.TrimRight(tok, "!?"))
			}
		}
	}
	p := &Play{Leader: leader}
	var seen engine.Hand
	trickLeader := leader
	ended := false
	for ti := 0; ti*4 < len(cols); ti++ {
		var trick [4]string
		for j := 0; j < 4; j++ {
			if k := ti*4 + j; k < len(cols) {
				trick[j] = cols[k]
			} else {
				trick[j] = "-"
			}
		}
		var cards [4]engine.Card
		n := 0
		gap := false
		// The seats in the order they play to the trick, from its leader;
		// each one's card is in its column, from the opening leader's.
		for k, seat := 0, trickLeader; k < 4; k, seat = k+1, seat.Next() {
			tok := trick[(seat-leader)&3]
			if tok == "-" {
				gap = true
				continue
			}
			c, err := engine.ParseCard(tok)
			if err != nil {
				return nil, fail("trick %d: %w", ti+1, err)
			}
			if ended || gap {
				return nil, fail("trick %d: %s by %s follows a card not played, so the order is unknown", ti+1, c, seat.Name())
			}
			if seen.Has(c) {
				return nil, fail("trick %d: %s played twice", ti+1, c)
			}
			if ti >= 13 {
				return nil, fail("more than 13 tricks")
			}
			seen = seen.With(c)
			cards[n] = c
			n++
		}
		p.Cards = append(p.Cards, cards[:n]...)
		if n < 4 {
			ended = true
			continue
		}
		trickLeader = engine.TrickWinner(cards, trickLeader, trump)
	}
	return p, nil
}

// trump returns the strain of the contract from the Contract tag or, failing
// that, from a complete Auction.
func (g *Game) trump() (engine.Strain, error) {
	c, ok, err := g.Contract()
	if err == nil && ok {
		if c.PassedOut() {
			return 0, fmt.Errorf("a play section on a passed-out board")
		}
		return c.Strain, nil
	}
	if a, aerr := g.Auction(); aerr == nil && a != nil {
		if ac, ok := a.Contract(); ok && !ac.PassedOut() {
			return ac.Strain, nil
		}
	}
	if err != nil {
		return 0, fmt.Errorf("trump unknown: %w", err)
	}
	return 0, fmt.Errorf("trump unknown: no Contract tag and no complete auction")
}

// SetPlay writes the Play section from cards in played order: [Play "L"]
// naming the opening leader, then one line per trick with the cards in fixed
// seat columns starting with the opening leader's seat and going clockwise;
// "-" marks a seat that did not play to an unfinished trick, and a "*" line
// ends a play of fewer than 52 cards (a claim or a board stopped by a
// fault). The trump is needed to find who leads each trick. The notes that
// followed the old Play section are removed. A repeated or invalid card is
// an error.
func (g *Game) SetPlay(p *Play, trump engine.Strain) error {
	lines, err := playLines(p, trump)
	if err != nil {
		return fmt.Errorf("pbn: board %s: play: %w", g.Get("Board"), err)
	}
	g.replaceSection("Play", p.Leader.String(), lines, nil, false)
	return nil
}

// cardNames holds each card's name ("SA"), indexed by Card, so that writing
// a play does not allocate a string per card.
var cardNames = func() (names [64]string) {
	for c := range engine.Card(64) {
		if c.Valid() {
			names[c] = c.String()
		}
	}
	return names
}()

func playLines(p *Play, trump engine.Strain) ([]string, error) {
	if len(p.Cards) > 52 {
		return nil, fmt.Errorf("%d cards, want at most 52", len(p.Cards))
	}
	var seen engine.Hand
	for _, c := range p.Cards {
		if !c.Valid() {
			return nil, fmt.Errorf("invalid card %d", uint8(c))
		}
		if seen.Has(c) {
			return nil, fmt.Errorf("%s played twice", c)
		}
		seen = seen.With(c)
	}
	// The engine's play of the cards says who played each and who won
	// each trick. The hands are not known here, so each card is played
	// as the only card of its hand: nothing is checked but the order.
	ep := engine.NewPlay(engine.Contract{Level: 1, Strain: trump, Declarer: p.Leader.Prev()})
	for _, c := range p.Cards {
		if err := ep.Add(engine.Hand(0).With(c), c); err != nil {
			return nil, err
		}
	}
	return trickLines(&ep), nil
}

// trickLines writes a play as the Play section's lines: one per trick,
// each card in the column of the seat that played it (the opening
// leader's first), "-" for a seat yet to play to the last trick, and a
// "*" line after a play of fewer than 52 cards.
func trickLines(p *engine.Play) []string {
	lines := make([]string, 0, 14)
	cards := p.Cards()
	_, first := p.Trick(0)
	for i := 0; i < len(cards); i += 4 {
		cols := [4]string{"-", "-", "-", "-"}
		for k := i; k < min(i+4, len(cards)); k++ {
			cols[(p.SeatOf(k)-first)&3] = cardNames[cards[k]]
		}
		lines = append(lines, strings.Join(cols[:], " "))
	}
	if len(cards) < 52 {
		lines = append(lines, "*")
	}
	return lines
}
