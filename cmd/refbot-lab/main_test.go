package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot/bidding"
	"github.com/openroom/openroom/results"
)

func TestUsage(t *testing.T) {
	for _, args := range [][]string{nil, {"no-such-command"}, {"compare-play", "a.tsv"}, {"measure-bidding", "-bidding.boards", "0"}, {"measure-bidding", "extra"}, {"measure-lead", "-boards", "0"}, {"measure-lead", "extra"}, {"measure-decisions"}, {"measure-play", "-run", "("}, {"measure-play", "-boards", "0"}, {"measure-decisions", "-replay", "x.tsv", "-side", "north"}, {"measure-decisions", "-replay", "x.tsv", "-cards", "some"}} {
		var out, errOut bytes.Buffer
		assert.Equal(t, exitUsage, run(args, &out, &errOut), "%q", args)
		assert.NotEmpty(t, errOut.String(), "%q", args)
	}
}

func TestComparePlayMissingFile(t *testing.T) {
	var out, errOut bytes.Buffer
	dir := t.TempDir()
	code := run([]string{"compare-play", filepath.Join(dir, "a.tsv"), filepath.Join(dir, "b.tsv")}, &out, &errOut)
	assert.Equal(t, exitFailure, code)
	assert.Contains(t, errOut.String(), "a.tsv")
}

// TestMeasureBiddingSmall judges two boards' auctions and writes them out.
func TestMeasureBiddingSmall(t *testing.T) {
	var out, errOut bytes.Buffer
	auctions := filepath.Join(t.TempDir(), "auctions.tsv")
	code := run([]string{"measure-bidding", "-bidding.boards", "2", "-bidding.auctions", auctions, "-bidding.worst", "1"}, &out, &errOut)
	assert.Equal(t, exitOK, code, errOut.String())
	assert.Contains(t, out.String(), `seed "bidding", boards 1-2`)
	out.Reset()
	code = run([]string{"measure-bidding", "-bidding.boards", "2", "-bidding.before", auctions}, &out, &errOut)
	assert.Equal(t, exitOK, code, errOut.String())
	assert.Contains(t, out.String(), "0 auctions changed")
}

// TestMeasureBiddingSystem measures another built-in system on two
// boards: its report names it, the default's does not, and an unknown
// system is an error.
func TestMeasureBiddingSystem(t *testing.T) {
	var out, errOut bytes.Buffer
	dir := t.TempDir()
	tables := filepath.Join(dir, "tables")
	code := run([]string{"measure-bidding", "-bidding.boards", "2", "-bidding.tables", tables, "-bidding.system", "2over1"}, &out, &errOut)
	assert.Equal(t, exitOK, code, errOut.String())
	assert.Contains(t, out.String(), `system "2/1 Game Forcing" (2over1)`)
	assert.Contains(t, out.String(), `seed "bidding", boards 1-2`)
	out.Reset()
	code = run([]string{"measure-bidding", "-bidding.boards", "2", "-bidding.tables", tables}, &out, &errOut)
	assert.Equal(t, exitOK, code, errOut.String())
	assert.NotContains(t, out.String(), "system")
	errOut.Reset()
	code = run([]string{"measure-bidding", "-bidding.boards", "2", "-bidding.tables", tables, "-bidding.system", "no-such-system"}, &out, &errOut)
	assert.Equal(t, exitFailure, code)
	assert.Contains(t, errOut.String(), "no-such-system")
}

// TestMeasureBiddingPenaltyFlags refuses a penalty margin where no bot
// would use it, and one that is not a number.
func TestMeasureBiddingPenaltyFlags(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-bidding.penalty", "5"}, "needs a level"},
		{[]string{"-bidding.against", "sayc-lite", "-bidding.against.penalty", "off"}, "needs a level"},
		{[]string{"-bidding.level", "expert", "-bidding.against.penalty", "off"}, "needs a second system"},
		{[]string{"-bidding.level", "expert", "-bidding.penalty", "five"}, `"five"`},
	} {
		var out, errOut bytes.Buffer
		code := run(append([]string{"measure-bidding", "-bidding.boards", "2"}, tt.args...), &out, &errOut)
		assert.Equal(t, exitFailure, code, "%q", tt.args)
		assert.Contains(t, errOut.String(), tt.want, "%q", tt.args)
	}
}

