package lin

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/results"
)

// MaxLen is the longest LIN text Parse accepts.
const MaxLen = 64 << 10

// Call is one call of a LIN auction.
type Call struct {
	Call        engine.Call
	Alert       bool   // written as a trailing "!" on the mb value
	Explanation string // the an|text| that follows it, "" for none
}

// Record is one board as LIN describes it.
type Record struct {
	Number  int                     // from ah|Board N|; 0 when absent
	Players [engine.NumSeats]string // indexed by engine.Seat
	Dealer  engine.Seat             //
	Vul     engine.Vulnerability    //
	Deal    engine.Deal             // all four hands
	Calls   []Call                  // from the dealer, in order
	Cards   []engine.Card           // in played order
	Claimed bool                    // an mc|n| claim was given
	Claim   int                     // tricks claimed for declarer when Claimed
	_       struct{}                // keep keyed literals
}

// Error is a malformed LIN text: the pair (1-based, counting key|value|
// pairs) and its key.
type Error struct {
	Pair int
	Key  string
	Err  error
}

// Error formats as "lin: pair 3 (mb): ...".
func (e *Error) Error() string {
	if e.Key == "" {
		return fmt.Sprintf("lin: pair %d: %v", e.Pair, e.Err)
	}
	return fmt.Sprintf("lin: pair %d (%s): %v", e.Pair, e.Key, e.Err)
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// ErrTooLong is wrapped by the error for a text longer than MaxLen.
var ErrTooLong = errors.New("LIN text too long")

// LIN's dealer digits and hand order: 1 South, 2 West, 3 North, 4 East.
var linSeats = [4]engine.Seat{engine.South, engine.West, engine.North, engine.East}

func linDigit(s engine.Seat) byte { return byte('1' + (s-engine.South)&3) }

// String writes the board as one LIN line (no line end):
// pn|S,W,N,E|md|<dealer digit><S>,<W>,<N>,<E>|ah|Board N|sv|o|mb|1S!|an|text|...|pc|D2|...|mc|n|
// Names and explanations lose the characters LIN cannot carry: | and line
// breaks (and , in names) become spaces.
func (b *Record) String() string {
	var sb strings.Builder
	sb.Grow(160 + 8*len(b.Calls) + 6*len(b.Cards))
	if b.Players != ([4]string{}) {
		sb.WriteString("pn|")
		for i, s := range linSeats {
			if i > 0 {
				sb.WriteByte(',')
			}
			sb.WriteString(cleanName(b.Players[s]))
		}
		sb.WriteByte('|')
	}
	sb.WriteString("md|")
	sb.WriteByte(linDigit(b.Dealer))
	for i, s := range linSeats {
		if i > 0 {
			sb.WriteByte(',')
		}
		writeHand(&sb, b.Deal[s])
	}
	sb.WriteByte('|')
	if b.Number > 0 {
		fmt.Fprintf(&sb, "ah|Board %d|", b.Number)
	}
	sb.WriteString("sv|")
	sb.WriteByte("oneb"[b.Vul&3])
	sb.WriteByte('|')
	for _, c := range b.Calls {
		sb.WriteString("mb|")
		sb.WriteString(callText(c.Call))
		if c.Alert {
			sb.WriteByte('!')
		}
		sb.WriteByte('|')
		if c.Explanation != "" {
			sb.WriteString("an|")
			sb.WriteString(cleanText(c.Explanation))
			sb.WriteByte('|')
		}
	}
	for _, c := range b.Cards {
		sb.WriteString("pc|")
		sb.WriteByte(suitLetters[c.Suit()&3])
		sb.WriteByte(rankLetters[c.Rank()&15])
		sb.WriteByte('|')
	}
	if b.Claimed {
		fmt.Fprintf(&sb, "mc|%d|", b.Claim)
	}
	return sb.String()
}

// Card letters, written byte by byte because engine.Card.String allocates.
const (
	suitLetters = "CDHS"
	rankLetters = "??23456789TJQKA?"
)

// callText writes a call as LIN does: p, d, r, 1C ... 7N.
func callText(c engine.Call) string {
	switch {
	case c == engine.Pass:
		return "p"
	case c == engine.Double:
		return "d"
	case c == engine.Redouble:
		return "r"
	case c.Strain() == engine.NoTrump:
		return strconv.Itoa(c.Level()) + "N"
	}
	return c.String()
}

// writeHand writes a hand as LIN does: S, then the spades high to low, then
// H, D and C likewise ("SAJ98HK5D2C87432"); a void's letter is still written.
func writeHand(sb *strings.Builder, h engine.Hand) {
	for s := engine.Spades; ; s-- {
		sb.WriteString(s.String())
		for r := engine.Ace; r >= engine.Two; r-- {
			if h.Has(engine.NewCard(s, r)) {
				sb.WriteByte(rankLetters[r])
			}
		}
		if s == engine.Clubs {
			return
		}
	}
}

func cleanText(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '|' || r == '\n' || r == '\r' {
			return ' '
		}
		return r
	}, s)
}

