package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/openroom/openroom/analysis"
	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/pbn"
	"github.com/openroom/openroom/results"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// refTable reads the DDS table of data line n (1-based, comments skipped)
// of testdata/ddtable_300.txt: the deal and [strain][declarer] tricks.
func refTable(t *testing.T, n int) (string, dds.TrickTable) {
	t.Helper()
	f, err := os.Open("../../testdata/ddtable_300.txt")
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	i := 0
	order := []engine.Strain{engine.StrainSpades, engine.StrainHearts, engine.StrainDiamonds, engine.StrainClubs, engine.NoTrump}
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		i++
		if i != n {
			continue
		}
		fs := strings.Fields(sc.Text())
		var tb dds.TrickTable
		for j := 0; j < 20; j++ {
			v, err := strconv.Atoi(fs[4+j])
			require.NoError(t, err)
			tb[order[j/4]][j%4] = v
		}
		return strings.Join(fs[:4], " "), tb
	}
	t.Fatalf("no line %d", n)
	return "", dds.TrickTable{}
}

// Two quick deals of the reference file, and a malformed game between them.
func analyzeInput(t *testing.T) (string, [2]dds.TrickTable) {
	d1, t1 := refTable(t, 11)
	d2, t2 := refTable(t, 21)
	in := "% PBN 2.1\n" +
		"[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"" + d1 + "\"]\n\n" +
		"[Board \"7\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQ.JT9.876.5432 - - -\"]\n\n" +
		"[Board \"2\"]\n[Dealer \"E\"]\n[Vulnerable \"NS\"]\n[Deal \"" + d2 + "\"]\n"
	return in, [2]dds.TrickTable{t1, t2}
}

func TestAnalyzePBN(t *testing.T) {
	t.Parallel()
	in, want := analyzeInput(t)
	code, out, errs := runCmd(t, in, "analyze", "--threads", "2", "-")
	assert.Equal(t, exitDataErr, code, "a malformed board gives status 65")
	assert.Contains(t, errs, "board 7")
	assert.Contains(t, errs, "line 10", "the line of the bad Deal tag")

	r := pbn.NewReader(strings.NewReader(out))
	var games []*pbn.Game
	for {
		g, err := r.Next()
		if err != nil {
			break
		}
		games = append(games, g)
	}
	require.Len(t, games, 2, "the malformed board is skipped")
	assert.Equal(t, "NS 460", games[0].Get("OptimumScore"))
	assert.Equal(t, "NS -460", games[1].Get("OptimumScore"))
	for i, g := range games {
		tb, ok, err := g.OptimumResultTable()
		require.NoError(t, err)
		require.True(t, ok)
		assert.Equal(t, pbnTable(&want[i]), tb, "board %s", g.Get("Board"))
		assert.Equal(t, pbn.FormatDoubleDummyTricks(pbnTable(&want[i])), g.Get("DoubleDummyTricks"))
	}
}

func TestAnalyzeJSON(t *testing.T) {
	t.Parallel()
	in, want := analyzeInput(t)
	code, out, _ := runCmd(t, in, "analyze", "--json", "-")
	assert.Equal(t, exitDataErr, code)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 2)
	var b analyzedBoard
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &b))
	assert.Equal(t, 1, b.Board)
	assert.Equal(t, analysis.SeatTableOf(&want[0]), b.DD)
	assert.Equal(t, 460, b.Par.ScoreNS)
	assert.NotEmpty(t, b.Par.Contracts)
	assert.True(t, strings.HasPrefix(lines[0], `{"board":1,"deal":"N:`), lines[0])
	assert.Contains(t, lines[0], `"dd":{"N":{"C":`)
}

func TestAnalyzeUsage(t *testing.T) {
	t.Parallel()
	code, _, _ := runCmd(t, "", "analyze")
	assert.Equal(t, exitUsage, code)
	code, _, _ = runCmd(t, "", "analyze", "--threads", "-1", "x.pbn")
	assert.Equal(t, exitUsage, code)
	code, _, errs := runCmd(t, "", "analyze", filepath.Join(t.TempDir(), "missing.pbn"))
	assert.Equal(t, exitNoInput, code)
	assert.Contains(t, errs, "missing.pbn")
}

