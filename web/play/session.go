package play

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/lin"
	"github.com/openroom/openroom/pbn"
	"github.com/openroom/openroom/player"
	"github.com/openroom/openroom/refbot"
	"github.com/openroom/openroom/results"
)

// noSeat stands for no seat: nobody is thinking.
const noSeat = engine.Seat(0xff)

// waitKind is what the session waits for from the person.
type waitKind uint8

const (
	waitCall waitKind = iota + 1
	waitCard
	waitNext // the board is over: next board or the same again
)

// action is one validated intent of the person.
type action struct {
	kind  string // "call", "card", "next", "replay"
	call  engine.Call
	alert string
	card  engine.Card
}

// waiting is the person's turn: the view the request is judged against
// (a copy: the board cannot move while the person is to act) and where the
// accepted action goes.
type waiting struct {
	kind waitKind
	view engine.View
	ch   chan action // capacity 1: the handler never blocks
}

// session is one person's table: the board in play, driven by a
// player.Referee in the session's own goroutine, and what the page was last
// sent. The board and referee are touched only by that goroutine; the
// handlers see the published state and the waiting turn, under mu.
type session struct {
	id   string
	srv  *Server
	seat engine.Seat
	sys  [engine.NumSeats]*refbot.System // by seat: how each seat's calls are made and explained

	// Owned by the session goroutine.
	board    *engine.Board
	ref      *player.Referee
	meanings []string
	bots     [engine.NumSeats]player.Player
	isBot    [engine.NumSeats]bool
	rubber   *engine.Rubber // the score sheet in a rubber mode; nil in duplicate

	mu       sync.Mutex
	version  int
	state    State
	msg      []byte        // state as JSON
	changed  chan struct{} // closed and replaced on every change
	wait     *waiting
	result   *Result             // the finished board's, until the next begins
	sheet    *engine.RubberSheet // the rubber's sheet as last published
	totals   Totals
	holder   string // the tab that holds the seat
	conn     *conn  // the holder's live stream, if any
	lastSeen time.Time

	cancel context.CancelFunc
	done   chan struct{}
}

// conn is one live event stream of a tab.
type conn struct {
	tab   string
	taken chan string // receives the new holder's notice when another tab takes over
}

// The teams the play page's bots play for, and are seeded by
// (refbot.TeamSeed): a person's board is the room of `tablemanager run
// --team NS=builtin:refbot:LEVEL --team EW=builtin:refbot:LEVEL` with the
// same seed and board in which team NS sits North-South, the person in
// place of one bot, so its bots decide as that run's and the board replays
// exactly from its record.
const (
	teamNS = "NS"
	teamEW = "EW"
)

func newSession(srv *Server, id string) (*session, error) {
	s := &session{id: id, srv: srv, seat: srv.cfg.Seat,
		changed: make(chan struct{}), done: make(chan struct{}), lastSeen: time.Now()}
	def := refbot.NewSystem()
	for seat := engine.North; seat <= engine.West; seat++ {
		s.sys[seat] = srv.cfg.Systems[seat]
		if s.sys[seat] == nil {
			s.sys[seat] = def
		}
	}
	for seat := engine.North; seat <= engine.West; seat++ {
		if seat == s.seat {
			continue
		}
		team := teamNS
		if seat.Side() == engine.EW {
			team = teamEW
		}
		b, err := refbot.NewBuiltin(srv.cfg.Level, refbot.TeamSeed(team), refbot.WithSystem(s.sys[seat]), refbot.WithOpponentSystem(s.sys[seat.LHO()]))
		if err != nil {
			return nil, fmt.Errorf("play: bot at %s: %w", seat.Name(), err)
		}
		s.bots[seat], s.isBot[seat] = b, true
	}
	return s, nil
}

// start runs the session's table until ctx ends or Close.
func (s *session) start(ctx context.Context) {
	ctx, s.cancel = context.WithCancel(ctx)
	go func() {
		defer close(s.done)
		s.run(ctx)
	}()
}

func (s *session) stop() {
	s.cancel()
	<-s.done
}

// run plays boards one after another: each to its end through a Referee,
// then waits for the person's next board (or the same one again).
func (s *session) run(ctx context.Context) {
	setup := s.firstSetup()
	for {
		b := engine.NewBoard(setup.Number, setup.Deal)
		b.Reset(setup)
		s.board, s.meanings = b, s.meanings[:0]
		s.mu.Lock()
		s.result = nil
		s.mu.Unlock()
		s.ref = &player.Referee{}
		for seat := engine.North; seat <= engine.West; seat++ {
			if s.isBot[seat] {
				s.ref.Players[seat] = botSeat{s: s, seat: seat, p: s.bots[seat]}
			} else {
				s.ref.Players[seat] = person{s: s}
			}
		}
		o, err := s.ref.Play(ctx, b)
		if err != nil {
			return
		}
		s.finish(b, o)
		a, err := s.await(ctx, waitNext, nil)
		if err != nil {
			return
		}
		if a.kind == "next" {
			setup = s.nextSetup(setup)
		}
	}
}

