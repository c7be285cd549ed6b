package checkbot

import (
	"fmt"
	"strings"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/player"
)

// Scenario is one scripted session at a table where the bot under test
// holds one seat and check-bot's scripted players the other three.
type Scenario struct {
	// Name is what --scenario takes.
	Name string
	// Title says in a few words what the scenario puts to the bot.
	Title string
	// Seat is where the bot sits, unless the run fixes its seat.
	Seat engine.Seat
	// build returns the scenario's table with the bot at seat bot.
	build func(bot engine.Seat) setup
}

// setup is a scenario's table, the bot at a given seat.
type setup struct {
	boards  []engine.BoardSetup
	players [engine.NumSeats]player.Player // nil at the bot's seat
	// timing, when set, overrides the run's choice of sending the bot
	// the timing line (true: send it).
	timing *bool
	// optional marks a scenario whose failure is a limitation the
	// event file can work around (timing = false), not a fault.
	optional bool
	// dropAfter, when positive, cuts the bot's first connection after
	// the table has sent it that many cards (the reconnect scenario).
	dropAfter int
	// rewrite changes each line the table sends the bot.
	rewrite func(string) string
	// reached says whether a board, played out, is the one the scenario
	// is after; nil takes every board. The session stops at the first
	// board reached; if none is, the scenario is "not reached".
	reached func(b *engine.Board, bot engine.Seat) bool
}

// Scenarios returns the scenarios in the order they run.
func Scenarios() []Scenario {
	var out []Scenario
	for s := engine.North; s < engine.NumSeats; s++ {
		out = append(out, Scenario{
			Name:  "seat-" + strings.ToLower(s.Name()),
			Title: fmt.Sprintf("a board at %s, dealer %s, random auction", s.Name(), s.Name()),
			Seat:  s,
			build: func(bot engine.Seat) setup { return randomBoards(bot, 1, int(s)) },
		})
	}
	return append(out,
		Scenario{Name: "declarer", Title: "the bot opens a strong hand and nobody else bids: it declares", Seat: engine.South, build: declarer},
		Scenario{Name: "dummy", Title: "partner opens 7NT, the bot's only legal call is pass: it is dummy", Seat: engine.South, build: dummy},
		Scenario{Name: "defender-lead", Title: "right-hand opponent opens 7NT: the bot makes the opening lead", Seat: engine.West, build: defenderLead},
		Scenario{Name: "defender-third", Title: "left-hand opponent opens 7NT: the bot's partner leads, the bot plays third", Seat: engine.East, build: defenderThird},
		Scenario{Name: "passed-out", Title: "a hand without a point and three passes: the board is passed out", Seat: engine.North, build: passedOut},
		Scenario{Name: "double-redouble", Title: "1C, double, redouble before the bot's first call", Seat: engine.South, build: doubleRedouble},
		Scenario{Name: "forced", Title: "7NT redoubled by the opponents: one legal call, then tricks with one legal card", Seat: engine.North, build: forced},
		Scenario{Name: "alert", Title: "right-hand opponent opens an alerted 1C with an explanation", Seat: engine.West, build: alerted},
		Scenario{Name: "end-of-session", Title: "two boards, then End of session", Seat: engine.East, build: func(bot engine.Seat) setup { return randomBoards(bot, 2, 5) }},
		Scenario{Name: "timing", Title: "two boards with the timing line after each", Seat: engine.South, build: func(bot engine.Seat) setup {
			s := randomBoards(bot, 2, 7)
			on := true
			s.timing, s.optional = &on, true
			return s
		}},
		Scenario{Name: "no-timing", Title: "two boards without the timing line (timing = false)", Seat: engine.West, build: func(bot engine.Seat) setup {
			s := randomBoards(bot, 2, 9)
			off := false
			s.timing, s.optional = &off, true
			return s
		}},
		Scenario{Name: "reconnect", Title: "the table drops the bot in trick 1; it must come back for board 2", Seat: engine.North, build: reconnect},
		Scenario{Name: "variants", Title: "the seated and timing lines as other table managers write them", Seat: engine.North, build: variants},
	)
}