func cleanName(s string) string {
	return strings.ReplaceAll(cleanText(s), ",", " ")
}

// FromRecord builds the LIN board of a results record read from a file:
// the record is decoded once (results.Record.Decode, so a call or card the
// rules refuse, or a stated result the play does not give, is an error),
// then written by FromBoard.
func FromRecord(rec results.Record) (*Record, error) {
	p, err := rec.Decode()
	if err != nil {
		return nil, fmt.Errorf("lin: board %d: %w", rec.Board, err)
	}
	return FromBoard(p), nil
}

// FromBoard builds the LIN board of a board as played, reading the board
// as it is (nothing is parsed or replayed): players, dealer,
// vulnerability, deal, calls (an alerted call becomes "!", with its text,
// if any, as the explanation), the cards in played order and the board
// number.
func FromBoard(p *results.Played) *Record {
	eb := p.Board
	b := &Record{Number: p.Record.Board, Dealer: eb.Dealer(), Vul: eb.Vulnerability(), Deal: eb.Deal()}
	for s := engine.North; s < engine.NumSeats; s++ {
		b.Players[s] = p.Record.Players.Get(s)
	}
	calls := eb.Auction().Calls()
	b.Calls = make([]Call, len(calls))
	for i, c := range calls {
		b.Calls[i] = Call{Call: c, Alert: p.Alerted[i], Explanation: p.Alerts[i]}
	}
	b.Cards = append(make([]engine.Card, 0, eb.Play().Len()), eb.Play().Cards()...)
	return b
}

// Line returns the LIN line of a results record read from a file
// (FromRecord, then String).
func Line(rec results.Record) (string, error) {
	b, err := FromRecord(rec)
	if err != nil {
		return "", err
	}
	return b.String(), nil
}

// HandViewerURL returns the address that opens a LIN board in BBO's hand
// viewer. Spaces are encoded as %20, not +, which the viewer would show.
func HandViewerURL(lin string) string {
	return "https://www.bridgebase.com/tools/handviewer.html?lin=" +
		strings.ReplaceAll(url.QueryEscape(lin), "+", "%20")
}

// Parse reads one board of LIN (the subset String writes; other keys are
// ignored, keys are case-insensitive and may be surrounded by line breaks).
// It needs md; the fourth hand may be left empty and is then the cards the
// other three do not hold. Calls are checked for legality, cards for
// repeats.
func Parse(s string) (*Record, error) {
	if len(s) > MaxLen {
		return nil, &Error{Pair: 0, Err: fmt.Errorf("%w (%d bytes, limit %d)", ErrTooLong, len(s), MaxLen)}
	}
	parts := strings.Split(s, "|")
	ps := &parser{b: &Record{}}
	for i := 0; i < len(parts); i += 2 {
		pair := i/2 + 1
		key := strings.ToLower(strings.TrimSpace(parts[i]))
		if i+1 == len(parts) {
			if key != "" {
				return nil, &Error{Pair: pair, Key: key, Err: errors.New("key without a value")}
			}
			break
		}
		if err := ps.pair(key, parts[i+1]); err != nil {
			return nil, &Error{Pair: pair, Key: key, Err: err}
		}
	}
	if !ps.haveDeal {
		return nil, &Error{Pair: len(parts) / 2, Err: errors.New("no deal (md)")}
	}
	return ps.b, nil
}

// parser is the state of Parse between pairs: the board so far, its
// auction (to check each call) and the cards played (to refuse a repeat).
type parser struct {
	b        *Record
	auction  engine.Auction
	played   engine.Hand
	haveDeal bool
}

// pair reads one key|value| pair into the board.
func (ps *parser) pair(key, val string) error {
	b := ps.b
	switch key {
	case "pn":
		names := strings.Split(val, ",")
		for j := 0; j < len(names) && j < 4; j++ {
			b.Players[linSeats[j]] = cleanName(names[j])
		}
	case "md":
		if ps.haveDeal {
			return errors.New("a second deal")
		}
		if err := parseDeal(b, val); err != nil {
			return fmt.Errorf("%w", err)
		}
		ps.haveDeal = true
		ps.auction = engine.NewAuction(b.Dealer)
	case "sv":
		v, err := parseVul(val)
		if err != nil {
			return fmt.Errorf("%w", err)
		}
		b.Vul = v
	case "ah":
		if n, ok := strings.CutPrefix(strings.TrimSpace(val), "Board "); ok {
			if k, err := strconv.Atoi(strings.TrimSpace(n)); err == nil && k > 0 {
				b.Number = k
			}
		}
	case "mb":
		return ps.call(val)
	case "an":
		if len(b.Calls) == 0 {
			return errors.New("an explanation before any call")
		}
		b.Calls[len(b.Calls)-1].Explanation = cleanText(val)
	case "pc":
		return ps.card(val)
	case "mc":
		n, err := strconv.Atoi(strings.TrimSpace(val))
		if err != nil || n < 0 || n > 13 {
			return fmt.Errorf("claim %q: want 0 to 13 tricks", val)
		}
		b.Claimed, b.Claim = true, n
	}
	return nil
}

