package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot"
)

// alwaysNotrumpBid is a small system file: SAYC-lite, except that every
// hand opens 1NT.
const alwaysNotrumpBid = "system \"Always 1NT\"\nbase \"sayc-lite\"\nsituation \"\"\n1N \"any hand\"\n"

// TestParseSystems: play's --system gives every seat a system, or the
// seats before =, a later flag overriding an earlier one; the systems are
// by name (N E S W).
func TestParseSystems(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "always.bid")
	require.NoError(t, os.WriteFile(file, []byte(alwaysNotrumpBid), 0o644))
	eqDir := filepath.Join(t.TempDir(), "a=b")
	require.NoError(t, os.Mkdir(eqDir, 0o755))
	eqFile := filepath.Join(eqDir, "always.bid")
	require.NoError(t, os.WriteFile(eqFile, []byte(alwaysNotrumpBid), 0o644))
	const (
		none   = ""
		sayc   = "SAYC-lite"
		always = "Always 1NT"
	)
	tests := []struct {
		name  string
		flags []string
		want  [engine.NumSeats]string
	}{
		{"none", nil, [4]string{none, none, none, none}},
		{"every seat", []string{"sayc-lite"}, [4]string{sayc, sayc, sayc, sayc}},
		{"every seat, a file", []string{file}, [4]string{always, always, always, always}},
		{"NS", []string{"NS=" + file}, [4]string{always, none, always, none}},
		{"EW", []string{"EW=" + file}, [4]string{none, always, none, always}},
		{"lower case", []string{"ns=" + file}, [4]string{always, none, always, none}},
		{"one seat", []string{"N=" + file}, [4]string{always, none, none, none}},
		{"one seat, lower case", []string{"w=sayc-lite"}, [4]string{none, none, none, sayc}},
		{"two flags", []string{"N=" + file, "E=sayc-lite"}, [4]string{always, sayc, none, none}},
		{"later overrides all", []string{"NS=" + file, "sayc-lite"}, [4]string{sayc, sayc, sayc, sayc}},
		{"later overrides some", []string{"sayc-lite", "NS=" + file}, [4]string{always, sayc, always, sayc}},
		{"later overrides one", []string{"NS=" + file, "s=sayc-lite"}, [4]string{always, none, sayc, none}},
		{"a path holding =", []string{eqFile}, [4]string{always, always, always, always}},
		{"seats and a path holding =", []string{"EW=" + eqFile}, [4]string{none, always, none, always}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, err := parseSystems(tc.flags)
			require.NoError(t, err)
			var names [engine.NumSeats]string
			for s, sys := range got {
				if sys != nil {
					names[s] = sys.Name()
				}
			}
			assert.Equal(t, tc.want, names)
		})
	}
	// A built-in system is loaded once per process: every seat shares it.
	got, err := parseSystems([]string{"sayc-lite"})
	require.NoError(t, err)
	def, err := refbot.LoadSystem(refbot.DefaultSystem)
	require.NoError(t, err)
	for s := range got {
		assert.Same(t, def, got[s])
	}
}

func TestParseSystemsErrors(t *testing.T) {
	t.Parallel()
	bad := filepath.Join(t.TempDir(), "bad.bid")
	require.NoError(t, os.WriteFile(bad, []byte("system \"bad\"\nsituation \"\"\n1N \"strong\" hcp 15..17 frobnicate\n"), 0o644))
	tests := []struct {
		name  string
		flags []string
		want  []string
	}{
		{"bad seat", []string{"X=sayc-lite"}, []string{`--system "X=sayc-lite"`, "seats are N, E, S, W, NS or EW"}},
		{"a seat's name", []string{"North=sayc-lite"}, []string{`--system "North=sayc-lite"`, "seats are"}},
		{"one bad seat of two", []string{"NX=sayc-lite"}, []string{`--system "NX=sayc-lite"`, "seats are"}},
		{"empty seat", []string{"=sayc-lite"}, []string{`--system "=sayc-lite"`, "no seat before ="}},
		{"unknown system", []string{"nope"}, []string{`--system "nope"`, `no built-in bidding system "nope"`}},
		{"unknown system for seats", []string{"NS=nope"}, []string{`--system "NS=nope"`, `no built-in bidding system "nope"`}},
		{"empty system", []string{"NS="}, []string{`--system "NS="`, `no built-in bidding system ""`}},
		{"malformed file", []string{"EW=" + bad}, []string{bad + ":3:", `unknown clause "frobnicate"`}},
		{"missing file", []string{"EW=" + bad + ".gone"}, []string{bad + ".gone"}},
		{"a bad flag after a good one", []string{"sayc-lite", "S=nope"}, []string{`--system "S=nope"`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := parseSystems(tc.flags)
			require.Error(t, err)
			for _, w := range tc.want {
				assert.Contains(t, err.Error(), w)
			}
		})
	}
}

// TestPlayCommandSystemErrors: a bad --system is one line on standard
// error and exit 64, as play's other flags.
func TestPlayCommandSystemErrors(t *testing.T) {
	t.Parallel()
	for _, arg := range []string{"nope", "NX=sayc-lite", "=sayc-lite", filepath.Join(t.TempDir(), "gone.bid")} {
		code, out, errs := runCmd(t, "", "play", "--system", arg)
		assert.Equal(t, exitUsage, code, "%s: %s", arg, errs)
		assert.Empty(t, out)
		assert.Contains(t, errs, "--system", arg)
		assert.Equal(t, 1, strings.Count(errs, "\n"), "one line: %q", errs)
	}
}

// TestPlayConfigSystems: the flags' systems reach the play page's
// configuration by seat.
func TestPlayConfigSystems(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "always.bid")
	require.NoError(t, os.WriteFile(file, []byte(alwaysNotrumpBid), 0o644))
	pf := playFlags{seat: "South", level: "Easy", mode: "duplicate", board: 1, maxSessions: 1,
		systems: []string{"sayc-lite", "EW=" + file}}
	cfg, err := pf.config()
	require.NoError(t, err)
	for s, want := range [engine.NumSeats]string{"SAYC-lite", "Always 1NT", "SAYC-lite", "Always 1NT"} {
		require.NotNil(t, cfg.Systems[s], engine.Seat(s).Name())
		assert.Equal(t, want, cfg.Systems[s].Name(), engine.Seat(s).Name())
	}
}