// firstSetup is the session's first board: in duplicate the server's; in a
// rubber mode its cards, with the dealer and vulnerability of a new rubber.
func (s *session) firstSetup() engine.BoardSetup {
	setup := s.srv.firstBoard()
	if kind, ok := s.srv.cfg.Mode.rubberKind(); ok {
		s.rubber = engine.NewRubber(kind, engine.North)
		s.publishSheet()
		setup = s.rubberDeal(setup)
	}
	return setup
}

// nextSetup follows a finished board. In a rubber mode the deals are
// numbered on through the session (each dealt from the seed) and a rubber
// that is over gives way to a new one, its first dealer the next seat.
func (s *session) nextSetup(prev engine.BoardSetup) engine.BoardSetup {
	next := s.srv.nextBoard(prev)
	if s.rubber == nil {
		return next
	}
	if s.rubber.Over() {
		s.rubber = engine.NewRubber(s.rubber.Kind(), s.rubber.FirstDealer().Next())
		s.publishSheet()
	}
	return s.rubberDeal(next)
}

// rubberDeal gives a board the rubber's dealer and vulnerability.
func (s *session) rubberDeal(setup engine.BoardSetup) engine.BoardSetup {
	setup.Dealer, setup.Vul = s.rubber.NextDealer(), s.rubber.NextVulnerability()
	return setup
}

// publishSheet stores the rubber's sheet for the next states.
func (s *session) publishSheet() {
	sheet := s.rubber.Sheet()
	s.mu.Lock()
	s.sheet = &sheet
	s.mu.Unlock()
}

// botSeat is a bot at the table; it tells the page that it is thinking
// before it decides.
type botSeat struct {
	s    *session
	seat engine.Seat
	p    player.Player
}

func (b botSeat) Call(ctx context.Context, v *engine.View) (engine.Call, string, error) {
	b.s.publish(b.seat, nil)
	return b.p.Call(ctx, v)
}

func (b botSeat) Card(ctx context.Context, v *engine.View) (engine.Card, error) {
	b.s.publish(b.seat, nil)
	return b.p.Card(ctx, v)
}

// person is the seat played from the browser: it waits for the page's
// intent, which the handler has already judged against this view.
type person struct{ s *session }

func (p person) Call(ctx context.Context, v *engine.View) (engine.Call, string, error) {
	a, err := p.s.await(ctx, waitCall, v)
	return a.call, a.alert, err
}

func (p person) Card(ctx context.Context, v *engine.View) (engine.Card, error) {
	a, err := p.s.await(ctx, waitCard, v)
	return a.card, err
}

// await publishes the person's turn and waits for an accepted action.
func (s *session) await(ctx context.Context, kind waitKind, v *engine.View) (action, error) {
	w := &waiting{kind: kind, ch: make(chan action, 1)}
	if v != nil {
		w.view = *v
	}
	s.publish(noSeat, w)
	select {
	case a := <-w.ch:
		return a, nil
	case <-ctx.Done():
		return action{}, ctx.Err()
	}
}

