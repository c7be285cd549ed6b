package practice

import (
	"github.com/openroom/openroom/analysis"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/web/played"
)

// State is one message of the page's event stream: everything the person's
// seat may know now. It is built by viewState from the seat's engine.View
// and public facts (alerts, the bots' call meanings, who is thinking);
// Result, the only part that holds other hands, is set once the board is
// over.
type State struct {
	Version int    `json:"version"`
	Mode    string `json:"mode"`
	Level   string `json:"level"`
	Seat    string `json:"seat"` // the person's seat: "N" … "W"

	Board  int    `json:"board"`
	Dealer string `json:"dealer"`
	Vul    string `json:"vul"` // None, NS, EW or All
	Phase  string `json:"phase"`

	// Hands holds the remaining cards of the hands the seat may see: its
	// own, and dummy's after the opening lead. Nothing else, ever.
	Hands map[string][]string `json:"hands"`

	Auction  []CallInfo `json:"auction"`
	Contract string     `json:"contract,omitempty"` // e.g. "4SX", "Pass"
	Declarer string     `json:"declarer,omitempty"`
	Dummy    string     `json:"dummy,omitempty"`
	Tricks   SideCount  `json:"tricks"`

	Played []PlayedCard `json:"played"` // every card so far, in order, with its seat
	// Winners holds the winner of each complete trick, in order, as the
	// engine decided it: the hand viewer replays the board from Played and
	// Winners and applies no rule of its own. A trick in progress has none.
	Winners   []string     `json:"winners"`
	Trick     []PlayedCard `json:"trick"` // the current trick so far
	LastTrick []PlayedCard `json:"last_trick,omitempty"`
	LastWon   string       `json:"last_won,omitempty"` // the seat that won the last trick

	Turn string `json:"turn,omitempty"` // the seat whose call or card is next
	// PlaysFor is the person's partner when the partner declares and the
	// person plays the side's cards (declarer's and dummy's).
	PlaysFor string `json:"plays_for,omitempty"`
	Thinking string `json:"thinking,omitempty"` // a bot seat choosing now

	// Your is what the person must do now: "call", "card" (Turn says from
	// which hand), "next" after a board, or "" while a bot acts.
	Your       string   `json:"your"`
	LegalCalls []string `json:"legal_calls,omitempty"`
	LegalCards []string `json:"legal_cards,omitempty"`
	// Load says the table takes a PBN file's deals now (a "load"
	// request): after a board, or on a board before the person's first
	// call, which is then left unplayed for the file's first deal.
	Load bool `json:"load,omitempty"`

	Result  *Result `json:"result,omitempty"`
	Session Totals  `json:"session"`
	// Sheet is the rubber's score sheet so far (rubber and Chicago modes;
	// public, as it would be on the table).
	Sheet *engine.RubberSheet `json:"sheet,omitempty"`

	// Link names what decided the bots' last action when it was not the
	// level's own search: the page in the browser runs a chain of
	// fallbacks (Chain) and says which one is acting. Empty on the server.
	Link string `json:"link,omitempty"`
	// Record is the board in play as the page keeps it to resume it
	// (Record); set only when the table's Config asks for it.
	Record *Record `json:"record,omitempty"`
}

// CallInfo is one call of the auction with what the table says about it.
type CallInfo struct {
	Seat    string `json:"seat"`
	Call    string `json:"call"`
	Alert   string `json:"alert,omitempty"`   // the caller's alert text
	Meaning string `json:"meaning,omitempty"` // refbot's reading of the call by its bidder's system, from the public auction
	Bot     bool   `json:"bot"`               // made by a bot
}

// PlayedCard is one card on the table with its seat (the shape both pages
// share).
type PlayedCard = played.Card

// SideCount is a figure per partnership.
type SideCount struct {
	NS int `json:"NS"`
	EW int `json:"EW"`
}

// Result is the finished board: every hand, the score and the board in the
// two file formats, and its double-dummy analysis once computed.
type Result struct {
	Deal    map[string][]string `json:"deal"` // all four original hands
	DealPBN string              `json:"deal_pbn"`
	Outcome string              `json:"outcome"`
	Tricks  int                 `json:"tricks"` // declarer's side
	// Scoring names how the board was scored: "Law 77 raw score"
	// (duplicate), or the rubber's rule set.
	Scoring string `json:"scoring"`
	// ScoreNS is the board's score from North-South's side: the Law 77 raw
	// score in duplicate; in a rubber mode, the points this deal wrote for
	// North-South less those it wrote for East-West.
	ScoreNS  int    `json:"score_ns"`
	ScoreYou int    `json:"score_you"` // the same from the person's side
	Text     string `json:"text"`      // "4S by N, 10 tricks: +420 to NS"
	// Made is the result against the contract as the engine reckons it
	// ("=", "+1", "-2"), "" when the deal was passed out or stopped: the
	// page writes the result from it in the shared notation.
	Made string `json:"made,omitempty"`
	// Entry is what the deal wrote on the rubber's score sheet (rubber
	// modes only).
	Entry  *engine.RubberEntry `json:"entry,omitempty"`
	PBN    string              `json:"pbn"`
	LINURL string              `json:"lin_url"`
	// Analysis is the double-dummy table, par and each card's cost; nil
	// until the solver has finished (a later message brings it).
	Analysis *analysis.Board `json:"analysis"`
	// LostYou counts the tricks the person's own cards (and dummy's when
	// the person declared) lost against double dummy; valid with Analysis.
	LostYou int `json:"lost_you"`
	// Notes says which of the bots' actions were not decided by the
	// level's own search, and by what (the browser's fallback chain).
	Notes []string `json:"notes,omitempty"`
}