// TestMeasureLeadSmall measures the heuristic's and the rollouts' leads on
// four boards and reads the per-board files back: a line a lead measured,
// each lead from the leader's hand, and a lead that lost nothing exactly
// when it is one of the best.
func TestMeasureLeadSmall(t *testing.T) {
	var out, errOut bytes.Buffer
	dir := t.TempDir()
	code := run([]string{"measure-lead", "-boards", "4", "-methods", "rollouts-64", "-perboard", dir}, &out, &errOut)
	assert.Equal(t, exitOK, code, errOut.String())
	assert.Contains(t, out.String(), "heuristic: ")
	assert.Contains(t, out.String(), "rollouts-64: ")
	for _, method := range []string{"heuristic", "rollouts-64"} {
		data, err := os.ReadFile(filepath.Join(dir, method+".tsv"))
		require.NoError(t, err)
		lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
		require.Equal(t, "board\tcontract\thand\tauction\tlead\tlost\tbest", lines[0])
		assert.Contains(t, out.String(), fmt.Sprintf("%s: %d leads", method, len(lines)-1))
		for _, line := range lines[1:] {
			f := strings.Split(line, "\t")
			require.Len(t, f, 7, line)
			hand, err := engine.ParseHand(f[2])
			require.NoError(t, err, line)
			lead, err := engine.ParseCard(f[4])
			require.NoError(t, err, line)
			assert.True(t, hand.Has(lead), "%s: %s is not in the hand", method, line)
			lost, err := strconv.Atoi(f[5])
			require.NoError(t, err, line)
			assert.GreaterOrEqual(t, lost, 0, line)
			assert.Equal(t, lost == 0, slices.Contains(strings.Fields(f[6]), f[4]), "%s: %s", method, line)
		}
	}
}

// TestMeasurePlaySmall plays one board at easy, which searches nothing.
func TestMeasurePlaySmall(t *testing.T) {
	var out, errOut bytes.Buffer
	dir := t.TempDir()
	code := run([]string{"measure-play", "-boards", "1", "-run", "^easy$", "-perboard", dir}, &out, &errOut)
	assert.Equal(t, exitOK, code, errOut.String())
	assert.Contains(t, out.String(), "easy: ")
	assert.NotContains(t, out.String(), "medium")
	assert.FileExists(t, filepath.Join(dir, "easy.tsv"))
}

// TestChangedBoardsAndCompareReplay runs the two commands on a recorded
// board: the change (one-level major openings on 11 HCP) reaches the
// closed room, whose deal goes to the PBN file with its number; the
// replay, which differs there only, is paired with the record.
func TestChangedBoardsAndCompareReplay(t *testing.T) {
	dir := t.TempDir()
	src, err := bidding.BuiltinSource("sayc-lite")
	require.NoError(t, err)
	anchor := "1C \"3+ clubs: 11 HCP, six-five\"  hcp 11 points 14.. len C 5..6\n"
	light := anchor + "1S \"5 spades: 11 HCP, a four-card side suit\"  hcp 11 len S 5 when len(H) >= 4\n"
	after := filepath.Join(dir, "light.bid")
	require.NoError(t, os.WriteFile(after, []byte(strings.Replace(string(src), anchor, light, 1)), 0o644))

	const deal = "N:AQ952.K843.Q5.72 KJ7.AQ5.J843.K95 T86.J92.K762.QJ8 43.T76.AT9.AT643"
	record := func(roomName string, refbotNS bool, calls string, score int) results.Record {
		players := results.Seats{N: "ben", E: "builtin:refbot:expert", S: "ben", W: "builtin:refbot:expert"}
		if refbotNS {
			players = results.Seats{N: "builtin:refbot:expert", E: "ben", S: "builtin:refbot:expert", W: "ben"}
		}
		r := results.Record{Ruleset: "bridge-duplicate-practice-v1", Match: "BEN-v-R", Room: roomName, Board: 7, Dealer: "N", Vulnerable: "None", Deal: deal, Players: players, ScoreNS: &score, Seed: "s"}
		for _, c := range strings.Fields(calls) {
			r.Auction = append(r.Auction, results.Call{Call: c})
		}
		return r
	}
	write := func(name string, recs ...results.Record) string {
		var b bytes.Buffer
		for _, r := range recs {
			line, err := json.Marshal(r)
			require.NoError(t, err)
			b.Write(append(line, '\n'))
		}
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, b.Bytes(), 0o644))
		return p
	}
	open := record("open", false, "1S X Pass 2D Pass Pass Pass", -90)
	recorded := write("recorded.jsonl", record("closed", true, "Pass 1NT Pass 3NT Pass Pass Pass", -400), open)
	replayed := write("replayed.jsonl", record("closed", true, "1S Pass 2S Pass Pass Pass", 140), open)

	var out, errOut bytes.Buffer
	pbnFile := filepath.Join(dir, "changed.pbn")
	code := run([]string{"changed-boards", "-after", after, "-pbn", pbnFile, recorded}, &out, &errOut)
	require.Equal(t, exitOK, code, errOut.String())
	assert.Contains(t, out.String(), "board 7 closed, after []: Pass -> 1S")
	assert.Contains(t, out.String(), "1 board-rooms of 2 change, on 1 boards")
	text, err := os.ReadFile(pbnFile)
	require.NoError(t, err)
	assert.Contains(t, string(text), `[Board "7"]`)
	assert.Contains(t, string(text), `[Deal "`+deal+`"]`)

	out.Reset()
	code = run([]string{"compare-replay", "-after", after, recorded, replayed}, &out, &errOut)
	require.Equal(t, exitOK, code, errOut.String())
	assert.Contains(t, out.String(), "1 of 1 boards replayed, +13.000")
	assert.Contains(t, out.String(), "rooms the bidding change does not reach: 1; alike 1, otherwise first by refbot 0")

	// With a control replay of the boards (the system before), the
	// control stands in for the record: here it scored as the change did.
	out.Reset()
	control := write("control.jsonl", record("closed", true, "Pass 1NT Pass 3NT Pass Pass Pass", 140), open)
	code = run([]string{"compare-replay", "-control", "-after", after, recorded, control, replayed}, &out, &errOut)
	require.Equal(t, exitOK, code, errOut.String())
	assert.Contains(t, out.String(), "1 of 1 boards replayed, +0.000")

	for _, args := range [][]string{{"changed-boards", recorded}, {"compare-replay", "-after", after, recorded}, {"changed-boards", "-after", after}, {"compare-replay", "-control", "-after", after, recorded, replayed}} {
		errOut.Reset()
		assert.Equal(t, exitUsage, run(args, &out, &errOut), "%q", args)
		assert.NotEmpty(t, errOut.String())
	}
	errOut.Reset()
	assert.Equal(t, exitFailure, run([]string{"changed-boards", "-after", after, filepath.Join(dir, "none.jsonl")}, &out, &errOut))
	assert.Contains(t, errOut.String(), "none.jsonl")
}

