package protocol

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/player"
	"github.com/openroom/openroom/player/playertest"
)

// A scripted fake manager: the test writes down, line by line, what the
// seat must send (in) and what the manager sends (out), independently of
// the Client's code, from the rules in docs/protocol.md.

type scriptStep struct {
	in   bool // a line the client must send
	line string
}

func seatSends(format string, args ...any) scriptStep {
	return scriptStep{in: true, line: fmt.Sprintf(format, args...)}
}
func mgrSends(format string, args ...any) scriptStep {
	return scriptStep{line: fmt.Sprintf(format, args...)}
}

// scriptBoard is one board the fake manager runs: the deal, every call
// (with alert texts by call index) and every card in order.
type scriptBoard struct {
	number int
	deal   engine.Deal
	calls  []engine.Call
	alerts map[int]string
	cards  []engine.Card
}

// newScriptBoard plays the auction on an engine.Board and then a legal
// play chosen by a seeded PRNG, so the card sequence is legal.
func newScriptBoard(t testing.TB, number int, seed string, calls []engine.Call, alerts map[int]string) scriptBoard {
	t.Helper()
	deal := engine.NewDealSource(seed).Deal(number)
	b := engine.NewBoard(number, deal)
	for _, c := range calls {
		s, _ := b.Turn()
		require.NoError(t, b.Call(s, c))
	}
	sb := scriptBoard{number: number, deal: deal, calls: calls, alerts: alerts}
	rng := rand.New(rand.NewPCG(uint64(number), 7))
	for b.Phase() == engine.PhasePlay {
		legal := b.LegalCards()
		c := legal.Nth(rng.IntN(legal.Len()))
		s, _ := b.Turn()
		require.NoError(t, b.PlayCard(s, c))
		sb.cards = append(sb.cards, c)
	}
	return sb
}

// auctionTo returns the calls of an auction where the dealer and the
// seats after it pass until `declarer` opens 1NT (alerted with text),
// followed by three passes; with passOut, four passes.
func auctionTo(dealer, declarer engine.Seat, bid engine.Call) []engine.Call {
	var calls []engine.Call
	for s := dealer; s != declarer; s = s.Next() {
		calls = append(calls, engine.Pass)
	}
	return append(calls, bid, engine.Pass, engine.Pass, engine.Pass)
}

func handshakeScript(seat engine.Seat, team string, anySeat bool) []scriptStep {
	as := seat.Name()
	if anySeat {
		as = "ANYPL"
	}
	return []scriptStep{
		seatSends(`Connecting "%s" as %s using protocol version 18`, team, as),
		mgrSends(`%s ("%s") seated`, seat.Name(), team),
		seatSends("%s ready for teams", seat.Name()),
		mgrSends(`Teams : N/S : "nsteam" E/W : "ewteam"`),
		seatSends("%s ready to start", seat.Name()),
	}
}

