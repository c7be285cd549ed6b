package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	iofs "io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/openroom/openroom/allowlist"
	"github.com/openroom/openroom/results"
	"github.com/openroom/openroom/sandbox"
	"github.com/openroom/openroom/sprt"
	"github.com/openroom/openroom/tournaments"
	"github.com/openroom/openroom/tournaments/bots"
	"github.com/openroom/openroom/tournaments/report"
	flag "github.com/spf13/pflag"
)

// The default event: what "tablemanager run" (and "make run") plays with
// no event file. It resumes: a rerun continues an interrupted run, and
// after a finished one prints the same summary again without playing
// (--fresh sets the old results aside and plays again).
//
// The default match pits the reference bot's strongest level against its
// heuristic one, so the first command shows bidding, sampler play and
// scoring working together.
const (
	defaultEventName = "default"
	defaultOut       = "out/default"
	defaultBotA      = "builtin:refbot:expert"
	defaultBotB      = "builtin:refbot:easy"
	defaultBoards    = 16
	defaultSeed      = "openroom"
)

// runFlags are the flags of "run"; each one that is set overrides the
// event file.
type runFlags struct {
	teams       []string
	boards      int
	seed        string
	pbnFile     string
	out         string
	concurrency int
	segment     int
	name        string
	lin         bool
	listen      string
	allow       []string
	fresh       bool
	unsandboxed bool
	quiet       bool
	showBoards  bool
	sprt        string
	web         string
	webWait     bool
	webHosts    []string // --web-host: names the live page answers to
	shard       string
	mounts      []string
	// botLimits are --bot-memory, --bot-procs, --bot-files, --bot-disk
	// and --bot-tmp, by their event file key.
	botLimits map[string]*string

	// manifest is the shard's manifest, made from the event file and
	// flags when --shard is given (not a flag).
	manifest *tournaments.Manifest
}

// relayProgram is the relay's command line for this program.
func relayProgram() ([]string, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	return relayBeside(self), nil
}

// relayBeside is the relay's command line for the program self:
// openroom-relay beside it, if it is there, or self as relayCommand.
func relayBeside(self string) []string {
	relay := filepath.Join(filepath.Dir(self), "openroom-relay")
	if fi, err := os.Stat(relay); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
		return []string{relay}
	}
	return []string{self, relayCommand}
}

// relayCommand is the hidden command that runs the relay inside a command
// bot's sandbox (sandbox.RelayMain).
const relayCommand = "sandbox-relay"

const runUsage = `usage: tablemanager run [EVENT.toml] [flags]
Plays a bot-vs-bot event: the event file, the flags alone (--team A=BOT --team B=BOT ...),
or with neither the default event (a 16-board team match of two built-in bots in out/default).
Rerunning the same event resumes it: boards already in results.jsonl are not played again.
`

func runEvent(e *env, args []string) int {
	var rf runFlags
	fs := rf.flagSet()
	if code, ok := parseFlags(e, fs, args, runUsage); !ok {
		return code
	}
	if fs.NArg() > 1 {
		fmt.Fprintf(e.stderr, "tablemanager run: want at most one event file, found %d arguments\n", fs.NArg())
		return exitUsage
	}
	if rf.webWait && rf.web == "" {
		fmt.Fprintln(e.stderr, "tablemanager run: --web-wait needs --web ADDR")
		return exitUsage
	}
	file, code := eventFile(e, fs, &rf)
	if file == nil {
		return code
	}
	if code := applyFlags(e, fs, &rf, file); code != exitOK {
		return code
	}
	ev, err := tournaments.Resolve(file)
	if err != nil {
		return resolveFailed(e, fs, err)
	}
	if fs.Changed("shard") {
		if code := shardEvent(e, &rf, file, ev); code != exitOK {
			return code
		}
	}
	return playEvent(e, ev, &rf)
}

