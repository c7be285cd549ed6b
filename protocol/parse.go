package protocol

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/openroom/openroom/engine"
)

// Errors a ParseError wraps, so callers can tell the cases apart with
// errors.Is.
var (
	// ErrEmptyLine: the line is empty or only spaces.
	ErrEmptyLine = errors.New("empty line")
	// ErrLineTooLong: the line is longer than MaxLineLength.
	ErrLineTooLong = errors.New("line too long")
	// ErrNotASCII: the line holds a byte that is not printable ASCII.
	ErrNotASCII = errors.New("not printable ASCII")
	// ErrUnknown: the line is no message of the protocol.
	ErrUnknown = errors.New("unknown message")
	// ErrMalformed: the line starts like a message but is wrong further on.
	ErrMalformed = errors.New("malformed message")
)

// ParseError reports a line that is not a message, with the line (cut to
// a readable length) and why.
type ParseError struct {
	Line string // the offending line, at most about 100 bytes of it
	Err  error  // wraps ErrEmptyLine, ErrLineTooLong, ErrNotASCII, ErrUnknown or ErrMalformed
}

// Error returns `protocol: line "...": why`.
func (e *ParseError) Error() string {
	return fmt.Sprintf("protocol: line %q: %v", e.Line, e.Err)
}

// Unwrap returns the reason, for errors.Is.
func (e *ParseError) Unwrap() error { return e.Err }

// quoteLimit is how much of a bad line an error keeps.
const quoteLimit = 100

func parseError(line string, err error) *ParseError {
	if len(line) > quoteLimit {
		line = line[:quoteLimit] + "..."
	}
	return &ParseError{Line: line, Err: err}
}

func malformed(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrMalformed}, args...)...)
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

// clean strips the line ending, surrounding spaces and one trailing period,
// checks length and bytes, and collapses runs of blanks into one space. It
// allocates only when it has to collapse.
func clean(line string) (string, error) {
	for len(line) > 0 && (line[len(line)-1] == '\n' || line[len(line)-1] == '\r') {
		line = line[:len(line)-1]
	}
	if len(line) > MaxLineLength {
		return "", fmt.Errorf("%w: %d bytes, at most %d allowed", ErrLineTooLong, len(line), MaxLineLength)
	}
	collapse := false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == '\t':
			collapse = true
		case c < ' ' || c > '~':
			return "", fmt.Errorf("%w: byte 0x%02x at offset %d", ErrNotASCII, c, i)
		case c == ' ' && i > 0 && line[i-1] == ' ':
			collapse = true
		}
	}
	line = strings.Trim(line, " \t")
	line = strings.TrimSuffix(line, ".")
	line = strings.TrimRight(line, " \t")
	if line == "" {
		return "", ErrEmptyLine
	}
	if collapse {
		line = collapseBlanks(line)
	}
	return line, nil
}

func collapseBlanks(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	blank := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == ' ' || c == '\t' {
			blank = true
			continue
		}
		if blank {
			b.WriteByte(' ')
			blank = false
		}
		b.WriteByte(c)
	}
	return b.String()
}

// scanner walks a cleaned line word by word; words are separated by single
// spaces.
type scanner struct {
	s   string
	pos int
}

// word returns the next word, or "" at the end.
func (sc *scanner) word() string {
	if sc.pos >= len(sc.s) {
		return ""
	}
	rest := sc.s[sc.pos:]
	if i := strings.IndexByte(rest, ' '); i >= 0 {
		sc.pos += i + 1
		return rest[:i]
	}
	sc.pos = len(sc.s)
	return rest
}

// rest returns everything not yet read and consumes it.
func (sc *scanner) rest() string {
	if sc.pos >= len(sc.s) {
		return ""
	}
	r := sc.s[sc.pos:]
	sc.pos = len(sc.s)
	return r
}

// done reports whether the whole line has been read.
func (sc *scanner) done() bool { return sc.pos >= len(sc.s) }

// expect reads the next word and checks it against want, ignoring case and
// the punctuation in trim at its end.
func (sc *scanner) expect(want, trim string) error {
	w := sc.word()
	if !strings.EqualFold(strings.TrimRight(w, trim), want) {
		if w == "" {
			return malformed("want %q, found the end of the line", want)
		}
		return malformed("want %q, found %q", want, w)
	}
	return nil
}

// end checks that nothing follows.
func (sc *scanner) end() error {
	if !sc.done() {
		return malformed("unexpected %q at the end", sc.s[sc.pos:])
	}
	return nil
}

// skip reads the next word if it equals w (any case).
func (sc *scanner) skip(w string) bool {
	save := sc.pos
	if strings.EqualFold(sc.word(), w) {
		return true
	}
	sc.pos = save
	return false
}

