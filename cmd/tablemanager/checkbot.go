package main

import (
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/openroom/openroom/checkbot"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/sandbox"
	"github.com/openroom/openroom/tournaments/bots"

	flag "github.com/spf13/pflag"
)

const checkBotUsage = `usage: tablemanager check-bot [flags] -- COMMAND [ARGS...]
       tablemanager check-bot [flags] --listen ADDR
       tablemanager check-bot --list

Runs a bot through scripted scenarios at a table whose other three seats
are check-bot's own, and checks every line it sends against the protocol.
COMMAND takes the placeholders {host} {port} {seat} {name}, as in an event
file; it is started (sandboxed, as in an event) once per scenario. With
--listen, start the bot yourself: it connects once per scenario.
Exit status: 0 every scenario passed, 1 one failed, 64 bad command line,
69 the bot (or the sandbox) cannot be started, 130 interrupted.
The guide for bot authors: docs/bot-authors.md.
`

// checkBotFlags are check-bot's flags.
type checkBotFlags struct {
	listen       string
	seat         string
	name         string
	scenarios    []string
	list         bool
	json         bool
	timeout      time.Duration
	startTimeout time.Duration
	noTiming     bool
	unsandboxed  bool
	mounts       []string
	parallel     int
	verbose      bool
}

func (f *checkBotFlags) flagSet() *flag.FlagSet {
	fs := flag.NewFlagSet("check-bot", flag.ContinueOnError)
	fs.StringVar(&f.listen, "listen", "", "wait on ADDR for a bot started by hand, once per scenario")
	fs.StringVar(&f.seat, "seat", "", "put the bot at this seat in every scenario (for a bot that asks for one seat)")
	fs.StringVar(&f.name, "name", checkbot.DefaultTeam, "team name the bot is given ({name})")
	fs.StringSliceVar(&f.scenarios, "scenario", nil, "run only this scenario (repeat, or a comma-separated list); --list names them")
	fs.BoolVar(&f.list, "list", false, "list the scenarios and exit")
	fs.BoolVar(&f.json, "json", false, "write the report as JSON on standard output")
	fs.DurationVar(&f.timeout, "timeout", checkbot.DefaultTimeout, "longest wait for any line from the bot")
	fs.DurationVar(&f.startTimeout, "start-timeout", checkbot.DefaultStartTimeout, "longest wait for the bot to sit down, or to come back after a drop")
	fs.BoolVar(&f.noTiming, "no-timing", false, "send the bot no timing line after a board (an event's timing = false)")
	fs.BoolVar(&f.unsandboxed, "unsandboxed", false, "run the bot as a plain process, without the sandbox")
	fs.StringArrayVar(&f.mounts, "mount", nil, "a folder or file the sandboxed bot may read, such as its data (repeat); the command's own files are mounted already")
	fs.IntVar(&f.parallel, "parallel", 4, "scenarios run at once (a started bot only)")
	fs.BoolVarP(&f.verbose, "verbose", "v", false, "log the table's events and every line on the wire to standard error")
	return fs
}

