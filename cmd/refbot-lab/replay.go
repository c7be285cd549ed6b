package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/openroom/openroom/internal/lab"
	"github.com/openroom/openroom/pbn"
	"github.com/openroom/openroom/refbot"
	"github.com/openroom/openroom/refbot/bidding"
	"github.com/openroom/openroom/results"
)

// changeFlags are the flags changed-boards and compare-replay share: the
// two systems whose calls are compared.
type changeFlags struct {
	before, after string
}

// newChangeFlags returns a subcommand's flag set, writing to stderr, with
// the two systems' flags registered on it.
func newChangeFlags(name string, stderr io.Writer) (*flag.FlagSet, *changeFlags) {
	var c changeFlags
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.before, "before", refbot.DefaultSystem, "the system before the change, which the recorded match's refbot seats bid (a built-in name or a system file)")
	fs.StringVar(&c.after, "after", "", "the changed system (a built-in name or a system file)")
	return fs, &c
}

func (c *changeFlags) load(cmd string) (before, after *bidding.System, err error) {
	if c.after == "" {
		return nil, nil, usageError{cmd + ": -after names no system"}
	}
	if before, err = refbot.LoadSystem(c.before); err != nil {
		return nil, nil, fmt.Errorf("%s: -before: %w", cmd, err)
	}
	if after, err = refbot.LoadSystem(c.after); err != nil {
		return nil, nil, fmt.Errorf("%s: -after: %w", cmd, err)
	}
	return before, after, nil
}

// parseFlags parses a subcommand's flags, a bad one being a usage error.
func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return usageError{err.Error()}
	}
	return nil
}

// readResults reads a results file; a missing file or a line it cannot
// read is an error.
func readResults(path string) ([]results.Record, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, err
	}
	recs, bad, err := results.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if len(bad) > 0 {
		return nil, fmt.Errorf("%s: %w", path, bad[0])
	}
	return recs, nil
}

// changedBoards lists the board-rooms of a recorded match on which the
// changed system calls differently at a refbot seat, and writes their
// deals, with the boards' own numbers, to a PBN file to replay.
func changedBoards(args []string, stdout, stderr io.Writer) error {
	var out string
	fs, c := newChangeFlags("changed-boards", stderr)
	fs.StringVar(&out, "pbn", "", "write the changed boards' deals to this PBN file (none is written when no board changes)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usageError{"changed-boards: want one results file (results.jsonl)"}
	}
	before, after, err := c.load("changed-boards")
	if err != nil {
		return err
	}
	recs, err := readResults(fs.Arg(0))
	if err != nil {
		return fmt.Errorf("changed-boards: %w", err)
	}
	changed, err := lab.ChangedBoards(before, after, recs, lab.IsRefbot)
	if err != nil {
		return fmt.Errorf("changed-boards: %s: %w", fs.Arg(0), err)
	}
	boards := map[int]*results.Record{}
	var order []int
	for _, ch := range changed {
		r := ch.Record
		auction := make([]string, ch.At)
		for i := range auction {
			auction[i] = r.Auction[i].Call
		}
		note := ""
		if !ch.AsRecorded {
			note = " (the record's calls before it are not all the -before system's)"
		}
		fmt.Fprintf(stdout, "board %d %s, after %v: %s -> %s%s\n", r.Board, r.Room, auction, ch.Before, ch.After, note)
		if boards[r.Board] == nil {
			boards[r.Board] = r
			order = append(order, r.Board)
		}
	}
	fmt.Fprintf(stdout, "%d board-rooms of %d change, on %d boards\n", len(changed), len(recs), len(order))
	if out == "" || len(order) == 0 {
		return nil
	}
	f, err := os.Create(out)
	if err != nil {
		return fmt.Errorf("changed-boards: %w", err)
	}
	w := pbn.NewWriter(f)
	for _, n := range order {
		r := boards[n]
		g := &pbn.Game{}
		g.Set("Event", "replay of "+r.Event)
		g.Set("Board", strconv.Itoa(n))
		g.Set("Dealer", r.Dealer)
		g.Set("Vulnerable", r.Vulnerable)
		g.Set("Deal", r.Deal)
		if r.Seed != "" {
			g.Set("Generator", "openroom seed "+r.Seed)
		}
		if err := w.Write(g); err != nil {
			f.Close()
			return fmt.Errorf("changed-boards: %s: %w", out, err)
		}
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("changed-boards: %w", err)
	}
	return nil
}

