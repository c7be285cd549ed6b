package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/openroom/openroom/allowlist"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/pbn"
	"github.com/openroom/openroom/player"
	"github.com/openroom/openroom/protocol"
	"github.com/openroom/openroom/results"
	"github.com/openroom/openroom/tournaments/bots"
	"github.com/openroom/openroom/web/live"
	flag "github.com/spf13/pflag"
)

// exitInterrupted is the status after Ctrl-C: the finished boards are on
// disk, but the session did not play every board (128 + SIGINT, as shells
// report it).
const exitInterrupted = 130

// botFactory makes the in-process bot named by a --seat value (without
// the seat), playing under a team name. It is a parameter of serve so
// that tests, and new built-in bots, plug in without touching the command.
type botFactory func(spec, team string) (player.Player, error)

// builtinBots seats the built-in bots the tournaments package knows:
// builtin:random and builtin:refbot:LEVEL.
func builtinBots(spec, team string) (player.Player, error) {
	bs, err := bots.ParseSpec(spec)
	if err != nil {
		return nil, err
	}
	if bs.Kind != bots.KindBuiltin {
		return nil, fmt.Errorf("bot %q: serve seats built-in bots only (builtin:random, builtin:refbot:LEVEL); start other bots yourself and point them at --listen", spec)
	}
	return bots.NewBuiltin(bs, team)
}

// serveFlags are serve's command line.
type serveFlags struct {
	listen           string
	boards           string
	seed             string
	resultsPath      string
	dealsPath        string
	pbnPath          string
	seats            []string
	noTiming         []string
	actionTimeout    time.Duration
	boardBudget      time.Duration
	reconnectTimeout time.Duration
	handshakeTimeout time.Duration
	startTimeout     time.Duration
	acceptBudget     int
	onFault          string
	minGap           time.Duration
	allow            []string
	webHosts         []string
	seatAddress      []string
	seatSecret       []string
	nsTeam, ewTeam   string
	event, table     string
	quiet            bool
	web              string
	webWait          bool
}

const serveUsage = `usage: tablemanager serve --results FILE [flags]
Waits for four bots on --listen (Blue Chip protocol version 18), plays the boards, appends each
finished board to the results file, and exits 0 after End of session.
`

func runServe(e *env, args []string) int {
	return serveWith(e, args, builtinBots)
}

// serveWith is runServe with the bot factory as a parameter.
func serveWith(e *env, args []string, bots botFactory) int {
	var sf serveFlags
	fs := sf.flagSet()
	if code, ok := parseFlags(e, fs, args, serveUsage); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return serveFail(e, exitUsage, "unexpected argument %q", fs.Arg(0))
	}
	policy, err := sf.check()
	if err != nil {
		return serveFail(e, exitUsage, "%v", err)
	}
	allow, err := allowlist.Parse(sf.allow)
	if err != nil {
		return serveFail(e, exitUsage, "--allow: %v", err)
	}
	if err := allowlist.CheckListen(sf.listen, allow); err != nil {
		return serveFail(e, exitUsage, "--listen: %v", err)
	}
	if err := sf.checkLimits(); err != nil {
		return serveFail(e, exitUsage, "%v", err)
	}
	boards, code, err := sf.boardSetups(e)
	if err != nil {
		return serveFail(e, code, "%v", err)
	}
	cfg, err := sf.tableConfig(boards, policy, bots)
	if err != nil {
		return serveFail(e, exitUsage, "%v", err)
	}

	out, err := openOutputs(sf.resultsPath, sf.pbnPath)
	if err != nil {
		return serveFail(e, exitNoInput, "%v", err)
	}
	defer out.close()
	lv, stopLive, code := sf.startLive(e, &cfg, boards)
	if code != exitOK {
		return code
	}
	defer stopLive()
	cfg.OnBoard = sf.onBoard(e, out, lv, len(boards))
	tbl, err := protocol.NewTable(cfg)
	if err != nil {
		return serveFail(e, exitDataErr, "%v", err)
	}

	ln, err := net.Listen("tcp", sf.listen)
	if err != nil {
		return serveFail(e, exitFailure, "%v", err)
	}
	fmt.Fprintf(e.stderr, "listening on %s: %d boards, waiting for %d bots\n", ln.Addr(), len(boards), 4-len(sf.seats))
	srv := &protocol.Server{Table: tbl, Allow: allow, AcceptBudget: sf.acceptBudget, Logf: refusedLogf(e)}
	runErr := serveTable(e, tbl, srv, ln)
	if lv != nil {
		lv.State.TableFinished(sf.table, runErr)
		lv.State.EventFinished(runErr)
	}
	// The closing line counts the boards in the results file, also those
	// whose --pbn copy failed.
	return sf.sessionEnd(e, runErr, out.boards, len(boards))
}

