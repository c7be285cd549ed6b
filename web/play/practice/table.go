package practice

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/openroom/openroom/analysis"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/lin"
	"github.com/openroom/openroom/pbn"
	"github.com/openroom/openroom/player"
	"github.com/openroom/openroom/refbot"
	"github.com/openroom/openroom/results"
)

// Config is what a table deals and who sits at it.
type Config struct {
	Seat  engine.Seat // the person's seat
	Level string      // refbot's level at the other three seats
	// Systems are the bidding systems the bots bid with, by seat; nil
	// is refbot's default. A call is explained by its bidder's system.
	Systems [engine.NumSeats]*refbot.System
	Mode    Mode // "" means Duplicate
	// WatchPartner leaves the cards of a contract the person's partner
	// declares to the partner's bot, the person only watching as dummy.
	// By default the person plays their side's contracts: when the
	// partner declares, the person chooses declarer's and dummy's cards
	// (the bot still made its calls and is still the declarer).
	WatchPartner bool

	// Seed deals the boards (engine.SeededBoards), numbered from
	// FirstBoard (0 means 1). An empty seed is drawn at random (Check).
	Seed       string
	FirstBoard int
	// Deal, when set, is the first board to play (a given deal played
	// again); the boards after it are dealt from Seed, numbered on. In a
	// rubber mode only its cards count: the rubber decides the dealer and
	// vulnerability.
	Deal *engine.BoardSetup

	// BotOptions are given to every bot after the table's own (the
	// browser's shared solver and settings).
	BotOptions []refbot.Option
	// Player, when set, makes the player of a bot's seat (the browser's
	// fallback chain) from the seed and options the table would make its
	// refbot with; nil plays refbot.NewBuiltin(Level, seed, opts...). A
	// player that has a LastLink() string method is asked, after each
	// action, what decided it (Action.Link).
	Player func(seat engine.Seat, seed uint64, opts []refbot.Option) (player.Player, error)

	// Analyse judges a finished board for the page after it. It runs on
	// its own goroutine, one board at a time per table.
	Analyse func(*engine.Board) (*analysis.Board, error)

	// Prepare, when set, is told each board's deal as it starts, and Idle
	// whether the table waits for the person: the browser fills the
	// board's double-dummy table while the person thinks
	// (SharedSolver.Prepare).
	Prepare func(ctx context.Context, d engine.Deal)
	Idle    func(idle bool)

	// Resume, when set, is the session to take up (Record): its totals,
	// its rubber and the board in play where it stood.
	Resume *Record
	// Records says to publish the Record with each State.
	Records bool

	// OnChange, when set, is given each new state's JSON as it is made
	// (under the table's lock: it must not block or call the table). The
	// browser's worker posts it to the page at once, before a bot's
	// decision takes the worker's only thread.
	OnChange func(msg []byte)

	// Logf receives the table's notes; nil discards them.
	Logf func(format string, args ...any)
}

// Check fills in the defaults (duplicate, board 1, a random seed) and
// refuses a configuration no table can play.
func (c *Config) Check() error {
	if c.Mode == "" {
		c.Mode = Duplicate
	}
	if _, err := ParseMode(string(c.Mode)); err != nil {
		return err
	}
	if c.Seat > engine.West {
		return fmt.Errorf("seat %d: %w", c.Seat, engine.ErrInvalidSeat)
	}
	if _, err := refbot.ParseLevel(c.Level); err != nil {
		return fmt.Errorf("level: %w", err)
	}
	if c.FirstBoard == 0 {
		c.FirstBoard = 1
	}
	if c.FirstBoard < 0 {
		return fmt.Errorf("board number %d: must be 1 or more", c.FirstBoard)
	}
	if c.Deal != nil {
		if err := c.Deal.Validate(); err != nil {
			return fmt.Errorf("deal: %w", err)
		}
	}
	if c.Seed == "" {
		b := make([]byte, 16)
		_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
		c.Seed = hex.EncodeToString(b)
	}
	return nil
}

