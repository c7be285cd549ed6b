package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/results"
)

// roomRecord plays one room of a board of a team match: the calls from
// North (the dealer), then every card chosen by pick from the legal ones.
func roomRecord(t *testing.T, deal string, match, room string, calls []engine.Call, pick func(engine.Hand) (engine.Card, bool)) results.Record {
	t.Helper()
	d, err := engine.ParseDeal(deal)
	require.NoError(t, err)
	b := engine.NewBoard(1, d)
	for _, c := range calls {
		seat, _ := b.Turn()
		require.NoError(t, b.Call(seat, c))
	}
	for b.Phase() == engine.PhasePlay {
		seat, _ := b.Turn()
		c, _ := pick(b.LegalCards())
		require.NoError(t, b.PlayCard(seat, c))
	}
	rec := results.FromBoard(b, nil)
	rec.Event, rec.Match, rec.Room, rec.Table = "test", match, room, match+"/"+room+"/1"
	return rec
}

func jsonLines(t *testing.T, recs ...results.Record) string {
	t.Helper()
	var b strings.Builder
	for _, r := range recs {
		line, err := json.Marshal(r)
		require.NoError(t, err)
		b.Write(line)
		b.WriteByte('\n')
	}
	return b.String()
}

func TestAnalyzeSplit(t *testing.T) {
	t.Parallel()
	deal, tb := refTable(t, 11)
	p := engine.Pass
	threeNT := []engine.Call{p, p, engine.Bid(3, engine.NoTrump), p, p, p} // by South
	oneNT := []engine.Call{p, p, engine.Bid(1, engine.NoTrump), p, p, p}
	passed := []engine.Call{p, p, p, p}
	low := engine.Hand.Lowest
	high := engine.Hand.Highest

	// Board 1: the same contract in both rooms, played differently; all
	// its IMPs come from the play. Board 2: 1NT by South against a pass
	// out; its contracts alone are worth 1NT at its double-dummy result.
	open1 := roomRecord(t, deal, "Home-v-Away", "open", threeNT, low)
	closed1 := roomRecord(t, deal, "Home-v-Away", "closed", threeNT, high)
	open2 := roomRecord(t, deal, "Home-v-Away", "open", oneNT, low)
	open2.Board = 2
	closed2 := roomRecord(t, deal, "Home-v-Away", "closed", passed, low)
	closed2.Board = 2
	// Left out: a board with one room, and one whose other room ended in
	// a fault; ignored: a room of a round of another kind.
	lone := roomRecord(t, deal, "Home-v-Away", "open", oneNT, low)
	lone.Board = 3
	faultOpen := roomRecord(t, deal, "Home-v-Away", "open", oneNT, low)
	faultOpen.Board = 4
	faultClosed := roomRecord(t, deal, "Home-v-Away", "closed", oneNT, low)
	faultClosed.Board = 4
	faultClosed.Play, faultClosed.Tricks, faultClosed.ScoreNS = faultClosed.Play[:5], nil, nil
	faultClosed.SetOutcome(engine.Fault(engine.Timeout, "slow", engine.West))
	other := roomRecord(t, deal, "Home-v-Away", "table", threeNT, low)
	other.Board = 5

	code, out, errs := runCmd(t, jsonLines(t, open1, closed1, open2, closed2, lone, faultOpen, faultClosed, other),
		"analyze", "--results", "--split", "-")
	require.Equal(t, exitOK, code, errs)

	board1 := engine.IMPs(*open1.ScoreNS - *closed1.ScoreNS)
	require.NotZero(t, board1, "the two plays of 3NT must score differently for the test to mean anything")
	oneNTdd := engine.ScoreNS(engine.Contract{Level: 1, Strain: engine.NoTrump, Declarer: engine.South},
		engine.VulNone, tb[engine.NoTrump][engine.South])
	board2 := engine.IMPs(*open2.ScoreNS)
	board2Contracts := engine.IMPs(oneNTdd)
	mean := func(a, b int) string { return fmt.Sprintf("%+.2f", float64(a+b)/2) }

	assert.Contains(t, out, "Home-v-Away: 2 boards compared (2 left out")
	assert.Contains(t, out, "IMPs a board to Home")
	assert.Regexp(t, `in all +`+regexpQuote(mean(board1, board2))+` \(`, out)
	assert.Regexp(t, `from the contracts \(each scored at its double-dummy result\) +`+regexpQuote(mean(0, board2Contracts))+` \(`, out)
	assert.Regexp(t, `from the play \(the rest\) +`+regexpQuote(mean(board1, board2-board2Contracts))+` \(`, out)
	// Home declares board 1 in the open room (North-South) and defends it
	// in the closed one, and declares board 2's 1NT; Away the reverse.
	assert.Regexp(t, `Home +as declarer \d+\.\d{3} \(2\), as defenders \d+\.\d{3} \(1\)`, out)
	assert.Regexp(t, `Away +as declarer \d+\.\d{3} \(1\), as defenders \d+\.\d{3} \(2\)`, out)
	assert.NotContains(t, out, `"board"`, "a summary, not a line per record")
	assert.NotContains(t, out, "largest swings", "only with --swings")

	// --swings 1: the board with the larger swing, both rooms' auctions
	// and results, home North-South in the open room.
	code, out, errs = runCmd(t, jsonLines(t, open1, closed1, open2, closed2, lone, faultOpen, faultClosed, other),
		"analyze", "--results", "--split", "--swings", "1", "-")
	require.Equal(t, exitOK, code, errs)
	require.NotEqual(t, abs(board1), abs(board2), "the two boards' swings must differ for the test to pick one")
	top, topContracts, rooms := 1, 0, [2]results.Record{open1, closed1}
	if abs(board2) > abs(board1) {
		top, topContracts, rooms = 2, board2Contracts, [2]results.Record{open2, closed2}
	}
	topIMPs := engine.IMPs(*rooms[0].ScoreNS - *rooms[1].ScoreNS)
	assert.Contains(t, out, "the 1 largest swings, IMPs to Home (from the contracts, from the play):\n")
	assert.Contains(t, out, fmt.Sprintf("    board %d: %+d (%+d, %+d)\n", top, topIMPs, topContracts, topIMPs-topContracts))
	for r, team := range []string{"Home", "Away"} {
		result := "passed out"
		if c := rooms[r].Contract; c != "" && c != "Pass" {
			result = fmt.Sprintf("%s %s, %d tricks", c, rooms[r].Declarer, *rooms[r].Tricks)
		}
		assert.Contains(t, out, fmt.Sprintf("%-6s %s NS: %s; %s, %+d\n", rooms[r].Room, team, callsText(rooms[r]), result, *rooms[r].ScoreNS))
	}
	assert.Equal(t, 1, strings.Count(out, "    board "), "one board listed")

	code, _, errs = runCmd(t, jsonLines(t, open1, closed1), "analyze", "--results", "--swings", "3", "-")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errs, "--swings N wants --split")
}

