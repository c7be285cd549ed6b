package protocol

import (
	"fmt"
	"strings"

	"github.com/openroom/openroom/engine"
)

// A message is one line of the protocol. This file holds what all lines
// share: the version and length bounds, the message kinds, the Message
// interface and Parse, which reads the first words of a line and hands the
// rest to the parser of that line's family (msg_session.go, msg_board.go,
// msg_action.go). The scanner and the parse errors are in scan.go.
//
// Every line is written in one canonical form, the one real robots match
// on exactly: Title-case seat names, suits in the order S H D C, ranks high
// to low, `-` for a void.

// Version is the protocol version openroom speaks and sends.
const Version = 18

// VersionSupported reports whether a seat announcing version v may sit
// down: 18, or 19 (a later extension whose lines are a superset of ours).
func VersionSupported(v int) bool { return v == 18 || v == 19 }

// MaxLineLength is the longest line, without its line ending, that Parse
// and Reader accept. Real lines are under 120 bytes; the bound stops a
// stranger from making the table buffer without limit.
const MaxLineLength = 512

// MessageKind names the kind of a message, for errors, logs and tests.
type MessageKind uint8

// The message kinds, in the order they appear in a session.
const (
	KindConnect MessageKind = iota + 1
	KindSeated
	KindRefusal
	KindReadyForTeams
	KindTeams
	KindReadyToStart
	KindStartOfBoard
	KindReadyForDeal
	KindBoardInfo
	KindReadyForCards
	KindCards
	KindDummyCards
	KindCalled
	KindReadyForBid
	KindToLead
	KindPlayed
	KindReadyForCard
	KindReadyForDummy
	KindReceivedDummy
	KindTiming
	KindEndOfSession
)

var kindNames = [...]string{
	KindConnect:       "connect",
	KindSeated:        "seated",
	KindRefusal:       "refusal",
	KindReadyForTeams: "ready for teams",
	KindTeams:         "teams",
	KindReadyToStart:  "ready to start",
	KindStartOfBoard:  "start of board",
	KindReadyForDeal:  "ready for deal",
	KindBoardInfo:     "board",
	KindReadyForCards: "ready for cards",
	KindCards:         "cards",
	KindDummyCards:    "dummy's cards",
	KindCalled:        "call",
	KindReadyForBid:   "ready for bid",
	KindToLead:        "to lead",
	KindPlayed:        "play",
	KindReadyForCard:  "ready for card",
	KindReadyForDummy: "ready for dummy",
	KindReceivedDummy: "received dummy",
	KindTiming:        "timing",
	KindEndOfSession:  "end of session",
}

// String names the kind in plain words ("ready for bid").
func (k MessageKind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return "unknown"
}

// Message is one line of the protocol, in either direction. The concrete
// types below are the only implementations; use a type switch to tell them
// apart. Parse reads a Message from a line; AppendTo and String write its
// canonical form (without the line ending, which Writer adds).
type Message interface {
	// Kind names the message's kind.
	Kind() MessageKind
	// AppendTo appends the canonical line, without CRLF, to b.
	AppendTo(b []byte) []byte
	// String returns the canonical line without CRLF.
	String() string
	isMessage()
}

// Parse reads one line of the protocol, in either direction, leniently: LF
// or CRLF, any letter case in keywords, seats, cards and strains, runs of
// spaces or tabs, leading and trailing spaces, one trailing period, `1N`
// for `1NT`, `Dummy plays`, alert and signal texts. Free texts (team names,
// alerts, signals, refusal reasons) keep their case, with runs of spaces
// collapsed. Anything else is a *ParseError that names what was wrong;
// Parse never panics.
func Parse(line string) (Message, error) {
	s, err := clean(line)
	if err != nil {
		return nil, parseError(line, err)
	}
	m, err := parseClean(s)
	if err != nil {
		return nil, parseError(line, err)
	}
	return m, nil
}

func parseClean(s string) (Message, error) {
	sc := scanner{s: s}
	w := sc.word()
	switch {
	case fold(w, "connecting"):
		return parseConnect(&sc)
	case fold(strings.TrimSuffix(w, ":"), "teams"):
		return parseTeams(&sc)
	case fold(w, "start"):
		if err := expectAll(&sc, "of", "board"); err != nil {
			return nil, err
		}
		return StartOfBoard{}, nil
	case fold(w, "end"):
		if err := expectAll(&sc, "of", "session"); err != nil {
			return nil, err
		}
		return EndOfSession{}, nil
	case fold(w, "board"):
		return parseBoardInfo(&sc)
	case fold(w, "timing"):
		return parseTiming(&sc)
	case fold(strings.TrimSuffix(w, ":"), "refused"):
		return Refusal{Reason: freeText(sc.rest())}, nil
	case fold(w, "dummy"):
		return parseDummyLine(&sc)
	case fold(w, "dummy's"), fold(w, "dummys"):
		h, err := parseCardsTail(&sc)
		if err != nil {
			return nil, err
		}
		return DummyCards{Hand: h}, nil
	}
	if name, ok := possessive(w); ok {
		seat, err := engine.ParseSeat(name)
		if err != nil {
			return nil, fmt.Errorf("%w: %q", ErrUnknown, w)
		}
		h, err := parseCardsTail(&sc)
		if err != nil {
			return nil, err
		}
		return Cards{Seat: seat, Hand: h}, nil
	}
	seat, err := engine.ParseSeat(w)
	if err != nil {
		return nil, fmt.Errorf("%w: it starts with %q", ErrUnknown, w)
	}
	return parseSeatLine(&sc, seat)
}

