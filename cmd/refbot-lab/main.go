// Command refbot-lab runs the reference bot's measurements that are
// programs of their own (package internal/lab); the Makefile's measure-*
// targets call it.
//
//	refbot-lab measure-bidding [-bidding.boards N] [-bidding.system NAME|FILE] [-bidding.seed SEED] [-bidding.tables FILE]
//	                           [-bidding.auctions FILE] [-bidding.before FILE] [-bidding.worst N]
//	refbot-lab measure-play [-boards N] [-first K] [-run REGEXP] [-perboard DIR] [-uncapped]
//	refbot-lab measure-lead [-boards N] [-first K] [-methods A,B] [-perboard DIR]
//	refbot-lab measure-decisions -replay FILE [-side defence|declarer] [-cards leads|all] [-variants A,B]
//	refbot-lab compare-play A.tsv B.tsv
//	refbot-lab changed-boards -after SYSTEM [-before SYSTEM] [-pbn FILE] RESULTS.jsonl
//	refbot-lab compare-replay -after SYSTEM [-before SYSTEM] RECORDED.jsonl REPLAYED.jsonl ...
//	refbot-lab penalty-doubles [-system SYSTEM] [-worlds N] [-margin IMPS] [-list] RESULTS.jsonl ...
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"

	"github.com/openroom/openroom/internal/lab"
	"github.com/openroom/openroom/refbot"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// Exit codes.
const (
	exitOK      = 0
	exitFailure = 1  // the measurement failed
	exitUsage   = 64 // malformed command line
)

const usage = `usage:
  refbot-lab measure-bidding [flags]   the bidding against par over seeded boards
  refbot-lab measure-play [flags]      tricks lost against double dummy by phase, by configuration
  refbot-lab measure-lead [flags]      the opening lead alone against double dummy, by method
  refbot-lab measure-decisions [flags] a play measurement's decisions replayed, valued by variant
  refbot-lab compare-play A.tsv B.tsv  two play measurements' per-board files, paired
  refbot-lab changed-boards [flags]    the boards of a recorded match a change of the system bids differently
  refbot-lab compare-replay [flags]    those boards replayed against the match as recorded, paired
  refbot-lab penalty-doubles [flags]   the other side's undoubled contracts of recorded matches, doubled by simulation`

// run is the whole program, with its outside world passed in.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, usage)
		return exitUsage
	}
	var err error
	switch cmd, rest := args[0], args[1:]; cmd {
	case "measure-bidding":
		err = measureBidding(rest, stdout, stderr)
	case "measure-play":
		err = measurePlay(rest, stdout, stderr)
	case "measure-lead":
		err = measureLead(rest, stdout, stderr)
	case "measure-decisions":
		err = measureDecisions(rest, stdout, stderr)
	case "compare-play":
		err = comparePlay(rest, stdout, stderr)
	case "changed-boards":
		err = changedBoards(rest, stdout, stderr)
	case "compare-replay":
		err = compareReplay(rest, stdout, stderr)
	case "penalty-doubles":
		err = penaltyDoubles(rest, stdout, stderr)
	case "-h", "-help", "--help", "help":
		fmt.Fprintln(stdout, usage)
		return exitOK
	default:
		fmt.Fprintf(stderr, "refbot-lab: unknown command %q\n%s\n", cmd, usage)
		return exitUsage
	}
	var ue usageError
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, flag.ErrHelp):
		return exitOK
	case errors.As(err, &ue):
		fmt.Fprintln(stderr, "refbot-lab:", err)
		return exitUsage
	}
	fmt.Fprintln(stderr, "refbot-lab:", err)
	return exitFailure
}