// callsText writes a record's calls as the swings list does.
func callsText(r results.Record) string {
	calls := make([]string, len(r.Auction))
	for i, c := range r.Auction {
		calls[i] = c.Call
	}
	return strings.Join(calls, " ")
}

// regexpQuote quotes a figure such as "+1.50" for a regular expression.
func regexpQuote(s string) string {
	return strings.NewReplacer("+", `\+`, ".", `\.`).Replace(s)
}

func TestAnalyzeSplitTricksLostByTeam(t *testing.T) {
	t.Parallel()
	deal, _ := refTable(t, 21)
	p := engine.Pass
	threeNT := []engine.Call{p, p, engine.Bid(3, engine.NoTrump), p, p, p}
	open := roomRecord(t, deal, "A-v-B", "open", threeNT, engine.Hand.Lowest)
	closed := roomRecord(t, deal, "A-v-B", "closed", threeNT, engine.Hand.Highest)

	// The per-record analysis says what each side lost; the split gives
	// A (North-South in the open room, East-West in the closed one) the
	// open room's declarer losses and the closed room's defenders', and B
	// the rest.
	code, lines, errs := runCmd(t, jsonLines(t, open, closed), "analyze", "--results", "-")
	require.Equal(t, exitOK, code, errs)
	var rooms []analyzedResult
	for _, l := range strings.Split(strings.TrimSpace(lines), "\n") {
		var a analyzedResult
		require.NoError(t, json.Unmarshal([]byte(l), &a))
		require.NotNil(t, a.TricksLost)
		rooms = append(rooms, a)
	}
	require.Len(t, rooms, 2)
	code, out, errs := runCmd(t, jsonLines(t, open, closed), "analyze", "--results", "--split", "-")
	require.Equal(t, exitOK, code, errs)
	assert.Contains(t, out, "A-v-B: 1 board compared\n")
	require.NotEqual(t, rooms[0].TricksLost, rooms[1].TricksLost, "the two rooms must lose differently for the test to tell the teams apart")
	assert.Contains(t, out, fmt.Sprintf("A                    as declarer %.3f (1), as defenders %.3f (1)",
		float64(rooms[0].TricksLost.NS), float64(rooms[1].TricksLost.EW)))
	assert.Contains(t, out, fmt.Sprintf("B                    as declarer %.3f (1), as defenders %.3f (1)",
		float64(rooms[1].TricksLost.NS), float64(rooms[0].TricksLost.EW)))
}

func TestAnalyzeSplitNeedsTeamMatches(t *testing.T) {
	t.Parallel()
	deal, _ := refTable(t, 11)
	p := engine.Pass
	rec := roomRecord(t, deal, "NS-v-EW", "table", []engine.Call{p, p, p, p}, engine.Hand.Lowest)
	code, out, _ := runCmd(t, jsonLines(t, rec), "analyze", "--results", "--split", "-")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "no team match in the file")

	code, _, errs := runCmd(t, "", "analyze", "--split", "board.pbn")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errs, "--split reads a results file")
}

func TestTeamsOf(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ match, home, away string }{
		{"BEN-v-R", "BEN", "R"},
		{"Old-v-New", "Old", "New"},
		{"A-v-B-v-C", "home", "away"},
		{"solo", "home", "away"},
		{"-v-B", "home", "away"},
	} {
		home, away := teamsOf(tc.match)
		assert.Equal(t, tc.home, home, tc.match)
		assert.Equal(t, tc.away, away, tc.match)
	}
}
