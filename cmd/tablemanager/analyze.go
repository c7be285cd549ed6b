package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/openroom/openroom/analysis"
	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/pbn"
	"github.com/openroom/openroom/results"
	flag "github.com/spf13/pflag"
)

// analyzeOptions are the flags of tablemanager analyze.
type analyzeOptions struct {
	json    bool
	threads int
	results bool
	split   bool
	swings  int
}

// analyzeUsage is printed by tablemanager analyze --help.
const analyzeUsage = `usage: tablemanager analyze [--json] [--threads N] FILE.pbn
       tablemanager analyze [--threads N] [--split [--swings N]] RESULTS.jsonl
Adds double-dummy tables ([OptimumResultTable], [DoubleDummyTricks]) and par
([OptimumScore]) to each board of a PBN file (- for standard input), or reports
makeable contracts, par and tricks lost against double dummy for a results file
(JSON Lines). Malformed boards are reported with their line and skipped (exit 65).
With --split, a results file's team matches are summed up instead: where each
team's IMPs came from (the contracts reached, each scored at its double-dummy
result, and the play) and the tricks each team lost as declarer and defenders;
--swings N lists each match's N boards with the largest swings, both rooms'
auctions and results, and what the contracts and the play were worth.
`

func runAnalyze(e *env, args []string) int {
	fs := flag.NewFlagSet("analyze", flag.ContinueOnError)
	var o analyzeOptions
	fs.BoolVar(&o.json, "json", false, "write one JSON line per board instead of PBN")
	fs.IntVar(&o.threads, "threads", 0, "solver threads (0: one per CPU)")
	fs.BoolVar(&o.results, "results", false, "read a results file (JSON Lines); the default for names ending in .jsonl")
	fs.BoolVar(&o.split, "split", false, "with a results file: each team match's IMPs split into the contracts reached and the play, instead of a line per record")
	fs.IntVar(&o.swings, "swings", 0, "with --split: list each match's N boards with the largest swings")
	if code, ok := parseFlags(e, fs, args, analyzeUsage); !ok {
		return code
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(e.stderr, "tablemanager analyze: want one FILE (try tablemanager analyze --help)")
		return exitUsage
	}
	if o.swings < 0 || o.swings > 0 && !o.split {
		fmt.Fprintln(e.stderr, "tablemanager analyze: --swings N wants --split and N of 0 or more")
		return exitUsage
	}
	if o.threads < 0 {
		fmt.Fprintln(e.stderr, "tablemanager analyze: --threads must be 0 or more")
		return exitUsage
	}
	name := fs.Arg(0)
	isResults := o.results || strings.HasSuffix(name, ".jsonl") || strings.HasSuffix(name, ".ndjson")
	if o.split && !isResults {
		fmt.Fprintln(e.stderr, "tablemanager analyze: --split reads a results file (RESULTS.jsonl, or --results), not PBN")
		return exitUsage
	}
	var in io.Reader = e.stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintf(e.stderr, "tablemanager analyze: %v\n", err)
			return exitNoInput
		}
		defer f.Close()
		if st, err := f.Stat(); err == nil && st.IsDir() {
			fmt.Fprintf(e.stderr, "tablemanager analyze: %s is a directory, not a PBN or results file\n", name)
			return exitNoInput
		}
		in = f
	}
	if isResults {
		return analyzeResults(e, in, name, o)
	}
	return analyzePBN(e, in, name, o)
}

// progress prints a progress line on standard error at most once a second.
type progress struct {
	mu    sync.Mutex
	w     io.Writer
	total int
	done  int
	start time.Time
	last  time.Time
}

func newProgress(w io.Writer, total int) *progress {
	now := time.Now()
	return &progress{w: w, total: total, start: now, last: now}
}

func (p *progress) tick() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done++
	if now := time.Now(); now.Sub(p.last) >= time.Second && p.done < p.total {
		p.last = now
		fmt.Fprintf(p.w, "analyze: %d/%d boards, %s\n", p.done, p.total, now.Sub(p.start).Round(time.Second))
	}
}

// pbnBoard is one well-formed game of the input.
type pbnBoard struct {
	game *pbn.Game
	bd   engine.BoardSetup
}

