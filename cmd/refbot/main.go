package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/protocol"
	"github.com/openroom/openroom/refbot"
)

// Exit statuses, following BSD sysexits where one fits.
const (
	exitOK          = 0
	exitFailure     = 1  // the session failed
	exitUsage       = 64 // malformed command line
	exitUnavailable = 69 // the manager cannot be reached
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr, protocol.DialTCP)
	stop()
	os.Exit(code)
}

// options are the parsed command line.
type options struct {
	connect   string
	seat      string
	name      string
	level     string
	system    string
	card      string
	lint      string
	lintN     int
	ask       string
	askSet    bool // --ask was given: an empty auction asks for the opening call
	hand      string
	seed      uint64
	explain   bool
	verbose   bool
	reconnect time.Duration
}

// run is the whole program, with its outside world passed in.
func run(ctx context.Context, args []string, stdout, stderr io.Writer, dial func(addr string) protocol.DialFunc) int {
	var o options
	fs := pflag.NewFlagSet("refbot", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.connect, "connect", "", "table manager address HOST:PORT (required)")
	fs.StringVar(&o.seat, "seat", "", "seat to take: North, East, South, West (or N, E, S, W), or any")
	fs.StringVar(&o.name, "name", "openroom", "team name (partners must give the same)")
	fs.StringVar(&o.level, "level", "expert", "play level: easy, medium, hard or expert")
	fs.StringVar(&o.system, "system", refbot.DefaultSystem, "bidding system: a built-in one ("+strings.Join(refbot.SystemNames(), ", ")+") or a system file")
	fs.StringVar(&o.card, "card", "", "print the convention card of a bidding system (built-in name or file) and exit")
	fs.StringVar(&o.lint, "lint", "", "list the situations of a bidding system (built-in name or file) in which some hands fit no row, bidding --lint-boards seeded boards, and exit")
	fs.IntVar(&o.lintN, "lint-boards", 2000, "how many seeded boards --lint bids")
	fs.StringVar(&o.ask, "ask", "", "an auction from the dealer (North), calls separated by spaces (\"\" for the opening call): explain each call and say what --system bids there with --hand, and exit")
	fs.StringVar(&o.hand, "hand", "", "with --ask: the hand of the seat on turn, as spades.hearts.diamonds.clubs (AKQ2.J43.T9.8765)")
	fs.Uint64Var(&o.seed, "seed", 0, "seed of the bot's decisions (same seed, board and seat: same decisions)")
	fs.BoolVar(&o.explain, "explain", false, "log the meaning of every call the bot makes")
	fs.BoolVar(&o.verbose, "verbose", false, "log every decision and every protocol line")
	fs.DurationVar(&o.reconnect, "reconnect-timeout", protocol.SessionReconnectTimeout, "how long to keep trying to get the seat back after the manager closes it")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: refbot --connect HOST:PORT --seat SEAT [--name TEAM] [--level LEVEL] [--system SYSTEM] [--seed N] [--explain]")
		fmt.Fprintln(stderr, "       refbot --card SYSTEM")
		fmt.Fprintln(stderr, "       refbot --lint SYSTEM [--lint-boards N]")
		fmt.Fprintln(stderr, "       refbot --ask AUCTION --hand HAND [--system SYSTEM]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			return exitOK
		}
		fmt.Fprintln(stderr, "refbot:", err)
		return exitUsage
	}
	o.askSet = fs.Changed("ask")
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "refbot: unexpected arguments %q\n", fs.Args())
		return exitUsage
	}
	if o.card != "" {
		return printCard(o.card, stdout, stderr)
	}
	if o.lint != "" {
		return printGaps(o.lint, o.lintN, stdout, stderr)
	}
	if o.askSet || o.hand != "" {
		return answer(&o, stdout, stderr)
	}
	cfg, bot, log, err := setup(&o, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "refbot:", err)
		return exitUsage
	}
	return session(ctx, &o, cfg, bot, log, stderr, dial(o.connect))
}

