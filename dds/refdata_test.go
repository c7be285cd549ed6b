package dds

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/openroom/openroom/engine"
	"github.com/stretchr/testify/require"
)

// tableCase is one line of testdata/ddtable_300.txt.
type tableCase struct {
	line int
	deal engine.Deal
	want TrickTable
	par  [4][2]int // [DDS vul code][dealer N, dealer E]
}

// ddsVul maps DDS vulnerability codes 0..3 (None, Both, NS, EW) to engine's.
var ddsVul = [4]engine.Vulnerability{engine.VulNone, engine.VulAll, engine.VulNS, engine.VulEW}

// ddsStrainOrder is the strain order of the file: S H D C NT.
var ddsStrainOrder = [5]engine.Strain{engine.StrainSpades, engine.StrainHearts, engine.StrainDiamonds, engine.StrainClubs, engine.NoTrump}

// dataLine is one data line of a reference file: its number and fields.
type dataLine struct {
	line   int
	fields []string
}

// dataLines reads a reference file's data lines, skipping comments and
// blank lines.
func dataLines(t testing.TB, path string) []dataLine {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var out []dataLine
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if strings.HasPrefix(text, "#") || strings.TrimSpace(text) == "" {
			continue
		}
		out = append(out, dataLine{line, strings.Fields(text)})
	}
	require.NoError(t, sc.Err())
	return out
}

func readTableCases(t testing.TB) []tableCase {
	t.Helper()
	var cases []tableCase
	for _, dl := range dataLines(t, "../testdata/ddtable_300.txt") {
		line, fs := dl.line, dl.fields
		require.Len(t, fs, 32, "line %d", line)
		d, err := engine.ParseDeal(strings.Join(fs[:4], " "))
		require.NoError(t, err, "line %d", line)
		c := tableCase{line: line, deal: d}
		for i := 0; i < 20; i++ {
			v, err := strconv.Atoi(fs[4+i])
			require.NoError(t, err)
			c.want[ddsStrainOrder[i/4]][i%4] = v
		}
		for i := 0; i < 8; i++ {
			v, err := strconv.Atoi(fs[24+i])
			require.NoError(t, err)
			c.par[i/2][i%2] = v
		}
		cases = append(cases, c)
	}
	return cases
}

// midCase is one line of testdata/ddsolve_midplay_200.txt.
type midCase struct {
	line int
	pos  Position
	want []CardValue
}

func readMidCases(t testing.TB) []midCase {
	t.Helper()
	var cases []midCase
	for _, dl := range dataLines(t, "../testdata/ddsolve_midplay_200.txt") {
		line, fs := dl.line, dl.fields
		require.GreaterOrEqual(t, len(fs), 10, "line %d", line)
		d, err := parseHands(fs[:4])
		require.NoError(t, err, "line %d", line)
		trump, err := engine.ParseStrain(fs[4])
		require.NoError(t, err, "line %d", line)
		leader, err := engine.ParseSeat(fs[5])
		require.NoError(t, err, "line %d", line)
		var played []engine.Card
		if fs[7] != "-" {
			for _, cs := range strings.Split(fs[7], ",") {
				c, err := engine.ParseCard(cs)
				require.NoError(t, err, "line %d", line)
				played = append(played, c)
			}
		}
		p, err := NewPosition(d, trump, leader, played...)
		require.NoError(t, err, "line %d", line)
		turn, err := engine.ParseSeat(fs[8])
		require.NoError(t, err, "line %d", line)
		require.Equal(t, turn, p.Turn(), "line %d", line)
		c := midCase{line: line, pos: p}
		for _, tok := range fs[9:] {
			cs, vs, ok := strings.Cut(tok, "=")
			require.True(t, ok, "line %d", line)
			card, err := engine.ParseCard(cs)
			require.NoError(t, err, "line %d", line)
			v, err := strconv.Atoi(vs)
			require.NoError(t, err, "line %d", line)
			c.want = append(c.want, CardValue{card, v})
		}
		cases = append(cases, c)
	}
	return cases
}

// parseHands reads "N:<hand> <hand> <hand> <hand>" split in four fields,
// allowing hands of any size (engine.ParseDeal insists on 13 cards).
func parseHands(fs []string) (engine.Deal, error) {
	var d engine.Deal
	first, err := engine.ParseSeat(fs[0][:1])
	if err != nil {
		return d, err
	}
	fs = append([]string{fs[0][2:]}, fs[1:]...)
	for i, hs := range fs {
		h, err := engine.ParseHand(hs)
		if err != nil {
			return d, err
		}
		d[(first+engine.Seat(i))&3] = h
	}
	return d, nil
}
