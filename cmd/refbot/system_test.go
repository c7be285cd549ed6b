package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/protocol"
	"github.com/openroom/openroom/refbot"
)

// customSystem is a small system file: SAYC-lite with the openings
// replaced by a single row, so that its card differs visibly.
const customSystem = `system "Always 1NT"
base "sayc-lite"
about "SAYC-lite, but every hand opens 1NT."
situation ""
1N "any hand"
`

// writeFile writes text to name in a fresh temporary folder and returns
// its path.
func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	return p
}

func TestCardPrintsTheConventionCard(t *testing.T) {
	t.Parallel()
	custom := writeFile(t, "always.bid", customSystem)
	tests := []struct {
		name       string
		arg        string
		want, lack []string
	}{
		{
			name: "built-in",
			arg:  "sayc-lite",
			want: []string{"SAYC-lite\n=========\n", "Opening bids (any seat)\n", "  1N  15-17 HCP, balanced - 15-17 balanced\n", "1N P ?\n"},
		},
		{
			name: "file",
			arg:  custom,
			want: []string{"Always 1NT\n==========\n", "SAYC-lite, but every hand opens 1NT.\n", "Opening bids (any seat)\n  1N  any HCP - any hand\n\n", "1N P ?\n"},
			// The file's preamble and openings replace the base's.
			lack: []string{"Five-card majors", "15-17 balanced\n  2C"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var out, errs bytes.Buffer
			code := run(context.Background(), []string{"--card", tc.arg}, &out, &errs, protocol.DialTCP)
			require.Equal(t, exitOK, code, errs.String())
			assert.Empty(t, errs.String())
			// The card is long: name only the missing text in a failure.
			for _, w := range tc.want {
				assert.True(t, strings.Contains(out.String(), w), "the card lacks %q", w)
			}
			for _, l := range tc.lack {
				assert.False(t, strings.Contains(out.String(), l), "the card holds %q", l)
			}
		})
	}
}

// TestLintListsGaps lints a file whose opening situation covers only weak
// hands and 1NT: its gap is placed at the situation's line, and a
// situation with a row for every hand is not listed.
func TestLintListsGaps(t *testing.T) {
	t.Parallel()
	file := writeFile(t, "gappy.bid", "system \"Gappy\"\nsituation \"\"\n1N \"15-17\" hcp 15..17 balanced\nP \"weak\" hcp 0..11\nsituation \"1N P\"\nP \"any\"\n")
	var out, errs bytes.Buffer
	code := run(context.Background(), []string{"--lint", file, "--lint-boards", "40"}, &out, &errs, protocol.DialTCP)
	require.Equal(t, exitOK, code, errs.String())
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	require.GreaterOrEqual(t, len(lines), 2, out.String())
	assert.Regexp(t, `^`+regexp.QuoteMeta(file)+`:2: situation "": no row fits \d+ of \d+ hands \(\d+%\), e.g. board \d+: [2-9TJQKA]*\.`, lines[0])
	assert.NotContains(t, out.String(), `"1N P"`)
	assert.Regexp(t, `^Gappy: \d+ situations with hands no row fits; \d+ calls of 40 boards fell to the natural fallback$`, lines[len(lines)-1])

	out.Reset()
	require.Equal(t, exitOK, run(context.Background(), []string{"--lint", "sayc-lite", "--lint-boards", "50"}, &out, &errs, protocol.DialTCP))
	assert.Regexp(t, `^sayc-lite\.bid:\d+: situation `, out.String(), "a built-in system's gaps are placed in its file")
}

func TestBadSystemIsAUsageError(t *testing.T) {
	t.Parallel()
	syntax := writeFile(t, "bad.bid", "system \"bad\"\nsituation \"\"\n1N \"strong\" hcp 15..17 frobnicate\n")
	rowFirst := writeFile(t, "rowfirst.bid", "system \"bad\"\n1N \"strong\" hcp 15..17 balanced\n")
	unreachable := writeFile(t, "unreachable.bid", "system \"bad\"\nsituation \"\"\n1N \"any\"\n1C \"never\" hcp 12..\n")
	badBase := writeFile(t, "badbase.bid", "system \"bad\"\nbase \"nope\"\n")
	missing := filepath.Join(t.TempDir(), "missing.bid")
	play := []string{"--connect", "127.0.0.1:1", "--seat", "N"}
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"card: unknown name", []string{"--card", "nope"}, []string{"--card", `no built-in bidding system "nope"`, "sayc-lite"}},
		{"card: syntax error", []string{"--card", syntax}, []string{"--card", syntax + ":3:", `unknown clause "frobnicate"`}},
		{"card: row before a situation", []string{"--card", rowFirst}, []string{rowFirst + ":2:", "before any situation"}},
		{"card: unreachable row", []string{"--card", unreachable}, []string{unreachable + ":4:", "can never be chosen"}},
		{"card: unknown base", []string{"--card", badBase}, []string{badBase + ":2:", `"nope"`}},
		{"card: missing file", []string{"--card", missing}, []string{"--card", missing}},
		{"lint: unknown name", []string{"--lint", "nope"}, []string{"--lint", `no built-in bidding system "nope"`}},
		{"lint: syntax error", []string{"--lint", syntax}, []string{"--lint", syntax + ":3:"}},
		{"lint: no boards", []string{"--lint", "sayc-lite", "--lint-boards", "0"}, []string{"--lint-boards 0"}},
		{"system: unknown name", append([]string{"--system", "nope"}, play...), []string{"--system", `no built-in bidding system "nope"`}},
		{"system: syntax error", append([]string{"--system", syntax}, play...), []string{"--system", syntax + ":3:", `unknown clause "frobnicate"`}},
		{"system: missing file", append([]string{"--system", missing}, play...), []string{"--system", missing}},
		{"ask: no hand", []string{"--ask", "1C P"}, []string{"--ask and --hand go together"}},
		{"ask: no auction", []string{"--hand", "AKQ2.J43.T9.8765"}, []string{"--ask and --hand go together"}},
		{"ask: a short hand", []string{"--ask", "1C P", "--hand", "AKQ2.J43.T9.876"}, []string{`--hand "AKQ2.J43.T9.876"`, "12 cards, want 13"}},
		{"ask: a card twice", []string{"--ask", "1C P", "--hand", "AKQ2.J43.T9.8765A"}, []string{`--hand "AKQ2.J43.T9.8765A"`}},
		{"ask: not a call", []string{"--ask", "1C 1Z", "--hand", "AKQ2.J43.T9.8765"}, []string{"--ask: call 2 (1Z)"}},
		{"ask: an insufficient bid", []string{"--ask", "1D P 1C", "--hand", "AKQ2.J43.T9.8765"}, []string{"--ask: call 3 (1C)", "insufficient"}},
		{"ask: the auction is over", []string{"--ask", "1C P P P", "--hand", "AKQ2.J43.T9.8765"}, []string{"--ask: the auction is over"}},
		{"ask: unknown system", []string{"--ask", "1C P", "--hand", "AKQ2.J43.T9.8765", "--system", "nope"}, []string{"--system", `no built-in bidding system "nope"`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var out, errs bytes.Buffer
			code := run(context.Background(), tc.args, &out, &errs, protocol.DialTCP)
			assert.Equal(t, exitUsage, code)
			assert.Empty(t, out.String(), "nothing on stdout")
			for _, w := range tc.want {
				assert.Contains(t, errs.String(), w)
			}
		})
	}
}