// flagSet defines run's flags on rf.
func (rf *runFlags) flagSet() *flag.FlagSet {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringArrayVar(&rf.teams, "team", nil, "a team as NAME=BOT (repeat; two teams make a team match); BOT is builtin:random, builtin:refbot:LEVEL, remote (connects to --listen) or a command line with {host} {port} {seat} {name}")
	fs.IntVar(&rf.boards, "boards", 0, "boards per match (with --sprt, the most a test may take)")
	fs.StringVar(&rf.seed, "seed", "", "deal seed, any string (default: the event file's, or a fresh random one kept in the output folder)")
	fs.StringVar(&rf.pbnFile, "pbn", "", "play the deals of a PBN file instead of seeded ones")
	fs.StringVar(&rf.out, "out", "", "output folder (results.jsonl, summary.txt, one PBN per match)")
	fs.IntVar(&rf.concurrency, "concurrency", 0, "tables in play at once (default the number of cores)")
	fs.IntVar(&rf.segment, "segment", 0, "boards a table plays in one session (default 16)")
	fs.StringVar(&rf.name, "name", "", "event name (the results' \"event\")")
	fs.BoolVar(&rf.lin, "lin", false, "also write a LIN line and a BBO hand-viewer link per board-room")
	fs.StringVar(&rf.listen, "listen", "", "address remote bots connect to (BOT = remote), e.g. 127.0.0.1:2000")
	fs.StringArrayVar(&rf.allow, "allow", nil, "an address or network beyond loopback that may connect to --listen and open --web (repeat)")
	fs.BoolVar(&rf.fresh, "fresh", false, "set earlier results in the output folder aside (results.jsonl.N) and start again: a new seed if none is given, and the teams' bots recorded anew (a resume refuses a changed bot)")
	fs.BoolVar(&rf.unsandboxed, "unsandboxed", false, "run command bots as plain processes, without the bubblewrap sandbox (they can then read the results, logs and deal seed)")
	fs.BoolVar(&rf.quiet, "quiet", false, "no progress line on standard error")
	fs.BoolVar(&rf.showBoards, "show-boards", false, "also print every board's contracts, scores and IMPs")
	fs.StringVar(&rf.sprt, "sprt", "", "a sequential test of a two-team match, imp0=X,imp1=Y[,alpha=0.05,beta=0.05,min_boards=128]: the match ends once H0 or H1 is accepted (--boards is the cap, default 2000; replaces the event file's [sprt])")
	fs.StringVar(&rf.web, "web", "", "serve the live page of the event on this address, e.g. 127.0.0.1:8080 (beyond loopback only for --allow)")
	fs.StringArrayVar(&rf.webHosts, "web-host", nil, webHostUsage)
	fs.BoolVar(&rf.webWait, "web-wait", false, "after the event, keep the --web page up until Ctrl-C")
	fs.StringArrayVar(&rf.mounts, "mount", nil, "TEAM=PATH: a folder or file the sandboxed command bots of TEAM may read, e.g. their models (repeat)")
	fs.StringVar(&rf.shard, "shard", "", "play shard K/N of every match (K from 0; auto/N takes K from SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX) into OUT/shard-K-of-N; tablemanager merge joins the shards")
	rf.botLimits = botLimitFlags(fs)
	return fs
}

// eventFile is the event as a file gives it: the event file named on the
// command line, the default event when there is neither one nor --team,
// else an empty match for the flags to fill. A nil file comes with the
// exit status to return.
func eventFile(e *env, fs *flag.FlagSet, rf *runFlags) (*tournaments.File, int) {
	switch {
	case fs.NArg() == 1:
		f, err := tournaments.LoadFile(fs.Arg(0))
		if err != nil {
			fmt.Fprintf(e.stderr, "tablemanager run: %v\n", err)
			var ce *tournaments.ConfigError
			if errors.As(err, &ce) {
				return nil, exitDataErr
			}
			return nil, exitNoInput
		}
		return f, exitOK
	case len(rf.teams) == 0:
		return defaultFile(), exitOK
	}
	return &tournaments.File{Name: "match"}, exitOK
}