// noSeat stands for no seat: nobody is thinking.
const noSeat = engine.Seat(0xff)

// waitKind is what the table waits for from the person.
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
	deals []engine.BoardSetup // "load": the deals to play next
}

// waiting is the person's turn: the view the request is judged against
// (a copy: the board cannot move while the person is to act) and where the
// accepted action goes.
type waiting struct {
	kind waitKind
	view engine.View
	ch   chan action // capacity 1: Act never blocks
}

// Table is one person's table: the board in play, driven by a
// player.Referee in Run's goroutine, and what the page was last sent. The
// board and referee are touched only by that goroutine; Act and the
// watchers see the published state and the waiting turn, under mu.
type Table struct {
	cfg  Config
	seat engine.Seat
	sys  [engine.NumSeats]*refbot.System // by seat: how each seat's calls are made and explained

	// Owned by Run's goroutine.
	board    *engine.Board
	ref      *player.Referee
	meanings []string
	alerts0  []string   // the alerts of the calls resumed from a record
	botMu    sync.Mutex // guards bots, made on first use
	bots     [engine.NumSeats]player.Player
	isBot    [engine.NumSeats]bool
	queue    []engine.BoardSetup // loaded deals still to play, in order
	loaded   bool                // the board in play is a loaded deal
	rubber   *engine.Rubber      // the score sheet in a rubber mode; nil in duplicate
	rec      Record              // the board in play, as the page keeps it
	deals    []RubberDeal        // the rubber's deals so far
	given    bool                // the board in play is cfg.Deal's
	link     string              // what decided the bots' last action, when not their search
	took     time.Duration       // how long the bots' last decision took
	ctx      context.Context
	// loading are the deals of a load made during a board (before the
	// person's first call), and cancelBoard stops that board for them.
	loading     []engine.BoardSetup
	cancelBoard context.CancelFunc

	mu      sync.Mutex
	version int
	state   State
	msg     []byte        // state as JSON
	changed chan struct{} // closed and replaced on every change
	wait    *waiting
	result  *Result             // the finished board's, until the next begins
	sheet   *engine.RubberSheet // the rubber's sheet as last published
	totals  Totals
}

// The teams the table's bots play for, and are seeded by
// (refbot.TeamSeed): a person's board is the room of `tablemanager run
// --team NS=builtin:refbot:LEVEL --team EW=builtin:refbot:LEVEL` with the
// same seed and board in which team NS sits North-South, the person in
// place of one bot, so its bots decide as that run's and the board replays
// exactly from its record.
const (
	TeamNS = "NS"
	TeamEW = "EW"
)

// New makes a table from a checked configuration (Config.Check). The
// bidding systems and the bots are made when first needed, so that the
// first board is dealt, and shown, before (in the browser a system takes
// about a second to load).
func New(cfg Config) (*Table, error) {
	t := &Table{cfg: cfg, seat: cfg.Seat, changed: make(chan struct{})}
	for seat := engine.North; seat <= engine.West; seat++ {
		t.isBot[seat] = seat != t.seat
	}
	return t, nil
}

// system returns the seat's bidding system: the configured one, else
// refbot's default.
func (t *Table) system(seat engine.Seat) *refbot.System {
	if t.sys[seat] == nil {
		t.sys[seat] = t.cfg.Systems[seat]
		if t.sys[seat] == nil {
			t.sys[seat] = refbot.NewSystem()
		}
	}
	return t.sys[seat]
}

// bot returns the player of a bot's seat, made on first use: refbot seeded
// by its team (or Config.Player's).
func (t *Table) bot(seat engine.Seat) (player.Player, error) {
	t.botMu.Lock()
	defer t.botMu.Unlock()
	if t.bots[seat] != nil {
		return t.bots[seat], nil
	}
	team := TeamNS
	if seat.Side() == engine.EW {
		team = TeamEW
	}
	opts := append([]refbot.Option{refbot.WithSystem(t.system(seat)), refbot.WithOpponentSystem(t.system(seat.LHO()))}, t.cfg.BotOptions...)
	var p player.Player
	var err error
	if t.cfg.Player != nil {
		p, err = t.cfg.Player(seat, refbot.TeamSeed(team), opts)
	} else {
		p, err = refbot.NewBuiltin(t.cfg.Level, refbot.TeamSeed(team), opts...)
	}
	if err != nil {
		return nil, fmt.Errorf("bot at %s: %w", seat.Name(), err)
	}
	t.bots[seat] = p
	return p, nil
}

