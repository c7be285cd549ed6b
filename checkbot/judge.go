package checkbot

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/protocol"
)

// Status is a scenario's verdict.
type Status string

// The verdicts.
const (
	// Pass: the scenario happened and every line of the bot was right.
	Pass Status = "pass"
	// Fail: a line of the bot departed from the protocol (or never came).
	Fail Status = "fail"
	// NotReached: the bot's own calls steered the board away from what
	// the scenario is after (it passed a hand the scenario wanted it to
	// declare); nothing it sent was wrong.
	NotReached Status = "not reached"
	// Limited: the bot fails a scenario that an event can work around
	// (the timing line, other managers' spellings); the detail says how.
	Limited Status = "limited"
)

// guide is the authors' guide the messages point into.
const guide = "docs/bot-authors.md"

// Sections of the guide, by their anchors.
const (
	docLines      = guide + "#lines-and-spellings"
	docHandshake  = guide + "#the-handshake"
	docBoard      = guide + "#the-start-of-a-board"
	docAuction    = guide + "#the-auction"
	docPlay       = guide + "#the-play"
	docDummy      = guide + "#playing-as-dummy-and-declarer"
	docEarlyDummy = guide + "#waiting-for-dummy-before-the-opening-lead"
	docToLead     = guide + "#leading-before-to-lead"
	docWait       = guide + "#how-long-the-table-waits"
	docFault      = guide + "#what-a-fault-costs"
	docReconnect  = guide + "#coming-back-after-a-drop"
	docEnd        = guide + "#the-end-of-a-session"
	docTiming     = guide + "#the-timing-line"
	docOthers     = guide + "#other-table-managers"
	docSeatName   = guide + "#seat-names"
)

// Result is one scenario's verdict, with the first line that departed
// when it failed.
type Result struct {
	Name   string `json:"name"`
	Title  string `json:"title"`
	Seat   string `json:"seat"`
	Status Status `json:"status"`
	// Boards is how many boards the table ended.
	Boards int `json:"boards"`
	// Restarts is how many times check-bot started the bot's process
	// again in the scenario: after a crash, or after a lost seat the bot
	// did not take again by itself within the grace. A bot that
	// reconnects by itself has none.
	Restarts int `json:"restarts,omitempty"`
	// Expected, Came and Why describe the first departure: what the
	// table expected from the bot, the line that came instead (or that
	// none came), and the table's verdict on it.
	Expected string `json:"expected,omitempty"`
	Came     string `json:"came,omitempty"`
	Why      string `json:"why,omitempty"`
	// Line is the departing line's number among the lines the bot sent
	// in the scenario, from 1 (0 when no line came).
	Line int `json:"line,omitempty"`
	// Doc is the guide's section that explains it.
	Doc string `json:"doc,omitempty"`
	// Notes are lines the table accepted in a spelling it tolerates, each
	// with its canonical form, and other remarks that are not failures.
	Notes []string `json:"notes,omitempty"`
	// Output is the end of the bot's standard output and error.
	Output string `json:"-"`

	lines   []entry
	startup time.Duration // from the start of the bot to its `ready to start`
}

// judge turns a scenario's session into its Result.
type judge struct {
	sc      Scenario
	su      setup
	seat    engine.Seat
	lines   []entry
	began   time.Time
	timeout time.Duration
	start   time.Duration
}

// verdict judges the boards the table ended, the board in play when it
// stopped, and the table's error.
func (j *judge) verdict(ends []boardEnd, last *engine.Board, runErr error) Result {
	res := Result{Name: j.sc.Name, Title: j.sc.Title, Seat: j.seat.Name(), Status: Pass, Boards: len(ends), lines: j.lines}
	res.Notes = j.spellings()
	for _, e := range j.lines {
		if e.FromBot && isReadyToStart(e.Text) {
			res.startup = e.At.Sub(j.began)
			break
		}
	}
	fail := func(expected, came, why, doc string, line int) Result {
		res.Status = Fail
		if j.su.optional {
			res.Status = Limited
		}
		res.Expected, res.Came, res.Why, res.Doc, res.Line = expected, came, why, doc, line
		return res
	}
	for i, e := range ends {
		if !e.outcome.IsFault() {
			continue
		}
		at, _ := e.outcome.Seat()
		if j.su.dropAfter > 0 && i == 0 && at == j.seat && e.outcome.Kind == engine.Disconnect {
			continue
		}
		if at != j.seat {
			return fail("", "", fmt.Sprintf("check-bot's own seat %s was at fault (%s): please report this", at.Name(), e.outcome.Detail), "", 0)
		}
		if j.su.dropAfter > 0 && i == 1 && e.outcome.Kind == engine.Disconnect {
			return fail(fmt.Sprintf("a new connection and `Connecting ... as %s ...` within %s after the table dropped the bot", j.seat.Name(), j.start),
				"no connection", e.outcome.Detail, docReconnect, 0)
		}
		exp, came, doc, line := j.departure(e.seen(j.lines), e.outcome)
		return fail(exp, came, fmt.Sprintf("%s: %s", e.outcome.Kind, e.outcome.Detail), doc, line)
	}
	if runErr != nil && !isStop(runErr) {
		// The session never got going (a handshake that failed), or the
		// table gave up on the bot between boards.
		exp, doc := j.handshakeExpectation()
		came, line := j.lastBotLine()
		why := j.handshakeWhy(runErr)
		if len(j.lastText()) > protocol.MaxLineLength {
			why, doc = fmt.Sprintf("a line longer than the protocol's %d bytes: the table closed the connection", protocol.MaxLineLength), docLines
		}
		return fail(exp, came, why, doc, line)
	}
	if j.su.reached != nil {
		reached := false
		for _, e := range ends {
			if !e.outcome.IsFault() && j.su.reached(&e.board, j.seat) {
				reached = true
			}
		}
		if !reached {
			res.Status = NotReached
			res.Why = "the bot's own calls took the board elsewhere (see the scenario's title); nothing it sent was wrong"
			return res
		}
		return res
	}
	if line, text := j.afterEnd(); line > 0 {
		return fail("nothing: after `End of session` the session is over", quote(text), "a line after the end of the session", docEnd, line)
	}
	return res
}