// resolveFailed reports an event that does not resolve and returns the
// exit status: a bad flag value is a usage error, a board set's PBN file
// that cannot be opened 66, any other fault bad data.
func resolveFailed(e *env, fs *flag.FlagSet, err error) int {
	var ce *tournaments.ConfigError
	if errors.As(err, &ce) && ce.Err == nil {
		if flag, ok := flagAtFault(fs, fs.NArg() == 1, ce.Key); ok {
			fmt.Fprintf(e.stderr, "tablemanager run: %s: %s\n", flag, ce.Msg)
			return exitUsage
		}
	}
	fmt.Fprintf(e.stderr, "tablemanager run: %v\n", err)
	var pe *iofs.PathError
	if errors.As(err, &pe) {
		return exitNoInput // the board set's PBN file cannot be opened
	}
	return exitDataErr
}

// flagAtFault tells whether an event key that failed to resolve got its
// value from the command line, and names the flag: a flag's value is a
// usage error (exit 64), an event file's is bad data (65, naming the file
// and line). Without an event file every value is a flag's (or a built-in
// default, which always resolves).
func flagAtFault(fs *flag.FlagSet, haveFile bool, key string) (string, bool) {
	name := ""
	for _, m := range []struct{ prefix, flag string }{
		{"boards.count", "boards"}, {"boards.seed", "seed"}, {"boards.pbn", "pbn"},
		{"concurrency", "concurrency"}, {"segment", "segment"}, {"name", "name"},
		{"listen", "listen"}, {"allow", "allow"}, {"sprt", "sprt"},
		// --team replaces the teams and the schedule's list of them;
		// the schedule's kind and hero, and the file's own bots, stay
		// the file's.
		{"teams", "team"}, {"schedule.teams", "team"},
	} {
		if key == m.prefix || strings.HasPrefix(key, m.prefix+".") {
			name = m.flag
			break
		}
	}
	if key == "schedule" || !haveFile && strings.HasPrefix(key, "bots.") {
		name = "team" // the number of teams; a bot only --team defined
	}
	if strings.HasPrefix(key, "teams.") && strings.HasSuffix(key, ".mounts") && fs.Changed("mount") {
		name = "mount"
	}
	switch {
	case name != "" && fs.Changed(name):
		return "--" + name, true
	case !haveFile && name != "":
		return "--" + name, true
	case !haveFile:
		return "the flags", true
	}
	return "", false
}

// defaultFile is the default event as an event file would give it.
func defaultFile() *tournaments.File {
	f := &tournaments.File{Name: defaultEventName, Out: defaultOut}
	f.Boards.Seed = defaultSeed
	f.Boards.Count = defaultBoards
	f.Bots = map[string]tournaments.BotConfig{}
	f.Teams = map[string]tournaments.TeamConfig{
		"A": {Bots: []string{defaultBotA}},
		"B": {Bots: []string{defaultBotB}},
	}
	return f
}

// applyFlags lets the flags that were set override the file. A flag's
// bad value is a usage error.
func applyFlags(e *env, fs *flag.FlagSet, rf *runFlags, f *tournaments.File) int {
	for _, apply := range []func(*flag.FlagSet, *runFlags, *tournaments.File) error{
		applyTeamFlags, applyMountFlags, applyBoardFlags, applyEventFlags, applyLimitFlags, applySPRTFlag,
	} {
		if err := apply(fs, rf, f); err != nil {
			fmt.Fprintf(e.stderr, "tablemanager run: %v\n", err)
			return exitUsage
		}
	}
	return exitOK
}