// serveFail writes serve's one-line error to standard error and returns
// the exit status code.
func serveFail(e *env, code int, format string, args ...any) int {
	fmt.Fprintf(e.stderr, "tablemanager serve: "+format+"\n", args...)
	return code
}

// flagSet defines serve's flags on sf.
func (sf *serveFlags) flagSet() *flag.FlagSet {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&sf.listen, "listen", "127.0.0.1:2000", "address to listen on; anything but loopback needs --allow")
	fs.StringVar(&sf.boards, "boards", "", "board numbers to play, like 1-16 or 1-4,9 (default 1-16, or every board of --deals)")
	fs.StringVar(&sf.seed, "seed", "", "deal seed, any string (default: a fresh random one, printed)")
	fs.StringVar(&sf.resultsPath, "results", "", "JSON Lines results file to append each board to (required)")
	fs.StringVar(&sf.dealsPath, "deals", "", "play the deals of this PBN file instead of seeded ones")
	fs.StringVar(&sf.pbnPath, "pbn", "", "also append each board, with auction, play and score, to this PBN file")
	fs.StringArrayVar(&sf.seats, "seat", nil, "seat an in-process bot, as SEAT=BOT (repeat): North=builtin:random, E=builtin:refbot:LEVEL")
	fs.StringArrayVar(&sf.noTiming, "no-timing", nil, "send no timing line to this seat (repeat), for robots that do not expect it: --no-timing East")
	fs.DurationVar(&sf.actionTimeout, "action-timeout", 30*time.Second, "longest wait for any line from a seated bot")
	fs.DurationVar(&sf.boardBudget, "board-budget", 0, "think time per side per board, e.g. 2m (0: none)")
	fs.DurationVar(&sf.reconnectTimeout, "reconnect-timeout", 30*time.Second, "how long a lost seat has to come back before its boards are scored as faults")
	fs.IntVar(&sf.acceptBudget, "accept-budget", protocol.DefaultAcceptBudget, "connections one address may open a second; beyond it a connection is reset at once (a seat's own address is never held to it; -1: no bound)")
	fs.DurationVar(&sf.handshakeTimeout, "handshake-timeout", 10*time.Second, "how long a connection may take over each step of its handshake before it is dropped (a seated bot waiting for the others keeps its seat)")
	fs.DurationVar(&sf.startTimeout, "start-timeout", 0, "end the session, naming the empty seats, when four bots have not sat down within this time (0: wait until interrupted)")
	fs.StringVar(&sf.onFault, "on-fault", "adjust", "what a fault does to the board: adjust (A+/A-) or replay")
	fs.DurationVar(&sf.minGap, "min-gap", 0, "least time between two lines to the same seat, for robots that need it")
	fs.StringArrayVar(&sf.allow, "allow", nil, "addresses or networks (192.0.2.7, 192.0.2.0/24) that may take a seat, or open --web, besides loopback (repeat or comma-separate)")
	fs.StringArrayVar(&sf.seatSecret, "seat-secret", nil, "a seat or side needs this word after the version number of its Connecting line, as SEAT=SECRET (repeat): North=s3cret, EW=s3cret")
	fs.StringArrayVar(&sf.seatAddress, "seat-address", nil, "only these addresses or networks may take a seat or side, as SEAT=ADDR (repeat): North=192.0.2.7, NS=192.0.2.0/24 (default: a seat is bound to the IP it first joined from)")
	fs.StringVar(&sf.nsTeam, "ns-team", "", "team name North-South must connect with (default: what the first of them says)")
	fs.StringVar(&sf.ewTeam, "ew-team", "", "team name East-West must connect with")
	fs.StringVar(&sf.event, "event", "serve", "event name written in the results")
	fs.StringVar(&sf.table, "table", "1", "table name written in the results")
	fs.BoolVar(&sf.quiet, "quiet", false, "no progress line per board")
	fs.StringVar(&sf.web, "web", "", "serve the table's live page on this address, e.g. 127.0.0.1:8080 (beyond loopback only for --allow)")
	fs.StringArrayVar(&sf.webHosts, "web-host", nil, webHostUsage)
	fs.BoolVar(&sf.webWait, "web-wait", false, "after the session, keep the --web page up until Ctrl-C")
	return fs
}

