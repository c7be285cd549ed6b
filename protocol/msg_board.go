package protocol

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/openroom/openroom/engine"
)

// The lines that set up a board and close it: ready for deal, Board number,
// ready for cards, the cards, dummy's cards (ready for dummy, received
// dummy), to lead, and Timing. Each type sits with its formatting and its
// parsing.

// ReadyForDeal is `North ready for deal`.
type ReadyForDeal struct{ Seat engine.Seat }

// Kind returns KindReadyForDeal.
func (ReadyForDeal) Kind() MessageKind { return KindReadyForDeal }

// String returns the canonical line without CRLF.
func (m ReadyForDeal) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (ReadyForDeal) isMessage() {}

// AppendTo appends `North ready for deal`.
func (m ReadyForDeal) AppendTo(b []byte) []byte {
	b = append(b, m.Seat.Name()...)
	return append(b, " ready for deal"...)
}

// BoardInfo is `Board number 1. Dealer North. Neither vulnerable.`
type BoardInfo struct {
	Number int
	Dealer engine.Seat
	Vul    engine.Vulnerability
}

// Kind returns KindBoardInfo.
func (BoardInfo) Kind() MessageKind { return KindBoardInfo }

// String returns the canonical line without CRLF.
func (m BoardInfo) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (BoardInfo) isMessage() {}

// vulWords are the protocol's names of the four vulnerabilities.
var vulWords = [4]string{"Neither", "N/S", "E/W", "Both"}

// AppendTo appends `Board number 1. Dealer North. Neither vulnerable.`
func (m BoardInfo) AppendTo(b []byte) []byte {
	b = append(b, "Board number "...)
	b = strconv.AppendInt(b, int64(m.Number), 10)
	b = append(b, ". Dealer "...)
	b = append(b, m.Dealer.Name()...)
	b = append(b, ". "...)
	if m.Vul <= engine.VulAll {
		b = append(b, vulWords[m.Vul]...)
	} else {
		b = append(b, m.Vul.String()...)
	}
	return append(b, " vulnerable."...)
}

// parseBoardInfo reads `number 1. Dealer North. Neither vulnerable`.
func parseBoardInfo(sc *scanner) (Message, error) {
	var m BoardInfo
	if err := sc.expect("number", ""); err != nil {
		return nil, err
	}
	w := sc.word()
	n, err := smallInt(strings.TrimRight(w, ".,"), 1_000_000)
	if err != nil || n < 1 {
		return nil, malformed("board number %q: want a number from 1", w)
	}
	m.Number = n
	if err := sc.expect("dealer", ""); err != nil {
		return nil, err
	}
	if m.Dealer, err = parseSeat(strings.TrimRight(sc.word(), ".,")); err != nil {
		return nil, fmt.Errorf("dealer: %w", err)
	}
	w = sc.word()
	if m.Vul, err = engine.ParseVulnerability(strings.TrimRight(w, ".,")); err != nil {
		return nil, malformed("vulnerability %q: want Neither, N/S, E/W or Both", w)
	}
	if err := sc.expect("vulnerable", "."); err != nil {
		return nil, err
	}
	return m, sc.end()
}

// ReadyForCards is `North ready for cards`.
type ReadyForCards struct{ Seat engine.Seat }

// Kind returns KindReadyForCards.
func (ReadyForCards) Kind() MessageKind { return KindReadyForCards }

// String returns the canonical line without CRLF.
func (m ReadyForCards) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (ReadyForCards) isMessage() {}

// AppendTo appends `North ready for cards`.
func (m ReadyForCards) AppendTo(b []byte) []byte {
	b = append(b, m.Seat.Name()...)
	return append(b, " ready for cards"...)
}

// Cards is a seat's own hand, sent to that seat only:
// `North's cards : S A K 3. H Q J T 9. D 8 7. C A 6 5 4.`
type Cards struct {
	Seat engine.Seat
	Hand engine.Hand
}

// Kind returns KindCards.
func (Cards) Kind() MessageKind { return KindCards }

// String returns the canonical line without CRLF.
func (m Cards) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (Cards) isMessage() {}

// AppendTo appends `North's cards : S A K 3. H Q J T 9. D 8 7. C A 6 5 4.`
func (m Cards) AppendTo(b []byte) []byte {
	b = append(b, m.Seat.Name()...)
	b = append(b, "'s cards : "...)
	return appendHand(b, m.Hand)
}

// DummyCards is dummy's hand, sent after the opening lead to the three
// other seats: `Dummy's cards : S A K 3. H -. D 8 7 6 5. C A 6 5 4 3.`
type DummyCards struct {
	Hand engine.Hand
}