// applyTeamFlags replaces the file's teams, and the schedule's list of
// them, with those of --team, one bot each.
func applyTeamFlags(_ *flag.FlagSet, rf *runFlags, f *tournaments.File) error {
	if len(rf.teams) == 0 {
		return nil
	}
	f.Teams = map[string]tournaments.TeamConfig{}
	f.Schedule.Teams = nil
	if f.Bots == nil {
		f.Bots = map[string]tournaments.BotConfig{}
	}
	for _, t := range rf.teams {
		name, bot, ok := strings.Cut(t, "=")
		name, bot = strings.TrimSpace(name), strings.TrimSpace(bot)
		if !ok || name == "" || bot == "" {
			return fmt.Errorf("--team %q: want NAME=BOT", t)
		}
		for other := range f.Teams {
			switch {
			case other == name:
				return fmt.Errorf("--team %q: team %s given twice", t, name)
			case strings.EqualFold(other, name):
				return fmt.Errorf("--team %q: team %s differs only in case from team %s", t, name, other)
			}
		}
		spec, err := bots.ParseSpec(bot)
		if err != nil {
			return fmt.Errorf("--team %s: %v", name, err)
		}
		if _, defined := f.Bots[bot]; !defined {
			f.Bots[bot] = botConfig(spec)
		}
		f.Teams[name] = tournaments.TeamConfig{Bots: []string{bot}}
		f.Schedule.Teams = append(f.Schedule.Teams, name)
	}
	return nil
}

// applyMountFlags adds each --mount TEAM=PATH, made absolute, to its
// team's mounts.
func applyMountFlags(_ *flag.FlagSet, rf *runFlags, f *tournaments.File) error {
	for _, m := range rf.mounts {
		team, path, ok := strings.Cut(m, "=")
		team, path = strings.TrimSpace(team), strings.TrimSpace(path)
		tc, found := f.Teams[team]
		switch {
		case !ok || team == "" || path == "":
			return fmt.Errorf("--mount %q: want TEAM=PATH", m)
		case !found:
			return fmt.Errorf("--mount %q: no team %q", m, team)
		}
		abs, err := filepath.Abs(path)
		if err != nil {
			return fmt.Errorf("--mount %q: %v", m, err)
		}
		tc.Mounts = append(tc.Mounts, abs)
		f.Teams[team] = tc
	}
	return nil
}

// applyBoardFlags sets the board set: --boards, and --seed or --pbn (each
// replaces the file's other; given both, --pbn wins).
func applyBoardFlags(fs *flag.FlagSet, rf *runFlags, f *tournaments.File) error {
	if fs.Changed("boards") {
		if rf.boards < 1 {
			return fmt.Errorf("--boards %d: want 1 or more", rf.boards)
		}
		f.Boards.Count = rf.boards
	}
	if fs.Changed("seed") {
		f.Boards.Seed, f.Boards.PBN = tournaments.Seed(rf.seed), ""
	}
	if fs.Changed("pbn") {
		abs, err := filepath.Abs(rf.pbnFile)
		if err != nil {
			return fmt.Errorf("--pbn: %v", err)
		}
		f.Boards.PBN, f.Boards.Seed = abs, ""
		if !fs.Changed("boards") {
			f.Boards.Count = 0 // the file's boards, unless --boards says otherwise
		}
	}
	return nil
}

// applyEventFlags sets how and where the event is played: --out,
// --concurrency, --segment, --name, --lin, --listen and --allow.
func applyEventFlags(fs *flag.FlagSet, rf *runFlags, f *tournaments.File) error {
	if fs.Changed("out") {
		abs, err := filepath.Abs(rf.out)
		if err != nil {
			return fmt.Errorf("--out: %v", err)
		}
		f.Out = abs
	}
	if fs.Changed("concurrency") {
		if rf.concurrency < 1 {
			return fmt.Errorf("--concurrency %d: want 1 or more", rf.concurrency)
		}
		f.Concurrency = rf.concurrency
	}
	if fs.Changed("segment") {
		if rf.segment < 1 {
			return fmt.Errorf("--segment %d: want 1 or more", rf.segment)
		}
		f.Segment = rf.segment
	}
	if fs.Changed("name") {
		f.Name = rf.name
	}
	if fs.Changed("lin") {
		f.LIN = rf.lin
	}
	if fs.Changed("listen") {
		f.Listen = rf.listen
	}
	if fs.Changed("allow") {
		f.Allow = rf.allow
	}
	return nil
}

// applySPRTFlag replaces the file's sequential test with --sprt's.
func applySPRTFlag(fs *flag.FlagSet, rf *runFlags, f *tournaments.File) error {
	if !fs.Changed("sprt") {
		return nil
	}
	p, err := sprt.ParseParams(rf.sprt)
	if err != nil {
		return fmt.Errorf("--sprt: %v", err)
	}
	f.SPRT = tournaments.SPRTConfigOf(p)
	return nil
}

