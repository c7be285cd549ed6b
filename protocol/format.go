package protocol

import (
	"strconv"
	"time"

	"github.com/openroom/openroom/engine"
)

// Canonical formatting. Every line is written exactly as spec/protocol.md
// shows it, because real robots match on exact shapes: Title-case seat
// names, suits in the order S H D C, ranks high to low, `-` for a void.

// AppendTo appends `Connecting "Team" as North using protocol version 18`.
// A zero Version is written as Version.
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
	return strconv.AppendInt(b, int64(v), 10)
}

// AppendTo appends `North ("Team") seated`.
func (m Seated) AppendTo(b []byte) []byte {
	b = append(b, m.Seat.Name()...)
	b = append(b, ` ("`...)
	b = append(b, m.Team...)
	return append(b, `") seated`...)
}

// AppendTo appends `Refused: <reason>`.
func (m Refusal) AppendTo(b []byte) []byte {
	b = append(b, "Refused: "...)
	return append(b, m.Reason...)
}

// AppendTo appends `North ready for teams`.
func (m ReadyForTeams) AppendTo(b []byte) []byte {
	b = append(b, m.Seat.Name()...)
	return append(b, " ready for teams"...)
}

// AppendTo appends `Teams : N/S : "NSName" E/W : "EWName"`.
func (m Teams) AppendTo(b []byte) []byte {
	b = append(b, `Teams : N/S : "`...)
	b = append(b, m.NS...)
	b = append(b, `" E/W : "`...)
	b = append(b, m.EW...)
	return append(b, '"')
}

// AppendTo appends `North ready to start`.
func (m ReadyToStart) AppendTo(b []byte) []byte {
	b = append(b, m.Seat.Name()...)
	return append(b, " ready to start"...)
}

// AppendTo appends `Start of board`.
func (StartOfBoard) AppendTo(b []byte) []byte { return append(b, "Start of board"...) }

// AppendTo appends `North ready for deal`.
func (m ReadyForDeal) AppendTo(b []byte) []byte {
	b = append(b, m.Seat.Name()...)
	return append(b, " ready for deal"...)
}

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

// AppendTo appends `North ready for cards`.
func (m ReadyForCards) AppendTo(b []byte) []byte {
	b = append(b, m.Seat.Name()...)
	return append(b, " ready for cards"...)
}

// AppendTo appends `North's cards : S A K 3. H Q J T 9. D 8 7. C A 6 5 4.`
func (m Cards) AppendTo(b []byte) []byte {
	b = append(b, m.Seat.Name()...)
	b = append(b, "'s cards : "...)
	return appendHand(b, m.Hand)
}

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

// AppendTo appends `East ready for North's bid`.
func (m ReadyForBid) AppendTo(b []byte) []byte {
	b = append(b, m.Seat.Name()...)
	b = append(b, " ready for "...)
	b = append(b, m.From.Name()...)
	return append(b, "'s bid"...)
}

// AppendTo appends `West to lead` or `Dummy to lead`.
func (m ToLead) AppendTo(b []byte) []byte {
	if m.Dummy {
		b = append(b, "Dummy"...)
	} else {
		b = append(b, m.Seat.Name()...)
	}
	return append(b, " to lead"...)
}

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

// AppendTo appends `East ready for dummy`.
func (m ReadyForDummy) AppendTo(b []byte) []byte {
	b = append(b, m.Seat.Name()...)
	return append(b, " ready for dummy"...)
}

// AppendTo appends `East received dummy`.
func (m ReceivedDummy) AppendTo(b []byte) []byte {
	b = append(b, m.Seat.Name()...)
	return append(b, " received dummy"...)
}

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

// AppendTo appends `End of session`.
func (EndOfSession) AppendTo(b []byte) []byte { return append(b, "End of session"...) }
