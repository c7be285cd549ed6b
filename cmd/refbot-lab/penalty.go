package main

import (
	"crypto/sha256"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/internal/lab"
	"github.com/openroom/openroom/refbot"
	"github.com/openroom/openroom/refbot/simulate"
	"github.com/openroom/openroom/results"
)

// penaltyDoubles weighs, on recorded matches, the penalty doubles refbot's
// seats did not make of the other program's undoubled contracts
// (lab.PenaltyDoubles), and reports what they would have changed.
func penaltyDoubles(args []string, stdout, stderr io.Writer) error {
	var (
		system string
		cfg    simulate.Config
		margin float64
		list   bool
	)
	fs := flag.NewFlagSet("penalty-doubles", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&system, "system", refbot.DefaultSystem, "the system refbot's seats read the auction with (a built-in name or a system file)")
	fs.IntVar(&cfg.Worlds, "worlds", 32, "layouts of the hidden hands to sample for each decision")
	fs.IntVar(&cfg.Attempts, "attempts", 200, "sampler draws per wanted layout before it relaxes the auction's constraints")
	fs.Float64Var(&margin, "margin", 1, "the mean IMPs a layout a double must gain to be made")
	fs.BoolVar(&list, "list", false, "list every room a seat would double")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return usageError{"penalty-doubles: want results files (results.jsonl)"}
	}
	sys, err := refbot.LoadSystem(system)
	if err != nil {
		return fmt.Errorf("penalty-doubles: -system: %w", err)
	}
	solver := dds.NewSolver()
	var (
		rooms    []lab.PenaltyRoom
		boards   int
		defeated int
		gained   int
		lost     int
		diffs    []int
	)
	for _, path := range fs.Args() {
		recs, err := readResults(path)
		if err != nil {
			return fmt.Errorf("penalty-doubles: %w", err)
		}
		boards += countBoards(recs)
		seed := func(r *results.Record, seat engine.Seat) [32]byte {
			return sha256.Sum256([]byte(fmt.Sprintf("penalty-doubles/%s/%d/%s/%s", r.Match, r.Board, r.Room, seat.Name())))
		}
		got, err := lab.PenaltyDoubles(sys, recs, lab.IsRefbot, cfg, margin, solver.Solve, seed)
		if err != nil {
			return fmt.Errorf("penalty-doubles: %s: %w", path, err)
		}
		for _, pr := range got {
			if !pr.Doubles {
				continue
			}
			if pr.Down > 0 {
				defeated++
			}
			if pr.IMPs > 0 {
				gained += pr.IMPs
			} else {
				lost -= pr.IMPs
			}
			diffs = append(diffs, pr.IMPs)
			if list {
				r := pr.Record
				calls := make([]string, len(r.Auction))
				for i, c := range r.Auction {
					calls[i] = c.Call
				}
				fmt.Fprintf(stdout, "%s board %d %s: %s by %s, %s doubles (%+.1f IMPs a layout, beaten in %d of %d): down %d (%d double dummy), %+d IMPs  [%s]\n",
					r.Match, r.Board, r.Room, pr.Contract.String(), pr.Contract.Declarer.Name(), pr.Seat.Name(), pr.Gain,
					pr.Beaten, pr.Layouts, pr.Down, pr.DDDown, pr.IMPs, strings.Join(calls, " "))
			}
		}
		rooms = append(rooms, got...)
	}
	doubles := len(diffs)
	mean, half := lab.MeanInterval(diffs, boards)
	fmt.Fprintf(stdout, "%d rooms with the other side's undoubled contract, %d of them went down as played; over %d boards\n",
		len(rooms), countDown(rooms), boards)
	fmt.Fprintf(stdout, "doubled at margin %.1f: %d rooms (%d went down), %d IMPs gained, %d lost: %+.3f ± %.3f IMPs a board to refbot\n",
		margin, doubles, defeated, gained, lost, mean, half)
	// Rooms and rooms doubled by undertricks as played: made, down 1 to 3, down 4 or more.
	var byDown [5][2]int
	for _, pr := range rooms {
		d := min(pr.Down, 4)
		byDown[d][0]++
		if pr.Doubles {
			byDown[d][1]++
		}
	}
	for d, n := range byDown {
		if n[0] == 0 {
			continue
		}
		label := fmt.Sprintf("down %d", d)
		switch d {
		case 0:
			label = "made"
		case 4:
			label = "down 4+"
		}
		fmt.Fprintf(stdout, "  %-8s %4d rooms, doubled %d\n", label, n[0], n[1])
	}
	return nil
}

// countBoards counts the distinct boards of records (a match's board in
// two rooms counts once).
func countBoards(recs []results.Record) int {
	type key struct {
		match string
		board int
	}
	seen := map[key]bool{}
	for _, r := range recs {
		seen[key{r.Match, r.Board}] = true
	}
	return len(seen)
}

// countDown counts the rooms whose contract went down as played.
func countDown(rooms []lab.PenaltyRoom) int {
	n := 0
	for _, r := range rooms {
		if r.Down > 0 {
			n++
		}
	}
	return n
}