// usageError is a malformed command line.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// measureBidding runs lab.MeasureBidding. Its flags keep the names they had
// as test flags, so that the Makefile's BIDDING_ARGS still work.
func measureBidding(args []string, stdout, stderr io.Writer) error {
	var c lab.BiddingConfig
	fs := flag.NewFlagSet("measure-bidding", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.IntVar(&c.Boards, "bidding.boards", 500, "bid this many seeded boards and judge the contracts against par")
	fs.StringVar(&c.System, "bidding.system", refbot.DefaultSystem, "the bidding system: a built-in system's name or the path of a system file (.bid)")
	fs.StringVar(&c.Seed, "bidding.seed", "bidding", "the deal seed")
	fs.StringVar(&c.Tables, "bidding.tables", "", "a file caching the double-dummy tables of the seeded deals (read when it holds them, else written)")
	fs.StringVar(&c.Auctions, "bidding.auctions", "", "write every board's number, deal, dealer, vulnerability, auction, IMPs from par and par family to this file (tab-separated), to compare two versions of the system")
	fs.StringVar(&c.Before, "bidding.before", "", "a -bidding.auctions file of another version of the system on the same boards: report the paired difference in IMPs from par and every auction that changed")
	fs.IntVar(&c.Worst, "bidding.worst", 15, "list this many of the auctions furthest from par")
	fs.IntVar(&c.Oracle, "bidding.oracle", 0, "instead of bidding, let a partnership that sees both its hands bid straight to the contract with the best expected IMPs over this many random layouts of the opponents' cards (double dummy; the opponents pass): a bound on what bidding can reach")
	fs.StringVar(&c.Against, "bidding.against", "", "a second bidding system (a built-in name or a system file): bid each board in two rooms, the system against this one each way round, and score them as a team match at double dummy instead of against par")
	fs.StringVar(&c.Penalty, "bidding.penalty", "", "with -bidding.level: the margin, in IMPs a layout, a penalty double by simulation must gain over passing (\"off\": never), instead of the level's")
	fs.StringVar(&c.AgainstPenalty, "bidding.against.penalty", "", "with -bidding.level and -bidding.against: -bidding.penalty for the second system's bots")
	fs.StringVar(&c.Level, "bidding.level", "", "bid with refbot at this level (expert simulates the system's judgement decisions) instead of the system's own calls; the report adds the calls' times")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return usageError{err.Error()}
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Sprintf("measure-bidding: unexpected arguments %q", fs.Args())}
	}
	if c.Boards <= 0 {
		return usageError{fmt.Sprintf("measure-bidding: -bidding.boards %d: want 1 or more", c.Boards)}
	}
	return lab.MeasureBidding(stdout, c)
}

// measurePlay runs lab.MeasurePlay. The flags' defaults come from the
// environment variables the measurement read as a benchmark
// (REFBOT_MEASURE_BOARDS, REFBOT_MEASURE_FIRST, REFBOT_MEASURE_PERBOARD,
// REFBOT_MEASURE_UNCAPPED).
func measurePlay(args []string, stdout, stderr io.Writer) error {
	var c lab.PlayConfig
	var match string
	fs := flag.NewFlagSet("measure-play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.IntVar(&c.Last, "boards", envInt("REFBOT_MEASURE_BOARDS", 96), "the last seeded board played")
	fs.IntVar(&c.First, "first", envInt("REFBOT_MEASURE_FIRST", 1), "the first seeded board played, to extend an earlier run")
	fs.StringVar(&match, "run", "", "a regular expression: measure only the configurations whose names it matches (default all)")
	fs.StringVar(&c.PerBoard, "perboard", os.Getenv("REFBOT_MEASURE_PERBOARD"), "a directory to write one per-board TSV a configuration to, for compare-play and measure-decisions")
	fs.BoolVar(&c.Uncapped, "uncapped", os.Getenv("REFBOT_MEASURE_UNCAPPED") != "", "lift the clock cap, so that only the counts bind")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return usageError{err.Error()}
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Sprintf("measure-play: unexpected arguments %q", fs.Args())}
	}
	if c.First < 1 || c.Last < c.First {
		return usageError{fmt.Sprintf("measure-play: boards %d to %d", c.First, c.Last)}
	}
	if match != "" {
		re, err := regexp.Compile(match)
		if err != nil {
			return usageError{fmt.Sprintf("measure-play: -run: %v", err)}
		}
		c.Match = re
	}
	return lab.MeasurePlay(stdout, c)
}