// check refuses flags that are missing or clash, and parses --on-fault;
// its errors are usage errors.
func (sf *serveFlags) check() (protocol.FaultPolicy, error) {
	switch {
	case sf.resultsPath == "":
		return 0, errors.New("--results FILE is required")
	case sf.webWait && sf.web == "":
		return 0, errors.New("--web-wait needs --web ADDR")
	case sf.dealsPath != "" && sf.seed != "":
		return 0, errors.New("give --seed or --deals, not both")
	}
	policy, err := protocol.ParseFaultPolicy(sf.onFault)
	if err != nil {
		return policy, fmt.Errorf("--on-fault: %v", err)
	}
	return policy, nil
}

// checkLimits refuses timeouts, budgets and gaps out of range; its errors
// are usage errors.
func (sf *serveFlags) checkLimits() error {
	for _, d := range []struct {
		name string
		v    time.Duration
	}{{"action-timeout", sf.actionTimeout}, {"reconnect-timeout", sf.reconnectTimeout}, {"handshake-timeout", sf.handshakeTimeout}} {
		if d.v <= 0 {
			return fmt.Errorf("--%s must be positive", d.name)
		}
	}
	switch {
	case sf.startTimeout < 0:
		return errors.New("--start-timeout must not be negative")
	case sf.acceptBudget == 0 || sf.acceptBudget < -1:
		return errors.New("--accept-budget must be positive, or -1 for no bound")
	case sf.boardBudget < 0 || sf.minGap < 0:
		return errors.New("--board-budget and --min-gap cannot be negative")
	}
	return nil
}

// boardSetups are the boards to play: --deals's, or seeded ones (--seed,
// else a fresh seed, printed), numbered by --boards. The error comes with
// its exit status.
func (sf *serveFlags) boardSetups(e *env) ([]engine.BoardSetup, int, error) {
	var numbers []int
	if sf.boards != "" {
		var err error
		if numbers, err = parseBoardList(sf.boards); err != nil {
			return nil, exitUsage, fmt.Errorf("--boards: %v", err)
		}
	}
	if sf.dealsPath != "" {
		return readDealsFile(sf.dealsPath, numbers)
	}
	if numbers == nil {
		numbers, _ = parseBoardList("1-16")
	}
	if sf.seed == "" {
		sf.seed = freshSeed()
		fmt.Fprintf(e.stderr, "seed %s\n", sf.seed)
	}
	return engine.SeededBoards(sf.seed, numbers), exitOK, nil
}