// Find returns the scenario of that name.
func Find(name string) (Scenario, bool) {
	for _, s := range Scenarios() {
		if s.Name == name {
			return s, true
		}
	}
	return Scenario{}, false
}

// Names returns the scenarios' names in order.
func Names() []string {
	var out []string
	for _, s := range Scenarios() {
		out = append(out, s.Name)
	}
	return out
}

// rel names the seats relative to the bot's.
type rel struct{ me, lho, partner, rho engine.Seat }

func relTo(bot engine.Seat) rel { return rel{bot, bot.LHO(), bot.Partner(), bot.RHO()} }

// handsFor deals a board: the bot's hand as given (PBN, spades first),
// the other cards to the other three seats in turn, so each of them
// holds some of every suit the bot lacks.
func handsFor(bot engine.Seat, mine string) engine.Deal {
	h, err := engine.ParseHand(mine)
	if err != nil || h.Len() != 13 {
		panic(fmt.Sprintf("check-bot: scenario hand %q: %v", mine, err)) // a fixed table: a bad one is a programming error
	}
	var d engine.Deal
	d[bot] = h
	others := []engine.Seat{bot.LHO(), bot.Partner(), bot.RHO()}
	i := 0
	for c := engine.Card(0); c < 64; c++ {
		if !c.Valid() || h.Has(c) {
			continue
		}
		s := others[i%3]
		for d[s].Len() == 13 {
			i++
			s = others[i%3]
		}
		d[s] = d[s].With(c)
		i++
	}
	return d
}

// board returns a board numbered n with the dealer given, neither side
// vulnerable.
func board(n int, dealer engine.Seat, d engine.Deal) engine.BoardSetup {
	return engine.BoardSetup{Number: n, Dealer: dealer, Vul: engine.VulNone, Deal: d}
}

// seats returns the players of a table: the three scripted seats, nil at
// the bot's.
func seats(r rel, lho, partner, rho player.Player) [engine.NumSeats]player.Player {
	var p [engine.NumSeats]player.Player
	p[r.lho], p[r.partner], p[r.rho] = lho, partner, rho
	return p
}

// randomBoards is n seeded boards, the first numbered first+1 and dealt
// by the bot, with the seeded random bot at the other seats.
func randomBoards(bot engine.Seat, n, first int) setup {
	src := engine.NewDealSource("check-bot")
	var s setup
	for i := range n {
		num := first + i + 1
		b := engine.NewBoardSetup(num, src.Deal(num))
		b.Dealer = bot
		s.boards = append(s.boards, b)
	}
	r := relTo(bot)
	s.players = seats(r, random(), random(), random())
	return s
}

// strong and weak are the bot's hands in the declarer and passed-out
// scenarios: a hand every bot opens and one no bot opens.
const (
	strong = "AKQ2.AKQ.AK2.A32"
	weak   = "9876.5432.432.32"
)

func declarer(bot engine.Seat) setup {
	r := relTo(bot)
	d := handsFor(bot, strong)
	s := setup{
		boards:  []engine.BoardSetup{board(1, bot, d), board(2, bot, d)},
		players: seats(r, scripted{}, scripted{}, scripted{}),
		reached: func(b *engine.Board, bot engine.Seat) bool {
			c, ok := b.Contract()
			return ok && !c.PassedOut() && c.Declarer == bot
		},
	}
	return s
}

func dummy(bot engine.Seat) setup {
	r := relTo(bot)
	d := handsFor(bot, weak)
	return setup{
		boards:  []engine.BoardSetup{board(1, r.partner, d)},
		players: seats(r, scripted{}, scripted{call: callsAt(map[int]engine.Call{0: engine.Bid(7, engine.NoTrump)}, "")}, scripted{}),
	}
}

