package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/openroom/openroom/results"
	"github.com/openroom/openroom/sprt"
	"github.com/openroom/openroom/tournaments"
	"github.com/openroom/openroom/tournaments/bots"
	"github.com/openroom/openroom/tournaments/shards"
	flag "github.com/spf13/pflag"
)

// shardEvent makes ev the shard --shard names, playing into its own
// folder OUT/shard-K-of-N, and makes the shard's manifest.
func shardEvent(e *env, rf *runFlags, file *tournaments.File, ev *tournaments.Event) int {
	sh, err := shards.Parse(rf.shard, os.Getenv)
	if err != nil {
		fmt.Fprintf(e.stderr, "tablemanager run: --shard: %v\n", err)
		return exitUsage
	}
	if err := ev.SetShard(sh); err != nil {
		fmt.Fprintf(e.stderr, "tablemanager run: --shard %s: %v\n", sh, err)
		return exitUsage
	}
	m, err := tournaments.NewManifest(file, ev)
	if err != nil {
		fmt.Fprintf(e.stderr, "tablemanager run: --shard %s: %v\n", sh, err)
		return exitNoInput // only the PBN file, read again for its fingerprint, can fail here
	}
	ev.Out = filepath.Join(ev.Out, fmt.Sprintf("shard-%d-of-%d", sh.K, sh.N))
	rf.manifest = m
	if !rf.quiet {
		var parts []string
		for _, r := range m.Ranges {
			parts = append(parts, r.String())
		}
		fmt.Fprintf(e.stderr, "tablemanager run: shard %s: %s; into %s (tablemanager merge joins the shards' folders)\n", sh, strings.Join(parts, ", "), ev.Out)
	}
	return exitOK
}

type mergeFlags struct {
	out        string
	partial    bool
	showBoards bool
	sprt       string
}

const mergeUsage = `usage: tablemanager merge --out DIR SHARD_DIR...
Joins the folders of an event's shards (tablemanager run --shard K/N) into DIR: results.jsonl,
one PBN file per match and summary.txt, as one run of the whole event writes them. The shards
must be of one event (the same event, flags and program: their manifests' fingerprints agree),
each given once; a board-room in the wrong shard or given twice is refused. Board-rooms that no
folder holds are listed on standard error, and the command fails unless --partial is given.
`

func runMerge(e *env, args []string) int {
	var mf mergeFlags
	fs := mf.flagSet()
	if code, ok := parseFlags(e, fs, args, mergeUsage); !ok {
		return code
	}
	if mf.out == "" {
		fmt.Fprintln(e.stderr, "tablemanager merge: --out DIR is required (try tablemanager merge --help)")
		return exitUsage
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(e.stderr, "tablemanager merge: no shard folders given (try tablemanager merge --help)")
		return exitUsage
	}
	var test *sprt.Params
	if fs.Changed("sprt") {
		p, err := sprt.ParseParams(mf.sprt)
		if err != nil {
			fmt.Fprintf(e.stderr, "tablemanager merge: --sprt: %v\n", err)
			return exitUsage
		}
		test = &p
	}
	set, code := loadShards(e, fs.Args(), test)
	if set == nil {
		return code
	}
	// The same scoring and files as the end of a run of the whole event,
	// scored as the records are copied.
	res, err := set.MergeAndScore(mf.out, matchWriters(set.Event))
	if err != nil {
		fmt.Fprintf(e.stderr, "tablemanager merge: %v\n", err)
		return mergeErrorCode(err)
	}
	for _, s := range res.Skipped {
		fmt.Fprintf(e.stderr, "tablemanager merge: skipped %s\n", s)
	}
	unwritten := writeEventFiles(e, "merge", res.Report, res.Warnings)
	if code := printReport(e, "merge", res.Report, mf.showBoards); code != exitOK {
		return code
	}
	fmt.Fprintf(e.stdout, "\nResults: %s (%d of %d board-rooms, from %d of %d shards)\n", res.ResultsOut, res.Records, res.Expected, len(set.Folders), set.N)
	reportClockCaps(e, set)
	if unwritten > 0 {
		return exitFailure
	}
	return reportMissing(e, &mf, res)
}

// flagSet defines merge's flags on mf.
func (mf *mergeFlags) flagSet() *flag.FlagSet {
	fs := flag.NewFlagSet("merge", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&mf.out, "out", "", "the merged event's folder (required; not one of the shards')")
	fs.BoolVar(&mf.partial, "partial", false, "succeed when some board-rooms are missing (a wave of shards not finished yet): the summary covers those present")
	fs.BoolVar(&mf.showBoards, "show-boards", false, "also print every board's contracts, scores and IMPs")
	fs.StringVar(&mf.sprt, "sprt", "", "decide a sequential test on the merged board-rooms, imp0=X,imp1=Y[,alpha=0.05,beta=0.05,min_boards=128] (replaces the event's own [sprt])")
	return fs
}

// loadShards reads the shard folders dirs, with the sequential test of
// --sprt (test, if any) in place of the event's own. A nil set comes
// with the exit status to return.
func loadShards(e *env, dirs []string, test *sprt.Params) (*tournaments.ShardSet, int) {
	set, err := tournaments.LoadShards(dirs)
	if err != nil {
		fmt.Fprintf(e.stderr, "tablemanager merge: %v\n", err)
		if errors.Is(err, os.ErrNotExist) || errors.Is(err, results.ErrNotRegular) {
			return nil, exitNoInput
		}
		return nil, exitDataErr
	}
	if test != nil {
		if err := set.Event.SetSPRT(*test); err != nil {
			fmt.Fprintf(e.stderr, "tablemanager merge: --sprt: %v\n", err)
			return nil, exitUsage
		}
	}
	return set, exitOK
}

// mergeErrorCode is the exit status of a merge that failed: shards that
// clash or records that contradict themselves are bad data (65), an
// output that cannot be written where it should 66.
func mergeErrorCode(err error) int {
	switch {
	case errors.Is(err, tournaments.ErrShardConflict), errors.Is(err, tournaments.ErrShardDuplicate),
		errors.Is(err, results.ErrMismatch), errors.Is(err, results.ErrLineTooLong):
		return exitDataErr
	case errors.Is(err, results.ErrNotRegular), errors.Is(err, tournaments.ErrNoOutput):
		return exitNoInput
	}
	return exitFailure
}

// reportClockCaps names each shard whose bots the clock capped, and adds
// them up for the merged event.
func reportClockCaps(e *env, set *tournaments.ShardSet) {
	var capped bots.ClockCapTally
	for _, f := range set.Folders {
		if c := f.Manifest.ClockCapped; c != nil {
			capped.Boards += c.Boards
			capped.Decisions += c.Decisions
			fmt.Fprintf(e.stderr, "tablemanager merge: shard %s (%s): %s\n", f.Manifest.Shard, f.Dir, c)
		}
	}
	if capped.Any() {
		fmt.Fprintf(e.stderr, "tablemanager merge: the merged event is %s\n", capped)
	}
}

// reportMissing lists the board-rooms no shard holds; they fail the
// merge unless --partial is given.
func reportMissing(e *env, mf *mergeFlags, res *tournaments.MergeResult) int {
	if len(res.Missing) == 0 {
		return exitOK
	}
	for _, m := range res.Missing {
		fmt.Fprintf(e.stderr, "tablemanager merge: missing: %s\n", m)
	}
	if !mf.partial {
		fmt.Fprintf(e.stderr, "tablemanager merge: %d of %d board-rooms missing: run the shards again (they resume), or give --partial\n", res.Expected-res.Records, res.Expected)
		return exitFailure
	}
	return exitOK
}