// TestSystemFlagChoosesTheBids plays a session with four refbot commands,
// North-South with a system file that opens 1NT on every hand, East-West
// with the default, and requires every call to be the one its side's
// system bids, on boards dealt by every seat.
func TestSystemFlagChoosesTheBids(t *testing.T) {
	t.Parallel()
	custom := writeFile(t, "always.bid", customSystem)
	setups := engine.SeededBoards("cmd-refbot-system", []int{1, 2, 3, 4})
	recs, _ := playSession(t, setups, func(seat, team string) []string {
		sys := custom
		if team == "EW" {
			sys = refbot.DefaultSystem
		}
		return []string{"--seat", seat, "--name", team, "--level", "easy", "--system", sys}
	})

	always, err := refbot.LoadSystem(custom)
	require.NoError(t, err)
	sayc, err := refbot.LoadSystem(refbot.DefaultSystem)
	require.NoError(t, err)
	systems := [engine.NumSeats]*refbot.System{engine.North: always, engine.South: always, engine.East: sayc, engine.West: sayc}
	openedByNS := 0
	for i, r := range recs {
		b := engine.NewBoard(setups[i].Number, setups[i].Deal)
		require.Equal(t, setups[i].Number, r.Board)
		opened := false
		for j, rc := range r.Auction {
			seat := b.Auction().Turn()
			v := b.View(seat)
			want, _, _ := systems[seat].Bid(&v)
			c, err := engine.ParseCall(rc.Call)
			require.NoError(t, err)
			assert.Equal(t, want, c, "board %d call %d (%s): %s, not %s", r.Board, j, seat.Name(), c, want)
			if !opened && c != engine.Pass {
				opened = true
				if seat.Side() == engine.NS {
					assert.Equal(t, engine.Bid(1, engine.NoTrump), c, "board %d: North-South open 1NT", r.Board)
					openedByNS++
				}
			}
			require.NoError(t, b.Call(seat, c))
		}
	}
	assert.Positive(t, openedByNS, "North-South opened at least one board")
}

// TestAskExplainsTheAuctionAndTheBid: refbot --ask explains each call as
// the system reads it, names the seat on turn, and bids the hand there
// with the system --system names, alerting an artificial call.
func TestAskExplainsTheAuctionAndTheBid(t *testing.T) {
	t.Parallel()
	custom := writeFile(t, "always.bid", customSystem)
	tests := []struct {
		name        string
		args        []string
		want        []string
		wantAlerted bool
	}{
		{
			name: "a support double",
			args: []string{"--ask", "1C 1D 1S 2H", "--hand", "KQ6.J743.K.AT752"},
			want: []string{
				"North 1C: 11-21 HCP", "East  1D: ", "South 1S: ", "West  2H: ",
				"North, with KQ6.J743.K.AT752, bids X: 12+ HCP, 3S",
			},
			wantAlerted: true,
		},
		{
			name: "passes before the opening, a natural call",
			args: []string{"--ask", "P 1H P", "--hand", "K84.Q93.A762.954"},
			want: []string{"North Pass: ", "East  1H: ", "South Pass: ", "West, with K84.Q93.A762.954, bids 2H: "},
		},
		{
			name: "the opening call: an empty auction",
			args: []string{"--ask", "", "--hand", "AK92.QT7654.97.A"},
			want: []string{"North, with AK92.QT7654.97.A, bids 1H: "},
		},
		{
			name: "a system file",
			args: []string{"--ask", "P", "--hand", "2.32.543.AKQJT98", "--system", custom},
			want: []string{"North Pass: ", "East, with 2.32.543.AKQJT98, bids 1NT: any HCP; any hand"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var out, errs bytes.Buffer
			code := run(context.Background(), tc.args, &out, &errs, protocol.DialTCP)
			require.Equal(t, exitOK, code, errs.String())
			assert.Empty(t, errs.String())
			for _, w := range tc.want {
				assert.Contains(t, out.String(), w)
			}
			assert.Equal(t, tc.wantAlerted, strings.Contains(out.String(), "\n  alerted: "), out.String())
		})
	}
}