// tableConfig is the table's configuration from the flags, with the
// in-process bots of --seat seated; its errors are usage errors.
func (sf *serveFlags) tableConfig(boards []engine.BoardSetup, policy protocol.FaultPolicy, bots botFactory) (protocol.Config, error) {
	cfg := protocol.Config{
		Boards: boards, Identity: results.Identity{Event: sf.event, Table: sf.table},
		NSTeam: sf.nsTeam, EWTeam: sf.ewTeam,
		ActionTimeout: sf.actionTimeout, BoardBudget: sf.boardBudget,
		ReconnectTimeout: sf.reconnectTimeout, FaultPolicy: policy, MinGap: sf.minGap,
		HandshakeTimeout: sf.handshakeTimeout, StartTimeout: sf.startTimeout,
	}
	for _, spec := range sf.seatAddress {
		if err := protocol.ParseSeatAddress(spec, &cfg.SeatAddress); err != nil {
			return cfg, fmt.Errorf("--seat-address %v", err)
		}
	}
	for _, spec := range sf.seatSecret {
		if err := protocol.ParseSeatSecret(spec, &cfg.SeatSecret); err != nil {
			// The secret itself is not echoed.
			return cfg, fmt.Errorf("--seat-secret: %v", err)
		}
	}
	for _, name := range sf.noTiming {
		seat, err := engine.ParseSeat(strings.TrimSpace(name))
		if err != nil {
			return cfg, fmt.Errorf("--no-timing %q: %v", name, err)
		}
		cfg.NoTiming[seat] = true
	}
	if err := seatBots(&cfg, sf.seats, bots); err != nil {
		return cfg, fmt.Errorf("--seat: %v", err)
	}
	return cfg, nil
}

// startLive starts the table's --web page, if there is one, and has cfg
// show each action on it; without --web the view is nil. stop, to be
// deferred, keeps the page up until Ctrl-C with --web-wait, then stops
// it. A page that cannot start comes as the exit status to return.
func (sf *serveFlags) startLive(e *env, cfg *protocol.Config, boards []engine.BoardSetup) (lv *liveView, stop func(), code int) {
	if sf.web == "" {
		return nil, func() {}, exitOK
	}
	if lv, code = startLiveOr(e.ctx, "serve", e.stderr, sf.web, sf.allow, sf.webHosts); lv == nil {
		return nil, nil, code
	}
	plan := live.TablePlan(sf.event, live.PlanTable{Table: sf.table, NSTeam: sf.nsTeam, EWTeam: sf.ewTeam, Boards: boards})
	_ = lv.State.Begin(plan, nil, nil, nil)
	lv.State.TableStarted(sf.table)
	cfg.OnAction = func(b *engine.Board) { lv.State.Action(sf.table, b) }
	return lv, func() {
		if sf.webWait {
			lv.Linger(e.ctx, e.stderr)
		}
		lv.Stop()
	}, exitOK
}

// onBoard is the table's OnBoard: each finished board is appended to the
// outputs, shown on the live page (lv, if any) and, unless --quiet, in a
// progress line.
func (sf *serveFlags) onBoard(e *env, out *outputs, lv *liveView, total int) func(results.Record) error {
	return func(r results.Record) error {
		if err := out.write(r); err != nil {
			return err
		}
		if lv != nil {
			lv.State.BoardFinished(&r)
		}
		if !sf.quiet {
			fmt.Fprintf(e.stderr, "%s\n", serveProgress(r, out.boards, total))
		}
		return nil
	}
}

// refusedLogf is the server's Logf: a line on standard error for each
// connection refused.
func refusedLogf(e *env) func(string, ...any) {
	return func(f string, a ...any) {
		fmt.Fprintf(e.stderr, "refused: "+f+"\n", a...)
	}
}

// serveTable has srv seat connections from ln at tbl while tbl plays
// the session, and returns the table's error once the session and the
// server are over.
func serveTable(e *env, tbl *protocol.Table, srv *protocol.Server, ln net.Listener) error {
	ctx, stop := context.WithCancel(e.ctx)
	defer stop()
	srvDone := make(chan error, 1)
	go func() { srvDone <- srv.Serve(ctx, ln) }()
	runErr := tbl.Run(ctx)
	stop()
	<-srvDone
	return runErr
}

// sessionEnd writes the closing line, counting the played boards of
// total, and returns the exit status: 0 after End of session, 130 after
// Ctrl-C, 1 when the session failed.
func (sf *serveFlags) sessionEnd(e *env, runErr error, played, total int) int {
	switch {
	case runErr == nil:
		fmt.Fprintf(e.stderr, "End of session: %d boards in %s\n", played, sf.resultsPath)
		return exitOK
	case errors.Is(runErr, context.Canceled) && e.ctx.Err() != nil:
		fmt.Fprintf(e.stderr, "interrupted: %d of %d boards in %s\n", played, total, sf.resultsPath)
		return exitInterrupted
	}
	return serveFail(e, exitFailure, "%v (%d boards in %s)", runErr, played, sf.resultsPath)
}