func runCheckBot(e *env, args []string) int {
	var f checkBotFlags
	fs := f.flagSet()
	if code, ok := parseFlags(e, fs, args, checkBotUsage); !ok {
		return code
	}
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintf(e.stderr, "tablemanager check-bot: "+format+"\n", a...)
		return code
	}
	if f.list {
		for _, s := range checkbot.Scenarios() {
			fmt.Fprintf(e.stdout, "%-16s %-6s %s\n", s.Name, s.Seat.Name(), s.Title)
		}
		return exitOK
	}
	opt := checkbot.Options{
		Team:         f.name,
		Scenarios:    f.scenarios,
		Timeout:      f.timeout,
		StartTimeout: f.startTimeout,
		NoTiming:     f.noTiming,
		Parallel:     f.parallel,
	}
	if f.verbose {
		var mu sync.Mutex
		opt.Logf = func(format string, a ...any) {
			mu.Lock()
			defer mu.Unlock()
			fmt.Fprintf(e.stderr, format+"\n", a...)
		}
	}
	switch {
	case f.timeout <= 0:
		return fail(exitUsage, "--timeout: want a positive duration")
	case f.startTimeout <= 0:
		return fail(exitUsage, "--start-timeout: want a positive duration")
	case f.parallel <= 0:
		return fail(exitUsage, "--parallel: want at least 1")
	case f.name == "" || strings.ContainsAny(f.name, "\"\r\n"):
		return fail(exitUsage, "--name: want a team name without quotes")
	}
	for _, name := range f.scenarios {
		if _, ok := checkbot.Find(name); !ok {
			return fail(exitUsage, "--scenario: unknown scenario %q (want one of %s)", name, strings.Join(checkbot.Names(), ", "))
		}
	}
	if f.seat != "" {
		s, err := engine.ParseSeat(f.seat)
		if err != nil {
			return fail(exitUsage, "--seat: %v", err)
		}
		opt.Seat, opt.FixSeat = s, true
	}
	command := fs.Args()
	if len(command) == 1 {
		argv, err := bots.SplitCommand(command[0])
		if err != nil {
			return fail(exitUsage, "COMMAND: %v", err)
		}
		command = argv
	}
	switch {
	case len(command) == 0 && f.listen == "":
		return fail(exitUsage, "give the bot's command after --, or --listen ADDR (try tablemanager check-bot --help)")
	case len(command) > 0 && f.listen != "":
		return fail(exitUsage, "--listen: give a command or --listen, not both")
	case len(command) > 0:
		if !f.unsandboxed {
			var err error
			if command, opt.Mounts, err = sandboxPaths(command, f.mounts); err != nil {
				return fail(exitUsage, "%v", err)
			}
		}
		opt.Command = command
		if !f.unsandboxed {
			relay, err := relayProgram()
			if err != nil {
				return fail(exitUnavail, "%v: the relay (this program): %v", sandbox.ErrNoSandbox, err)
			}
			sb, err := sandbox.Find(e.ctx, relay)
			if err != nil {
				return fail(exitUnavail, "%v; bots run only sandboxed (or give --unsandboxed to run it as a plain process)", err)
			}
			sb.Limits = sandbox.NewConfiner(sandbox.DefaultLimits())
			opt.Sandbox = sb
		}
	default:
		ln, err := net.Listen("tcp", f.listen)
		if err != nil {
			return fail(exitUsage, "--listen: %v", err)
		}
		defer ln.Close()
		opt.Listen = ln
		fmt.Fprintf(e.stderr, "tablemanager check-bot: listening on %s: connect the bot once per scenario\n", ln.Addr())
	}
	rep, err := checkbot.Run(e.ctx, opt)
	var se *checkbot.StartError
	switch {
	case errors.As(err, &se):
		return fail(exitUnavail, "%v", err)
	case e.ctx.Err() != nil:
		fmt.Fprintln(e.stderr, "tablemanager check-bot: interrupted")
		return exitInterrupted
	case err != nil:
		return fail(exitFailure, "%v", err)
	}
	if f.json {
		err = rep.WriteJSON(e.stdout)
	} else {
		err = rep.WriteText(e.stdout)
	}
	if err != nil {
		return fail(exitFailure, "%v", err)
	}
	if !rep.OK() {
		return exitFailure
	}
	return exitOK
}

// sandboxPaths prepares a command for the sandbox, whose bot starts in a
// private folder and sees only the system's folders and what is mounted:
// each argument that names an existing file or folder relative to the
// current one becomes absolute, and is mounted (a file's folder, so that
// a script finds its modules beside it), with the --mount paths.
func sandboxPaths(command, extra []string) (argv, mounts []string, err error) {
	argv = slices.Clone(command)
	seen := map[string]bool{}
	add := func(p string) {
		if !seen[p] {
			seen[p] = true
			mounts = append(mounts, p)
		}
	}
	for i, a := range argv {
		if a == "" || strings.Contains(a, "{") {
			continue
		}
		st, err := os.Stat(a)
		if err != nil {
			continue // not a path: a flag, a word, a program found on PATH
		}
		abs, err := filepath.Abs(a)
		if err != nil {
			continue
		}
		if !filepath.IsAbs(a) {
			argv[i] = abs
		}
		if st.IsDir() {
			add(abs)
		} else {
			add(filepath.Dir(abs))
		}
	}
	for _, m := range extra {
		abs, err := filepath.Abs(m)
		if err == nil {
			_, err = os.Stat(abs)
		}
		if err != nil {
			return nil, nil, fmt.Errorf("--mount: %v", err)
		}
		add(abs)
	}
	return argv, mounts, nil
}