// Bots returns the players of the bots' seats (nil at the person's).
func (t *Table) Bots() ([engine.NumSeats]player.Player, error) {
	var out [engine.NumSeats]player.Player
	for seat := engine.North; seat <= engine.West; seat++ {
		if t.isBot[seat] {
			p, err := t.bot(seat)
			if err != nil {
				return out, err
			}
			out[seat] = p
		}
	}
	return out, nil
}

// Config returns the table's configuration.
func (t *Table) Config() Config { return t.cfg }

func (t *Table) logf(format string, args ...any) {
	if t.cfg.Logf != nil {
		t.cfg.Logf(format, args...)
	}
}

// Watch returns the current state's version and JSON, and a channel
// closed at the next change.
func (t *Table) Watch() (version int, msg []byte, changed <-chan struct{}) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.version, t.msg, t.changed
}

// Thinking returns the bot seat deciding now, if any.
func (t *Table) Thinking() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.state.Thinking
}

// Run plays boards one after another until ctx ends: each to its end
// through a Referee, then waits for the person's next board (or the same
// one again).
func (t *Table) Run(ctx context.Context) {
	t.ctx = ctx
	setup, resumed := t.firstSetup()
	for {
		b := engine.NewBoard(setup.Number, setup.Deal)
		b.Reset(setup)
		t.board, t.meanings, t.alerts0 = b, t.meanings[:0], nil
		t.mu.Lock()
		t.result = nil
		t.rec = Record{Totals: t.totals, Rubber: slices.Clone(t.deals), Board: setup.Number, Given: t.given, Queue: loadDeals(t.queue)}
		if t.loaded {
			t.rec.Deal = setup.Deal.Format(setup.Dealer)
		}
		t.mu.Unlock()
		if t.rubber != nil {
			t.rec.FirstDealer = t.rubber.FirstDealer().String()
		}
		if resumed != nil {
			alerts, err := resumed.apply(b)
			if err != nil {
				// A record this table cannot follow (another version's,
				// or altered): the board starts afresh.
				t.logf("practice: resume board %d: %v", setup.Number, err)
				b.Reset(setup)
			} else {
				t.alerts0, t.rec.Actions = alerts, slices.Clone(resumed.Actions)
			}
			resumed = nil
		}
		if t.cfg.Prepare != nil {
			t.cfg.Prepare(ctx, b.Deal())
		}
		t.ref = &player.Referee{OnAction: t.recordAction}
		for seat := engine.North; seat <= engine.West; seat++ {
			if t.isBot[seat] {
				t.ref.Players[seat] = botSeat{t: t, seat: seat}
			} else {
				t.ref.Players[seat] = person{t: t}
			}
		}
		bctx, cancel := context.WithCancel(ctx)
		t.cancelBoard = cancel
		o, err := t.ref.Play(bctx, b)
		cancel()
		if err != nil {
			if ctx.Err() != nil || t.loading == nil {
				return
			}
			// The person loaded deals before their first call: the
			// board is left unplayed and unscored for the file's first.
			t.queue, t.loading = t.loading, nil
			setup = t.nextSetup(setup)
			continue
		}
		t.finish(b, o)
		a, err := t.await(ctx, waitNext, nil)
		if err != nil {
			return
		}
		if a.kind == "load" {
			t.queue = a.deals
		}
		if a.kind == "next" || a.kind == "load" {
			setup = t.nextSetup(setup)
		}
	}
}