// Kind returns KindDummyCards.
func (DummyCards) Kind() MessageKind { return KindDummyCards }

// String returns the canonical line without CRLF.
func (m DummyCards) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (DummyCards) isMessage() {}

// AppendTo appends `Dummy's cards : S A K 3. H -. D 8 7 6 5. C A 6 5 4 3.`
func (m DummyCards) AppendTo(b []byte) []byte {
	b = append(b, "Dummy's cards : "...)
	return appendHand(b, m.Hand)
}

// appendHand writes a hand as `S A K 3. H -. D 8 7. C A 6 5 4.`: suits in
// the order S H D C, ranks high to low, `-` for a void, a period after each
// suit.
func appendHand(b []byte, h engine.Hand) []byte {
	const rankLetters = "??23456789TJQKA"
	for s := engine.Spades; ; s-- {
		b = append(b, "CDHS"[s])
		hold := h.Holding(s)
		if hold&0x7ffc == 0 {
			b = append(b, " -"...)
		}
		for r := engine.Ace; r >= engine.Two; r-- {
			if hold&(1<<r) != 0 {
				b = append(b, ' ', rankLetters[r])
			}
		}
		b = append(b, '.')
		if s == engine.Clubs {
			return b
		}
		b = append(b, ' ')
	}
}

// parseCardsTail reads `cards : S A K 3. H -. D 8 7. C A 6 5 4`.
func parseCardsTail(sc *scanner) (engine.Hand, error) {
	w := sc.word()
	if !fold(strings.TrimSuffix(w, ":"), "cards") {
		return 0, malformed("want \"cards\", found %q", w)
	}
	return parseHand(sc.rest())
}

// parseHand reads a hand given suit by suit: a suit letter, then its ranks
// high to low or in any order, `-` for a void, with spaces and periods as
// separators. Suits may come in any order, each at most once.
func parseHand(s string) (engine.Hand, error) {
	var h engine.Hand
	var seen [engine.NumSuits]bool
	suit, haveSuit := engine.Suit(0), false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case ' ', '.', ':', '-', ',':
			continue
		}
		if su, ok := engine.ParseSuit(c); ok {
			if seen[su] {
				return 0, malformed("hand %q: suit %s given twice", s, su)
			}
			seen[su], suit, haveSuit = true, su, true
			continue
		}
		r, ok := engine.ParseRank(c)
		if !ok && c == '1' && i+1 < len(s) && s[i+1] == '0' {
			r, ok = engine.Ten, true
			i++
		}
		if !ok {
			return 0, malformed("hand %q: %q at offset %d is neither a suit nor a rank", s, c, i)
		}
		if !haveSuit {
			return 0, malformed("hand %q: rank %c before any suit letter", s, c)
		}
		card := engine.NewCard(suit, r)
		if h.Has(card) {
			return 0, malformed("hand %q: %s given twice", s, card.RankSuit())
		}
		h = h.With(card)
	}
	return h, nil
}

// ReadyForDummy is `East ready for dummy`: a request for dummy's cards.
type ReadyForDummy struct{ Seat engine.Seat }

// Kind returns KindReadyForDummy.
func (ReadyForDummy) Kind() MessageKind { return KindReadyForDummy }

// String returns the canonical line without CRLF.
func (m ReadyForDummy) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (ReadyForDummy) isMessage() {}

// AppendTo appends `East ready for dummy`.
func (m ReadyForDummy) AppendTo(b []byte) []byte {
	b = append(b, m.Seat.Name()...)
	return append(b, " ready for dummy"...)
}

// ReceivedDummy is `East received dummy`, sent by some robots; the manager
// ignores it.
type ReceivedDummy struct{ Seat engine.Seat }

// Kind returns KindReceivedDummy.
func (ReceivedDummy) Kind() MessageKind { return KindReceivedDummy }

// String returns the canonical line without CRLF.
func (m ReceivedDummy) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (ReceivedDummy) isMessage() {}

// AppendTo appends `East received dummy`.
func (m ReceivedDummy) AppendTo(b []byte) []byte {
	b = append(b, m.Seat.Name()...)
	return append(b, " received dummy"...)
}

// ToLead tells the seat on lead at the start of a trick: `West to lead`, or,
// when dummy is on lead, tells declarer `Dummy to lead` (Dummy set, Seat
// meaningless).
type ToLead struct {
	Seat  engine.Seat
	Dummy bool
}

// Kind returns KindToLead.
func (ToLead) Kind() MessageKind { return KindToLead }

// String returns the canonical line without CRLF.
func (m ToLead) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (ToLead) isMessage() {}

