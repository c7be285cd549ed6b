package main

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
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

// TestMeasureLeadSmall measures the heuristic's and the rollouts' leads on
// two boards.
func TestMeasureLeadSmall(t *testing.T) {
	var out, errOut bytes.Buffer
	code := run([]string{"measure-lead", "-boards", "2", "-methods", "rollouts-64"}, &out, &errOut)
	assert.Equal(t, exitOK, code, errOut.String())
	assert.Contains(t, out.String(), "heuristic: ")
	assert.Contains(t, out.String(), "rollouts-64: ")
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
