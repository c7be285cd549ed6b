package play

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/player"
	"github.com/openroom/openroom/results"
	"github.com/openroom/openroom/tournaments"
	"github.com/openroom/openroom/tournaments/bots"
)

// TestBotsDecideAsARun checks the play page's promise about a seed: its
// three bots, with the person's seat played as a run's bot would play it,
// bid and play the board exactly as the open room of `tablemanager run
// --team NS=builtin:refbot:LEVEL --team EW=builtin:refbot:LEVEL` with the
// same seed does (the room in which team NS sits North-South); so a
// person's board replays exactly from its record.
func TestBotsDecideAsARun(t *testing.T) {
	t.Parallel()
	const seed, level = "replay", "medium"
	srv, err := NewServer(Config{Seat: engine.South, Level: level, Seed: seed})
	require.NoError(t, err)
	defer srv.Close()
	se, err := newSession(srv, "test")
	require.NoError(t, err)
	players, err := se.table.Bots()
	require.NoError(t, err)
	spec, err := bots.ParseSpec("builtin:refbot:" + level)
	require.NoError(t, err)
	players[engine.South], err = bots.NewBuiltin(spec, teamNS) // the person, played as a run's bot
	require.NoError(t, err)
	const boards = 3
	var page []results.Record
	for n, bd := range engine.SeededBoards(seed, engine.BoardNumbers(1, boards)) {
		b := engine.NewBoard(n+1, bd.Deal)
		require.NoError(t, player.PlayBoard(context.Background(), b, players))
		page = append(page, results.FromBoard(b, nil))
	}
	f, err := tournaments.ParseFile([]byte("name = \"run\"\n[boards]\nseed = \""+seed+"\"\ncount = "+strconv.Itoa(boards)+"\n"+
		"[teams."+teamNS+"]\nbots = [\"builtin:refbot:"+level+"\"]\n[teams."+teamEW+"]\nbots = [\"builtin:refbot:"+level+"\"]\n"), "run.toml")
	require.NoError(t, err)
	f.Out = t.TempDir()
	ev, err := tournaments.Resolve(f)
	require.NoError(t, err)
	_, err = tournaments.Run(context.Background(), ev, tournaments.Options{Runner: tournaments.SimRunner{}})
	require.NoError(t, err)
	recs, _, err := results.ReadFile(filepath.Join(f.Out, tournaments.ResultsFile))
	require.NoError(t, err)
	played := 0
	for _, r := range recs {
		// The room in which team NS sits North-South: the open room when
		// it is the match's first team.
		if (r.Room == "open") != strings.HasPrefix(r.Match, teamNS+"-v-") {
			continue
		}
		p := page[r.Board-1]
		require.Equal(t, p.Deal, r.Deal, "board %d: the same deal", r.Board)
		assert.Equal(t, r.Auction, p.Auction, "board %d", r.Board)
		assert.Equal(t, r.Play, p.Play, "board %d", r.Board)
		assert.Equal(t, fmt.Sprint(deref(r.ScoreNS)), fmt.Sprint(deref(p.ScoreNS)), "board %d", r.Board)
		if len(p.Play) > 0 {
			played++
		}
	}
	assert.Positive(t, played, "a board played, not passed out")
}

// deref is the score, or nil for none.
func deref(p *int) any {
	if p == nil {
		return nil
	}
	return *p
}