// AppendTo appends `West to lead` or `Dummy to lead`.
func (m ToLead) AppendTo(b []byte) []byte {
	if m.Dummy {
		b = append(b, "Dummy"...)
	} else {
		b = append(b, m.Seat.Name()...)
	}
	return append(b, " to lead"...)
}

// Timing is the line after each board with each side's think time on the
// board and in the session so far. Durations are whole seconds on the wire:
// `Timing - N/S : this board  01:36,  total  0:01:36.  E/W : this board  01:34,  total  0:01:34.`
type Timing struct {
	NSBoard, NSTotal time.Duration
	EWBoard, EWTotal time.Duration
}

// Kind returns KindTiming.
func (Timing) Kind() MessageKind { return KindTiming }

// String returns the canonical line without CRLF.
func (m Timing) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (Timing) isMessage() {}

// AppendTo appends the timing line, with the double spaces real managers
// send: `Timing - N/S : this board  01:36,  total  0:01:36.  E/W : this board  01:34,  total  0:01:34.`
// Durations are truncated to whole seconds; negative ones are written as 0.
func (m Timing) AppendTo(b []byte) []byte {
	b = append(b, "Timing - N/S : this board  "...)
	b = appendMinSec(b, m.NSBoard)
	b = append(b, ",  total  "...)
	b = appendHourMinSec(b, m.NSTotal)
	b = append(b, ".  E/W : this board  "...)
	b = appendMinSec(b, m.EWBoard)
	b = append(b, ",  total  "...)
	b = appendHourMinSec(b, m.EWTotal)
	return append(b, '.')
}

func seconds(d time.Duration) int64 {
	if d < 0 {
		return 0
	}
	return int64(d / time.Second)
}

func append2(b []byte, n int64) []byte {
	if n < 10 {
		b = append(b, '0')
	}
	return strconv.AppendInt(b, n, 10)
}

// appendMinSec writes MM:SS (minutes may exceed 99).
func appendMinSec(b []byte, d time.Duration) []byte {
	s := seconds(d)
	b = append2(b, s/60)
	b = append(b, ':')
	return append2(b, s%60)
}

// appendHourMinSec writes H:MM:SS.
func appendHourMinSec(b []byte, d time.Duration) []byte {
	s := seconds(d)
	b = strconv.AppendInt(b, s/3600, 10)
	b = append(b, ':')
	b = append2(b, s/60%60)
	b = append(b, ':')
	return append2(b, s%60)
}

// parseTiming reads `- N/S : this board 01:36, total 0:01:36. E/W : ...`
// (after blanks were collapsed and the final period cut).
func parseTiming(sc *scanner) (Message, error) {
	var m Timing
	var haveNS, haveEW bool
	sc.skip("-")
	for range 2 {
		w := strings.TrimSuffix(sc.word(), ":")
		sc.skip(":")
		if err := sc.expect("this", ""); err != nil {
			return nil, err
		}
		if err := sc.expect("board", ""); err != nil {
			return nil, err
		}
		board, err := parseClock(sc.word())
		if err != nil {
			return nil, err
		}
		sc.skip(",")
		if err := sc.expect("total", ""); err != nil {
			return nil, err
		}
		total, err := parseClock(sc.word())
		if err != nil {
			return nil, err
		}
		switch {
		case !haveNS && (fold(w, "N/S") || fold(w, "NS")):
			m.NSBoard, m.NSTotal, haveNS = board, total, true
		case !haveEW && (fold(w, "E/W") || fold(w, "EW")):
			m.EWBoard, m.EWTotal, haveEW = board, total, true
		default:
			return nil, malformed("timing: want N/S and E/W, found %q", w)
		}
	}
	return m, sc.end()
}

// parseClock reads MM:SS or H:MM:SS (a trailing comma or period allowed).
func parseClock(w string) (time.Duration, error) {
	t := strings.TrimRight(w, ".,")
	var secs int64
	parts := 0
	for t != "" {
		part := t
		if i := strings.IndexByte(t, ':'); i >= 0 {
			part, t = t[:i], t[i+1:]
			if t == "" {
				return 0, malformed("time %q: want MM:SS or H:MM:SS", w)
			}
		} else {
			t = ""
		}
		n, err := smallInt(part, 999_999)
		if err != nil {
			return 0, malformed("time %q: want MM:SS or H:MM:SS", w)
		}
		secs = secs*60 + int64(n)
		parts++
	}
	if parts < 2 || parts > 3 {
		return 0, malformed("time %q: want MM:SS or H:MM:SS", w)
	}
	return time.Duration(secs) * time.Second, nil
}