func TestPenaltyDoubles(t *testing.T) {
	dir := t.TempDir()
	// East holds KQJT of North's trumps and three aces; BEN's 4S went three
	// down undoubled, refbot's pair made 2S in the other room.
	const deal = "N:A8765.KQ2.KQ3.K2 KQJT.A43.A54.A43 432.J765.J76.Q65 9.T98.T982.JT987"
	record := func(roomName string, refbotNS bool, calls string, tricks, score int) results.Record {
		players := results.Seats{N: "ben", E: "builtin:refbot:expert", S: "ben", W: "builtin:refbot:expert"}
		if refbotNS {
			players = results.Seats{N: "builtin:refbot:expert", E: "ben", S: "builtin:refbot:expert", W: "ben"}
		}
		r := results.Record{Ruleset: "bridge-duplicate-practice-v1", Match: "BEN-v-R", Room: roomName, Board: 3, Dealer: "N",
			Vulnerable: "None", Deal: deal, Players: players, Tricks: &tricks, ScoreNS: &score}
		for _, c := range strings.Fields(calls) {
			r.Auction = append(r.Auction, results.Call{Call: c})
		}
		return r
	}
	var b bytes.Buffer
	for _, r := range []results.Record{record("open", false, "1S Pass 4S Pass Pass Pass", 7, -150), record("closed", true, "1S Pass 2S Pass Pass Pass", 8, 110)} {
		line, err := json.Marshal(r)
		require.NoError(t, err)
		b.Write(append(line, '\n'))
	}
	path := filepath.Join(dir, "results.jsonl")
	require.NoError(t, os.WriteFile(path, b.Bytes(), 0o644))

	var out, errOut bytes.Buffer
	code := run([]string{"penalty-doubles", "-worlds", "16", "-list", path}, &out, &errOut)
	require.Equal(t, exitOK, code, errOut.String())
	// The gain a layout depends on the layouts drawn; that every one of
	// them beats 4S, and by much, does not.
	assert.Regexp(t, `BEN-v-R board 3 open: 4S by North, East doubles \(\+1\d\.\d IMPs a layout, beaten in 16 of 16\)`, out.String())
	assert.Contains(t, out.String(), "down 3 (3 double dummy), +6 IMPs")
	assert.Contains(t, out.String(), "1 rooms with the other side's undoubled contract, 1 of them went down as played; over 1 boards")
	assert.Contains(t, out.String(), "doubled at margin 1.0: 1 rooms (1 went down), 6 IMPs gained, 0 lost: +6.000")

	for _, args := range [][]string{{"penalty-doubles"}, {"penalty-doubles", "-worlds", "x", path}} {
		errOut.Reset()
		assert.Equal(t, exitUsage, run(args, &out, &errOut), "%q", args)
		assert.NotEmpty(t, errOut.String())
	}
	errOut.Reset()
	assert.Equal(t, exitFailure, run([]string{"penalty-doubles", filepath.Join(dir, "none.jsonl")}, &out, &errOut))
	assert.Contains(t, errOut.String(), "none.jsonl")
	errOut.Reset()
	assert.Equal(t, exitFailure, run([]string{"penalty-doubles", "-system", filepath.Join(dir, "none.bid"), path}, &out, &errOut))
	assert.Contains(t, errOut.String(), "-system")
}
