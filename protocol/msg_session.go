package protocol

import (
	"strconv"
	"strings"

	"github.com/openroom/openroom/engine"
)

// The session's lines, around the boards: the handshake (Connecting,
// seated or Refused, ready for teams, Teams, ready to start), Start of board
// and End of session. Each type sits with its formatting and its parsing.

// Connect is a seat's first line:
// `Connecting "Team" as North using protocol version 18`, or `as ANYPL`
// (AnySeat) to take any free seat, in which case Seat is meaningless.
// Info is any text after the version number, the bot's description of
// itself (BEN sends `18 BEN 0.8.8.6 default.conf` there); it is written
// only when set, so a Connect without it is the canonical line.
type Connect struct {
	Team    string
	Seat    engine.Seat
	AnySeat bool
	Version int
	Info    string
}

// Kind returns KindConnect.
func (Connect) Kind() MessageKind { return KindConnect }

// String returns the canonical line without CRLF.
func (m Connect) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (Connect) isMessage() {}

// AppendTo appends `Connecting "Team" as North using protocol version 18`,
// then a space and Info if Info is set. A zero Version is written as
// Version.
func (m Connect) AppendTo(b []byte) []byte {
	b = append(b, `Connecting "`...)
	b = append(b, m.Team...)
	b = append(b, `" as `...)
	if m.AnySeat {
		b = append(b, "ANYPL"...)
	} else {
		b = append(b, m.Seat.Name()...)
	}
	b = append(b, " using protocol version "...)
	v := m.Version
	if v == 0 {
		v = Version
	}
	b = strconv.AppendInt(b, int64(v), 10)
	if m.Info != "" {
		b = append(b, ' ')
		b = append(b, m.Info...)
	}
	return b
}

// parseConnect reads `"Team" as North using protocol version 18`, and
// keeps any text after the version as Info.
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
	m.Info = freeText(sc.rest())
	return m, nil
}

// Seated is the manager's answer to Connect: `North ("Team") seated`.
type Seated struct {
	Seat engine.Seat
	Team string
}

// Kind returns KindSeated.
func (Seated) Kind() MessageKind { return KindSeated }

// String returns the canonical line without CRLF.
func (m Seated) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (Seated) isMessage() {}

// AppendTo appends `North ("Team") seated`.
func (m Seated) AppendTo(b []byte) []byte {
	b = append(b, m.Seat.Name()...)
	b = append(b, ` ("`...)
	b = append(b, m.Team...)
	return append(b, `") seated`...)
}

const seatedSuffix = " seated"

// hasSeatedSuffix reports whether a line's rest ends in ` seated`.
func hasSeatedSuffix(rest string) bool {
	return len(rest) >= len(seatedSuffix) && fold(rest[len(rest)-len(seatedSuffix):], seatedSuffix)
}

// parseSeated reads `("Team") seated`; the parentheses and the quotes are
// optional.
func parseSeated(rest string, seat engine.Seat) (Message, error) {
	const suffix = seatedSuffix
	if !hasSeatedSuffix(rest) {
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

// Refusal is the manager's one plain-text line before it closes a
// connection it will not seat: `Refused: seat North is taken`. Reason must
// not be empty for the line to read back as a Refusal.
type Refusal struct {
	Reason string
}

// Kind returns KindRefusal.
func (Refusal) Kind() MessageKind { return KindRefusal }

// String returns the canonical line without CRLF.
func (m Refusal) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (Refusal) isMessage() {}

// AppendTo appends `Refused: <reason>`.
func (m Refusal) AppendTo(b []byte) []byte {
	b = append(b, "Refused: "...)
	return append(b, m.Reason...)
}

// ReadyForTeams is `North ready for teams`.
type ReadyForTeams struct{ Seat engine.Seat }

// Kind returns KindReadyForTeams.
func (ReadyForTeams) Kind() MessageKind { return KindReadyForTeams }

// String returns the canonical line without CRLF.
func (m ReadyForTeams) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (ReadyForTeams) isMessage() {}

// AppendTo appends `North ready for teams`.
func (m ReadyForTeams) AppendTo(b []byte) []byte {
	b = append(b, m.Seat.Name()...)
	return append(b, " ready for teams"...)
}

// Teams is `Teams : N/S : "NSName" E/W : "EWName"`.
type Teams struct {
	NS, EW string
}

// Kind returns KindTeams.
func (Teams) Kind() MessageKind { return KindTeams }

// String returns the canonical line without CRLF.
func (m Teams) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (Teams) isMessage() {}

// AppendTo appends `Teams : N/S : "NSName" E/W : "EWName"`.
func (m Teams) AppendTo(b []byte) []byte {
	b = append(b, `Teams : N/S : "`...)
	b = append(b, m.NS...)
	b = append(b, `" E/W : "`...)
	b = append(b, m.EW...)
	return append(b, '"')
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

// ReadyToStart is `North ready to start`.
type ReadyToStart struct{ Seat engine.Seat }

// Kind returns KindReadyToStart.
func (ReadyToStart) Kind() MessageKind { return KindReadyToStart }

// String returns the canonical line without CRLF.
func (m ReadyToStart) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (ReadyToStart) isMessage() {}

// AppendTo appends `North ready to start`.
func (m ReadyToStart) AppendTo(b []byte) []byte {
	b = append(b, m.Seat.Name()...)
	return append(b, " ready to start"...)
}

// StartOfBoard is `Start of board`.
type StartOfBoard struct{}

// Kind returns KindStartOfBoard.
func (StartOfBoard) Kind() MessageKind { return KindStartOfBoard }

// String returns the canonical line without CRLF.
func (m StartOfBoard) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (StartOfBoard) isMessage() {}

// AppendTo appends `Start of board`.
func (StartOfBoard) AppendTo(b []byte) []byte { return append(b, "Start of board"...) }

// EndOfSession is `End of session`: the manager closes after it.
type EndOfSession struct{}

// Kind returns KindEndOfSession.
func (EndOfSession) Kind() MessageKind { return KindEndOfSession }

// String returns the canonical line without CRLF.
func (m EndOfSession) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (EndOfSession) isMessage() {}

// AppendTo appends `End of session`.
func (EndOfSession) AppendTo(b []byte) []byte { return append(b, "End of session"...) }