// boardScript writes what seat sees and sends during one board.
func boardScript(seat engine.Seat, b scriptBoard) []scriptStep {
	me := seat.Name()
	dealer := engine.BoardDealer(b.number)
	steps := []scriptStep{
		mgrSends("Start of board"),
		seatSends("%s ready for deal", me),
		mgrSends("%s", BoardInfo{Number: b.number, Dealer: dealer, Vul: engine.BoardVulnerability(b.number)}),
		seatSends("%s ready for cards", me),
		mgrSends("%s", Cards{Seat: seat, Hand: b.deal[seat]}),
	}
	for i, c := range b.calls {
		caller := (dealer + engine.Seat(i)) & 3
		m := Called{Seat: caller, Call: c}
		if text, ok := b.alerts[i]; ok && (caller == seat || caller.Side() != seat.Side()) {
			m.Alerted, m.Alert = true, text
		}
		if caller == seat {
			steps = append(steps, seatSends("%s", m))
		} else {
			steps = append(steps, seatSends("%s ready for %s's bid", me, caller.Name()), mgrSends("%s", m))
		}
	}
	if len(b.cards) > 0 {
		a := engine.NewAuction(dealer)
		for _, c := range b.calls {
			_ = a.Add(c)
		}
		contract, _ := a.Contract()
		play := engine.NewPlay(contract)
		left := b.deal
		declarer, dummy := contract.Declarer, contract.Dummy()
		for j, c := range b.cards {
			turn := play.Turn()
			actor := turn
			if turn == dummy {
				actor = declarer
			}
			if j%4 == 0 && actor == seat {
				if turn == dummy {
					steps = append(steps, mgrSends("Dummy to lead"))
				} else {
					steps = append(steps, mgrSends("%s to lead", me))
				}
			}
			if actor == seat {
				steps = append(steps, seatSends("%s plays %s", turn.Name(), c.RankSuit()))
			} else {
				from := turn.Name() + "'s"
				if turn == dummy {
					from = "dummy's"
				}
				steps = append(steps, seatSends("%s ready for %s card to trick %d", me, from, j/4+1), mgrSends("%s plays %s", turn.Name(), c.RankSuit()))
			}
			if err := play.Add(left[turn], c); err != nil {
				panic(err)
			}
			left[turn] = left[turn].Without(c)
			if j == 0 && seat != dummy {
				steps = append(steps, seatSends("%s ready for dummy", me), mgrSends("%s", DummyCards{Hand: b.deal[dummy]}))
			}
		}
	}
	return append(steps, mgrSends("%s", Timing{NSBoard: time.Second, NSTotal: time.Minute, EWBoard: 2 * time.Second, EWTotal: time.Hour}))
}

// runManager plays the script on conn: it checks each line the client
// sends (exactly, canonical form) and sends the manager's lines through
// style. It closes conn at the end. A failed write of the last line is not
// an error: the client may hang up on a line it rejects.
func runManager(conn net.Conn, steps []scriptStep, style func(string) string) error {
	defer conn.Close()
	if err := conn.SetDeadline(time.Now().Add(10 * time.Second)); err != nil {
		return err
	}
	c := NewConn(conn)
	for i, s := range steps {
		if s.in {
			got, err := c.ReadLine()
			if err != nil {
				return fmt.Errorf("scriptStep %d: want %q: %w", i, s.line, err)
			}
			if got != s.line {
				return fmt.Errorf("scriptStep %d: want %q, got %q", i, s.line, got)
			}
			continue
		}
		line := s.line
		if style != nil {
			line = style(line)
		}
		// Raw writes, so that a test can send what a Writer refuses.
		if _, err := conn.Write([]byte(line + "\r\n")); err != nil && i < len(steps)-1 {
			return fmt.Errorf("scriptStep %d: %w", i, err)
		}
	}
	return nil
}

// scriptBot plays the boards' calls and cards, checking that the client
// asks it at the right moments and that its view allows each action.
type scriptBot struct {
	t      testing.TB
	seat   engine.Seat
	boards map[int]scriptBoard

	mu       sync.Mutex
	observed []Message
	calls    int
	cards    int
}

func newScriptBot(t testing.TB, seat engine.Seat, boards ...scriptBoard) *scriptBot {
	m := map[int]scriptBoard{}
	for _, b := range boards {
		m[b.number] = b
	}
	return &scriptBot{t: t, seat: seat, boards: m}
}

func (b *scriptBot) Call(_ context.Context, v *engine.View) (engine.Call, string, error) {
	sb, ok := b.boards[v.Number]
	if !ok {
		return 0, "", fmt.Errorf("no board %d", v.Number)
	}
	if v.Seat != b.seat || v.Auction.Turn() != b.seat {
		return 0, "", fmt.Errorf("asked to call for %s in %s's view", v.Auction.Turn().Name(), v.Seat.Name())
	}
	if v.Hand != sb.deal[b.seat] {
		return 0, "", errors.New("wrong hand in view")
	}
	b.calls++
	n := v.Auction.Len()
	return sb.calls[n], sb.alerts[n], nil
}

func (b *scriptBot) Card(_ context.Context, v *engine.View) (engine.Card, error) {
	sb := b.boards[v.Number]
	c := sb.cards[v.Play.Len()]
	legal, ok := v.LegalCards()
	if !ok || !legal.Has(c) {
		return 0, fmt.Errorf("card %s not legal in %s's view", c, v.Seat.Name())
	}
	if actor := v.Play.Actor(); actor != b.seat {
		return 0, fmt.Errorf("asked for %s's card", actor.Name())
	}
	b.cards++
	return c, nil
}