// deal returns board number n: the configured deal when given, else the
// seed's board n.
func (t *Table) deal(n int, given bool) engine.BoardSetup {
	if given && t.cfg.Deal != nil {
		return *t.cfg.Deal
	}
	return engine.SeededBoards(t.cfg.Seed, []int{n})[0]
}

// firstSetup is the table's first board: in duplicate the configured one;
// in a rubber mode its cards, with the dealer and vulnerability of a new
// rubber. A resumed session takes up its record's board and rubber.
func (t *Table) firstSetup() (engine.BoardSetup, *Record) {
	r := t.cfg.Resume
	if r != nil {
		t.totals = r.Totals
		t.given = r.Given
		setup := t.deal(r.Board, r.Given)
		if current, queue, err := r.loaded(); err != nil {
			t.logf("practice: resume the loaded deals: %v", err)
		} else {
			t.queue = queue
			if current != nil {
				setup, t.loaded = *current, true
			}
		}
		if kind, ok := t.cfg.Mode.RubberKind(); ok {
			rb, err := r.rubber(kind, t.deal)
			if err != nil {
				t.logf("practice: resume the rubber: %v", err)
			} else {
				t.rubber, t.deals = rb, slices.Clone(r.Rubber)
				t.publishSheet()
				return t.rubberDeal(setup), r
			}
		} else {
			return setup, r
		}
	}
	t.given = t.cfg.Deal != nil
	setup := t.deal(t.cfg.FirstBoard, t.given)
	if kind, ok := t.cfg.Mode.RubberKind(); ok {
		t.rubber = engine.NewRubber(kind, engine.North)
		t.deals = nil
		t.publishSheet()
		setup = t.rubberDeal(setup)
	}
	return setup, r
}

// nextSetup follows a finished board. In a rubber mode the deals are
// numbered on through the session (each dealt from the seed) and a rubber
// that is over gives way to a new one, its first dealer the next seat.
func (t *Table) nextSetup(prev engine.BoardSetup) engine.BoardSetup {
	t.given, t.loaded = false, false
	next := t.deal(prev.Number+1, false)
	if len(t.queue) > 0 {
		// A deal of a loaded PBN file, played as it was dealt.
		next, t.queue, t.loaded = t.queue[0], t.queue[1:], true
	}
	if t.rubber == nil {
		return next
	}
	if t.rubber.Over() {
		t.rubber = engine.NewRubber(t.rubber.Kind(), t.rubber.FirstDealer().Next())
		t.deals = nil
		t.publishSheet()
	}
	return t.rubberDeal(next)
}

// rubberDeal gives a board the rubber's dealer and vulnerability.
func (t *Table) rubberDeal(setup engine.BoardSetup) engine.BoardSetup {
	setup.Dealer, setup.Vul = t.rubber.NextDealer(), t.rubber.NextVulnerability()
	return setup
}

// publishSheet stores the rubber's sheet for the next states.
func (t *Table) publishSheet() {
	sheet := t.rubber.Sheet()
	t.mu.Lock()
	t.sheet = &sheet
	t.mu.Unlock()
}

// recordAction adds the board's new call or card to the record, with
// what decided it (the Referee calls it after each legal action).
func (t *Table) recordAction(b *engine.Board) {
	a, p := b.Auction(), b.Play()
	for n := len(t.rec.Actions); n < a.Len()+p.Len(); n++ {
		var act Action
		if n < a.Len() {
			act = Action{Seat: a.SeatOf(n).String(), Call: a.Calls()[n].String(), Alert: t.alert(n)}
		} else {
			i := n - a.Len()
			act = Action{Seat: p.SeatOf(i).String(), Card: p.Cards()[i].String()}
		}
		act.Link, t.link = t.link, ""
		if t.took > 0 {
			act.MS, t.took = float64(t.took.Microseconds())/1000, 0
		}
		t.rec.Actions = append(t.rec.Actions, act)
	}
}