// measureLead runs lab.MeasureLead. The flags' defaults come from the
// environment variables the measurement read as a benchmark
// (REFBOT_MEASURE_BOARDS, REFBOT_MEASURE_FIRST, REFBOT_LEAD_METHODS).
func measureLead(args []string, stdout, stderr io.Writer) error {
	var c lab.LeadConfig
	fs := flag.NewFlagSet("measure-lead", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.IntVar(&c.Last, "boards", envInt("REFBOT_MEASURE_BOARDS", 200), "the last seeded board measured")
	fs.IntVar(&c.First, "first", envInt("REFBOT_MEASURE_FIRST", 1), "the first seeded board measured, to extend an earlier run")
	fs.StringVar(&c.Methods, "methods", os.Getenv("REFBOT_LEAD_METHODS"), "the methods measured beside the heuristic, comma-separated (default all)")
	fs.StringVar(&c.PerBoard, "perboard", "", "a directory to write one TSV a method to: each board's lead, the tricks it lost and the best leads")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return usageError{err.Error()}
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Sprintf("measure-lead: unexpected arguments %q", fs.Args())}
	}
	if c.First < 1 || c.Last < c.First {
		return usageError{fmt.Sprintf("measure-lead: boards %d to %d", c.First, c.Last)}
	}
	return lab.MeasureLead(stdout, c)
}

// measureDecisions runs lab.MeasureDecisions. The flags' defaults come
// from the environment variables the measurement read as a benchmark
// (REFBOT_REPLAY, REFBOT_REPLAY_SIDE, REFBOT_REPLAY_CARDS,
// REFBOT_REPLAY_VARIANTS).
func measureDecisions(args []string, stdout, stderr io.Writer) error {
	var c lab.DecisionsConfig
	var side, cards string
	fs := flag.NewFlagSet("measure-decisions", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.Replay, "replay", os.Getenv("REFBOT_REPLAY"), "the per-board TSV of a play measurement whose boards are replayed")
	fs.StringVar(&side, "side", envOr("REFBOT_REPLAY_SIDE", "defence"), "whose decisions: defence or declarer")
	fs.StringVar(&cards, "cards", envOr("REFBOT_REPLAY_CARDS", "leads"), "which: leads (the first card of tricks 2-8) or all (every card from the second of trick 1 to trick 8)")
	fs.StringVar(&c.Variants, "variants", os.Getenv("REFBOT_REPLAY_VARIANTS"), "the variants measured beside the base, comma-separated (default all)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return usageError{err.Error()}
	}
	switch {
	case fs.NArg() > 0:
		return usageError{fmt.Sprintf("measure-decisions: unexpected arguments %q", fs.Args())}
	case c.Replay == "":
		return usageError{"measure-decisions: -replay names no per-board TSV"}
	case side != "defence" && side != "declarer":
		return usageError{fmt.Sprintf("measure-decisions: -side %q: want defence or declarer", side)}
	case cards != "leads" && cards != "all":
		return usageError{fmt.Sprintf("measure-decisions: -cards %q: want leads or all", cards)}
	}
	c.Declarer, c.AllCards = side == "declarer", cards == "all"
	return lab.MeasureDecisions(stdout, c)
}

// envOr returns the environment variable name, or def when it is empty.
func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// envInt returns the positive integer in the environment variable name,
// else def.
func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

// comparePlay runs lab.ComparePlay on the two per-board files.
func comparePlay(args []string, stdout, _ io.Writer) error {
	if len(args) != 2 || args[0] == "" || args[1] == "" {
		return usageError{"compare-play: want two per-board files, A and B"}
	}
	return lab.ComparePlay(stdout, args[0], args[1])
}