// seatBots fills cfg.Local from --seat SEAT=BOT values. A built-in bot
// plays under its side's --ns-team/--ew-team name. Without one it connects
// under its own spec ("builtin:random"), and the table decides the side's
// name: a remote partner's name when its partner seat is remote (the
// built-in bot plays under it), else the first built-in bot's.
func seatBots(cfg *protocol.Config, seats []string, bots botFactory) error {
	type local struct {
		v, spec string
		seat    engine.Seat
	}
	var locals []local
	var specs [engine.NumSeats]string
	for _, v := range seats {
		name, spec, ok := strings.Cut(v, "=")
		name, spec = strings.TrimSpace(name), strings.TrimSpace(spec)
		if !ok || name == "" || spec == "" {
			return fmt.Errorf("%q: want SEAT=BOT, like North=builtin:random", v)
		}
		seat, err := engine.ParseSeat(name)
		if err != nil {
			return fmt.Errorf("%q: %w", v, err)
		}
		if specs[seat] != "" {
			return fmt.Errorf("%q: %s is seated twice", v, seat.Name())
		}
		specs[seat] = spec
		locals = append(locals, local{v, spec, seat})
	}
	for _, l := range locals {
		// Two built-in partners without a name play as the first one.
		if specs[l.seat.Partner()] == "" {
			continue
		}
		if l.seat.Side() == engine.NS && cfg.NSTeam == "" {
			cfg.NSTeam = l.spec
		} else if l.seat.Side() == engine.EW && cfg.EWTeam == "" {
			cfg.EWTeam = l.spec
		}
	}
	for _, l := range locals {
		v, spec, seat := l.v, l.spec, l.seat
		team := cfg.NSTeam
		if seat.Side() == engine.EW {
			team = cfg.EWTeam
		}
		if team == "" {
			team = spec // the table lets a remote partner name the side
		}
		bot, err := bots(spec, team)
		if err != nil {
			return fmt.Errorf("%q: %w", v, err)
		}
		cfg.Local[seat] = protocol.ClientBot(team, bot)
	}
	return nil
}

// parseBoardList reads "1-16", "3", "1-4,9,12-13": board numbers from 1,
// each at most once, in the order given.
func parseBoardList(s string) ([]int, error) {
	const maxBoards = 100000
	var out []int
	seen := map[int]bool{}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(strings.TrimSpace(lo))
		if err != nil || a < 1 {
			return nil, fmt.Errorf("%q: want board numbers from 1, like 1-16 or 1-4,9", s)
		}
		b := a
		if isRange {
			if b, err = strconv.Atoi(strings.TrimSpace(hi)); err != nil || b < a {
				return nil, fmt.Errorf("%q: a range goes from low to high, like 1-16", part)
			}
		}
		if len(out)+(b-a+1) > maxBoards {
			return nil, fmt.Errorf("%q: more than %d boards", s, maxBoards)
		}
		for n := a; n <= b; n++ {
			if seen[n] {
				return nil, fmt.Errorf("%q: board %d is listed twice", s, n)
			}
			seen[n] = true
			out = append(out, n)
		}
	}
	return out, nil
}

// readDealsFile reads the boards of a PBN file, keeping only the listed
// numbers (in the list's order) when there is a list.
func readDealsFile(path string, numbers []int) ([]engine.BoardSetup, int, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, exitNoInput, fmt.Errorf("--deals: %w", err)
	}
	defer f.Close()
	deals, err := pbn.ReadDeals(f)
	if err != nil {
		return nil, exitDataErr, fmt.Errorf("--deals %s: %w", path, err)
	}
	// ReadDeals refuses a board number that appears again with other cards.
	byNumber := make(map[int]engine.BoardSetup, len(deals))
	for _, d := range deals {
		byNumber[d.Number] = d
	}
	if len(deals) == 0 {
		return nil, exitDataErr, fmt.Errorf("--deals %s: no boards", path)
	}
	if numbers == nil {
		return deals, exitOK, nil
	}
	out := make([]engine.BoardSetup, 0, len(numbers))
	var missing []string
	for _, n := range numbers {
		spec, ok := byNumber[n]
		if !ok {
			missing = append(missing, strconv.Itoa(n))
			continue
		}
		out = append(out, spec)
	}
	if len(missing) > 0 {
		have := make([]int, 0, len(byNumber))
		for n := range byNumber {
			have = append(have, n)
		}
		sort.Ints(have)
		return nil, exitDataErr, fmt.Errorf("--deals %s has no board %s (it has %d boards, %d to %d)", path, strings.Join(missing, ", "), len(have), have[0], have[len(have)-1])
	}
	return out, exitOK, nil
}