// seen returns the board as the bot knew it when it went wrong: after
// the calls and cards it had been told of or had made itself, up to its
// last line (which may be the offending one, and is not counted).
func (e *boardEnd) seen(lines []entry) *engine.Board {
	if len(e.states) == 0 {
		return &e.board
	}
	start := 0
	conn := 0
	for _, l := range lines {
		conn = max(conn, l.Conn)
	}
	for i, l := range lines {
		if l.Conn == conn && !l.FromBot && l.Text == "Start of board" {
			start = i
		}
	}
	n, lastBot := 0, -1
	for i := start; i < len(lines); i++ {
		if lines[i].Conn == conn && lines[i].FromBot {
			lastBot = i
		}
	}
	for i := start; i < len(lines); i++ {
		l := lines[i]
		if l.Conn != conn || i == lastBot && isAction(l.Text) {
			continue
		}
		if isAction(l.Text) {
			n++
		}
	}
	return &e.states[min(n, len(e.states)-1)]
}

// isAction reports whether a line is a call or a card.
func isAction(line string) bool {
	m, err := protocol.Parse(line)
	if err != nil {
		return false
	}
	switch m.(type) {
	case protocol.Called, protocol.Played:
		return true
	}
	return false
}

// isStop reports whether the table stopped at check-bot's request.
func isStop(err error) bool { return strings.Contains(err.Error(), errStop.Error()) }

// departure describes the bot's fault on a board: what was expected, what
// came, the guide's section, and the line's number.
func (j *judge) departure(b *engine.Board, o engine.Outcome) (expected, came, doc string, line int) {
	expected, doc = j.boardExpectation(b)
	switch o.Kind {
	case engine.Timeout:
		prev, n := j.lastBotLine()
		came = fmt.Sprintf("nothing within %s (the bot's last line: %s)", j.timeout, prev)
		if n == 0 {
			came = fmt.Sprintf("nothing within %s", j.timeout)
		}
		if isReadyForDummy(j.lastText()) && b.Phase() == engine.PhasePlay && b.Play().Len() == 0 {
			doc = docEarlyDummy
		} else if doc == "" {
			doc = docWait
		}
		return expected, came, doc, 0
	case engine.Disconnect:
		prev, _ := j.lastBotLine()
		return expected, "the bot closed its connection (its last line: " + prev + ")", docFault, 0
	}
	text, ok := offending(o.Detail)
	if !ok {
		prev, n := j.lastBotLine()
		return expected, prev, doc, n
	}
	n := j.find(text)
	if strings.Contains(o.Detail, " sent a line for ") {
		doc = docSeatName
	}
	if strings.HasPrefix(o.Detail, "unparseable") {
		doc = docLines
	}
	if n > 0 {
		text = j.botLine(n) // whole, where the fault quotes only its start
	}
	return expected, quote(text), doc, n
}

// offending returns the bot's line a fault's detail quotes at its end.
func offending(detail string) (string, bool) {
	if q, err := strconv.QuotedPrefix(detail); err == nil {
		// An illegal call or card: the line first, then the rule.
		s, err := strconv.Unquote(q)
		return s, err == nil
	}
	i := strings.LastIndex(detail, `: "`)
	if i < 0 {
		return "", false
	}
	q := strings.TrimSuffix(detail[i+2:], "...")
	s, err := strconv.Unquote(q)
	if err != nil {
		return "", false
	}
	return s, true
}

