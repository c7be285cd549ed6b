package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"

	"github.com/openroom/openroom/sandbox"
	"github.com/openroom/openroom/tournaments/bots"

	flag "github.com/spf13/pflag"
)

// Exit statuses, following BSD sysexits where one fits.
const (
	exitOK       = 0
	exitFailure  = 1  // the job ran and failed
	exitUsage    = 64 // malformed command line
	exitDataErr  = 65 // malformed input data
	exitNoInput  = 66 // an input file cannot be opened
	exitUnavail  = 69 // a service the command needs is unavailable (the sandbox)
	exitSoftware = 70 // internal error
)

// env is what a command may touch of the outside world, passed in so that
// tests run commands in-process.
type env struct {
	ctx    context.Context
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	// newPlayer seats run's built-in bots; nil means theirs
	// (bots.NewBuiltin). Tests under the race detector seat
	// lighter ones: a built-in bot's counts, not the clock, bound its
	// search, and at full size they take minutes a board there.
	newPlayer bots.PlayerFactory
}

// command is one subcommand of tablemanager.
type command struct {
	summary string
	run     func(e *env, args []string) int
}

// commands lists the subcommands; each lives in its own file.
var commands = map[string]command{
	"score":     {"print the Law 77 raw score of a contract, or a rubber's score sheet", runScore},
	"serve":     {"seat four bots over TCP and play a set of boards", runServe},
	"run":       {"run a bot-vs-bot event (with no arguments: the built-in demo match)", runEvent},
	"analyze":   {"add double-dummy tables and par to a PBN or results file", runAnalyze},
	"merge":     {"join the shard folders of an event run with run --shard", runMerge},
	"play":      {"play a seat yourself in the browser against refbot", runPlay},
	"check-bot": {"check a bot against the protocol in scripted scenarios", runCheckBot},
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := dispatch(&env{ctx: ctx, stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr}, os.Args[1:])
	stop()
	os.Exit(code)
}

// dispatch runs the subcommand named by args[0].
func dispatch(e *env, args []string) int {
	if len(args) == 0 {
		usage(e.stderr)
		return exitUsage
	}
	name := args[0]
	if name == relayCommand {
		// Hidden: the relay inside a command bot's sandbox.
		return sandbox.RelayMain(args[1:])
	}
	if name == "help" || name == "-h" || name == "--help" {
		usage(e.stdout)
		return exitOK
	}
	cmd, ok := commands[name]
	if !ok {
		fmt.Fprintf(e.stderr, "tablemanager: unknown command %q (try tablemanager help)\n", name)
		return exitUsage
	}
	return cmd.run(e, args[1:])
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: tablemanager COMMAND [arguments]")
	fmt.Fprintln(w, "\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-8s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nRun tablemanager COMMAND --help for a command's flags.")
}

// parseFlags parses a command's flags the same way for every command:
// --help prints usage (the command's own lines, then its flags) on standard
// output and exits 0; a malformed flag is one line on standard error and
// exits 64. ok is false when the command must return code at once.
func parseFlags(e *env, fs *flag.FlagSet, args []string, usage string) (code int, ok bool) {
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(e.stdout, usage)
		fmt.Fprintln(e.stdout, "\nflags:")
		fmt.Fprint(e.stdout, fs.FlagUsages())
		return exitOK, false
	case err != nil:
		fmt.Fprintf(e.stderr, "tablemanager %s: %v (try tablemanager %s --help)\n", fs.Name(), err, fs.Name())
		return exitUsage, false
	}
	return exitOK, true
}
