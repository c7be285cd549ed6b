package pbn

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/openroom/openroom/results"
)

// RecordOptions are the facts of a PBN game that a results record does not hold.
type RecordOptions struct {
	Event     string    // overrides the record's event when not empty
	Site      string    // the Site tag
	Date      time.Time // the Date tag (YYYY.MM.DD); the zero time writes "????.??.??" (unknown, as PBN says)
	Scoring   string    // the Scoring tag; "" means "IMP"
	Generator string    // the program named in the Generator tag; "" means "openroom"
}

// Termination tag values (PBN 2.1) for the results stream's termination kinds.
var terminationNames = map[string]string{
	results.KindNormal:     "normal",
	results.KindTimeout:    "time forfeit",
	results.KindIllegal:    "rules infraction",
	results.KindProtocol:   "rules infraction",
	results.KindDisconnect: "abandoned",
}

// FromRecord turns one results record into a PBN game: Event, Site, Date,
// Board, the four players, Dealer, Vulnerable, Deal (dealer first), Scoring,
// Declarer, Contract and Result (empty when passed out or unfinished), then
// Score ("NS 420", from North-South's side; omitted for an adjusted board),
// Room ("Open"/"Closed" for the record's "open"/"closed", otherwise as
// recorded), Table, Termination ("normal", "time forfeit", "rules
// infraction" or "abandoned"), Generator ("openroom seed <seed>" when the
// record has a seed), and the Auction and Play sections (see SetAuction and
// SetPlay). More tags and tables can be set on the result before writing.
func FromRecord(rec results.Record, opts RecordOptions) (*Game, error) {
	g := &Game{}
	fail := func(format string, args ...any) (*Game, error) {
		return nil, &Error{Board: strconv.Itoa(rec.Board), Err: fmt.Errorf("results record: "+format, args...)}
	}
	d, err := rec.Decode()
	if err != nil {
		return fail("%w", err)
	}
	b := d.Board
	dealer, vul, deal := b.Dealer(), b.Vulnerability(), b.Deal()
	event := rec.Event
	if opts.Event != "" {
		event = opts.Event
	}
	date := "????.??.??"
	if !opts.Date.IsZero() {
		date = opts.Date.Format("2006.01.02")
	}
	scoring := opts.Scoring
	if scoring == "" {
		scoring = "IMP"
	}
	g.Set("Event", event)
	g.Set("Site", opts.Site)
	g.Set("Date", date)
	g.Set("Board", strconv.Itoa(rec.Board))
	g.Set("West", rec.Players.W)
	g.Set("North", rec.Players.N)
	g.Set("East", rec.Players.E)
	g.Set("South", rec.Players.S)
	g.Set("Dealer", dealer.String())
	g.Set("Vulnerable", vul.String())
	g.Set("Deal", deal.Format(dealer))
	g.Set("Scoring", scoring)

	// Decode checked that a recorded contract and declarer are the
	// auction's; a record that names no contract is written without one.
	contract, hasContract := b.Contract()
	hasContract = hasContract && strings.TrimSpace(rec.Contract) != ""
	declarer, result := "", ""
	if hasContract && !contract.PassedOut() {
		declarer = contract.Declarer.String()
		if rec.Tricks != nil {
			result = strconv.Itoa(*rec.Tricks)
		}
	}
	g.Set("Declarer", declarer)
	if hasContract {
		g.Set("Contract", contract.String())
	} else {
		g.Set("Contract", "")
	}
	g.Set("Result", result)

	if rec.ScoreNS != nil {
		g.Set("Score", fmt.Sprintf("NS %d", *rec.ScoreNS))
	}
	switch strings.ToLower(rec.Room) {
	case "":
	case "open":
		g.Set("Room", "Open")
	case "closed":
		g.Set("Room", "Closed")
	default:
		g.Set("Room", rec.Room)
	}
	if rec.Table != "" {
		g.Set("Table", rec.Table)
	}
	if rec.Termination.Kind != "" {
		name, ok := terminationNames[rec.Termination.Kind]
		if !ok {
			name = rec.Termination.Kind
		}
		g.Set("Termination", name)
	}
	gen := opts.Generator
	if gen == "" {
		gen = "openroom"
	}
	if rec.Seed != "" {
		gen += " seed " + rec.Seed
	}
	g.Set("Generator", gen)

	a := &Auction{Dealer: dealer}
	ea := b.Auction()
	for i, c := range ea.Calls() {
		a.Calls = append(a.Calls, Call{Seat: ea.SeatOf(i), Call: c, Alert: d.Alerts[i], Alerted: d.Alerted[i]})
	}
	if len(a.Calls) > 0 || hasContract {
		if err := g.SetAuction(a); err != nil {
			return nil, err
		}
	}
	if len(rec.Play) > 0 {
		if !hasContract || contract.PassedOut() {
			return fail("play recorded without a contract")
		}
		p := &Play{Leader: contract.Leader(), Cards: b.Play().Cards()}
		if err := g.SetPlay(p, contract.Strain); err != nil {
			return nil, err
		}
	} else if hasContract && !contract.PassedOut() {
		// The auction ended but no card was played (a fault at the lead).
		if err := g.SetPlay(&Play{Leader: contract.Leader()}, contract.Strain); err != nil {
			return nil, err
		}
	}
	return g, nil
}