// alert returns call i's alert text: a resumed call's from the record,
// the others' as the Referee took them.
func (t *Table) alert(i int) string {
	if i < len(t.alerts0) {
		return t.alerts0[i]
	}
	if al := t.ref.Alerts(); i < len(al) {
		return al[i]
	}
	return ""
}

// alerts returns every call's alert text.
func (t *Table) alerts() []string {
	n := t.board.Auction().Len()
	out := make([]string, n)
	for i := range n {
		out[i] = t.alert(i)
	}
	return out
}

// linker is a bot's player that says what decided its last action.
type linker interface{ LastLink() string }

// botSeat is a bot at the table; it tells the page that it is thinking
// before it decides, and notes what decided.
type botSeat struct {
	t    *Table
	seat engine.Seat
}

func (b botSeat) Call(ctx context.Context, v *engine.View) (engine.Call, string, error) {
	b.t.publish(b.seat, nil)
	p, err := b.t.bot(b.seat)
	if err != nil {
		return engine.Pass, "", err
	}
	start := time.Now()
	c, alert, err := p.Call(ctx, v)
	b.t.took = time.Since(start)
	b.noteLink(p)
	return c, alert, err
}

func (b botSeat) Card(ctx context.Context, v *engine.View) (engine.Card, error) {
	if b.t.playsFor(b.seat) {
		// The person plays their side's contract: the Referee asks
		// declarer for declarer's and dummy's cards, so the person
		// answers with declarer's view, which the bot never gets.
		return person{t: b.t}.Card(ctx, v)
	}
	b.t.publish(b.seat, nil)
	p, err := b.t.bot(b.seat)
	if err != nil {
		return 0, err
	}
	start := time.Now()
	c, err := p.Card(ctx, v)
	b.t.took = time.Since(start)
	b.noteLink(p)
	return c, err
}

func (b botSeat) noteLink(p player.Player) {
	if l, ok := p.(linker); ok {
		b.t.link = l.LastLink()
	}
}

// person is the seat played from the page: it waits for the page's
// intent, which Act has already judged against this view.
type person struct{ t *Table }

func (p person) Call(ctx context.Context, v *engine.View) (engine.Call, string, error) {
	a, err := p.t.await(ctx, waitCall, v)
	if err == nil && a.kind == "load" {
		// Deals loaded before the person's first call (Act checked it):
		// the board stops here, and Run plays the file's deals.
		p.t.loading = a.deals
		p.t.cancelBoard()
		return engine.Pass, "", context.Canceled
	}
	return a.call, a.alert, err
}

func (p person) Card(ctx context.Context, v *engine.View) (engine.Card, error) {
	a, err := p.t.await(ctx, waitCard, v)
	return a.card, err
}

// await publishes the person's turn and waits for an accepted action.
func (t *Table) await(ctx context.Context, kind waitKind, v *engine.View) (action, error) {
	w := &waiting{kind: kind, ch: make(chan action, 1)}
	if v != nil {
		w.view = *v
	}
	t.publish(noSeat, w)
	if t.cfg.Idle != nil {
		t.cfg.Idle(true)
		defer t.cfg.Idle(false)
	}
	select {
	case a := <-w.ch:
		return a, nil
	case <-ctx.Done():
		return action{}, ctx.Err()
	}
}

// publish builds the person's state from the board and sends it to the
// page; thinking is the bot seat about to decide (noSeat for none), w the
// person's turn (nil for none). Called from Run's goroutine only.
func (t *Table) publish(thinking engine.Seat, w *waiting) {
	b := t.board
	a := b.Auction()
	for i := len(t.meanings); i < a.Len(); i++ {
		m, err := t.system(a.SeatOf(i)).Explain(a, i)
		text := ""
		if err == nil {
			text = m.String()
		}
		t.meanings = append(t.meanings, text)
	}
	v := b.View(t.seat)
	st := viewState(&v, t.alerts(), t.meanings, t.isBot)
	if partner := t.seat.Partner(); t.playsFor(partner) {
		st.PlaysFor = partner.String()
		// Declarer's hand is shown once the opening lead is made, as
		// dummy's is to a declarer.
		if b.Play().Len() > 0 {
			dv := b.View(partner)
			if h, ok := dv.Known(partner); ok {
				st.Hands[partner.String()] = CardStrings(h)
			}
		}
	}
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
				st.LegalCards = CardStrings(legal)
			}
		case waitNext:
			st.Your = "next"
		}
		st.Load = w.loadable(t.seat)
	}
	if t.cfg.Records {
		st.Link = t.lastLink()
		r := t.rec
		r.Actions = append([]Action{}, r.Actions...) // [] rather than null: the page reads its length
		r.Rubber = slices.Clone(r.Rubber)
		st.Record = &r
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	st.Result = t.result
	st.Sheet = t.sheet
	t.wait = w
	t.setLocked(st)
}