func (b *scriptBot) Observe(m Message) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.observed = append(b.observed, m)
}

// runPipe runs a Client against the scripted manager over net.Pipe.
func runPipe(t *testing.T, cfg ClientConfig, bot player.Player, steps []scriptStep, style func(string) string) (*Client, error, error) {
	t.Helper()
	mgr, seat := net.Pipe()
	done := make(chan error, 1)
	go func() { done <- runManager(mgr, steps, style) }()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cl := NewClient(seat, cfg, bot)
	err := cl.Run(ctx)
	return cl, err, <-done
}

func shoutingManager(line string) string {
	return strings.ReplaceAll(strings.ToUpper(line), " ", "  ") + " "
}

func TestClientWholeBoards(t *testing.T) {
	const seat = engine.South
	// Board 1: dealer North. Board 2: dealer East. Board 3: dealer South.
	passOut := newScriptBoard(t, 1, "client", []engine.Call{engine.Pass, engine.Pass, engine.Pass, engine.Pass}, nil)
	oneNT := engine.Bid(1, engine.NoTrump)
	tests := []struct {
		name  string
		board scriptBoard
	}{
		{"passed out", passOut},
		{"declarer", newScriptBoard(t, 2, "client", auctionTo(engine.East, engine.South, oneNT), map[int]string{1: "15-17"})},
		{"dummy", newScriptBoard(t, 3, "client", auctionTo(engine.South, engine.North, oneNT), map[int]string{2: "15-17"})},
		{"defender on lead", newScriptBoard(t, 5, "client", auctionTo(engine.North, engine.East, oneNT), map[int]string{1: "strong"})},
		{"defender", newScriptBoard(t, 6, "client", auctionTo(engine.East, engine.West, engine.Bid(4, engine.StrainSpades)), map[int]string{3: "to play"})},
	}
	for _, tc := range tests {
		for _, style := range []struct {
			name string
			fn   func(string) string
		}{{"canonical", nil}, {"shoutingManager", shoutingManager}} {
			t.Run(tc.name+"/"+style.name, func(t *testing.T) {
				steps := handshakeScript(seat, "us", false)
				steps = append(steps, boardScript(seat, tc.board)...)
				steps = append(steps, mgrSends("End of session"))
				bot := newScriptBot(t, seat, tc.board)
				var trace []string
				cfg := ClientConfig{Team: "us", Seat: seat, Trace: func(in bool, line string) {
					trace = append(trace, fmt.Sprint(in, line))
				}}
				cl, err, mgrErr := runPipe(t, cfg, bot, steps, style.fn)
				require.NoError(t, mgrErr)
				require.NoError(t, err)
				assert.Equal(t, 1, cl.Boards())
				assert.Equal(t, seat, cl.Seat())
				teams := cl.Teams()
				assert.Equal(t, Teams{NS: "nsteam", EW: "ewteam"}, Teams{NS: strings.ToLower(teams.NS), EW: strings.ToLower(teams.EW)})
				n := 0
				for _, s := range steps {
					if s.in {
						n++
					}
				}
				assert.Equal(t, n, bot.calls+bot.cards+countReady(steps), "every line the seat sent was either a bot action or a ready line")
				assert.NotEmpty(t, trace)
				// The bot observed every manager line.
				assert.Equal(t, len(steps)-n, len(bot.observed))
			})
		}
	}
}

func countReady(steps []scriptStep) int {
	n := 0
	for _, s := range steps {
		if s.in && (strings.Contains(s.line, " ready ") || strings.HasPrefix(s.line, "Connecting")) {
			n++
		}
	}
	return n
}