// publish builds the person's state from the board and sends it to the
// page; thinking is the bot seat about to decide (noSeat for none), w the
// person's turn (nil for none). Called from the session goroutine only.
func (s *session) publish(thinking engine.Seat, w *waiting) {
	b := s.board
	a := b.Auction()
	for i := len(s.meanings); i < a.Len(); i++ {
		m, err := s.sys[a.SeatOf(i)].Explain(a, i)
		text := ""
		if err == nil {
			text = m.String()
		}
		s.meanings = append(s.meanings, text)
	}
	v := b.View(s.seat)
	st := viewState(&v, s.ref.Alerts(), s.meanings, s.isBot)
	if thinking <= engine.West {
		st.Thinking = thinking.String()
	}
	if w != nil {
		switch w.kind {
		case waitCall:
			st.Your = "call"
			for _, c := range w.view.Auction.LegalCalls(nil) {
				st.LegalCalls = append(st.LegalCalls, c.String())
			}
		case waitCard:
			st.Your = "card"
			if legal, ok := w.view.LegalCards(); ok {
				st.LegalCards = cardStrings(legal)
			}
		case waitNext:
			st.Your = "next"
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	st.Result = s.result
	st.Sheet = s.sheet
	s.wait = w
	s.setLocked(st)
}

// setLocked stores a new state and wakes the streams.
func (s *session) setLocked(st State) {
	s.version++
	st.Version = s.version
	st.Mode = string(s.srv.cfg.Mode)
	st.Level = s.srv.cfg.Level
	st.Session = s.totals
	msg, err := json.Marshal(st)
	if err != nil {
		// State holds only strings, ints, slices and maps: this cannot
		// happen, but if it did the page keeps the last good state.
		s.srv.logf("play: encode state: %v", err)
		return
	}
	s.state, s.msg = st, msg
	close(s.changed)
	s.changed = make(chan struct{})
}

// exports writes the finished board as PBN (with its header) and as a
// link to BBO's hand viewer, from the board itself: "" for either that
// cannot be written.
func exports(b *engine.Board, rec *results.Record, scoring string) (pbnText, linURL string) {
	rec.SetBoard(b)
	p, err := rec.Played()
	if err != nil {
		return "", ""
	}
	if g, err := pbn.FromBoard(p, pbn.RecordOptions{Scoring: scoring, Date: time.Now()}); err == nil {
		if buf, err := g.AppendExport([]byte(pbn.Header)); err == nil {
			pbnText = string(buf)
		}
	}
	return pbnText, lin.HandViewerURL(lin.FromBoard(p).String())
}

// finish reveals the board once it is over: every hand, the score, PBN and
// LIN, then the double-dummy analysis when the solver is done.
func (s *session) finish(b *engine.Board, o engine.Outcome) {
	rec := s.record(b, o)
	res := &Result{Deal: map[string][]string{}, DealPBN: b.Deal().Format(b.Dealer()), Outcome: o.String()}
	for seat := engine.North; seat <= engine.West; seat++ {
		res.Deal[seat.String()] = cardStrings(b.Deal()[seat])
	}
	c, _ := b.Contract()
	res.Scoring = "Law 77 raw score"
	score, _ := b.ScoreNS()
	if !c.PassedOut() {
		res.Tricks = b.DeclarerTricks()
	}
	played := "Passed out"
	if !c.PassedOut() {
		played = fmt.Sprintf("%s by %s, %d tricks", c, c.Declarer, res.Tricks)
	}
	res.Text = fmt.Sprintf("%s: %+d to NS", played, score)
	if s.rubber != nil {
		score = s.scoreRubber(res, b, played, o)
		rec.Ruleset = res.Scoring
	}
	res.ScoreNS, res.ScoreYou = score, score
	if s.seat.Side() == engine.EW {
		res.ScoreYou = -score
	}
	if o.IsFault() {
		res.Text = "Stopped: " + o.String()
	}
	scoring := "Duplicate raw score (Law 77)"
	switch s.srv.cfg.Mode {
	case Rubber:
		scoring = "Rubber"
	case Chicago:
		scoring = "Chicago"
	}
	res.PBN, res.LINURL = exports(b, &rec, scoring)
	s.mu.Lock()
	s.totals.Boards++
	s.totals.Score += res.ScoreYou
	if res.Entry != nil && res.Entry.Over {
		s.totals.Rubbers++
	}
	s.result = res
	s.mu.Unlock()
	s.publish(noSeat, nil)
	done := *b
	go s.analyse(&done, res)
}

// record is the finished board's results record: the session's players
// (the person and the refbots) and how it ended.
func (s *session) record(b *engine.Board, o engine.Outcome) results.Record {
	rec := results.FromBoard(b, s.ref.Alerts())
	rec.Event, rec.Ruleset = "openroom play", "bridge-duplicate-practice-v1"
	for seat := engine.North; seat <= engine.West; seat++ {
		name := "refbot " + s.srv.cfg.Level
		if !s.isBot[seat] {
			name = "You"
		}
		rec.Players.Set(seat, name)
	}
	rec.SetOutcome(o)
	return rec
}

// scoreRubber scores the finished board on the rubber or Chicago sheet:
// it sets res's scoring, text and sheet entry and returns the board's
// score to North-South on the sheet (0 when it is not scored).
func (s *session) scoreRubber(res *Result, b *engine.Board, played string, o engine.Outcome) int {
	res.Scoring = s.rubber.Kind().Ruleset()
	res.Text = played
	if o.IsFault() {
		// A board stopped by a fault (no person or refbot makes one)
		// is not scored on the sheet.
		return 0
	}
	defer s.publishSheet()
	c, _ := b.Contract()
	e, err := s.rubber.Add(b.Deal(), c, res.Tricks)
	if err != nil {
		s.srv.logf("play: deal %d: rubber: %v", b.Number(), err)
		return 0
	}
	res.Entry = &e
	res.Text = fmt.Sprintf("%s: NS %+d, EW %+d on the sheet", played, e.NS.Points(), e.EW.Points())
	if e.GameWon != "" {
		res.Text += "; game to " + e.GameWon
	}
	if e.Over {
		res.Text += "; the rubber is over"
	}
	return e.NS.Points() - e.EW.Points()
}

// analyse computes the finished board's double-dummy analysis with the
// server's solver and sends it to the page.
func (s *session) analyse(b *engine.Board, res *Result) {
	if s.srv.ctx.Err() != nil {
		return // the server is closing: nobody will read it
	}
	a, err := s.srv.analyse(b)
	if err != nil && a == nil {
		s.srv.logf("play: board %d: analysis: %v", b.Number(), err)
		return
	}
	lost := 0
	c, _ := b.Contract()
	for _, cr := range a.Cards {
		seat, _ := engine.ParseSeat(cr.Seat)
		if seat == s.seat || (c.Declarer == s.seat && seat == c.Dummy()) {
			lost += cr.Lost
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.totals.Lost += lost
	s.totals.Analysed++
	// Copy, not change: the Result already sent may be being encoded.
	r := *res
	r.Analysis, r.LostYou = a, lost
	st := s.state
	if s.result == res {
		s.result = &r
		st.Result = &r
	}
	s.setLocked(st)
}