// freshSeed returns 128 random bits in hex, enough to reach every deal.
func freshSeed() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return strconv.FormatInt(time.Now().UnixNano(), 10)
	}
	return hex.EncodeToString(b[:])
}

// outputs are the files each board is appended to.
type outputs struct {
	resFile *os.File
	res     *results.Writer
	pbnFile *os.File
	pbn     *pbn.Writer
	boards  int // boards written to the results file
}

func openOutputs(resultsPath, pbnPath string) (*outputs, error) {
	rf, err := results.OpenAppend(resultsPath)
	if err != nil {
		return nil, err
	}
	o := &outputs{resFile: rf, res: results.NewWriter(rf)}
	if pbnPath != "" {
		pf, err := os.OpenFile(pbnPath, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o644)
		if err != nil {
			rf.Close()
			return nil, fmt.Errorf("--pbn: %w", err)
		}
		o.pbnFile, o.pbn = pf, pbn.NewWriter(pf)
		if st, err := pf.Stat(); err == nil && st.Size() > 0 {
			o.pbn.OmitHeader = true // appending to a file that has its header
		}
	}
	return o, nil
}

// write appends one board to the results and (if asked) the PBN file,
// flushed to disk before the next board begins.
func (o *outputs) write(r results.Record) error {
	if err := o.res.Write(&r); err != nil {
		return err
	}
	o.boards++
	if o.pbn == nil {
		return nil
	}
	played, err := r.Played()
	if err != nil {
		return fmt.Errorf("--pbn: %w", err)
	}
	g, err := pbn.FromBoard(played, pbn.RecordOptions{Date: time.Now()})
	if err != nil {
		return fmt.Errorf("--pbn: %w", err)
	}
	if err := o.pbn.Write(g); err != nil {
		return fmt.Errorf("--pbn: %w", err)
	}
	if err := o.pbnFile.Sync(); err != nil {
		return fmt.Errorf("--pbn: %w", err)
	}
	return nil
}

func (o *outputs) close() {
	o.resFile.Close()
	if o.pbnFile != nil {
		o.pbnFile.Close()
	}
}

// serveProgress is the one line per board on standard error.
func serveProgress(r results.Record, n, total int) string {
	head := fmt.Sprintf("[%d/%d] board %d:", n, total, r.Board)
	times := fmt.Sprintf("(think NS %s, EW %s)", msDuration(r.TimeMS.NS), msDuration(r.TimeMS.EW))
	if !r.Complete() {
		t := r.Termination
		adj := ""
		if r.Adjusted != nil {
			adj = fmt.Sprintf(", adjusted NS %s EW %s", r.Adjusted.NS, r.Adjusted.EW)
		}
		return fmt.Sprintf("%s stopped, %s by %s: %s%s %s", head, t.Kind, t.Seat, t.Detail, adj, times)
	}
	if r.Declarer == "" {
		return fmt.Sprintf("%s passed out %s", head, times)
	}
	tricks, score := 0, 0
	if r.Tricks != nil {
		tricks = *r.Tricks
	}
	if r.ScoreNS != nil {
		score = *r.ScoreNS
	}
	return fmt.Sprintf("%s %s by %s, %d tricks, NS %+d %s", head, r.Contract, r.Declarer, tricks, score, times)
}

func msDuration(ms int64) string {
	return (time.Duration(ms) * time.Millisecond).Round(10 * time.Millisecond).String()
}