func TestClientAlertsReachBotAsObserver(t *testing.T) {
	const seat = engine.South
	// Board 5 (dealer North): East opens 1NT alerted; South is an opponent.
	b := newScriptBoard(t, 5, "alerts", auctionTo(engine.North, engine.East, engine.Bid(1, engine.NoTrump)), map[int]string{1: "15-17 balanced"})
	steps := append(handshakeScript(seat, "us", false), boardScript(seat, b)...)
	steps = append(steps, mgrSends("End of session"))
	require.Contains(t, steps, mgrSends("East bids 1NT Alert. 15-17 balanced"))
	bot := newScriptBot(t, seat, b)
	_, err, mgrErr := runPipe(t, ClientConfig{Team: "us", Seat: seat}, bot, steps, nil)
	require.NoError(t, mgrErr)
	require.NoError(t, err)
	assert.Contains(t, bot.observed, Message(Called{Seat: engine.East, Call: engine.Bid(1, engine.NoTrump), Alerted: true, Alert: "15-17 balanced"}))
}

func TestClientSeveralBoardsAnySeatAndStrayLines(t *testing.T) {
	const seat = engine.West
	b1 := newScriptBoard(t, 1, "multi", auctionTo(engine.North, engine.West, engine.Bid(3, engine.NoTrump)), nil)
	b2 := newScriptBoard(t, 2, "multi", []engine.Call{engine.Pass, engine.Pass, engine.Pass, engine.Pass}, nil)
	b3 := newScriptBoard(t, 3, "multi", auctionTo(engine.South, engine.East, engine.Bid(2, engine.StrainHearts)), nil)
	steps := handshakeScript(seat, "any", true)
	steps = append(steps, boardScript(seat, b1)...)
	steps = append(steps, mgrSends("Hello from a chatty manager"), mgrSends(""), mgrSends("West ready to start"))
	steps = append(steps, boardScript(seat, b2)...)
	steps = append(steps, boardScript(seat, b3)...)
	steps = append(steps, mgrSends("End of session"))
	cl, err, mgrErr := runPipe(t, ClientConfig{Team: "any", AnySeat: true}, newScriptBot(t, seat, b1, b2, b3), steps, nil)
	require.NoError(t, mgrErr)
	require.NoError(t, err)
	assert.Equal(t, 3, cl.Boards())
	assert.Equal(t, seat, cl.Seat())
}