// parseSeatLine reads the rest of a line that starts with a seat name.
func parseSeatLine(sc *scanner, seat engine.Seat) (Message, error) {
	start := sc.pos
	w := sc.word()
	switch {
	case strings.HasPrefix(w, "("), strings.HasPrefix(w, `"`):
		sc.pos = start
		return parseSeated(sc.rest(), seat)
	case fold(w, "ready"):
		return parseReady(sc, seat)
	case fold(w, "passes"), fold(w, "pass"):
		return parseCallTail(sc, Called{Seat: seat, Call: engine.Pass})
	case fold(w, "doubles"), fold(w, "double"):
		return parseCallTail(sc, Called{Seat: seat, Call: engine.Double})
	case fold(w, "redoubles"), fold(w, "redouble"):
		return parseCallTail(sc, Called{Seat: seat, Call: engine.Redouble})
	case fold(w, "bids"), fold(w, "bid"):
		t := sc.word()
		c, err := parseCallWord(strings.TrimRight(t, "."))
		if err != nil {
			return nil, err
		}
		return parseCallTail(sc, Called{Seat: seat, Call: c})
	case fold(w, "plays"), fold(w, "play"):
		return parsePlayTail(sc, Played{Seat: seat})
	case fold(w, "to"):
		if err := sc.expect("lead", ""); err != nil {
			return nil, err
		}
		return ToLead{Seat: seat}, sc.end()
	case fold(w, "received"):
		if err := sc.expect("dummy", ""); err != nil {
			return nil, err
		}
		return ReceivedDummy{Seat: seat}, sc.end()
	case fold(w, "seated"):
		return nil, malformed("seated without a team name")
	case w == "":
		return nil, fmt.Errorf("%w: a seat name alone", ErrUnknown)
	case hasSeatedSuffix(sc.s[start:]):
		// `North Team seated`: a team name with neither parentheses nor
		// quotes (bridge_env's manager sends it).
		return parseSeated(sc.s[start:], seat)
	}
	return nil, fmt.Errorf("%w: %s %q", ErrUnknown, seat.Name(), w)
}

// parseReady reads the rest of `<Seat> ready ...`.
func parseReady(sc *scanner, seat engine.Seat) (Message, error) {
	w := sc.word()
	if fold(w, "to") {
		if err := sc.expect("start", ""); err != nil {
			return nil, err
		}
		return ReadyToStart{Seat: seat}, sc.end()
	}
	if !fold(w, "for") {
		return nil, malformed("want \"ready for\" or \"ready to start\", found %q", w)
	}
	w = sc.word()
	switch {
	case fold(w, "teams"):
		return ReadyForTeams{Seat: seat}, sc.end()
	case fold(w, "deal"):
		return ReadyForDeal{Seat: seat}, sc.end()
	case fold(w, "cards"):
		return ReadyForCards{Seat: seat}, sc.end()
	case fold(w, "dummy"):
		return ReadyForDummy{Seat: seat}, sc.end()
	case fold(w, "dummy's"), fold(w, "dummys"):
		if err := sc.expect("card", ""); err != nil {
			return nil, err
		}
		return parseTrickTail(sc, ReadyForCard{Seat: seat, Dummy: true})
	}
	name, ok := possessive(w)
	if !ok {
		return nil, malformed("ready for %q: want teams, deal, cards, dummy or a seat's bid or card", w)
	}
	from, err := parseSeat(name)
	if err != nil {
		return nil, err
	}
	w = sc.word()
	switch {
	case fold(w, "bid"):
		return ReadyForBid{Seat: seat, From: from}, sc.end()
	case fold(w, "card"):
		return parseTrickTail(sc, ReadyForCard{Seat: seat, From: from})
	}
	return nil, malformed("want %s's bid or card, found %q", from.Name(), w)
}

// parseDummyLine reads `to lead` or `plays 5C` after `Dummy`.
func parseDummyLine(sc *scanner) (Message, error) {
	w := sc.word()
	switch {
	case fold(w, "to"):
		if err := sc.expect("lead", ""); err != nil {
			return nil, err
		}
		return ToLead{Dummy: true}, sc.end()
	case fold(w, "plays"), fold(w, "play"):
		return parsePlayTail(sc, Played{Dummy: true})
	}
	return nil, malformed("after Dummy want \"to lead\" or \"plays\", found %q", w)
}