func TestAnalyzeExitStatus(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(src), 0o644))
		return p
	}
	empty := write("empty.pbn", "")
	comments := write("comments.pbn", "% PBN 2.1\n% nothing but a header\n")
	emptyResults := write("empty.jsonl", "")
	tests := []struct {
		name  string
		args  []string
		stdin string
		code  int
		want  string
	}{
		{"a directory", []string{dir}, "", exitNoInput, "is a directory"},
		{"a directory read as results", []string{"--results", dir}, "", exitNoInput, "is a directory"},
		{"an empty PBN file", []string{empty}, "", exitDataErr, "empty.pbn: no boards"},
		{"a PBN file with no games", []string{comments}, "", exitDataErr, "comments.pbn: no boards"},
		{"no boards on standard input", []string{"-"}, "% PBN 2.1\n", exitDataErr, "standard input: no boards"},
		{"an empty results file", []string{emptyResults}, "", exitDataErr, "empty.jsonl: no records"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runCmd(t, tc.stdin, append([]string{"analyze"}, tc.args...)...)
			assert.Equal(t, tc.code, code, errs)
			assert.Contains(t, errs, tc.want)
			assert.Empty(t, out)
		})
	}
}

func TestAnalyzeResults(t *testing.T) {
	t.Parallel()
	dealStr, tb := refTable(t, 11)
	d, err := engine.ParseDeal(dealStr)
	require.NoError(t, err)
	// Play 3NT by South (West leads) with the lowest legal card each time.
	b := engine.NewBoard(1, d)
	for _, c := range []engine.Call{engine.Pass, engine.Pass, engine.Bid(3, engine.NoTrump), engine.Pass, engine.Pass, engine.Pass} {
		seat, _ := b.Turn()
		require.NoError(t, b.Call(seat, c))
	}
	for b.Phase() == engine.PhasePlay {
		seat, _ := b.Turn()
		c, _ := b.LegalCards().Lowest()
		require.NoError(t, b.PlayCard(seat, c))
	}
	rec := results.FromBoard(b, nil)
	rec.Event, rec.Match, rec.Room = "test", "m1", "open"
	line, err := json.Marshal(rec)
	require.NoError(t, err)
	in := string(line) + "\n{not json\n"

	code, out, errs := runCmd(t, in, "analyze", "--results", "-")
	assert.Equal(t, exitDataErr, code)
	assert.Contains(t, errs, "line 2")
	var a analyzedResult
	require.NoError(t, json.Unmarshal([]byte(strings.TrimSpace(out)), &a))
	assert.Equal(t, analysis.SeatTableOf(&tb), a.DD)
	require.NotNil(t, a.DDTricks)
	assert.Equal(t, tb[engine.NoTrump][engine.South], *a.DDTricks)
	require.NotNil(t, a.TricksLost)
	require.NotNil(t, a.Tricks)
	// Declarer's shortfall against double dummy is what NS gave away net of
	// what EW gave back.
	assert.Equal(t, *a.DDTricks-*a.Tricks, a.TricksLost.NS-a.TricksLost.EW)
	assert.Contains(t, a.Makeable, "5NT S", "the highest makeable contract of each declarer and strain")
}

func TestAnalyzeHelp(t *testing.T) {
	t.Parallel()
	code, out, _ := runCmd(t, "", "analyze", "--help")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "usage: tablemanager analyze")
	assert.Contains(t, out, "--threads")
}

func TestAnalyzeResultsSkipsARecordThatDoesNotReplay(t *testing.T) {
	t.Parallel()
	dealStr, _ := refTable(t, 11)
	d, err := engine.ParseDeal(dealStr)
	require.NoError(t, err)
	b := engine.NewBoard(1, d)
	for _, c := range []engine.Call{engine.Bid(1, engine.NoTrump), engine.Pass, engine.Pass, engine.Pass} {
		seat, _ := b.Turn()
		require.NoError(t, b.Call(seat, c))
	}
	for range 6 {
		seat, _ := b.Turn()
		c, _ := b.LegalCards().Lowest()
		require.NoError(t, b.PlayCard(seat, c))
	}
	// Stopped by a fault after six cards: analysed, its partial play too.
	stopped := results.FromBoard(b, nil)
	stopped.SetOutcome(engine.Fault(engine.Timeout, "slow", engine.North))
	// The same board with a contract the auction does not give.
	wrong := stopped
	wrong.Board, wrong.Contract = 2, "2NT"
	code, out, errs := runCmd(t, jsonLines(t, stopped, wrong), "analyze", "--results", "-")
	assert.Equal(t, exitDataErr, code)
	assert.Contains(t, errs, "skipped board 2")
	assert.Contains(t, errs, "1 malformed skipped")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 1)
	var a analyzedResult
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &a))
	assert.Equal(t, 1, a.Board)
	require.NotNil(t, a.DDTricks)
	require.NotNil(t, a.TricksLost, "a partial play is analysed")
}