func TestClientOverTCP(t *testing.T) {
	const seat = engine.North
	b1 := newScriptBoard(t, 4, "tcp", auctionTo(engine.West, engine.South, engine.Bid(4, engine.StrainHearts)), map[int]string{2: "transfer"})
	b2 := newScriptBoard(t, 7, "tcp", auctionTo(engine.South, engine.North, engine.Bid(1, engine.StrainClubs)), nil)
	steps := handshakeScript(seat, "tcp team", false)
	steps = append(steps, boardScript(seat, b1)...)
	steps = append(steps, boardScript(seat, b2)...)
	steps = append(steps, mgrSends("End of session"))

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	done := make(chan error, 1)
	go func() {
		conn, err := ln.Accept()
		if err != nil {
			done <- err
			return
		}
		done <- runManager(conn, steps, nil)
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	boards, err := RunSession(ctx, DialTCP(ln.Addr().String()), ClientConfig{Team: "tcp team", Seat: seat}, newScriptBot(t, seat, b1, b2), time.Second)
	require.NoError(t, <-done)
	require.NoError(t, err)
	assert.Equal(t, 2, boards)
}

func TestClientStoppedBoardAndReconnect(t *testing.T) {
	const seat = engine.East
	b1 := newScriptBoard(t, 1, "stop", auctionTo(engine.North, engine.East, engine.Bid(1, engine.StrainSpades)), nil)
	b2 := newScriptBoard(t, 2, "stop", auctionTo(engine.East, engine.South, engine.Bid(2, engine.NoTrump)), nil)
	full1 := boardScript(seat, b1)
	// First connection: the seat sits down as ANYPL, board 1 stops after
	// East's opening bid (say the manager saw a fault), and the manager
	// closes East's connection without a timing line.
	var cut int
	for i, s := range full1 {
		if s.in && strings.HasPrefix(s.line, "East bids") {
			cut = i + 1
			break
		}
	}
	require.NotZero(t, cut)
	first := append(handshakeScript(seat, "team", true), full1[:cut]...)
	// Second connection: asks for East by name, plays board 1 again and board 2.
	second := append(handshakeScript(seat, "team", false), full1...)
	second = append(second, boardScript(seat, b2)...)
	second = append(second, mgrSends("End of session"))

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	done := make(chan error, 1)
	go func() {
		for _, script := range [][]scriptStep{first, second} {
			conn, err := ln.Accept()
			if err != nil {
				done <- err
				return
			}
			if err := runManager(conn, script, nil); err != nil {
				done <- err
				return
			}
		}
		done <- nil
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()

	// A single Client reports the disconnect as reconnectable.
	conn, err := net.Dial("tcp", ln.Addr().String())
	require.NoError(t, err)
	cl := NewClient(conn, ClientConfig{Team: "team", AnySeat: true}, newScriptBot(t, seat, b1, b2))
	err = cl.Run(ctx)
	require.ErrorIs(t, err, ErrDisconnected)
	assert.True(t, cl.Seated())
	assert.Equal(t, 0, cl.Boards())

	// Then the second script: a new client asks for East by name.
	cl2 := NewClient(dialListener(t, ln), ClientConfig{Team: "team", Seat: cl.Seat()}, newScriptBot(t, seat, b1, b2))
	require.NoError(t, cl2.Run(ctx))
	assert.Equal(t, 2, cl2.Boards())
	require.NoError(t, <-done)
}

func dialListener(t *testing.T, ln net.Listener) net.Conn {
	t.Helper()
	conn, err := net.Dial("tcp", ln.Addr().String())
	require.NoError(t, err)
	return conn
}

func TestRunSessionReconnects(t *testing.T) {
	const seat = engine.East
	b1 := newScriptBoard(t, 1, "again", auctionTo(engine.North, engine.North, engine.Bid(1, engine.StrainDiamonds)), nil)
	full := boardScript(seat, b1)
	// Stop board 1 in the middle of the play: after trick 1's first card.
	cut := 0
	for i, s := range full {
		if strings.Contains(s.line, "to trick 2") {
			cut = i
			break
		}
	}
	require.NotZero(t, cut)
	first := append(handshakeScript(seat, "team", true), full[:cut]...)
	// A refused attempt (seat not yet freed), then the seat comes back.
	refused := []scriptStep{seatSends(`Connecting "team" as East using protocol version 18`), mgrSends("Refused: East is still seated")}
	second := append(handshakeScript(seat, "team", false), full...)
	second = append(second, mgrSends("End of session"))

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	done := make(chan error, 1)
	go func() {
		for _, script := range [][]scriptStep{first, refused, second} {
			conn, err := ln.Accept()
			if err != nil {
				done <- err
				return
			}
			if err := runManager(conn, script, nil); err != nil {
				done <- err
				return
			}
		}
		done <- nil
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	boards, err := RunSession(ctx, DialTCP(ln.Addr().String()), ClientConfig{Team: "team", AnySeat: true}, newScriptBot(t, seat, b1), 5*time.Second)
	require.NoError(t, <-done)
	require.NoError(t, err)
	assert.Equal(t, 1, boards)
}

func TestRunSessionFirstRefusalIsFinal(t *testing.T) {
	mgr, seatEnd := net.Pipe()
	go func() {
		_ = runManager(mgr, []scriptStep{seatSends(`Connecting "t" as North using protocol version 18`), mgrSends("Refused: seat North is taken")}, nil)
	}()
	dials := 0
	dial := func(context.Context) (net.Conn, error) {
		dials++
		if dials > 1 {
			return nil, errors.New("dialled twice")
		}
		return seatEnd, nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, err := RunSession(ctx, dial, ClientConfig{Team: "t", Seat: engine.North}, playertest.Instant{}, time.Second)
	require.ErrorIs(t, err, ErrRefused)
	var le *LineError
	require.ErrorAs(t, err, &le)
	assert.Equal(t, "Refused: seat North is taken", le.Line)
	assert.Equal(t, 1, dials)
}

func TestRunSessionGivesUp(t *testing.T) {
	const seat = engine.North
	steps := append(handshakeScript(seat, "t", false), mgrSends("Start of board"))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	go func() {
		conn, err := ln.Accept()
		if err == nil {
			_ = runManager(conn, steps, nil)
		}
		ln.Close() // nobody listens any more: every reconnect fails
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, err = RunSession(ctx, DialTCP(ln.Addr().String()), ClientConfig{Team: "t", Seat: seat}, playertest.Instant{}, 200*time.Millisecond)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "could not get the seat back")
	assert.NoError(t, ctx.Err())
}

func TestClientStoppedBoardSameConnection(t *testing.T) {
	// Another seat faulted: this seat gets no timing line, only Start of
	// board for the next board on the same connection, in the middle of
	// the stopped one; a ready line it sent for the stopped board is
	// discarded by the manager.
	const seat = engine.South
	b1 := newScriptBoard(t, 1, "other", auctionTo(engine.North, engine.West, engine.Bid(1, engine.StrainHearts)), nil)
	b2 := newScriptBoard(t, 2, "other", []engine.Call{engine.Pass, engine.Pass, engine.Pass, engine.Pass}, nil)
	full := boardScript(seat, b1)
	cut := 0
	for i, s := range full {
		if s.in && strings.Contains(s.line, "ready for West's bid") {
			cut = i + 1
			break
		}
	}
	steps := append(handshakeScript(seat, "t", false), full[:cut]...)
	steps = append(steps, boardScript(seat, b2)...)
	steps = append(steps, mgrSends("End of session"))
	cl, err, mgrErr := runPipe(t, ClientConfig{Team: "t", Seat: seat}, newScriptBot(t, seat, b1, b2), steps, nil)
	require.NoError(t, mgrErr)
	require.NoError(t, err)
	assert.Equal(t, 1, cl.Boards())
}

func TestClientProtocolErrors(t *testing.T) {
	const seat = engine.South
	hs := handshakeScript(seat, "t", false)
	start := []scriptStep{mgrSends("Start of board"), seatSends("South ready for deal")}
	board := func(extra ...scriptStep) []scriptStep {
		s := append(append([]scriptStep{}, hs...), start...)
		return append(s, extra...)
	}
	info := mgrSends("Board number 1. Dealer North. Neither vulnerable.")
	cards := mgrSends("South's cards : S A K Q J. H A K Q. D A K Q. C A K Q.")
	tests := []struct {
		name  string
		steps []scriptStep
		is    error
		line  string
	}{
		{"refused", []scriptStep{seatSends(`Connecting "t" as South using protocol version 18`), mgrSends("Sorry, no")}, ErrRefused, "Sorry, no"},
		{"refusal line", []scriptStep{seatSends(`Connecting "t" as South using protocol version 18`), mgrSends("Refused: bad version")}, ErrRefused, "Refused: bad version"},
		{"closed before seated", []scriptStep{seatSends(`Connecting "t" as South using protocol version 18`)}, ErrRefused, ""},
		{"wrong seat", []scriptStep{seatSends(`Connecting "t" as South using protocol version 18`), mgrSends(`North ("t") seated`)}, ErrUnexpected, `North ("t") seated`},
		{"no teams", append(hs[:3:3], mgrSends("Start of board")), ErrUnexpected, "Start of board"},
		{"garbage board line", board(mgrSends("Board number x")), ErrMalformed, "Board number x"},
		{"cards for another seat", board(info, seatSends("South ready for cards"), mgrSends("North's cards : S A K Q J. H A K Q. D A K Q. C A K Q.")), ErrUnexpected, "North's cards"},
		{"twelve cards", board(info, seatSends("South ready for cards"), mgrSends("South's cards : S A K Q. H A K Q. D A K Q. C A K Q.")), ErrUnexpected, "South's cards"},
		{"call from wrong seat", board(info, seatSends("South ready for cards"), cards, seatSends("South ready for North's bid"), mgrSends("East passes")), ErrUnexpected, "East passes"},
		{"illegal relayed call", board(info, seatSends("South ready for cards"), cards, seatSends("South ready for North's bid"), mgrSends("North doubles")), engine.ErrIllegalDouble, "North doubles"},
		{"play in the auction", board(info, seatSends("South ready for cards"), cards, seatSends("South ready for North's bid"), mgrSends("North plays AS")), ErrUnexpected, "North plays AS"},
		{"too long", board(mgrSends("%s", strings.Repeat("x", 600))), ErrLineTooLong, ""},
		{"closed mid-board", board(info), ErrDisconnected, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err, mgrErr := runPipe(t, ClientConfig{Team: "t", Seat: seat}, playertest.Instant{}, tc.steps, nil)
			require.NoError(t, mgrErr)
			require.ErrorIs(t, err, tc.is)
			if tc.line != "" {
				var le *LineError
				require.ErrorAs(t, err, &le)
				assert.Contains(t, le.Line, tc.line)
				assert.Contains(t, err.Error(), fmt.Sprintf("%q", le.Line))
			}
		})
	}
}

type clientBadBot struct {
	call engine.Call
	err  error
}

func (b clientBadBot) Call(context.Context, *engine.View) (engine.Call, string, error) {
	return b.call, "", b.err
}

func (b clientBadBot) Card(context.Context, *engine.View) (engine.Card, error) { return 0, b.err }

func TestClientBotFailures(t *testing.T) {
	const seat = engine.North
	steps := append(handshakeScript(seat, "t", false),
		mgrSends("Start of board"), seatSends("North ready for deal"),
		mgrSends("Board number 1. Dealer North. Neither vulnerable."), seatSends("North ready for cards"),
		mgrSends("North's cards : S A K Q J. H A K Q. D A K Q. C A K Q."))
	boom := errors.New("boom")
	tests := []struct {
		name string
		bot  player.Player
		is   error
	}{
		{"illegal call", clientBadBot{call: engine.Double}, ErrIllegalAction},
		{"bot error", clientBadBot{err: boom}, boom},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err, mgrErr := runPipe(t, ClientConfig{Team: "t", Seat: seat}, tc.bot, steps, nil)
			require.NoError(t, mgrErr)
			require.ErrorIs(t, err, tc.is)
		})
	}
}

func TestClientIllegalCard(t *testing.T) {
	const seat = engine.South
	// South is on lead against North-East... East declares 1S: South leads.
	b := newScriptBoard(t, 1, "illegal", auctionTo(engine.North, engine.East, engine.Bid(1, engine.StrainSpades)), nil)
	steps := append(handshakeScript(seat, "t", false), boardScript(seat, b)...)
	var lead int
	for i, s := range steps {
		if s.line == "South to lead" {
			lead = i + 1
			break
		}
	}
	require.NotZero(t, lead)
	// A card South does not hold.
	notHeld, _ := (engine.FullDeck &^ b.deal[seat]).Lowest()
	b.cards = append([]engine.Card{notHeld}, b.cards[1:]...)
	_, err, mgrErr := runPipe(t, ClientConfig{Team: "t", Seat: seat}, &illegalCardBot{scriptBot: newScriptBot(t, seat, b)}, steps[:lead], nil)
	require.NoError(t, mgrErr)
	require.ErrorIs(t, err, ErrIllegalAction)
}

// illegalCardBot plays the scripted card without checking it.
type illegalCardBot struct{ *scriptBot }

func (b *illegalCardBot) Card(_ context.Context, v *engine.View) (engine.Card, error) {
	return b.boards[v.Number].cards[v.Play.Len()], nil
}

func TestClientContextCancel(t *testing.T) {
	mgr, seatEnd := net.Pipe()
	defer mgr.Close()
	go func() { _, _ = io.Copy(io.Discard, mgr) }() // a manager that never answers
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- NewClient(seatEnd, ClientConfig{Team: "t"}, playertest.Instant{}).Run(ctx) }()
	cancel()
	select {
	case err := <-done:
		assert.ErrorIs(t, err, context.Canceled)
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not return after cancel")
	}
}