// sevenNT opens 7NT as dealer, and redoubles if the bot doubles.
func sevenNT() scripted {
	return scripted{call: redoubleIfDoubled(callsAt(map[int]engine.Call{0: engine.Bid(7, engine.NoTrump)}, ""))}
}

func defenderLead(bot engine.Seat) setup {
	r := relTo(bot)
	d := handsFor(bot, "QJ9.JT98.T98.987")
	return setup{
		boards:  []engine.BoardSetup{board(1, r.rho, d)},
		players: seats(r, scripted{call: redoubleIfDoubled(nil)}, scripted{}, sevenNT()),
	}
}

func defenderThird(bot engine.Seat) setup {
	r := relTo(bot)
	d := handsFor(bot, "QJ9.JT98.T98.987")
	return setup{
		boards:  []engine.BoardSetup{board(1, r.lho, d)},
		players: seats(r, sevenNT(), scripted{}, scripted{call: redoubleIfDoubled(nil)}),
	}
}

func passedOut(bot engine.Seat) setup {
	r := relTo(bot)
	d := handsFor(bot, weak)
	return setup{
		boards:  []engine.BoardSetup{board(1, r.lho, d), board(2, r.lho, d)},
		players: seats(r, scripted{}, scripted{}, scripted{}),
		reached: func(b *engine.Board, _ engine.Seat) bool { return b.Auction().PassedOut() },
	}
}

func doubleRedouble(bot engine.Seat) setup {
	r := relTo(bot)
	d := handsFor(bot, "KJ9.Q98.KJ98.987")
	return setup{
		boards: []engine.BoardSetup{board(1, r.lho, d)},
		players: seats(r,
			scripted{call: callsAt(map[int]engine.Call{0: engine.Bid(1, engine.StrainClubs)}, "")},
			scripted{call: callsAt(map[int]engine.Call{1: engine.Double}, "")},
			scripted{call: callsAt(map[int]engine.Call{2: engine.Redouble}, "")}),
	}
}

func forced(bot engine.Seat) setup {
	r := relTo(bot)
	d := handsFor(bot, "2.2.2.QJT9876543")
	lead := leadSingletons(d, bot)
	return setup{
		boards: []engine.BoardSetup{board(1, r.lho, d)},
		players: seats(r,
			scripted{call: callsAt(map[int]engine.Call{0: engine.Bid(7, engine.NoTrump)}, ""), lead: lead},
			scripted{call: callsAt(map[int]engine.Call{1: engine.Double}, ""), lead: lead},
			scripted{call: callsAt(map[int]engine.Call{2: engine.Redouble}, ""), lead: lead}),
	}
}

func alerted(bot engine.Seat) setup {
	r := relTo(bot)
	d := handsFor(bot, "KJ9.Q98.KJ98.987")
	return setup{
		boards: []engine.BoardSetup{board(1, r.rho, d)},
		players: seats(r, scripted{}, scripted{},
			scripted{call: callsAt(map[int]engine.Call{0: engine.Bid(1, engine.StrainClubs)}, "could be short")}),
	}
}

func reconnect(bot engine.Seat) setup {
	s := defenderLead(bot)
	b2 := s.boards[0]
	b2.Number = 2
	s.boards = append(s.boards, b2)
	s.dropAfter = 2
	return s
}

// variants sends the seated line as bridge_env's table manager writes it
// and the timing line with single spaces, both of which openroom reads.
func variants(bot engine.Seat) setup {
	s := randomBoards(bot, 1, 12)
	s.optional = true
	s.rewrite = func(l string) string {
		if strings.HasSuffix(l, ") seated") {
			// `North ("Team") seated` -> `North Team seated`
			l = strings.NewReplacer(`("`, "", `")`, "").Replace(l)
		}
		if strings.HasPrefix(l, "Timing") {
			l = strings.Join(strings.Fields(l), " ")
		}
		return l
	}
	return s
}