// botConfig turns a command-line bot into the event file's form.
func botConfig(s bots.Spec) tournaments.BotConfig {
	switch s.Kind {
	case bots.KindBuiltin:
		return tournaments.BotConfig{Builtin: s.Builtin, Level: s.Level}
	case bots.KindRemote:
		return tournaments.BotConfig{Remote: true}
	}
	return tournaments.BotConfig{Command: s.Name}
}

// playEvent runs a resolved event and prints its summary.
func playEvent(e0 *env, ev *tournaments.Event, rf *runFlags) int {
	// Standard error is written from the progress callback, the runner's
	// notices and the interrupt watcher: one line at a time.
	e := *e0
	e.stderr = &lockedWriter{w: e0.stderr}
	runner, rerr := newRunner(&e, ev, rf.unsandboxed)
	if rerr != nil {
		fmt.Fprintf(e.stderr, "tablemanager run: %v\n", rerr)
		if errors.Is(rerr, sandbox.ErrNoSandbox) {
			return exitUnavail
		}
		return exitDataErr
	}
	opt := tournaments.Options{
		Runner:       runner,
		Fresh:        rf.fresh,
		MatchWriters: matchWriters(ev),
		Manifest:     rf.manifest,
	}
	var lv *liveView
	if rf.web != "" {
		// The page lives as long as the command: after a first Ctrl-C
		// it shows the boards in play finishing.
		var code int
		if lv, code = startLiveOr(context.WithoutCancel(e.ctx), "run", e.stderr, rf.web, ev.Allow, rf.webHosts); lv == nil {
			return code
		}
		defer lv.Stop()
		if rf.webWait {
			// Runs after the summary is printed and the interrupt watcher
			// has gone (deferred before them), so Ctrl-C ends the wait.
			defer lv.Linger(e0.ctx, e.stderr)
		}
		opt.Observer = lv.State.Observer()
	}
	abort, stopWatch := watchInterrupts(&e)
	defer stopWatch()
	opt.Abort = abort
	var pl *progressLine
	if !rf.quiet {
		pl = &progressLine{w: e.stderr}
		opt.Progress = pl.update
	}
	out, err := tournaments.Run(e.ctx, ev, opt)
	if pl != nil {
		pl.end()
	}
	if lv != nil {
		lv.State.EventFinished(err)
	}
	if err != nil && (out == nil || out.Report == nil) {
		fmt.Fprintf(e.stderr, "tablemanager run: %v\n", err)
		return runErrorCode(err)
	}
	return reportRun(&e, ev, rf, out, err)
}

// watchInterrupts watches for Ctrl-C while an event plays. The first one
// (e.ctx) lets the boards in play finish, which it says on standard error;
// a second one closes abort, abandoning them (they are played again on
// resume). stop ends the watch, and returns once the watcher is gone.
func watchInterrupts(e *env) (abort <-chan struct{}, stop func()) {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt)
	abortc := make(chan struct{})
	watchDone := make(chan struct{})
	watcherGone := make(chan struct{})
	go func() {
		defer close(watcherGone)
		select {
		case <-e.ctx.Done():
		case <-watchDone:
			return
		}
		fmt.Fprintln(e.stderr, "\ntablemanager run: stopping after the boards in play (Ctrl-C again to stop at once)")
		select {
		case <-sigs: // the signal that cancelled e.ctx may be queued here too
		case <-watchDone:
			return
		}
		select {
		case <-sigs:
			close(abortc)
		case <-watchDone:
		}
	}()
	// The watcher writes to stderr: wait for it before returning, so that
	// nothing is written after the command has ended.
	return abortc, func() {
		close(watchDone)
		<-watcherGone
		signal.Stop(sigs)
	}
}