func TestPipeBot(t *testing.T) {
	const seat = engine.West
	b := newScriptBoard(t, 1, "pipe", auctionTo(engine.North, engine.North, engine.Bid(1, engine.StrainClubs)), nil)
	// Instant opens 1C as dealer and passes: exactly the scripted auction.
	// Its cards are the lowest legal ones, so script those.
	b = playLowest(t, b)
	steps := append(handshakeScript(seat, "pipe", false), boardScript(seat, b)...)
	steps = append(steps, mgrSends("End of session"))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	mgr, done := pipeBot(ctx, ClientConfig{Team: "pipe", Seat: seat}, playertest.Instant{})
	require.NoError(t, runManager(mgr, steps, nil))
	require.NoError(t, <-done)
}

// pipeBot seats bot at a table over an in-memory pipe speaking the same
// protocol as TCP. It returns the manager's end of the pipe and a channel
// that receives the Client's result (nil after End of session) when it
// stops. Cancel ctx or close the manager's end to stop the bot.
func pipeBot(ctx context.Context, cfg ClientConfig, bot player.Player) (net.Conn, <-chan error) {
	managerEnd, seatEnd := net.Pipe()
	done := make(chan error, 1)
	cl := NewClient(seatEnd, cfg, bot)
	go func() { done <- cl.Run(ctx) }()
	return managerEnd, done
}

