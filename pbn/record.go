package pbn

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/openroom/openroom/engine"
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

// FromRecord turns a results record read from a file into a PBN game: the
// record is decoded once (results.Record.Decode: a call or card the rules
// refuse, or a stated result the play does not give, is an error), then
// written by FromBoard.
func FromRecord(rec results.Record, opts RecordOptions) (*Game, error) {
	p, err := rec.Decode()
	if err != nil {
		return nil, recordError(rec.Board, "%w", err)
	}
	return FromBoard(p, opts)
}

// recordError is the error of a record that cannot be written as PBN.
func recordError(board int, format string, args ...any) error {
	return &Error{Board: strconv.Itoa(board), Err: fmt.Errorf("results record: "+format, args...)}
}

// FromBoard turns one board as played into a PBN game, reading the board
// as it is (nothing is parsed or replayed): Event, Site, Date, Board, the
// four players, Dealer, Vulnerable, Deal (dealer first), Scoring,
// Declarer, Contract and Result (empty when passed out or unfinished),
// then Score ("NS 420", from North-South's side; omitted for an adjusted
// board), Room ("Open"/"Closed" for the record's "open"/"closed",
// otherwise as recorded), Table, Termination ("normal", "time forfeit",
// "rules infraction" or "abandoned"), Generator ("openroom seed <seed>"
// when the record has a seed), and the Auction and Play sections (see
// SetAuction and SetPlay). More tags and tables can be set on the result
// before writing.
func FromBoard(p *results.Played, opts RecordOptions) (*Game, error) {
	g := &Game{}
	rec, b := p.Record, p.Board
	setHeader(g, p, opts)
	// A record's contract and declarer are the auction's (Decode checks
	// them, a table states them as its board has them); a record that
	// names no contract is written without one.
	contract, hasContract := b.Contract()
	hasContract = hasContract && strings.TrimSpace(rec.Contract) != ""
	setResult(g, rec, contract, hasContract)
	setWhere(g, rec, opts)
	if err := setSections(g, p, contract, hasContract); err != nil {
		return nil, err
	}
	return g, nil
}

// setHeader sets the tags that say which board it is and who played it.
func setHeader(g *Game, p *results.Played, opts RecordOptions) {
	rec, b := p.Record, p.Board
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
	g.Set("Dealer", b.Dealer().String())
	g.Set("Vulnerable", b.Vulnerability().String())
	g.Set("Deal", b.Deal().Format(b.Dealer()))
	g.Set("Scoring", scoring)
}

// setResult sets Declarer, Contract, Result and Score.
func setResult(g *Game, rec *results.Record, contract engine.Contract, hasContract bool) {
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
}

// setWhere sets Room, Table, Termination and Generator.
func setWhere(g *Game, rec *results.Record, opts RecordOptions) {
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
}

// setSections writes the Auction and Play sections from the board.
func setSections(g *Game, p *results.Played, contract engine.Contract, hasContract bool) error {
	b := p.Board
	a := &Auction{Dealer: b.Dealer()}
	ea := b.Auction()
	for i, c := range ea.Calls() {
		a.Calls = append(a.Calls, Call{Seat: ea.SeatOf(i), Call: c, Alert: p.Alerts[i], Alerted: p.Alerted[i]})
	}
	if len(a.Calls) > 0 || hasContract {
		if err := g.SetAuction(a); err != nil {
			return err
		}
	}
	switch {
	case b.Play().Len() > 0 && (!hasContract || contract.PassedOut()):
		return recordError(p.Record.Board, "play recorded without a contract")
	case hasContract && !contract.PassedOut():
		// With no card played (a fault at the lead) the section names
		// the opening leader and ends at once.
		g.replaceSection("Play", contract.Leader().String(), trickLines(b.Play()), nil, false)
	}
	return nil
}