// Totals is the running session: raw scores are added up as they are,
// never called IMPs or matchpoints.
type Totals struct {
	Boards int `json:"boards"`
	// Score adds up the boards' ScoreYou: raw scores in duplicate, net
	// points on the score sheets in a rubber mode.
	Score    int `json:"score"`
	Rubbers  int `json:"rubbers,omitempty"` // rubbers finished (rubber modes)
	Lost     int `json:"lost"`              // tricks the person's cards lost against double dummy
	Analysed int `json:"analysed"`          // boards whose analysis is in Lost
}

// viewState builds the state of a board in play from the seat's view and
// public facts only. alerts and meanings are per call (missing entries are
// empty; a partner's alert is left out); bots says which seats are bots.
func viewState(v *engine.View, alerts, meanings []string, bot [engine.NumSeats]bool) State {
	st := State{
		Seat:   v.Seat.String(),
		Board:  v.Number,
		Dealer: v.Dealer.String(),
		Vul:    v.Vul.String(),
		Phase:  v.Phase().String(),
		Hands:  map[string][]string{},
	}
	for s := engine.North; s <= engine.West; s++ {
		if h, ok := v.Known(s); ok {
			st.Hands[s.String()] = CardStrings(h)
		}
	}
	a := &v.Auction
	st.Auction = make([]CallInfo, 0, a.Len())
	for i, c := range a.Calls() {
		seat := a.SeatOf(i)
		ci := CallInfo{Seat: seat.String(), Call: c.String(), Bot: bot[seat]}
		// An alert explains a call to its opponents: the person sees the
		// opponents' and their own, never their partner's.
		if i < len(alerts) && seat != v.Seat.Partner() {
			ci.Alert = alerts[i]
		}
		if i < len(meanings) {
			ci.Meaning = meanings[i]
		}
		st.Auction = append(st.Auction, ci)
	}
	if v.HasContract() {
		st.Contract = v.Contract.String()
		if !v.Contract.PassedOut() {
			st.Declarer = v.Contract.Declarer.String()
			st.Dummy = v.Contract.Dummy().String()
		}
	}
	st.Played, st.Winners, st.Trick = []PlayedCard{}, []string{}, []PlayedCard{}
	if v.Phase() != engine.PhaseAuction && !v.Contract.PassedOut() {
		p := &v.Play
		st.Tricks = SideCount{NS: p.Tricks(engine.NS), EW: p.Tricks(engine.EW)}
		st.Played, st.Winners = played.Cards(p)
		// The last complete trick and the one in progress are cut from
		// the cards played, each with the seat that played it.
		n := p.TrickIndex()
		if n > 0 {
			st.LastTrick = st.Played[4*(n-1) : 4*n : 4*n]
			st.LastWon = p.Winner(n - 1).String()
		}
		if !p.Done() {
			st.Trick = st.Played[4*n : len(st.Played) : len(st.Played)]
		}
	}
	if t, ok := v.Turn(); ok {
		st.Turn = t.String()
	}
	return st
}

// CardStrings lists a hand's cards, spades ace first, as "SA".
func CardStrings(h engine.Hand) []string {
	var buf [13]engine.Card
	cards := h.Cards(buf[:0])
	out := make([]string, len(cards))
	for i, c := range cards {
		out[len(cards)-1-i] = c.String()
	}
	return out
}

// SeatView is what a seat's view shows, as a State: its cards (and
// dummy's once exposed), every call and card, and the seat's legal calls
// or cards when it is to act. The browser's last-but-one fallback (a
// heuristic in JavaScript) decides from it, for a bot's seat.
func SeatView(v *engine.View) State {
	st := viewState(v, nil, nil, [engine.NumSeats]bool{})
	if actor, ok := v.Actor(); !ok || actor != v.Seat {
		return st
	}
	if v.Phase() == engine.PhaseAuction {
		st.Your = "call"
		for _, c := range v.Auction.LegalCalls(nil) {
			st.LegalCalls = append(st.LegalCalls, c.String())
		}
	} else if legal, ok := v.LegalCards(); ok {
		st.Your = "card"
		st.LegalCards = CardStrings(legal)
	}
	return st
}
