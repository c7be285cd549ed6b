package bidding

import (
	"fmt"
	"strings"

	"github.com/openroom/openroom/engine"
)

// Forcing says how far a call obliges partner to keep bidding.
type Forcing uint8

// The forcing levels of a call.
const (
	NotForcing  Forcing = iota // partner may pass
	ForcingOne                 // partner must bid once more (unless an opponent bids)
	GameForcing                // the partnership must reach game
)

// String returns "not forcing", "forcing" or "game forcing".
func (f Forcing) String() string {
	switch f {
	case ForcingOne:
		return "forcing"
	case GameForcing:
		return "game forcing"
	}
	return "not forcing"
}

// Source says where a meaning came from.
type Source uint8

// The sources of a meaning.
const (
	// FromTable: the call is a row of the system table (or one of its slam
	// conventions); its constraints are what the bidder promises.
	FromTable Source = iota
	// FromFallback: nothing in the table covered the hand or the auction and
	// the bidder chose the most natural legal call. Such a call carries no
	// constraints.
	FromFallback
)

// String returns "table" or "fallback".
func (s Source) String() string {
	if s == FromFallback {
		return "fallback"
	}
	return "table"
}

// Valuation names how a row counts the points of its Points range.
type Valuation uint8

// The valuations a row may use.
const (
	HCPOnly      Valuation = iota // high-card points only (the Points range is unused)
	LengthPoints                  // HCP plus one point per card beyond four in each suit (openings)
	DummyPoints                   // HCP plus void 5, singleton 3, doubleton 1 outside trumps (raises)
	SlamPoints                    // LengthPoints plus the shortness the slam tries count with Trump as trumps (cue bids)
)

// countsShortness reports whether the valuation counts shortness, and so
// depends on the meaning's Trump.
func (v Valuation) countsShortness() bool { return v == DummyPoints || v == SlamPoints }

// convention tags calls the slam machinery needs to recognise later in the
// auction (responses to Blackwood depend on the 4NT having been Blackwood).
type convention uint8

const (
	convNone convention = iota
	convBlackwood
	convAceAnswer
	convKingAsk
	convKingAnswer
	convQuant // a count-based quantitative 4NT (see ntSlamMeaning)
	convCue   // a control-showing cue bid (see cueMeaning)
	// convQueenAsk and convQueenAnswer are key card Blackwood's ask for
	// the trump queen and its answers (system_keycard.go).
	convQueenAsk
	convQueenAnswer
)

// Meaning is what a call promises, written as constraints on the caller's
// hand: an HCP range, per-suit length bounds (indexed by engine.Suit) and
// balance, plus how forcing it is, whether it is artificial, the alert text
// sent for it and a short human description. The HCP range is always a hard
// promise; when a row counts total points (Valuation), Points holds that
// range too and HCP holds the HCP bounds the points imply.
type Meaning struct {
	Call       engine.Call
	MinHCP     int
	MaxHCP     int
	MinLen     [engine.NumSuits]int
	MaxLen     [engine.NumSuits]int
	Balanced   bool
	Valuation  Valuation
	MinPoints  int // with Valuation != HCPOnly
	MaxPoints  int // with Valuation != HCPOnly
	Trump      engine.Suit
	Forcing    Forcing
	Artificial bool
	Alert      string // non-empty for alertable (artificial) calls
	Text       string // a short human description
	Source     Source

	conv convention
	// judge: the row is left to judgement (the clause judge): a bot that
	// simulates may bid any of the situation's judgement calls instead.
	judge bool
}

// unconstrained returns a meaning that promises nothing about the hand.
func unconstrained(c engine.Call) Meaning {
	m := Meaning{Call: c, MaxHCP: 37}
	for s := range m.MaxLen {
		m.MaxLen[s] = 13
	}
	return m
}

// union widens m so that it also admits everything other admits. Explain
// uses it when several rows of one situation make the same call.
func (m *Meaning) union(other *Meaning) {
	m.MinHCP = min(m.MinHCP, other.MinHCP)
	m.MaxHCP = max(m.MaxHCP, other.MaxHCP)
	for s := range m.MinLen {
		m.MinLen[s] = min(m.MinLen[s], other.MinLen[s])
		m.MaxLen[s] = max(m.MaxLen[s], other.MaxLen[s])
	}
	m.Balanced = m.Balanced && other.Balanced
	if m.Valuation != other.Valuation || m.Valuation.countsShortness() && m.Trump != other.Trump {
		m.Valuation, m.MinPoints, m.MaxPoints = HCPOnly, 0, 0
	} else {
		m.MinPoints = min(m.MinPoints, other.MinPoints)
		m.MaxPoints = max(m.MaxPoints, other.MaxPoints)
	}
	m.Forcing = min(m.Forcing, other.Forcing)
	if other.Text != m.Text {
		m.Text += "; or " + other.Text
	}
}

// String writes the meaning on one line, as refbot --explain logs it:
// "1H: 12-21 HCP, 13+ pts, 5+H; opening one of a major".
func (m Meaning) String() string {
	var b strings.Builder
	b.WriteString(m.Call.String())
	b.WriteString(": ")
	b.WriteString(m.constraints())
	if m.Forcing != NotForcing {
		b.WriteString(", " + m.Forcing.String())
	}
	if m.Alert != "" {
		b.WriteString(", alert")
	}
	if m.Text != "" {
		b.WriteString("; " + m.Text)
	}
	if m.Source == FromFallback {
		b.WriteString(" [natural fallback]")
	}
	return b.String()
}

// constraints writes the hand constraints alone: "12-21 HCP, 5+H, balanced".
func (m Meaning) constraints() string {
	var parts []string
	switch {
	case m.MinHCP == 0 && m.MaxHCP >= 37:
		parts = append(parts, "any HCP")
	case m.MaxHCP >= 37:
		parts = append(parts, fmt.Sprintf("%d+ HCP", m.MinHCP))
	default:
		parts = append(parts, fmt.Sprintf("%d-%d HCP", m.MinHCP, m.MaxHCP))
	}
	if m.Valuation != HCPOnly {
		kind := "pts"
		switch m.Valuation {
		case DummyPoints:
			kind = "support pts"
		case SlamPoints:
			kind = "pts with shortness"
		}
		if m.MaxPoints >= 40 {
			parts = append(parts, fmt.Sprintf("%d+ %s", m.MinPoints, kind))
		} else {
			parts = append(parts, fmt.Sprintf("%d-%d %s", m.MinPoints, m.MaxPoints, kind))
		}
	}
	for s := engine.Spades; ; s-- {
		lo, hi := m.MinLen[s], m.MaxLen[s]
		switch {
		case lo == hi:
			parts = append(parts, fmt.Sprintf("%d%s", lo, s))
		case lo > 0 && hi >= 13:
			parts = append(parts, fmt.Sprintf("%d+%s", lo, s))
		case lo > 0:
			parts = append(parts, fmt.Sprintf("%d-%d%s", lo, hi, s))
		case hi < 13:
			parts = append(parts, fmt.Sprintf("%d-%s", hi, s))
		}
		if s == engine.Clubs {
			break
		}
	}
	if m.Balanced {
		parts = append(parts, "balanced")
	}
	return strings.Join(parts, ", ")
}
