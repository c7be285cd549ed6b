package protocol

import (
	"time"

	"github.com/openroom/openroom/engine"
)

// Version is the protocol version openroom speaks and sends.
const Version = 18

// VersionSupported reports whether a seat announcing version v may sit
// down: 18, or 19 (a later extension whose lines are a superset of ours).
func VersionSupported(v int) bool { return v == 18 || v == 19 }

// MaxLineLength is the longest line, without its line ending, that Parse
// and Reader accept. Real lines are under 120 bytes; the bound stops a
// stranger from making the table buffer without limit.
const MaxLineLength = 512

// Kind names the kind of a message, for errors, logs and tests.
type Kind uint8

// The message kinds, in the order they appear in a session.
const (
	KindConnect Kind = iota + 1
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
func (k Kind) String() string {
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
	Kind() Kind
	// AppendTo appends the canonical line, without CRLF, to b.
	AppendTo(b []byte) []byte
	// String returns the canonical line without CRLF.
	String() string
	isMessage()
}

// Connect is a seat's first line:
// `Connecting "Team" as North using protocol version 18`, or `as ANYPL`
// (AnySeat) to take any free seat, in which case Seat is meaningless.
type Connect struct {
	Team    string
	Seat    engine.Seat
	AnySeat bool
	Version int
}

// Seated is the manager's answer to Connect: `North ("Team") seated`.
type Seated struct {
	Seat engine.Seat
	Team string
}

// Refusal is the manager's one plain-text line before it closes a
// connection it will not seat: `Refused: seat North is taken`. Reason must
// not be empty for the line to read back as a Refusal.
type Refusal struct {
	Reason string
}

// ReadyForTeams is `North ready for teams`.
type ReadyForTeams struct{ Seat engine.Seat }

// Teams is `Teams : N/S : "NSName" E/W : "EWName"`.
type Teams struct {
	NS, EW string
}

// ReadyToStart is `North ready to start`.
type ReadyToStart struct{ Seat engine.Seat }

// StartOfBoard is `Start of board`.
type StartOfBoard struct{}

// ReadyForDeal is `North ready for deal`.
type ReadyForDeal struct{ Seat engine.Seat }

// BoardInfo is `Board number 1. Dealer North. Neither vulnerable.`
type BoardInfo struct {
	Number int
	Dealer engine.Seat
	Vul    engine.Vulnerability
}

// ReadyForCards is `North ready for cards`.
type ReadyForCards struct{ Seat engine.Seat }

// Cards is a seat's own hand, sent to that seat only:
// `North's cards : S A K 3. H Q J T 9. D 8 7. C A 6 5 4.`
type Cards struct {
	Seat engine.Seat
	Hand engine.Hand
}

// DummyCards is dummy's hand, sent after the opening lead to the three
// other seats: `Dummy's cards : S A K 3. H -. D 8 7 6 5. C A 6 5 4 3.`
type DummyCards struct {
	Hand engine.Hand
}

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

// ReadyForBid is a waiting seat's request for the next call:
// `East ready for North's bid`.
type ReadyForBid struct {
	Seat engine.Seat // who asks
	From engine.Seat // whose call it waits for
}

// ToLead tells the seat on lead at the start of a trick: `West to lead`, or,
// when dummy is on lead, tells declarer `Dummy to lead` (Dummy set, Seat
// meaningless).
type ToLead struct {
	Seat  engine.Seat
	Dummy bool
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

// ReadyForDummy is `East ready for dummy`: a request for dummy's cards.
type ReadyForDummy struct{ Seat engine.Seat }

// ReceivedDummy is `East received dummy`, sent by some robots; the manager
// ignores it.
type ReceivedDummy struct{ Seat engine.Seat }

// Timing is the line after each board with each side's think time on the
// board and in the session so far. Durations are whole seconds on the wire:
// `Timing - N/S : this board  01:36,  total  0:01:36.  E/W : this board  01:34,  total  0:01:34.`
type Timing struct {
	NSBoard, NSTotal time.Duration
	EWBoard, EWTotal time.Duration
}

// EndOfSession is `End of session`: the manager closes after it.
type EndOfSession struct{}
