package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runCmd runs tablemanager in-process with the given standard input.
func runCmd(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{ctx: context.Background(), stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb, newPlayer: testPlayers}
	code = dispatch(e, args)
	return code, out.String(), errb.String()
}

func TestScoreCommand(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"4SX", "N", "EW", "10"}, "590\n"},
		{[]string{"4sx", "n", "ew", "10"}, "590\n"},
		{[]string{"4SX", "E", "EW", "7"}, "800\n"},
		{[]string{"3NT", "E", "All", "9"}, "-600\n"},
		{[]string{"3N", "W", "Both", "9"}, "-600\n"},
		{[]string{"6SXX", "S", "NS", "13"}, "2470\n"},
		{[]string{"7NTXX", "N", "-", "0"}, "-7000\n"},
		{[]string{"1NT", "S", "Love", "7"}, "90\n"},
		{[]string{"Pass", "N", "None", "0"}, "0\n"},
		{[]string{"pass"}, "0\n"},
	}
	for _, tt := range tests {
		code, out, errs := runCmd(t, "", append([]string{"score"}, tt.args...)...)
		assert.Equal(t, 0, code, "%v: %s", tt.args, errs)
		assert.Equal(t, tt.want, out, "%v", tt.args)
		assert.Empty(t, errs)
	}
}

func TestScoreCommandErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args  []string
		field string
	}{
		{[]string{"4Q", "N", "EW", "10"}, "CONTRACT"},
		{[]string{"8S", "N", "EW", "10"}, "CONTRACT"},
		{[]string{"4S", "North", "EW", "10"}, "DECLARER"},
		{[]string{"4S", "Q", "EW", "10"}, "DECLARER"},
		{[]string{"4S", "N", "NE", "10"}, "VULNERABILITY"},
		{[]string{"4S", "N", "EW", "14"}, "TRICKS"},
		{[]string{"4S", "N", "EW", "-1"}, "TRICKS"},
		{[]string{"4S", "N", "EW"}, "4 fields"},
		{[]string{}, "CONTRACT"},
		{[]string{"--bogus"}, "unknown flag"},
	}
	for _, tt := range tests {
		code, out, errs := runCmd(t, "", append([]string{"score"}, tt.args...)...)
		assert.Equal(t, exitUsage, code, "%v", tt.args)
		assert.Empty(t, out, "%v", tt.args)
		assert.Contains(t, errs, tt.field, "%v", tt.args)
		assert.NotEmpty(t, errs)
	}
}

func TestScoreStdin(t *testing.T) {
	t.Parallel()
	in := "4S N None 10\n\n# a comment\n3NT S All 9\r\n7NTXX W Both 0\n"
	code, out, errs := runCmd(t, in, "score", "-")
	require.Equal(t, 0, code, errs)
	assert.Equal(t, "420\n600\n7600\n", out)

	code, out, errs = runCmd(t, "4S N None 10\n4S N None 10\n4S X None 10\n1C N None 7\n", "score", "-")
	assert.Equal(t, exitDataErr, code)
	assert.Equal(t, "420\n420\n", out, "lines before the bad one are scored")
	assert.Contains(t, errs, "line 3")
	assert.Contains(t, errs, "DECLARER")
}

func TestScoreJSON(t *testing.T) {
	t.Parallel()
	code, out, errs := runCmd(t, "", "score", "--json", "2HXX", "S", "None", "9")
	require.Equal(t, 0, code, errs)
	var got scoreJSON
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	assert.Equal(t, 840, got.ScoreNS)
	assert.Equal(t, -840, got.ScoreEW)
	assert.Equal(t, 240, got.TrickScore)
	assert.Equal(t, 300, got.GameBonus)
	assert.Equal(t, 100, got.InsultBonus)
	assert.Equal(t, 200, got.OvertrickPoints)
	assert.Equal(t, 1, got.Overtricks)
	assert.True(t, got.Made)

	code, out, _ = runCmd(t, "", "score", "--json", "4SX", "E", "EW", "7")
	require.Equal(t, 0, code)
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	assert.Equal(t, 800, got.UndertrickPenalty)
	assert.Equal(t, 3, got.Undertricks)
	assert.Equal(t, 800, got.ScoreNS)
	assert.False(t, got.Made)
}

func TestUnknownCommand(t *testing.T) {
	t.Parallel()
	code, out, errs := runCmd(t, "", "frobnicate")
	assert.Equal(t, exitUsage, code)
	assert.Empty(t, out)
	assert.Contains(t, errs, "frobnicate")
	code, out, _ = runCmd(t, "", "help")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "score")
}