// setup checks the options and builds the client configuration and the bot.
func setup(o *options, stderr io.Writer) (protocol.ClientConfig, *refbot.Bot, *slog.Logger, error) {
	var cfg protocol.ClientConfig
	if o.connect == "" {
		return cfg, nil, nil, errors.New("--connect HOST:PORT is required")
	}
	if _, _, err := net.SplitHostPort(o.connect); err != nil {
		return cfg, nil, nil, fmt.Errorf("--connect %q: %w", o.connect, err)
	}
	switch strings.ToLower(o.seat) {
	case "":
		return cfg, nil, nil, errors.New("--seat is required (North, East, South, West or any)")
	case "any", "anypl":
		cfg.AnySeat = true
	default:
		s, err := engine.ParseSeat(o.seat)
		if err != nil {
			return cfg, nil, nil, fmt.Errorf("--seat: %w", err)
		}
		cfg.Seat = s
	}
	if strings.TrimSpace(o.name) == "" || strings.ContainsAny(o.name, "\"\r\n") {
		return cfg, nil, nil, fmt.Errorf("--name %q: want a non-empty name without quotes or line breaks", o.name)
	}
	cfg.Team = o.name
	if o.reconnect < 0 {
		return cfg, nil, nil, fmt.Errorf("--reconnect-timeout %v: want 0 or more", o.reconnect)
	}
	level := slog.LevelWarn
	if o.explain {
		level = slog.LevelInfo
	}
	if o.verbose {
		level = slog.LevelDebug
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))
	if o.verbose {
		cfg.Trace = func(in bool, line string) {
			dir := "send"
			if in {
				dir = "recv"
			}
			log.Debug(dir, "line", line)
		}
	}
	opts := []refbot.Option{refbot.WithLogger(log)}
	if o.explain {
		opts = append(opts, refbot.WithExplain())
	}
	if o.verbose {
		opts = append(opts, refbot.WithDecisionHook(func(d refbot.Decision) {
			log.Debug("card", "board", d.Board, "hand", d.Seat.Name(), "card", d.Card.RankSuit(),
				"worlds", d.Stats.Worlds, "exact", d.Stats.Exact, "nodes", d.Stats.Nodes,
				"elapsed", d.Elapsed, "fallback", d.Fallback)
		}))
	}
	sys, err := refbot.LoadSystem(o.system)
	if err != nil {
		return cfg, nil, nil, fmt.Errorf("--system: %w", err)
	}
	opts = append(opts, refbot.WithSystem(sys))
	bot, err := refbot.NewBuiltin(o.level, o.seed, opts...)
	if err != nil {
		return cfg, nil, nil, fmt.Errorf("--level: %w", err)
	}
	return cfg, bot, log, nil
}

// session plays until End of session, reconnecting (protocol.RunSession)
// when the manager closes the seat, as it does after a stopped board.
func session(ctx context.Context, o *options, cfg protocol.ClientConfig, bot *refbot.Bot, log *slog.Logger, stderr io.Writer, dial protocol.DialFunc) int {
	boards, err := protocol.RunSession(ctx, dial, cfg, bot, o.reconnect)
	switch {
	case err == nil:
		log.Info("end of session", "boards", boards)
		return exitOK
	case errors.Is(err, protocol.ErrRefused) && boards == 0:
		fmt.Fprintf(stderr, "refbot: %s refused the seat: %v\n", o.connect, err)
		return exitUnavailable
	case boards == 0 && !errors.Is(err, protocol.ErrDisconnected) && ctx.Err() == nil && isDialError(err):
		fmt.Fprintf(stderr, "refbot: cannot reach %s: %v\n", o.connect, err)
		return exitUnavailable
	}
	fmt.Fprintf(stderr, "refbot: session ended after %d boards: %v\n", boards, err)
	return exitFailure
}

// isDialError reports whether err is a failure to connect.
func isDialError(err error) bool {
	var op *net.OpError
	return errors.As(err, &op) && op.Op == "dial"
}