// call reads an mb value: a call, alerted with a trailing "!".
func (ps *parser) call(val string) error {
	if !ps.haveDeal {
		return errors.New("a call before the deal (md)")
	}
	v := strings.TrimSpace(val)
	alert := strings.HasSuffix(v, "!")
	v = strings.TrimSuffix(v, "!")
	c, err := engine.ParseCall(v)
	if err != nil {
		return fmt.Errorf("%w", err)
	}
	if err := ps.auction.Add(c); err != nil {
		return fmt.Errorf("call %d (%s): %w", len(ps.b.Calls)+1, c, err)
	}
	ps.b.Calls = append(ps.b.Calls, Call{Call: c, Alert: alert})
	return nil
}

// card reads a pc value: the next card played.
func (ps *parser) card(val string) error {
	c, err := engine.ParseCard(strings.TrimSpace(val))
	if err != nil {
		return fmt.Errorf("%w", err)
	}
	if ps.played.Has(c) {
		return fmt.Errorf("%s played twice", c)
	}
	if len(ps.b.Cards) == 52 {
		return errors.New("more than 52 cards")
	}
	ps.played = ps.played.With(c)
	ps.b.Cards = append(ps.b.Cards, c)
	return nil
}

func parseVul(v string) (engine.Vulnerability, error) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "o", "0", "-", "":
		return engine.VulNone, nil
	case "n":
		return engine.VulNS, nil
	case "e":
		return engine.VulEW, nil
	case "b":
		return engine.VulAll, nil
	}
	return 0, fmt.Errorf("vulnerability %q: want o, n, e or b", v)
}

// parseDeal reads an md value: the dealer digit, then the hands of South,
// West, North and East separated by commas.
func parseDeal(b *Record, v string) error {
	v = strings.TrimSpace(v)
	if v == "" || v[0] < '1' || v[0] > '4' {
		return fmt.Errorf("deal %q: want the dealer digit 1-4 first", clip(v))
	}
	b.Dealer = linSeats[v[0]-'1']
	hands := strings.Split(v[1:], ",")
	if len(hands) < 3 || len(hands) > 4 {
		return fmt.Errorf("deal %q: want 3 or 4 hands", clip(v))
	}
	var all engine.Hand
	missing := -1
	for i := range 4 {
		if i >= len(hands) || strings.TrimSpace(hands[i]) == "" {
			if missing >= 0 {
				return fmt.Errorf("deal %q: more than one hand missing", clip(v))
			}
			missing = i
			continue
		}
		h, err := parseHand(hands[i])
		if err != nil {
			return fmt.Errorf("%s hand: %w", linSeats[i].Name(), err)
		}
		if both := all & h; both != 0 {
			c, _ := both.Lowest()
			return fmt.Errorf("deal: %s is in two hands", c)
		}
		all |= h
		b.Deal[linSeats[i]] = h
	}
	if missing >= 0 {
		b.Deal[linSeats[missing]] = engine.FullDeck &^ all
	}
	return b.Deal.Validate()
}

// parseHand reads a LIN hand: suit letters, each followed by its ranks.
func parseHand(s string) (engine.Hand, error) {
	var h engine.Hand
	haveSuit := false
	var suit engine.Suit
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if ch == ' ' {
			continue
		}
		if su, ok := engine.ParseSuit(ch); ok {
			suit, haveSuit = su, true
			continue
		}
		r, ok := engine.ParseRank(ch)
		if ch == '1' && i+1 < len(s) && s[i+1] == '0' {
			r, ok = engine.Ten, true
			i++
		}
		if !ok {
			return 0, fmt.Errorf("%q: %q is not a suit or a rank", clip(s), ch)
		}
		if !haveSuit {
			return 0, fmt.Errorf("%q: rank before any suit letter", clip(s))
		}
		c := engine.NewCard(suit, r)
		if h.Has(c) {
			return 0, fmt.Errorf("%q: %s twice", clip(s), c)
		}
		h = h.With(c)
	}
	return h, nil
}

func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}