// playLowest replaces the board's play with lowest-legal-card play.
func playLowest(t testing.TB, sb scriptBoard) scriptBoard {
	b := engine.NewBoard(sb.number, sb.deal)
	for _, c := range sb.calls {
		s, _ := b.Turn()
		require.NoError(t, b.Call(s, c))
	}
	sb.cards = nil
	for b.Phase() == engine.PhasePlay {
		c, _ := b.LegalCards().Lowest()
		s, _ := b.Turn()
		require.NoError(t, b.PlayCard(s, c))
		sb.cards = append(sb.cards, c)
	}
	return sb
}

// FuzzClient feeds a seat, after a proper handshake, whatever lines a
// manager may send: the Client must end with nil or an error, never panic
// or hang, and never act on a card its view rejects.
func FuzzClient(f *testing.F) {
	b := newScriptBoard(f, 1, "fuzz", auctionTo(engine.North, engine.West, engine.Bid(1, engine.NoTrump)), nil)
	var script []string
	for _, s := range boardScript(engine.South, b) {
		if !s.in {
			script = append(script, s.line)
		}
	}
	f.Add(strings.Join(script, "\n"))
	f.Add("Start of board\nBoard number 1. Dealer North. Neither vulnerable.\nSouth's cards : S A K Q J. H A K Q. D A K Q. C A K Q.\nNorth bids 1C\nEast passes\nEnd of session")
	f.Add("Start of board\nTiming - N/S : this board 00:01, total 0:00:01. E/W : this board 00:01, total 0:00:01.\nEnd of session")
	f.Fuzz(func(t *testing.T, data string) {
		mgr, seatEnd := net.Pipe()
		defer mgr.Close()
		_ = mgr.SetDeadline(time.Now().Add(5 * time.Second))
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		done := make(chan error, 1)
		go func() {
			done <- NewClient(seatEnd, ClientConfig{Team: "f", Seat: engine.South}, player.Random{Seed: "1"}).Run(ctx)
		}()
		go func() { _, _ = io.Copy(io.Discard, mgr) }()
		lines := append([]string{`South ("f") seated`, `Teams : N/S : "f" E/W : "g"`}, strings.Split(data, "\n")...)
		for _, l := range lines {
			if _, err := mgr.Write([]byte(l + "\r\n")); err != nil {
				break
			}
		}
		mgr.Close()
		select {
		case err := <-done:
			if errors.Is(err, context.DeadlineExceeded) {
				t.Fatal("client hung")
			}
		case <-time.After(10 * time.Second):
			t.Fatal("client did not return")
		}
	})
}

func TestClientAcceptsEverySeatedForm(t *testing.T) {
	const seat = engine.North
	b := newScriptBoard(t, 1, "seated", []engine.Call{engine.Pass, engine.Pass, engine.Pass, engine.Pass}, nil)
	for _, seated := range []string{`North ("orNS") seated`, `North "orNS" seated`, `North orNS seated`} {
		t.Run(seated, func(t *testing.T) {
			steps := handshakeScript(seat, "orNS", false)
			steps[1] = mgrSends("%s", seated)
			steps = append(steps, boardScript(seat, b)...)
			steps = append(steps, mgrSends("End of session"))
			cl, err, mgrErr := runPipe(t, ClientConfig{Team: "orNS", Seat: seat}, newScriptBot(t, seat, b), steps, nil)
			require.NoError(t, mgrErr)
			require.NoError(t, err)
			assert.True(t, cl.Seated())
			assert.Equal(t, 1, cl.Boards())
		})
	}
}
