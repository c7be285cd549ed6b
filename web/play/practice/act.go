package practice

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/openroom/openroom/engine"
)

// Request is one intent of the person, as the page sends it.
type Request struct {
	Kind  string `json:"kind"` // call, card, next, replay, takeover
	Call  string `json:"call,omitempty"`
	Alert string `json:"alert,omitempty"`
	Card  string `json:"card,omitempty"`
	// Deals are the deals to play next (kind "load": after a board, or
	// before the person's first call on the board in play, which is then
	// left unplayed), as a PBN file's Board and Deal tags give them.
	Deals []LoadDeal `json:"deals,omitempty"`
}

// LoadDeal is one deal of a PBN file the person loads: its board number
// (which gives its dealer and vulnerability) and its PBN deal string.
type LoadDeal struct {
	Board int    `json:"board"`
	Deal  string `json:"deal"`
}

// MaxLoad bounds the deals of one load request: they must fit a request
// body, and a file with more is loaded in parts.
const MaxLoad = 24

// MaxAlert bounds an alert's text, in characters.
const MaxAlert = 200

// ParseRequest reads a request body strictly: known fields only, a known
// kind, and the fields that kind needs. "takeover" is the server's own
// (a tab taking the seat over); a Table does not take it.
func ParseRequest(body []byte) (Request, error) {
	var req Request
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return Request{}, fmt.Errorf("malformed request: %v", err)
	}
	if dec.More() {
		return Request{}, errors.New("malformed request: more than one JSON value")
	}
	switch req.Kind {
	case "call":
		if req.Call == "" {
			return Request{}, errors.New(`a call request needs "call", e.g. "1H", "Pass", "X"`)
		}
		if n := len([]rune(req.Alert)); n > MaxAlert {
			return Request{}, fmt.Errorf("the alert is %d characters; at most %d", n, MaxAlert)
		}
		for _, r := range req.Alert {
			if r < ' ' || r == 0x7f {
				return Request{}, errors.New("the alert holds a control character")
			}
		}
	case "card":
		if req.Card == "" {
			return Request{}, errors.New(`a card request needs "card", e.g. "SA"`)
		}
	case "load":
		if len(req.Deals) == 0 || len(req.Deals) > MaxLoad {
			return Request{}, fmt.Errorf("a load request needs 1 to %d deals, not %d", MaxLoad, len(req.Deals))
		}
	case "next", "replay", "takeover":
	case "":
		return Request{}, errors.New(`the request needs "kind": call, card, next, replay, load or takeover`)
	default:
		return Request{}, fmt.Errorf("unknown kind %q (call, card, next, replay, load or takeover)", req.Kind)
	}
	return req, nil
}

// Refusal is why Act refused a request. Malformed is true when the
// request itself is wrong (not a call, not a card); otherwise it does not
// fit the person's turn.
type Refusal struct {
	Malformed bool
	Msg       string
}

func (r *Refusal) Error() string { return r.Msg }

func refuse(format string, args ...any) error {
	return &Refusal{Msg: fmt.Sprintf(format, args...)}
}

func malformed(format string, args ...any) error {
	return &Refusal{Malformed: true, Msg: fmt.Sprintf(format, args...)}
}

// Act judges a parsed request against the person's turn and hands it on
// when it is legal; otherwise it returns a *Refusal and changes nothing.
func (t *Table) Act(req Request) error {
	var a action
	a.kind = req.Kind
	t.mu.Lock()
	defer t.mu.Unlock()
	w := t.wait
	if w == nil {
		if th := t.state.Thinking; th != "" {
			return refuse("not your turn: %s is thinking", seatName(th))
		}
		return refuse("not your turn")
	}
	v := &w.view
	switch req.Kind {
	case "call":
		if w.kind != waitCall {
			return refuse("not your call: %s", w.describe())
		}
		c, err := engine.ParseCall(req.Call)
		if err != nil {
			return malformed("%q is not a call: %v", req.Call, err)
		}
		if err := v.Auction.Check(c); err != nil {
			return refuse("%s is not a legal call now: %v", c, err)
		}
		a.call, a.alert = c, req.Alert
	case "card":
		if w.kind != waitCard {
			return refuse("not your card: %s", w.describe())
		}
		c, err := engine.ParseCard(req.Card)
		if err != nil {
			return malformed("%q is not a card: %v", req.Card, err)
		}
		turn := v.Play.Turn()
		hand, _ := v.Known(turn)
		if err := v.Play.Check(hand, c); err != nil {
			return refuse("%s from %s's hand: %v", c, turn.Name(), err)
		}
		a.card = c
	case "load":
		if !w.loadable(t.seat) {
			return refuse("deals are loaded after a board or before your first call: %s", w.describe())
		}
		for i, d := range req.Deals {
			deal, err := engine.ParseDeal(d.Deal)
			if err != nil {
				return malformed("deal %d (board %d): %v", i+1, d.Board, err)
			}
			a.deals = append(a.deals, engine.NewBoardSetup(max(d.Board, 1), deal))
		}
	case "next", "replay":
		if w.kind != waitNext {
			return refuse("the board is not over: %s", w.describe())
		}
		if _, rubber := t.cfg.Mode.RubberKind(); rubber && req.Kind == "replay" {
			return refuse("a %s deal is on the score sheet and cannot be played again", t.cfg.Mode)
		}
	default:
		return malformed("unknown kind %q (call, card, next, replay or load)", req.Kind)
	}
	t.wait = nil
	w.ch <- a
	return nil
}

// loadable reports whether the person may load deals now: after a board,
// or at their call before they have made one on this board (nothing of
// theirs is then lost when the board is left for the file's first deal).
func (w *waiting) loadable(seat engine.Seat) bool {
	switch w.kind {
	case waitNext:
		return true
	case waitCall:
		a := w.view.Auction
		for i := range a.Len() {
			if a.SeatOf(i) == seat {
				return false
			}
		}
		return true
	}
	return false
}

// describe says what the person is being asked for.
func (w *waiting) describe() string {
	switch w.kind {
	case waitCall:
		return "you are to call"
	case waitCard:
		if t := w.view.Play.Turn(); t != w.view.Seat {
			return fmt.Sprintf("you are to play from dummy (%s)", t.Name())
		}
		return "you are to play a card"
	}
	return "the board is over: next board or play it again"
}

func seatName(s string) string {
	if seat, err := engine.ParseSeat(s); err == nil {
		return seat.Name()
	}
	return s
}