// boardExpectation says what the table waited for from the bot in the
// board b, and the guide's section on it.
func (j *judge) boardExpectation(b *engine.Board) (string, string) {
	me := j.seat.Name()
	// Before the deal: the lines of the board's start.
	since := j.sinceLast("Start of board")
	if since != nil {
		switch {
		case !has(since, false, "Board number"):
			return fmt.Sprintf("`%s ready for deal`", me), docBoard
		case !has(since, false, "'s cards"):
			return fmt.Sprintf("`%s ready for cards`", me), docBoard
		}
	}
	switch b.Phase() {
	case engine.PhaseAuction:
		turn := b.Auction().Turn()
		if turn != j.seat {
			return fmt.Sprintf("`%s ready for %s's bid`", me, turn.Name()), docAuction
		}
		var buf [engine.NumCalls]engine.Call
		legal := b.Auction().LegalCalls(buf[:0])
		return fmt.Sprintf("a legal call, e.g. `%s`; legal now: %s", protocol.Called{Seat: j.seat, Call: legal[0]}, callList(legal)), docAuction
	case engine.PhasePlay:
		turn, _ := b.Turn()
		actor, _ := b.Actor()
		trick := b.Play().TrickIndex() + 1
		dummy := b.Play().Dummy()
		if actor == j.seat && b.Play().Len()%4 == 0 && !j.toldToLead() {
			return fmt.Sprintf("nothing yet: a lead waits for the table's `%s to lead` (or `Dummy to lead`)", turn.Name()), docToLead
		}
		if actor == j.seat {
			legal := b.LegalCards()
			first, _ := legal.Lowest()
			line := protocol.Played{Seat: turn, Card: first}.String()
			if turn != j.seat {
				return fmt.Sprintf("dummy's card, played by the bot as declarer under dummy's name, e.g. `%s`; legal: %s", line, cardList(legal)), docDummy
			}
			return fmt.Sprintf("a legal card, e.g. `%s`; legal: %s", line, cardList(legal)), docPlay
		}
		doc := docPlay
		if j.seat == dummy {
			doc = docDummy
		}
		if turn != actor {
			return fmt.Sprintf("`%s ready for dummy's card to trick %d`", me, trick), doc
		}
		return fmt.Sprintf("`%s ready for %s's card to trick %d`", me, turn.Name(), trick), doc
	}
	return "nothing more on this board", docPlay
}

// toldToLead reports whether the table told the bot to lead since the
// bot's last call or card, leaving out the bot's last line (the one being
// judged). The table's "to lead" may come after that line: a bot that
// answers the auction's last pass at once can get a line in first.
func (j *judge) toldToLead() bool {
	judged := false
	for i := len(j.lines) - 1; i >= 0; i-- {
		e := j.lines[i]
		switch {
		case e.FromBot && !judged:
			judged = true
		case e.FromBot && isAction(e.Text):
			return false
		case !e.FromBot && strings.HasSuffix(e.Text, " to lead"):
			return true
		}
	}
	return false
}

// cardList writes a hand's cards as the protocol names them: AS KS 3C.
func cardList(h engine.Hand) string {
	var parts []string
	for _, c := range h.Cards(nil) {
		parts = append(parts, protocol.Played{Card: c}.String()[len("North plays "):])
	}
	slices.Reverse(parts)
	return strings.Join(parts, " ")
}

// callList writes legal calls compactly: Pass, X, 1D..7NT.
func callList(calls []engine.Call) string {
	var parts []string
	var bids []engine.Call
	for _, c := range calls {
		if c.IsBid() {
			bids = append(bids, c)
		} else {
			parts = append(parts, c.String())
		}
	}
	switch len(bids) {
	case 0:
	case 1:
		parts = append(parts, bids[0].String())
	default:
		parts = append(parts, bids[0].String()+".."+bids[len(bids)-1].String())
	}
	return strings.Join(parts, ", ")
}

// handshakeExpectation says what the bot should have sent next when the
// session stopped before it was seated (or between boards).
func (j *judge) handshakeExpectation() (string, string) {
	me := j.seat.Name()
	conn := j.lastConn()
	var got []entry
	for _, e := range j.lines {
		if e.Conn == conn {
			got = append(got, e)
		}
	}
	switch {
	case conn == 0 || !has(got, true, "Connecting"):
		return fmt.Sprintf("`Connecting \"NAME\" as %s using protocol version 18`", me), docHandshake
	case !has(got, false, "seated"):
		return fmt.Sprintf("`Connecting \"NAME\" as %s using protocol version 18` (the seat %s, or ANYPL)", me, me), docHandshake
	case !has(got, true, "ready for teams"):
		return fmt.Sprintf("`%s ready for teams`", me), docHandshake
	case !has(got, true, "ready to start"):
		return fmt.Sprintf("`%s ready to start`", me), docHandshake
	}
	return fmt.Sprintf("`%s ready for deal`", me), docBoard
}