// lastLink is what decided the bots' last action on the board, when it
// was not their search.
func (t *Table) lastLink() string {
	for i := len(t.rec.Actions) - 1; i >= 0; i-- {
		if a := t.rec.Actions[i]; a.Seat != t.seat.String() && !(a.Card != "" && (t.isDummyOfPerson(a.Seat) || t.playsFor(t.seat.Partner()) && a.Seat == t.seat.Partner().String())) {
			return a.Link
		}
	}
	return ""
}

// playsFor reports whether the person plays the cards of seat, their
// partner, because the partner declares (and the table was not told to
// leave them to the bot).
func (t *Table) playsFor(seat engine.Seat) bool {
	if t.cfg.WatchPartner || seat != t.seat.Partner() {
		return false
	}
	c, ok := t.board.Contract()
	return ok && !c.PassedOut() && c.Declarer == seat
}

// isDummyOfPerson reports whether seat is dummy when the person declares.
func (t *Table) isDummyOfPerson(seat string) bool {
	c, ok := t.board.Contract()
	return ok && !c.PassedOut() && c.Declarer == t.seat && c.Dummy().String() == seat
}

// setLocked stores a new state and wakes the watchers.
func (t *Table) setLocked(st State) {
	t.version++
	st.Version = t.version
	st.Mode = string(t.cfg.Mode)
	st.Level = t.cfg.Level
	st.Session = t.totals
	msg, err := json.Marshal(st)
	if err != nil {
		// State holds only strings, ints, slices and maps: this cannot
		// happen, but if it did the page keeps the last good state.
		t.logf("practice: encode state: %v", err)
		return
	}
	t.state, t.msg = st, msg
	if t.cfg.OnChange != nil {
		t.cfg.OnChange(msg)
	}
	close(t.changed)
	t.changed = make(chan struct{})
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
func (t *Table) finish(b *engine.Board, o engine.Outcome) {
	rec := t.record(b, o)
	res := &Result{Deal: map[string][]string{}, DealPBN: b.Deal().Format(b.Dealer()), Outcome: o.String()}
	for seat := engine.North; seat <= engine.West; seat++ {
		res.Deal[seat.String()] = CardStrings(b.Deal()[seat])
	}
	c, _ := b.Contract()
	res.Scoring = "Law 77 raw score"
	score, _ := b.ScoreNS()
	if !c.PassedOut() {
		res.Tricks = b.DeclarerTricks()
		if !o.IsFault() {
			res.Made = engine.ScoreDetails(c, false, res.Tricks).Result()
		}
	}
	played := "Passed out"
	if !c.PassedOut() {
		played = fmt.Sprintf("%s by %s, %d tricks", c, c.Declarer, res.Tricks)
	}
	res.Text = fmt.Sprintf("%s: %+d to NS", played, score)
	if t.rubber != nil {
		score = t.scoreRubber(res, b, played, o)
		rec.Ruleset = res.Scoring
	}
	res.ScoreNS, res.ScoreYou = score, score
	if t.seat.Side() == engine.EW {
		res.ScoreYou = -score
	}
	if o.IsFault() {
		res.Text = "Stopped: " + o.String()
	}
	scoring := "Duplicate raw score (Law 77)"
	switch t.cfg.Mode {
	case Rubber:
		scoring = "Rubber"
	case Chicago:
		scoring = "Chicago"
	}
	res.PBN, res.LINURL = exports(b, &rec, scoring)
	res.Notes = t.notes()
	t.mu.Lock()
	t.totals.Boards++
	t.totals.Score += res.ScoreYou
	if res.Entry != nil && res.Entry.Over {
		t.totals.Rubbers++
	}
	t.result = res
	t.mu.Unlock()
	t.publish(noSeat, nil)
	done := *b
	go t.analyse(&done, res)
}

// notes lists the bots' actions of the board that their level's search
// did not decide, and what did.
func (t *Table) notes() []string {
	var out []string
	for i, a := range t.rec.Actions {
		if a.Link == "" {
			continue
		}
		seat, _ := engine.ParseSeat(a.Seat)
		what := "call " + a.Call
		if a.Card != "" {
			what = "card " + a.Card
		}
		out = append(out, fmt.Sprintf("action %d, %s's %s: %s", i+1, seat.Name(), what, a.Link))
	}
	return out
}

// record is the finished board's results record: the table's players
// (the person and the refbots) and how it ended.
func (t *Table) record(b *engine.Board, o engine.Outcome) results.Record {
	rec := results.FromBoard(b, t.alerts())
	rec.Event, rec.Ruleset = "openroom play", "bridge-duplicate-practice-v1"
	for seat := engine.North; seat <= engine.West; seat++ {
		name := "refbot " + t.cfg.Level
		if !t.isBot[seat] {
			name = "You"
		}
		if t.playsFor(seat) {
			name += " (cards played by You)"
		}
		rec.Players.Set(seat, name)
	}
	rec.SetOutcome(o)
	return rec
}

// scoreRubber scores the finished board on the rubber or Chicago sheet:
// it sets res's scoring, text and sheet entry and returns the board's
// score to North-South on the sheet (0 when it is not scored).
func (t *Table) scoreRubber(res *Result, b *engine.Board, played string, o engine.Outcome) int {
	res.Scoring = t.rubber.Kind().Ruleset()
	res.Text = played
	if o.IsFault() {
		// A board stopped by a fault (no person or refbot makes one)
		// is not scored on the sheet.
		return 0
	}
	defer t.publishSheet()
	c, _ := b.Contract()
	e, err := t.rubber.Add(b.Deal(), c, res.Tricks)
	if err != nil {
		t.logf("play: deal %d: rubber: %v", b.Number(), err)
		return 0
	}
	d := RubberDeal{Board: b.Number(), Given: t.given, Contract: c.String(), Tricks: res.Tricks}
	if !c.PassedOut() {
		d.Declarer = c.Declarer.String()
	}
	if t.loaded {
		d.Deal = b.Deal().Format(b.Dealer())
	}
	t.deals = append(t.deals, d)
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

// analyse computes the finished board's double-dummy analysis and sends
// it to the page.
func (t *Table) analyse(b *engine.Board, res *Result) {
	if t.ctx.Err() != nil || t.cfg.Analyse == nil {
		return // the table is closing: nobody will read it
	}
	a, err := t.cfg.Analyse(b)
	if err != nil && a == nil {
		t.logf("play: board %d: analysis: %v", b.Number(), err)
		return
	}
	lost := 0
	c, _ := b.Contract()
	for _, cr := range a.Cards {
		seat, _ := engine.ParseSeat(cr.Seat)
		if seat == t.seat || (c.Declarer == t.seat && seat == c.Dummy()) || (t.playsFor(c.Declarer) && seat == c.Declarer) {
			lost += cr.Lost
		}
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.totals.Lost += lost
	t.totals.Analysed++
	// Copy, not change: the Result already sent may be being encoded.
	r := *res
	r.Analysis, r.LostYou = a, lost
	st := t.state
	if t.result == res {
		t.result = &r
		st.Result = &r
	}
	t.setLocked(st)
}
