package protocol

import (
	"strconv"
	"strings"

	"github.com/openroom/openroom/engine"
)

// The lines of the auction and the play: calls and plays, and the waiting
// seats' ready for bid and ready for card. Each type sits with its
// formatting and its parsing.

// Called is a call, sent by the seat on turn and relayed to the others:
// `North passes`, `North doubles`, `North redoubles`, `North bids 1NT`, with
// an optional alert: `North bids 1H Alert. 5+ hearts`. Alerted is set for
// an alert with or without an explanation; a non-empty Alert implies it.
type Called struct {
	Seat    engine.Seat
	Call    engine.Call
	Alerted bool
	Alert   string
}

// Kind returns KindCalled.
func (Called) Kind() MessageKind { return KindCalled }

// String returns the canonical line without CRLF.
func (m Called) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (Called) isMessage() {}

// AppendTo appends `North passes`, `North doubles`, `North redoubles` or
// `North bids 1NT`, then ` Alert. <text>` when alerted.
func (m Called) AppendTo(b []byte) []byte {
	b = append(b, m.Seat.Name()...)
	switch {
	case m.Call == engine.Pass:
		b = append(b, " passes"...)
	case m.Call == engine.Double:
		b = append(b, " doubles"...)
	case m.Call == engine.Redouble:
		b = append(b, " redoubles"...)
	default:
		b = append(b, " bids "...)
		b = append(b, m.Call.String()...)
	}
	if m.Alerted || m.Alert != "" {
		b = append(b, " Alert."...)
		if m.Alert != "" {
			b = append(b, ' ')
			b = append(b, m.Alert...)
		}
	}
	return b
}

// parseCallWord reads a call after `bids`: 1C ... 7NT, 1N, or a pass,
// double or redouble word.
func parseCallWord(w string) (engine.Call, error) {
	if len(w) >= 2 && len(w) <= 3 && w[0] >= '1' && w[0] <= '7' {
		if st, err := engine.ParseStrain(w[1:]); err == nil {
			return engine.Bid(int(w[0]-'0'), st), nil
		}
	}
	if w != "" && (w[0] < '0' || w[0] > '9') {
		if c, err := engine.ParseCall(w); err == nil {
			return c, nil
		}
	}
	if w == "" {
		return 0, malformed("bids: the call is missing")
	}
	return 0, malformed("call %q: want a bid from 1C to 7NT", w)
}

// parseCallTail reads an optional alert after a call: `Alert. text`, or
// any text, which is taken as an explanation.
func parseCallTail(sc *scanner, m Called) (Message, error) {
	rest := sc.rest()
	if rest == "" {
		return m, nil
	}
	m.Alerted = true
	sub := scanner{s: rest}
	if w := sub.word(); fold(strings.TrimRight(w, ".:,"), "alert") {
		rest = sub.rest()
	} else if w == "." {
		// "North bids 1H . text" from a sloppy writer.
		rest = sub.rest()
	}
	m.Alert = freeText(rest)
	return m, nil
}

// ReadyForBid is a waiting seat's request for the next call:
// `East ready for North's bid`.
type ReadyForBid struct {
	Seat engine.Seat // who asks
	From engine.Seat // whose call it waits for
}

// Kind returns KindReadyForBid.
func (ReadyForBid) Kind() MessageKind { return KindReadyForBid }

// String returns the canonical line without CRLF.
func (m ReadyForBid) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (ReadyForBid) isMessage() {}

// AppendTo appends `East ready for North's bid`.
func (m ReadyForBid) AppendTo(b []byte) []byte {
	b = append(b, m.Seat.Name()...)
	b = append(b, " ready for "...)
	b = append(b, m.From.Name()...)
	return append(b, "'s bid"...)
}

// Played is a card played: `West plays 3C`. Declarer plays dummy's card as
// `North plays 5C` (dummy's seat) or `Dummy plays 5C` (Dummy set, Seat
// meaningless). A signal text may follow a period: `North plays 3C. info`.
type Played struct {
	Seat   engine.Seat
	Dummy  bool
	Card   engine.Card
	Signal string
}

// Kind returns KindPlayed.
func (Played) Kind() MessageKind { return KindPlayed }

// String returns the canonical line without CRLF.
func (m Played) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (Played) isMessage() {}

// AppendTo appends `West plays 3C` (or `Dummy plays 3C`), then `. <signal>`
// when there is a signal text.
func (m Played) AppendTo(b []byte) []byte {
	if m.Dummy {
		b = append(b, "Dummy"...)
	} else {
		b = append(b, m.Seat.Name()...)
	}
	b = append(b, " plays "...)
	b = appendCard(b, m.Card)
	if m.Signal != "" {
		b = append(b, ". "...)
		b = append(b, m.Signal...)
	}
	return b
}

// appendCard writes a card rank first: `AS`, `TD`, `3C`.
func appendCard(b []byte, c engine.Card) []byte {
	if !c.Valid() {
		return append(b, c.String()...)
	}
	const rankLetters = "??23456789TJQKA"
	return append(b, rankLetters[c.Rank()], "CDHS"[c.Suit()])
}

// parsePlayTail reads `5C` and an optional signal text after it.
func parsePlayTail(sc *scanner, m Played) (Message, error) {
	w := sc.word()
	t := strings.TrimRight(w, ".")
	c, err := engine.ParseCard(t)
	if err != nil {
		if w == "" {
			return nil, malformed("plays: the card is missing")
		}
		return nil, malformed("card %q: want a rank and a suit such as AS or TD", w)
	}
	m.Card = c
	m.Signal = freeText(sc.rest())
	return m, nil
}

// ReadyForCard is a waiting seat's request for the next card:
// `South ready for West's card to trick 1`, or, when dummy is to play,
// `East ready for dummy's card to trick 2` (Dummy set, From meaningless).
// Trick is 1 to 13; 0 means the line named no trick (tolerated, never sent).
type ReadyForCard struct {
	Seat  engine.Seat // who asks
	From  engine.Seat // whose card it waits for, unless Dummy
	Dummy bool
	Trick int
}

// Kind returns KindReadyForCard.
func (ReadyForCard) Kind() MessageKind { return KindReadyForCard }

// String returns the canonical line without CRLF.
func (m ReadyForCard) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (ReadyForCard) isMessage() {}

// AppendTo appends `South ready for West's card to trick 1` or
// `East ready for dummy's card to trick 2`. A zero Trick is left out.
func (m ReadyForCard) AppendTo(b []byte) []byte {
	b = append(b, m.Seat.Name()...)
	b = append(b, " ready for "...)
	if m.Dummy {
		b = append(b, "dummy"...)
	} else {
		b = append(b, m.From.Name()...)
	}
	b = append(b, "'s card"...)
	if m.Trick != 0 {
		b = append(b, " to trick "...)
		b = strconv.AppendInt(b, int64(m.Trick), 10)
	}
	return b
}

// parseTrickTail reads an optional `to trick N`.
func parseTrickTail(sc *scanner, m ReadyForCard) (Message, error) {
	if sc.done() {
		return m, nil
	}
	if err := sc.expect("to", ""); err != nil {
		return nil, err
	}
	if err := sc.expect("trick", ""); err != nil {
		return nil, err
	}
	w := sc.word()
	n, err := smallInt(w, 13)
	if err != nil || n < 1 {
		return nil, malformed("trick %q: want 1 to 13", w)
	}
	m.Trick = n
	return m, sc.end()
}