// printCard writes the convention card of the system arg names.
func printCard(arg string, stdout, stderr io.Writer) int {
	sys, err := refbot.LoadSystem(arg)
	if err != nil {
		fmt.Fprintln(stderr, "refbot: --card:", err)
		return exitUsage
	}
	if err := sys.WriteCard(stdout); err != nil {
		fmt.Fprintln(stderr, "refbot:", err)
		return exitFailure
	}
	return exitOK
}

// lintSeed deals the boards refbot --lint bids: a fixed seed, so that two
// versions of a file are linted on the same hands.
const lintSeed = "lint"

// printGaps writes the gaps of the system arg names (bidding.Gap): one
// line a situation, placed at its file's line, most frequent first, then a
// summary.
func printGaps(arg string, boards int, stdout, stderr io.Writer) int {
	if boards < 1 {
		fmt.Fprintf(stderr, "refbot: --lint-boards %d: want 1 or more\n", boards)
		return exitUsage
	}
	sys, err := refbot.LoadSystem(arg)
	if err != nil {
		fmt.Fprintln(stderr, "refbot: --lint:", err)
		return exitUsage
	}
	file := arg
	if !refbot.IsSystemFile(arg) {
		file = arg + ".bid"
	}
	gaps := sys.Gaps(engine.SeededBoards(lintSeed, engine.BoardNumbers(1, boards)))
	calls := 0
	for _, g := range gaps {
		where := fmt.Sprintf("%s:%d", file, g.Line)
		if g.Line == 0 {
			where = file + " (its base)"
		}
		fmt.Fprintf(stdout, "%s: situation %q: no row fits %d of %d hands (%.0f%%), e.g. board %d: %s\n",
			where, g.Situation, g.Uncovered, g.Reached, 100*float64(g.Uncovered)/float64(g.Reached), g.ExampleBoard, g.Example)
		calls += g.Uncovered
	}
	fmt.Fprintf(stdout, "%s: %d situations with hands no row fits; %d calls of %d boards fell to the natural fallback\n",
		sys.Name(), len(gaps), calls, boards)
	return exitOK
}

// answer explains each call of the auction --ask gives, as the system
// reads it, then says what the system bids with --hand at the seat on
// turn, and why: a system author's check of a row without a table.
func answer(o *options, stdout, stderr io.Writer) int {
	if !o.askSet || o.hand == "" {
		fmt.Fprintln(stderr, "refbot: --ask and --hand go together")
		return exitUsage
	}
	hand, err := engine.ParseHand(o.hand)
	if err == nil && hand.Len() != 13 {
		err = fmt.Errorf("%d cards, want 13", hand.Len())
	}
	if err != nil {
		fmt.Fprintf(stderr, "refbot: --hand %q: %v\n", o.hand, err)
		return exitUsage
	}
	a := engine.NewAuction(engine.North)
	for i, f := range strings.Fields(o.ask) {
		c, err := engine.ParseCall(f)
		if err == nil {
			err = a.Add(c)
		}
		if err != nil {
			fmt.Fprintf(stderr, "refbot: --ask: call %d (%s): %v\n", i+1, f, err)
			return exitUsage
		}
	}
	if a.Done() {
		fmt.Fprintln(stderr, "refbot: --ask: the auction is over")
		return exitUsage
	}
	sys, err := refbot.LoadSystem(o.system)
	if err != nil {
		fmt.Fprintln(stderr, "refbot: --system:", err)
		return exitUsage
	}
	for i := range a.Len() {
		m, err := sys.Explain(&a, i)
		if err != nil {
			fmt.Fprintln(stderr, "refbot:", err)
			return exitFailure
		}
		fmt.Fprintf(stdout, "%-5s %s\n", a.SeatOf(i).Name(), m)
	}
	v := engine.View{Seat: a.Turn(), Dealer: engine.North, Hand: hand, Auction: a}
	_, alert, m := sys.Choose(&v)
	fmt.Fprintf(stdout, "%s, with %s, bids %s\n", v.Seat.Name(), o.hand, m)
	if alert != "" {
		fmt.Fprintf(stdout, "  alerted: %s\n", alert)
	}
	return exitOK
}
