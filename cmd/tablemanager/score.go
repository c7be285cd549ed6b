package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/openroom/openroom/engine"
	flag "github.com/spf13/pflag"
)

// scoreInput is one board to score, as read from the command line or a line
// of standard input.
type scoreInput struct {
	contract engine.Contract
	vul      engine.Vulnerability
	tricks   int
}

// fieldError names the field of a score line that was wrong.
type fieldError struct {
	field string
	err   error
}

func (e *fieldError) Error() string { return e.field + ": " + e.err.Error() }
func (e *fieldError) Unwrap() error { return e.err }

// contractField reads a score line's first field, CONTRACT, the same for
// a duplicate board and a rubber's deal.
func contractField(f []string) (engine.Contract, error) {
	if len(f) == 0 {
		return engine.Contract{}, &fieldError{"CONTRACT", errors.New("missing")}
	}
	c, err := engine.ParseContract(f[0])
	if err != nil {
		return engine.Contract{}, &fieldError{"CONTRACT", err}
	}
	return c, nil
}

// parseScoreFields reads CONTRACT DECLARER VULNERABILITY TRICKS. A passed-out
// contract needs only its first field; any others must still be well formed
// (DECLARER and TRICKS may be "-").
func parseScoreFields(f []string) (scoreInput, error) {
	var in scoreInput
	c, err := contractField(f)
	if err != nil {
		return in, err
	}
	if c.PassedOut() {
		if len(f) > 4 {
			return in, fmt.Errorf("want at most 4 fields, found %d", len(f))
		}
		if len(f) > 2 {
			if in.vul, err = engine.ParseVulnerability(f[2]); err != nil {
				return in, &fieldError{"VULNERABILITY", err}
			}
		}
		in.contract = c
		return in, nil
	}
	if len(f) != 4 {
		return in, fmt.Errorf("want 4 fields (CONTRACT DECLARER VULNERABILITY TRICKS), found %d", len(f))
	}
	if c.Declarer, err = engine.ParseSeat(f[1]); err != nil || len(f[1]) != 1 {
		if err == nil {
			err = fmt.Errorf("seat %q: want N, E, S or W", f[1])
		}
		return in, &fieldError{"DECLARER", err}
	}
	if in.vul, err = engine.ParseVulnerability(f[2]); err != nil {
		return in, &fieldError{"VULNERABILITY", err}
	}
	t, err := strconv.Atoi(f[3])
	if err != nil || t < 0 || t > 13 {
		return in, &fieldError{"TRICKS", fmt.Errorf("%q: want the declaring side's tricks, 0 to 13", f[3])}
	}
	in.contract, in.tricks = c, t
	return in, nil
}

// scoreJSON is the --json breakdown of one board.
type scoreJSON struct {
	Contract           string `json:"contract"`
	Declarer           string `json:"declarer"`
	Vulnerable         string `json:"vulnerable"`
	DeclarerVulnerable bool   `json:"declarer_vulnerable"`
	Tricks             *int   `json:"tricks"`
	Made               bool   `json:"made"`
	Overtricks         int    `json:"overtricks"`
	Undertricks        int    `json:"undertricks"`
	TrickScore         int    `json:"trick_score"`
	GameBonus          int    `json:"game_bonus"`
	PartscoreBonus     int    `json:"partscore_bonus"`
	SlamBonus          int    `json:"slam_bonus"`
	InsultBonus        int    `json:"insult_bonus"`
	OvertrickPoints    int    `json:"overtrick_points"`
	UndertrickPenalty  int    `json:"undertrick_penalty"`
	DeclarerScore      int    `json:"declarer_score"`
	ScoreNS            int    `json:"score_ns"`
	ScoreEW            int    `json:"score_ew"`
}