func analyzePBN(e *env, in io.Reader, name string, o analyzeOptions) int {
	boards, bad, code := readPBNBoards(e, in, name)
	if code != exitOK {
		return code
	}
	deals := make([]engine.Deal, len(boards))
	for i, b := range boards {
		deals[i] = b.bd.Deal
	}
	prog := newProgress(e.stderr, len(deals))
	tables, err := dds.CalcTables(e.ctx, deals, o.threads, func(int, *dds.TrickTable) { prog.tick() })
	if err != nil {
		fmt.Fprintf(e.stderr, "tablemanager analyze: %v\n", err)
		return exitFailure
	}
	out := bufio.NewWriter(e.stdout)
	w := pbn.NewWriter(out)
	for i, b := range boards {
		par := dds.ParOf(&tables[i], b.bd.Dealer, b.bd.Vul)
		if o.json {
			line, err := json.Marshal(boardJSON(b.bd, &tables[i]))
			if err != nil {
				fmt.Fprintf(e.stderr, "tablemanager analyze: %v\n", err)
				return exitSoftware
			}
			out.Write(line)
			out.WriteByte('\n')
			continue
		}
		g := b.game
		g.Set("OptimumScore", fmt.Sprintf("NS %d", par.ScoreNS))
		g.SetOptimumResultTable(pbnTable(&tables[i]))
		g.Set("DoubleDummyTricks", pbn.FormatDoubleDummyTricks(pbnTable(&tables[i])))
		if err := w.Write(g); err != nil {
			fmt.Fprintf(e.stderr, "tablemanager analyze: board %d: %v\n", b.bd.Number, err)
			return exitFailure
		}
	}
	return finishAnalyze(e, out, len(boards), "boards", bad, prog.start)
}

// readPBNBoards reads the games of a PBN input, skipping (and counting as
// bad) those that are not well-formed boards. Input that cannot be read
// as PBN at all, or holds no games, is bad data.
func readPBNBoards(e *env, in io.Reader, name string) (boards []pbnBoard, bad int, code int) {
	r := pbn.NewReader(in)
	last := 0
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		var pe *pbn.Error
		if err != nil && !errors.As(err, &pe) {
			fmt.Fprintf(e.stderr, "tablemanager analyze: %v\n", err)
			return nil, bad, exitDataErr
		}
		if err == nil {
			var bd engine.BoardSetup
			if bd, err = g.Setup(last); err == nil {
				last = bd.Number
				boards = append(boards, pbnBoard{g, bd})
				continue
			}
		}
		bad++
		fmt.Fprintf(e.stderr, "tablemanager analyze: skipped: %v\n", err)
	}
	if len(boards) == 0 && bad == 0 {
		fmt.Fprintf(e.stderr, "tablemanager analyze: %s: no boards\n", inputName(name))
		return nil, bad, exitDataErr
	}
	return boards, bad, exitOK
}

// pbnTable converts a solver table to the pbn package's layout.
func pbnTable(t *dds.TrickTable) pbn.DDTable {
	var out pbn.DDTable
	for st := 0; st < 5; st++ {
		for seat := 0; seat < 4; seat++ {
			out[seat][st] = t[st][seat]
		}
	}
	return out
}

type parJSON struct {
	ScoreNS   int      `json:"score_ns"`
	Contracts []string `json:"contracts"`
}

type analyzedBoard struct {
	Board int                `json:"board"`
	Deal  string             `json:"deal"`
	DD    analysis.SeatTable `json:"dd"`
	Par   parJSON            `json:"par"`
}

func boardJSON(bd engine.BoardSetup, t *dds.TrickTable) analyzedBoard {
	a := analysis.Table(bd, t)
	return analyzedBoard{Board: bd.Number, Deal: a.Deal, DD: a.DD, Par: parJSON{ScoreNS: a.ParScore, Contracts: a.ParList}}
}

// analyzedResult is the JSON line written for one record of a results file.
type analyzedResult struct {
	Event      string               `json:"event"`
	Match      string               `json:"match"`
	Room       string               `json:"room"`
	Table      string               `json:"table"`
	Board      int                  `json:"board"`
	Deal       string               `json:"deal"`
	Contract   string               `json:"contract"`
	Declarer   string               `json:"declarer"`
	Tricks     *int                 `json:"tricks"`
	DDTricks   *int                 `json:"dd_tricks"` // declarer's double-dummy tricks in the contract's strain
	Makeable   []string             `json:"makeable"`  // highest makeable contract per declarer and strain, e.g. "4S N"
	DD         analysis.SeatTable   `json:"dd"`
	Par        parJSON              `json:"par"`
	TricksLost *analysis.TricksLost `json:"tricks_lost,omitempty"` // against double dummy, from the recorded play
}

// resultBoard is one usable record of a results file, decoded: the board
// replayed from it by the engine.
type resultBoard struct {
	rec   results.Record
	board *engine.Board
}

func analyzeResults(e *env, in io.Reader, name string, o analyzeOptions) int {
	boards, bad, code := readResultBoards(e, in, name)
	if code != exitOK {
		return code
	}
	deals := make([]engine.Deal, len(boards))
	for i, b := range boards {
		deals[i] = b.board.Deal()
	}
	prog := newProgress(e.stderr, 2*len(deals))
	tables, err := dds.CalcTables(e.ctx, deals, o.threads, func(int, *dds.TrickTable) { prog.tick() })
	if err != nil {
		fmt.Fprintf(e.stderr, "tablemanager analyze: %v\n", err)
		return exitFailure
	}
	outs, lost := analyzeRecords(e.ctx, boards, tables, o.threads, prog.tick)
	if err := e.ctx.Err(); err != nil {
		fmt.Fprintf(e.stderr, "tablemanager analyze: %v\n", err)
		return exitFailure
	}
	for i := range outs {
		if lost[i] != nil {
			fmt.Fprintf(e.stderr, "tablemanager analyze: board %d (%s %s): play not analysed: %v\n",
				boards[i].rec.Board, boards[i].rec.Match, boards[i].rec.Room, lost[i])
		}
	}
	out := bufio.NewWriter(e.stdout)
	if o.split {
		if err := writeSplit(out, splitMatches(boards, outs, lost), o.swings); err != nil {
			fmt.Fprintf(e.stderr, "tablemanager analyze: %v\n", err)
			return exitFailure
		}
		return finishAnalyze(e, out, len(boards), "records", bad, prog.start)
	}
	for i := range outs {
		line, err := json.Marshal(&outs[i])
		if err != nil {
			fmt.Fprintf(e.stderr, "tablemanager analyze: %v\n", err)
			return exitSoftware
		}
		out.Write(line)
		out.WriteByte('\n')
	}
	return finishAnalyze(e, out, len(boards), "records", bad, prog.start)
}