// reportRun tells what a run that ended with a report did, err being
// how it ended: notices on standard error, the summary file written, the
// summary (and with --show-boards every board) on standard output. The
// exit status is 130 after an interrupt, 1 when the run failed or a file
// is not written.
func reportRun(e *env, ev *tournaments.Event, rf *runFlags, out *tournaments.RunResult, err error) int {
	if out.NewSeed != "" {
		fmt.Fprintf(e.stderr, "tablemanager run: no seed given: the boards are dealt from the fresh random seed %s (kept in %s, so a rerun resumes)\n", out.NewSeed, filepath.Join(ev.Out, tournaments.SeedFile))
	}
	if out.BadLines > 0 {
		fmt.Fprintf(e.stderr, "tablemanager run: skipped %d malformed line(s) of %s (a line torn by a crash); those boards were played again\n", out.BadLines, out.ResultsOut)
	}
	unwritten := writeEventFiles(e, "run", out.Report, out.Warnings)
	switch {
	case out.Played == 0 && err == nil && out.Resumed < out.Report.Expected && out.Report.SPRT != nil:
		fmt.Fprintf(e.stderr, "tablemanager run: the sequential test was already decided by the %d board-rooms in %s; nothing to play (--fresh plays the event again)\n", out.Resumed, out.ResultsOut)
	case out.Played == 0 && err == nil:
		fmt.Fprintf(e.stderr, "tablemanager run: all %d board-rooms were already in %s; nothing to play (--fresh plays the event again)\n", out.Resumed, out.ResultsOut)
	}
	if code := printReport(e, "run", out.Report, rf.showBoards); code != exitOK {
		return code
	}
	fmt.Fprintf(e.stdout, "\nResults: %s\n", out.ResultsOut)
	if out.ClockCapped.Any() {
		fmt.Fprintf(e.stderr, "tablemanager run: %s\n", out.ClockCapped)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "tablemanager run: %v; run the same command again to resume\n", err)
		if errors.Is(err, tournaments.ErrInterrupted) {
			return exitInterrupted
		}
		return exitFailure
	}
	if unwritten > 0 {
		fmt.Fprintf(e.stderr, "tablemanager run: %d file(s) not written; the results in %s are intact (run the same command again to write them)\n", unwritten, out.ResultsOut)
		return exitFailure
	}
	return exitOK
}

// writeEventFiles says which match files a run or merge (cmd) could not
// write, writes the summary file of rep, and counts the files not
// written. The results file is complete; a summary or match file that
// cannot be written fails the command, and a rerun writes it again.
func writeEventFiles(e *env, cmd string, rep *report.Report, warnings []string) (unwritten int) {
	for _, w := range warnings {
		fmt.Fprintf(e.stderr, "tablemanager %s: match file not written: %s\n", cmd, w)
		unwritten++
	}
	if werr := tournaments.WriteSummaryFile(rep); werr != nil {
		fmt.Fprintf(e.stderr, "tablemanager %s: summary not written: %v\n", cmd, werr)
		unwritten++
	}
	return unwritten
}

// printReport prints the summary of rep, and with showBoards (the
// --show-boards of cmd) every board, on standard output.
func printReport(e *env, cmd string, rep *report.Report, showBoards bool) int {
	if perr := rep.WriteSummary(e.stdout); perr != nil {
		fmt.Fprintf(e.stderr, "tablemanager %s: %v\n", cmd, perr)
		return exitFailure
	}
	if showBoards {
		fmt.Fprintln(e.stdout)
		if perr := rep.WriteBoards(e.stdout); perr != nil {
			fmt.Fprintf(e.stderr, "tablemanager %s: %v\n", cmd, perr)
			return exitFailure
		}
	}
	return exitOK
}

// runErrorCode is the exit status of a run that ended without a report:
// a team's bot changed since the results on disk is a matter of the
// command line (64); results of another event, or a record its own deal,
// auction and play contradict, or a line too long, are bad data (65); an
// output file that cannot be opened, or is not a regular file, 66.
func runErrorCode(err error) int {
	switch {
	case errors.Is(err, tournaments.ErrBotChanged):
		return exitUsage
	case errors.Is(err, results.ErrNotRegular), errors.Is(err, tournaments.ErrNoOutput):
		return exitNoInput
	case errors.Is(err, tournaments.ErrOtherEvent), errors.Is(err, results.ErrMismatch), errors.Is(err, results.ErrLineTooLong):
		return exitDataErr
	}
	return exitFailure
}