func scoreBreakdown(in scoreInput) scoreJSON {
	c := in.contract
	out := scoreJSON{Contract: c.String(), Vulnerable: in.vul.String()}
	if c.PassedOut() {
		return out
	}
	vul := in.vul.Vulnerable(c.Declarer.Side())
	d := engine.ScoreDetails(c, vul, in.tricks)
	out.Declarer = c.Declarer.String()
	out.DeclarerVulnerable = vul
	out.Tricks = &d.Tricks
	out.Made, out.Overtricks, out.Undertricks = d.Made, d.Overtricks, d.Undertricks
	out.TrickScore, out.SlamBonus, out.InsultBonus = d.TrickScore, d.SlamBonus, d.InsultBonus
	if d.GameBonus == 50 {
		out.PartscoreBonus = 50
	} else {
		out.GameBonus = d.GameBonus
	}
	out.OvertrickPoints, out.UndertrickPenalty, out.DeclarerScore = d.OvertrickPts, d.Penalty, d.Total
	out.ScoreNS = engine.ScoreNS(c, in.vul, in.tricks)
	out.ScoreEW = -out.ScoreNS
	return out
}

const scoreUsage = `usage: tablemanager score [--json] CONTRACT DECLARER VULNERABILITY TRICKS
       tablemanager score [--json] -   (one such line per board on standard input)
       tablemanager score --rubber|--chicago [--dealer SEAT] [--json]
Prints the Law 77 raw score from North-South's side, e.g. score 4SX N EW 10 prints 590.
With --rubber or --chicago, reads one deal per line on standard input,
CONTRACT DECLARER TRICKS [HONOURS] (e.g. "4S N 10", "3NT W 8 150E", "Pass"),
and prints the rubber's score sheet above and below the line and the winner.
`

func runScore(e *env, args []string) int {
	fs := flag.NewFlagSet("score", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print the full breakdown (with --rubber or --chicago: the score sheet) as JSON")
	rubber := fs.Bool("rubber", false, "score the deals on standard input as one rubber (rule set rubber-v1) and print its score sheet")
	chicago := fs.Bool("chicago", false, "score the deals on standard input as one Chicago of four deals (rule set chicago-v1)")
	dealer := fs.String("dealer", "N", "with --rubber or --chicago: the first dealer, N, E, S or W")
	// Flags come first; after the first argument everything is positional,
	// so a negative trick count is reported as a bad TRICKS field.
	fs.SetInterspersed(false)
	if code, ok := parseFlags(e, fs, args, scoreUsage); !ok {
		return code
	}
	if *rubber || *chicago || fs.Changed("dealer") {
		return runRubberScore(e, fs, *rubber, *chicago, *dealer, *asJSON)
	}
	print := func(in scoreInput) error {
		if *asJSON {
			b, err := json.Marshal(scoreBreakdown(in))
			if err != nil {
				return err
			}
			_, err = fmt.Fprintf(e.stdout, "%s\n", b)
			return err
		}
		_, err := fmt.Fprintln(e.stdout, engine.ScoreNS(in.contract, in.vul, in.tricks))
		return err
	}
	rest := fs.Args()
	if len(rest) == 1 && rest[0] == "-" {
		return scoreStream(e, print)
	}
	in, err := parseScoreFields(rest)
	if err != nil {
		fmt.Fprintf(e.stderr, "tablemanager score: %v\n", err)
		return exitUsage
	}
	if err := print(in); err != nil {
		fmt.Fprintf(e.stderr, "tablemanager score: %v\n", err)
		return exitFailure
	}
	return exitOK
}

// scoreStream scores one board per line of standard input. Blank lines and
// lines starting with # are skipped. A bad line stops the run; the scores of
// the lines before it have been printed.
func scoreStream(e *env, print func(scoreInput) error) int {
	sc := bufio.NewScanner(e.stdin)
	sc.Buffer(make([]byte, 4096), 4096)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		in, err := parseScoreFields(strings.Fields(text))
		if err != nil {
			fmt.Fprintf(e.stderr, "tablemanager score: line %d: %v\n", line, err)
			return exitDataErr
		}
		if err := print(in); err != nil {
			fmt.Fprintf(e.stderr, "tablemanager score: %v\n", err)
			return exitFailure
		}
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintf(e.stderr, "tablemanager score: line %d: %v\n", line+1, err)
		return exitDataErr
	}
	return exitOK
}