// quoted reads a double-quoted text (which may hold spaces) and the space
// after it. A text without quotes is read as one word.
func (sc *scanner) quoted() (string, error) {
	rest := sc.s[min(sc.pos, len(sc.s)):]
	if rest == "" {
		return "", malformed("want a quoted name, found the end of the line")
	}
	if rest[0] != '"' {
		w := sc.word()
		if strings.IndexByte(w, '"') >= 0 {
			return "", malformed("name %q: a quote inside the name", w)
		}
		return w, nil
	}
	i := strings.IndexByte(rest[1:], '"')
	if i < 0 {
		return "", malformed("unterminated quoted name %s", rest)
	}
	sc.pos += i + 2
	if sc.pos < len(sc.s) && sc.s[sc.pos] == ' ' {
		sc.pos++
	}
	return rest[1 : i+1], nil
}

// freeText trims the periods and spaces around an alert, signal or reason,
// so that its canonical line reads back the same.
func freeText(s string) string { return strings.Trim(s, ". ") }

func fold(a, b string) bool { return strings.EqualFold(a, b) }

// possessive cuts a trailing 's from a word ("North's" -> "North").
func possessive(w string) (string, bool) {
	if len(w) > 2 && w[len(w)-2] == '\'' && (w[len(w)-1] == 's' || w[len(w)-1] == 'S') {
		return w[:len(w)-2], true
	}
	return w, false
}

func parseSeat(w string) (engine.Seat, error) {
	s, err := engine.ParseSeat(w)
	if err != nil {
		return 0, malformed("seat %q: want North, East, South or West", w)
	}
	return s, nil
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

func expectAll(sc *scanner, words ...string) error {
	for _, w := range words {
		if err := sc.expect(w, ""); err != nil {
			return err
		}
	}
	return sc.end()
}

// parseConnect reads `"Team" as North using protocol version 18`.
func parseConnect(sc *scanner) (Message, error) {
	team, err := sc.quoted()
	if err != nil {
		return nil, err
	}
	if err := sc.expect("as", ""); err != nil {
		return nil, err
	}
	m := Connect{Team: team}
	w := sc.word()
	if fold(w, "ANYPL") {
		m.AnySeat = true
	} else if m.Seat, err = parseSeat(w); err != nil {
		return nil, err
	}
	for _, kw := range [...]string{"using", "protocol", "version"} {
		if err := sc.expect(kw, ""); err != nil {
			return nil, err
		}
	}
	v := sc.word()
	if m.Version, err = smallInt(v, 9999); err != nil || m.Version == 0 {
		return nil, malformed("protocol version %q: want a number", v)
	}
	return m, sc.end()
}

// smallInt reads a decimal number from 0 to max.
func smallInt(w string, max int) (int, error) {
	if w == "" || len(w) > 9 {
		return 0, strconv.ErrSyntax
	}
	n := 0
	for i := 0; i < len(w); i++ {
		c := w[i]
		if c < '0' || c > '9' {
			return 0, strconv.ErrSyntax
		}
		n = n*10 + int(c-'0')
	}
	if n > max {
		return 0, strconv.ErrRange
	}
	return n, nil
}

// parseTeams reads `: N/S : "NSName" E/W : "EWName"` (colons optional).
func parseTeams(sc *scanner) (Message, error) {
	var m Teams
	var haveNS, haveEW bool
	sc.skip(":")
	for range 2 {
		w := strings.TrimSuffix(sc.word(), ":")
		sc.skip(":")
		name, err := sc.quoted()
		if err != nil {
			return nil, err
		}
		switch {
		case !haveNS && (fold(w, "N/S") || fold(w, "NS")):
			m.NS, haveNS = name, true
		case !haveEW && (fold(w, "E/W") || fold(w, "EW")):
			m.EW, haveEW = name, true
		default:
			return nil, malformed("teams: want N/S and E/W, found %q", w)
		}
	}
	return m, sc.end()
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
	}
	return nil, fmt.Errorf("%w: %s %q", ErrUnknown, seat.Name(), w)
}

// parseSeated reads `("Team") seated`; the parentheses and the quotes are
// optional.
func parseSeated(rest string, seat engine.Seat) (Message, error) {
	const suffix = " seated"
	if len(rest) < len(suffix) || !fold(rest[len(rest)-len(suffix):], suffix) {
		return nil, malformed("want (\"Team\") seated")
	}
	team := rest[:len(rest)-len(suffix)]
	if len(team) >= 2 && team[0] == '(' && team[len(team)-1] == ')' {
		team = strings.TrimSpace(team[1 : len(team)-1])
	}
	if len(team) >= 2 && team[0] == '"' && team[len(team)-1] == '"' {
		team = team[1 : len(team)-1]
	}
	if strings.IndexByte(team, '"') >= 0 {
		return nil, malformed("team %q: a quote inside the name", team)
	}
	return Seated{Seat: seat, Team: team}, nil
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