// progressLine is the live progress line on standard error: rewritten in
// place at most every 100ms, ended with a newline.
type progressLine struct {
	w       io.Writer
	last    time.Time
	shown   bool
	current bool // the last update is on screen
	p       tournaments.Progress
}

func (pl *progressLine) update(p tournaments.Progress) {
	pl.p, pl.current = p, false
	if p.Done < p.Total && time.Since(pl.last) < 100*time.Millisecond {
		return
	}
	pl.last = time.Now()
	pl.print()
}

func (pl *progressLine) print() {
	p := pl.p
	rate := 0.0
	if s := p.Elapsed.Seconds(); s > 0 {
		rate = float64(p.Played) / s
	}
	llr := ""
	if p.SPRT != nil {
		llr = ", " + p.SPRT.LLRLine()
	}
	fmt.Fprintf(pl.w, "\rplayed %d of %d board-rooms, tables in play %d, %.1f board-rooms/s%s   ", p.Done, p.Total, p.Running, rate, llr)
	pl.shown, pl.current = true, true
}

func (pl *progressLine) end() {
	if !pl.shown {
		return
	}
	if !pl.current {
		pl.print()
	}
	fmt.Fprintln(pl.w)
}

// newRunner returns the table runner of the command: every table through
// the protocol host, built-in bots over in-process pipes, command bots as
// processes whose output goes to DIR/logs, remote bots on the listen
// address. Its notices (a table waiting for a remote bot, a bot given up)
// go to standard error on lines of their own. Command bots run in the
// bubblewrap sandbox; without one the event does not start unless
// unsandboxed is set, which also runs them without it.
//
// The relay in each sandbox is openroom-relay where it sits beside this
// program (it starts faster), else this program itself, run as the hidden
// command relayCommand.
func newRunner(e *env, ev *tournaments.Event, unsandboxed bool) (tournaments.TableRunner, error) {
	allow, err := allowlist.Parse(ev.Allow)
	if err != nil {
		return nil, err
	}
	var sb *sandbox.Sandbox
	if ev.HasCommandBots() {
		if unsandboxed {
			fmt.Fprintf(e.stderr, "tablemanager run: --unsandboxed: command bots run as plain processes and can read all you can: %s (results, PBN, other bots' logs), the event file, the deal seed and this command line, and reach each other and any seat\n", ev.Out)
		} else {
			relay, err := relayProgram()
			if err != nil {
				return nil, fmt.Errorf("%w: the relay (this program): %v", sandbox.ErrNoSandbox, err)
			}
			if sb, err = sandbox.Find(e.ctx, relay); err != nil {
				return nil, fmt.Errorf("%w; command bots run only sandboxed (or give --unsandboxed to run them as plain processes)", err)
			}
			sb.Hide = ev.Secrets()
			sb.Limits = sandbox.NewConfiner(ev.Limits)
			fmt.Fprintf(e.stderr, "tablemanager run: %s\n", sb.Limits.Describe())
		}
	}
	return &tournaments.ProtocolRunner{
		NewPlayer: e.newPlayer,
		Sandbox:   sb,
		LogDir:    filepath.Join(ev.Out, "logs"),
		Listen:    ev.Listen,
		Allow:     allow,
		Notify: func(format string, args ...any) {
			fmt.Fprintf(e.stderr, "\ntablemanager run: "+format+"\n", args...)
		},
	}, nil
}

// matchWriters chooses the per-match files.
func matchWriters(ev *tournaments.Event) []tournaments.MatchWriter {
	w := []tournaments.MatchWriter{tournaments.WritePBN}
	if ev.LIN {
		w = append(w, tournaments.WriteLIN)
	}
	return w
}

// lockedWriter serialises writes to a writer shared by goroutines.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