// compareReplay pairs replays of changed boards with the recorded matches:
// the arguments are pairs of results files, recorded then replayed.
func compareReplay(args []string, stdout, stderr io.Writer) error {
	var control bool
	fs, c := newChangeFlags("compare-replay", stderr)
	fs.BoolVar(&control, "control", false, "the arguments are triples RECORDED CONTROL REPLAYED: CONTROL replays the same boards with the -before system, and stands in for the record on them")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	group := 2
	if control {
		group = 3
	}
	if fs.NArg() == 0 || fs.NArg()%group != 0 {
		if control {
			return usageError{"compare-replay: -control wants triples of results files: RECORDED CONTROL REPLAYED ..."}
		}
		return usageError{"compare-replay: want pairs of results files: RECORDED REPLAYED ..."}
	}
	before, after, err := c.load("compare-replay")
	if err != nil {
		return err
	}
	var all lab.ReplayReport
	var diffs []int
	for i := 0; i < fs.NArg(); i += group {
		recordedFile, replayedFile := fs.Arg(i), fs.Arg(i+group-1)
		recorded, err := readResults(recordedFile)
		if err != nil {
			return fmt.Errorf("compare-replay: %w", err)
		}
		if control {
			ctl, err := readResults(fs.Arg(i + 1))
			if err != nil {
				return fmt.Errorf("compare-replay: %w", err)
			}
			recorded = lab.Overlay(recorded, ctl)
		}
		replayed, err := readResults(replayedFile)
		if err != nil {
			return fmt.Errorf("compare-replay: %w", err)
		}
		changed, err := lab.ChangedBoards(before, after, recorded, lab.IsRefbot)
		if err != nil {
			return fmt.Errorf("compare-replay: %s: %w", recordedFile, err)
		}
		rep, err := lab.CompareReplay(recorded, replayed, changed, lab.IsRefbot)
		if err != nil {
			return fmt.Errorf("compare-replay: %s: %w", replayedFile, err)
		}
		fmt.Fprintf(stdout, "%s: %d of %d boards replayed, %+.3f ± %.3f IMPs a board to refbot (%d IMPs gained, %d lost)\n",
			replayedFile, len(rep.Boards), rep.Total, rep.Mean, rep.Half, rep.Gained, rep.Lost)
		for _, b := range rep.Boards {
			fmt.Fprintf(stdout, "  board %d: %+d IMPs to refbot before, %+d after (%+d)%s\n",
				b.Board, b.Recorded, b.Replayed, b.Replayed-b.Recorded, untouched(b.Unchanged, b.Reproduced, b.BotFirst, b.OtherFirst))
			all.Boards = append(all.Boards, b)
			diffs = append(diffs, b.Replayed-b.Recorded)
		}
		all.Total += rep.Total
		all.Gained += rep.Gained
		all.Lost += rep.Lost
	}
	if fs.NArg() > group {
		all.Mean, all.Half = lab.MeanInterval(diffs, all.Total)
		fmt.Fprintf(stdout, "all: %d of %d boards replayed, %+.3f ± %.3f IMPs a board to refbot (%d IMPs gained, %d lost)\n",
			len(all.Boards), all.Total, all.Mean, all.Half, all.Gained, all.Lost)
	}
	var u, same, bot, other int
	for _, b := range all.Boards {
		u, same, bot, other = u+b.Unchanged, same+b.Reproduced, bot+b.BotFirst, other+b.OtherFirst
	}
	if u > 0 {
		fmt.Fprintf(stdout, "in all%s\n", untouched(u, same, bot, other))
	}
	return nil
}

// untouched describes the rooms the change does not reach in the bidding:
// how many played alike before and after, and of the others who first
// decided otherwise.
func untouched(rooms, alike, bot, other int) string {
	if rooms == 0 {
		return ""
	}
	return fmt.Sprintf(", rooms the bidding change does not reach: %d; alike %d, otherwise first by refbot %d (its play reads the auction with the system), by the other program %d", rooms, alike, bot, other)
}