// readResultBoards reads the records of a results input and replays each,
// skipping (and counting as bad) malformed lines and records that do not
// replay. Input that cannot be read, or holds no records, is bad data.
func readResultBoards(e *env, in io.Reader, name string) (boards []resultBoard, bad int, code int) {
	recs, badLines, err := results.Read(in)
	if err != nil {
		fmt.Fprintf(e.stderr, "tablemanager analyze: %v\n", err)
		return nil, 0, exitDataErr
	}
	bad = len(badLines)
	for _, le := range badLines {
		fmt.Fprintf(e.stderr, "tablemanager analyze: skipped: %v\n", le)
	}
	for _, rec := range recs {
		d, err := rec.Decode()
		if err != nil {
			bad++
			fmt.Fprintf(e.stderr, "tablemanager analyze: skipped board %d (%s %s): %v\n", rec.Board, rec.Match, rec.Room, err)
			continue
		}
		boards = append(boards, resultBoard{rec: rec, board: d.Board})
	}
	if len(recs) == 0 && bad == 0 {
		fmt.Fprintf(e.stderr, "tablemanager analyze: %s: no records\n", inputName(name))
		return nil, bad, exitDataErr
	}
	return boards, bad, exitOK
}

// analyzeRecords analyses each board's record against its double-dummy
// table, the play's tricks lost included, spread over threads workers
// (2 when threads is not positive), calling tick after each. Once ctx is
// done no more boards are started.
func analyzeRecords(ctx context.Context, boards []resultBoard, tables []dds.TrickTable, threads int, tick func()) ([]analyzedResult, []error) {
	outs := make([]analyzedResult, len(boards))
	lost := make([]error, len(boards))
	var pool dds.Pool
	jobs := make(chan int)
	var wg sync.WaitGroup
	if threads <= 0 {
		threads = 2
	}
	for w := 0; w < threads; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sv := pool.Get()
			defer pool.Put(sv)
			for i := range jobs {
				outs[i], lost[i] = analyzeRecord(sv, &boards[i], &tables[i])
				tick()
			}
		}()
	}
	for i := range boards {
		if ctx.Err() != nil {
			break
		}
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	return outs, lost
}

// inputName names the input in messages.
func inputName(name string) string {
	if name == "-" {
		return "standard input"
	}
	return name
}

// finishAnalyze flushes the output and prints the closing line: how many
// boards or records were analysed and how many malformed ones were skipped
// (which makes the exit status 65).
func finishAnalyze(e *env, out *bufio.Writer, n int, what string, bad int, start time.Time) int {
	if err := out.Flush(); err != nil {
		fmt.Fprintf(e.stderr, "tablemanager analyze: %v\n", err)
		return exitFailure
	}
	fmt.Fprintf(e.stderr, "analyze: %d %s in %s", n, what, time.Since(start).Round(time.Millisecond))
	if bad > 0 {
		fmt.Fprintf(e.stderr, ", %d malformed skipped", bad)
	}
	fmt.Fprintln(e.stderr)
	if bad > 0 {
		return exitDataErr
	}
	return exitOK
}

// analyzeRecord fills the analysis of one record; the error is about the
// play analysis only (the rest is always filled).
func analyzeRecord(sv *dds.Solver, b *resultBoard, t *dds.TrickTable) (analyzedResult, error) {
	rec := &b.rec
	an, err := analysis.WithTable(sv, b.board, t)
	a := analyzedResult{Event: rec.Event, Match: rec.Match, Room: rec.Room, Table: rec.Table, Board: rec.Board,
		Deal: rec.Deal, Contract: rec.Contract, Declarer: rec.Declarer, Tricks: rec.Tricks,
		Makeable: an.Makeable, DD: an.DD, Par: parJSON{ScoreNS: an.ParScore, Contracts: an.ParList}}
	// Decode checked that a recorded contract is the auction's.
	if rec.Contract == "" {
		return a, nil
	}
	a.DDTricks = an.DDTricks
	if len(an.Cards) > 0 && err == nil {
		lost := an.Lost
		a.TricksLost = &lost
	}
	return a, err
}