// handshakeWhy explains a session that stopped outside a board.
func (j *judge) handshakeWhy(runErr error) string {
	for i := len(j.lines) - 1; i >= 0; i-- {
		if e := j.lines[i]; !e.FromBot && strings.HasPrefix(e.Text, "Refused") {
			return "the table refused the connection: " + quote(e.Text)
		}
	}
	if errors.Is(runErr, protocol.ErrNoSeats) {
		return fmt.Sprintf("the bot was not seated in time: %v", runErr)
	}
	return fmt.Sprintf("no such line within %s: the table closed the connection", j.timeout)
}

// spellings notes the bot's lines the table accepted only as tolerated
// variants, with their canonical forms (the first few).
func (j *judge) spellings() []string {
	var notes []string
	seen := map[string]bool{}
	for _, e := range j.lines {
		if !e.FromBot {
			continue
		}
		m, err := protocol.Parse(e.Text)
		if err != nil {
			continue
		}
		canon := m.String()
		if canon == e.Text || seen[canon] {
			continue
		}
		if _, ok := m.(protocol.ReceivedDummy); ok {
			continue
		}
		seen[canon] = true
		if len(notes) < 5 {
			notes = append(notes, fmt.Sprintf("accepted %s, but the canonical line is %s (%s)", quote(e.Text), quote(canon), docLines))
		}
	}
	return notes
}

// afterEnd returns the first line the bot sent after `End of session`,
// if any (a stray `ready to start` is tolerated).
func (j *judge) afterEnd() (int, string) {
	ended := false
	n := 0
	for _, e := range j.lines {
		if e.FromBot {
			n++
		}
		switch {
		case !e.FromBot && e.Text == "End of session":
			ended = true
		case ended && e.FromBot && !isReadyToStart(e.Text):
			return n, e.Text
		}
	}
	return 0, ""
}

// lastConn returns the number of the bot's last connection (0: none).
func (j *judge) lastConn() int {
	n := 0
	for _, e := range j.lines {
		n = max(n, e.Conn)
	}
	return n
}

// lastBotLine returns the bot's last line quoted, and its number.
func (j *judge) lastBotLine() (string, int) {
	n, last := 0, ""
	for _, e := range j.lines {
		if e.FromBot {
			n++
			last = e.Text
		}
	}
	if n == 0 {
		return "nothing", 0
	}
	return quote(last), n
}

// lastText returns the bot's last line.
func (j *judge) lastText() string {
	for i := len(j.lines) - 1; i >= 0; i-- {
		if j.lines[i].FromBot {
			return j.lines[i].Text
		}
	}
	return ""
}

// find returns the number of the bot's last line equal to text.
// A fault quotes a long line's start only, ended by "...": such a text
// finds the last line that starts with it.
func (j *judge) find(text string) int {
	start, cut := strings.CutSuffix(text, "...")
	n, at := 0, 0
	for _, e := range j.lines {
		if e.FromBot {
			n++
			if e.Text == text || cut && strings.HasPrefix(e.Text, start) {
				at = n
			}
		}
	}
	return at
}

// botLine returns the bot's n-th line (from 1).
func (j *judge) botLine(n int) string {
	for _, e := range j.lines {
		if e.FromBot {
			if n--; n == 0 {
				return e.Text
			}
		}
	}
	return ""
}

// sinceLast returns the lines since the table last sent the given line
// on the bot's last connection, or nil.
func (j *judge) sinceLast(text string) []entry {
	conn := j.lastConn()
	for i := len(j.lines) - 1; i >= 0; i-- {
		e := j.lines[i]
		if e.Conn == conn && !e.FromBot && e.Text == text {
			return j.lines[i:]
		}
	}
	return nil
}

// has reports whether one of the lines from the given side contains s.
func has(lines []entry, fromBot bool, s string) bool {
	for _, e := range lines {
		if e.FromBot == fromBot && strings.Contains(e.Text, s) {
			return true
		}
	}
	return false
}

func isReadyToStart(line string) bool {
	m, err := protocol.Parse(line)
	_, ok := m.(protocol.ReadyToStart)
	return err == nil && ok
}

func isReadyForDummy(line string) bool {
	m, err := protocol.Parse(line)
	_, ok := m.(protocol.ReadyForDummy)
	return err == nil && ok
}

// quoteLimit is how much of a long line a report shows.
const quoteLimit = 100

// quote shows a line as it came, in backquotes, or Go-quoted when it
// holds a backquote or a byte that would not show; of a line longer than
// quoteLimit, its start.
func quote(s string) string {
	if len(s) > quoteLimit {
		s = s[:quoteLimit] + "..."
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e || s[i] == '`' {
			return strconv.Quote(s)
		}
	}
	return "`" + s + "`"
}
