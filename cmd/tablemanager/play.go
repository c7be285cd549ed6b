package main

import (
	"fmt"
	"strings"

	flag "github.com/spf13/pflag"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot"
	"github.com/openroom/openroom/web"
	"github.com/openroom/openroom/web/play"
)

const playUsage = `usage: tablemanager play [--seat South] [--level expert] [--system [SEATS=]SYSTEM] [--mode duplicate] [--listen ADDR]
Serves a page where you play one seat in the browser, and dummy when you declare, against refbot
at the other three seats. Open the address it prints; Ctrl-C stops it.
Play a given deal again with --deal "N:AKQ.. ..." (a PBN deal string) or --board N --seed S.
`

type playFlags struct {
	seat, level, mode string
	watchPartner      bool
	listen            string
	allow, hosts      []string
	seed, deal        string
	systems           []string
	board             int
	maxSessions       int
}

func runPlay(e *env, args []string) int {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	var pf playFlags
	fs.StringVar(&pf.seat, "seat", "South", "the seat you play: North, East, South or West")
	fs.StringVar(&pf.level, "level", "expert", "refbot's level at the other seats: easy, medium, hard or expert")
	fs.StringArrayVar(&pf.systems, "system", nil, "the bots' bidding system: SYSTEM for every seat, or SEATS=SYSTEM (N, E, S, W, NS or EW; repeat); SYSTEM is a built-in name ("+strings.Join(refbot.SystemNames(), ", ")+") or a system file")
	fs.BoolVar(&pf.watchPartner, "watch-partner", false, "leave the contracts your partner declares to the partner's bot (by default you play declarer's and dummy's cards)")
	fs.StringVar(&pf.mode, "mode", "duplicate", "duplicate: each board stands alone, scored by its Law 77 raw score")
	fs.StringVar(&pf.listen, "listen", "127.0.0.1:8080", "address to serve the page on; anything but loopback needs --allow")
	fs.StringArrayVar(&pf.allow, "allow", nil, "addresses or networks (192.0.2.7, 192.0.2.0/24) that may open the page besides loopback (repeat or comma-separate)")
	fs.StringArrayVar(&pf.hosts, "web-host", nil, webHostUsage)
	fs.StringVar(&pf.seed, "seed", "", "deal seed, any string (default: a fresh random one, printed)")
	fs.IntVar(&pf.board, "board", 1, "the first board's number (its dealer and vulnerability follow from it)")
	fs.StringVar(&pf.deal, "deal", "", `play this deal first, a PBN deal string such as "N:AKQ.JT9.876.5432 ..." (dealer and vulnerability from --board)`)
	fs.IntVar(&pf.maxSessions, "max-tables", 4, "most people playing at once (one table each)")
	if code, ok := parseFlags(e, fs, args, playUsage); !ok {
		return code
	}
	fail := func(code int, format string, args ...any) int {
		fmt.Fprintf(e.stderr, "tablemanager play: "+format+"\n", args...)
		return code
	}
	if fs.NArg() > 0 {
		return fail(exitUsage, "unexpected argument %q", fs.Arg(0))
	}
	cfg, err := pf.config()
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	cfg.Logf = func(format string, args ...any) { fmt.Fprintf(e.stderr, format+"\n", args...) }
	srv, err := play.NewServer(cfg)
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	defer srv.Close()
	ln, opt, code := listenWeb(e.stderr, "play", "--listen", pf.listen, pf.allow, "--web-host", pf.hosts)
	if ln == nil {
		return code
	}
	if pf.seed == "" && pf.deal == "" {
		fmt.Fprintf(e.stderr, "tablemanager play: seed %s\n", srv.Config().Seed)
	}
	fmt.Fprintf(e.stderr, "tablemanager play: you are %s against refbot %s: open http://%s/\n", cfg.Seat.Name(), cfg.Level, ln.Addr())
	// Serve ends the open streams with the context, then the tables close.
	if err := web.Serve(e.ctx, ln, opt, srv); err != nil {
		return fail(exitFailure, "%v", err)
	}
	return exitInterrupted
}

// config turns the flags into the server's configuration.
func (pf *playFlags) config() (play.Config, error) {
	seat, err := engine.ParseSeat(pf.seat)
	if err != nil {
		return play.Config{}, fmt.Errorf("--seat: %v", err)
	}
	mode, err := play.ParseMode(strings.ToLower(pf.mode))
	if err != nil {
		return play.Config{}, fmt.Errorf("--mode: %v", err)
	}
	if pf.board < 1 {
		return play.Config{}, fmt.Errorf("--board %d: board numbers start at 1", pf.board)
	}
	if pf.maxSessions < 1 {
		return play.Config{}, fmt.Errorf("--max-tables %d: must be 1 or more", pf.maxSessions)
	}
	cfg := play.Config{Seat: seat, Level: strings.ToLower(pf.level), Mode: mode, Seed: pf.seed, FirstBoard: pf.board, MaxSessions: pf.maxSessions, WatchPartner: pf.watchPartner}
	if cfg.Systems, err = parseSystems(pf.systems); err != nil {
		return play.Config{}, err
	}
	if pf.deal != "" {
		d, err := engine.ParseDeal(pf.deal)
		if err != nil {
			return play.Config{}, fmt.Errorf("--deal: %v", err)
		}
		setup := engine.NewBoardSetup(pf.board, d)
		if err := setup.Validate(); err != nil {
			return play.Config{}, fmt.Errorf("--deal: %v", err)
		}
		cfg.Deal = &setup
	}
	return cfg, nil
}

// parseSystems reads play's --system flags: SYSTEM for every seat, or
// SEATS=SYSTEM for some (a later flag overrides an earlier one).
func parseSystems(flags []string) ([engine.NumSeats]*refbot.System, error) {
	var out [engine.NumSeats]*refbot.System
	for _, f := range flags {
		seats, name, found := strings.Cut(f, "=")
		if !found || strings.ContainsAny(seats, `./\`) {
			seats, name = "NESW", f // a file's path may hold "="
		}
		sys, err := refbot.LoadSystem(name)
		if err != nil {
			return out, fmt.Errorf("--system %q: %v", f, err)
		}
		if seats == "" {
			return out, fmt.Errorf("--system %q: no seat before =", f)
		}
		for _, c := range strings.ToUpper(seats) {
			s, err := engine.ParseSeat(string(c))
			if err != nil {
				return out, fmt.Errorf("--system %q: seats are N, E, S, W, NS or EW: %v", f, err)
			}
			out[s] = sys
		}
	}
	return out, nil
}
