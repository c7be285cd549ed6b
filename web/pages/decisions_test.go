package pages

import (
	"context"
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot"
	"github.com/openroom/openroom/web/play/practice"
)

// position is a point of a seeded board at which a bot of the page's table
// is to act: the board's first actions, and the native decision there.
type position struct {
	level   string
	board   int
	actions []practice.Action
	want    practice.Action
}

// positions plays seeded boards with easy bots (cheap, and legal) and
// takes, at the first point from each of at at which a bot acts, the level's native decision of the bot on
// turn, made as the page's table makes its bots (practice.Config):
// seeded by team, SAYC-lite for every seat, the level's counts and no
// clock cap. The person sits South.
func positions(t *testing.T, seed string, level string, at []int) []position {
	t.Helper()
	l, err := refbot.ParseLevel(level)
	require.NoError(t, err)
	setup := engine.SeededBoards(seed, []int{1})[0]
	b := engine.NewBoard(setup.Number, setup.Deal)
	b.Reset(setup)
	sys := refbot.NewSystem()
	easy := refbot.New(refbot.Easy, 1, refbot.WithSystem(sys))
	var out []position
	var actions []practice.Action
	for n := 0; len(out) < len(at); n++ {
		actor, ok := b.Actor()
		require.True(t, ok, "the board ended before position %d", at[len(out)])
		v := b.View(actor)
		if n >= at[len(out)] && actor != engine.South {
			team := practice.TeamNS
			if actor.Side() == engine.EW {
				team = practice.TeamEW
			}
			bot := refbot.New(l, refbot.TeamSeed(team), refbot.WithSystem(sys), refbot.WithOpponentSystem(sys), refbot.WithParams(practice.BrowserParams(l)))
			want := decide(t, b, bot, &v)
			out = append(out, position{level: level, board: 1, actions: append([]practice.Action(nil), actions...), want: want})
		}
		actions = append(actions, decide(t, b, easy, &v))
		apply(t, b, actions[len(actions)-1])
	}
	return out
}

// decide asks bot for the action of the view's seat, as an Action.
func decide(t *testing.T, b *engine.Board, bot *refbot.Bot, v *engine.View) practice.Action {
	t.Helper()
	if b.Phase() == engine.PhaseAuction {
		c, alert, err := bot.Call(context.Background(), v)
		require.NoError(t, err)
		return practice.Action{Seat: v.Seat.String(), Call: c.String(), Alert: alert}
	}
	c, err := bot.Card(context.Background(), v)
	require.NoError(t, err)
	turn, _ := b.Turn()
	return practice.Action{Seat: turn.String(), Card: c.String()}
}

func apply(t *testing.T, b *engine.Board, a practice.Action) {
	t.Helper()
	seat, err := engine.ParseSeat(a.Seat)
	require.NoError(t, err)
	if a.Call != "" {
		c, err := engine.ParseCall(a.Call)
		require.NoError(t, err)
		require.NoError(t, b.Call(seat, c))
		return
	}
	c, err := engine.ParseCard(a.Card)
	require.NoError(t, err)
	require.NoError(t, b.PlayCard(seat, c))
}

// TestSameDecisionsAsNative runs the page's worker (the built
// openroom.wasm) under node on a few positions a level, resumed from a
// record as after a reload, and requires the very action native refbot
// takes there: a board played in the page is the board played natively
// with the same seed. Skipped without node unless OPENROOM_REQUIRE_BROWSER
// is set, and with -short.
func TestSameDecisionsAsNative(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the WebAssembly worker under node: not with -short")
	}
	t.Parallel()
	node := nodeOrSkip(t)
	dir := folder(t)
	const seed = "pages-decide"
	var all []position
	// Calls (expert's judged by simulation), a card searched in the middle
	// of the play and cards of the ending (enumerated exactly). Every
	// level's searches from the opening lead on are compared in
	// refbot/internal/decide; here the worker's own path: its chain, its
	// shared solver, a board resumed from its record.
	all = append(all, positions(t, seed, "medium", []int{0, 40})...)
	all = append(all, positions(t, seed, "hard", []int{30})...)
	all = append(all, positions(t, seed, "expert", []int{2, 26})...)
	var jobs []map[string]any
	for _, p := range all {
		jobs = append(jobs, map[string]any{
			"config": map[string]any{"seat": "S", "level": p.level, "seed": seed, "board": p.board},
			"record": practice.Record{Board: p.board, Actions: p.actions},
		})
	}
	arg, err := json.Marshal(jobs)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	start := time.Now()
	out, err := exec.CommandContext(ctx, node, "testdata/decide.cjs", dir, string(arg)).Output()
	var stderr string
	if ee, ok := err.(*exec.ExitError); ok {
		stderr = string(ee.Stderr)
	}
	require.NoError(t, err, "node: %s", stderr)
	t.Logf("node ran %d positions in %v", len(all), time.Since(start).Round(time.Millisecond))
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	require.Len(t, lines, len(all))
	for i, p := range all {
		var got struct {
			practice.Action
			MS int `json:"ms"`
		}
		require.NoError(t, json.Unmarshal([]byte(lines[i]), &got), "%s", lines[i])
		t.Logf("%s after %d actions: %s %s%s (%d ms from the worker's start)", p.level, len(p.actions), got.Seat, got.Call, got.Card, got.MS)
		assert.Equal(t, p.want.Seat, got.Seat, "%s after %d actions", p.level, len(p.actions))
		assert.Equal(t, p.want.Call+p.want.Card, got.Call+got.Card, "%s after %d actions", p.level, len(p.actions))
		assert.Empty(t, got.Link, "the level's own search decided")
	}
}
