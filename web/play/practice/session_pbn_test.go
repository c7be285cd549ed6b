package practice

import (
	"context"
	"encoding/json"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/analysis"
	"github.com/openroom/openroom/engine"
)

// sessionBoard is one finished board as the page keeps it for the session
// PBN ({pbn, analysis}, web/play/assets/js/page.js) and, beside it, what
// the page's state said of the board, for the reader of the file to check
// the PBN against.
type sessionBoard struct {
	PBN      string          `json:"pbn"`
	Analysis *analysis.Board `json:"analysis"`
	Board    int             `json:"board"`
	Dealer   string          `json:"dealer"`
	Vul      string          `json:"vul"`
	DealPBN  string          `json:"deal_pbn"`
	Auction  []CallInfo      `json:"auction"`
	Played   []PlayedCard    `json:"played"`
	Contract string          `json:"contract"`
	Declarer string          `json:"declarer"`
	Tricks   int             `json:"tricks"`
}

// sessionBoardsEnv names the file TestSessionBoards writes the boards to:
// the JavaScript test of the session PBN (web/pbncheck) runs this test to
// read the real table's boards, not a copy that could drift from it.
const sessionBoardsEnv = "OPENROOM_SESSION_BOARDS"

// TestSessionBoards plays three boards at a table with the double-dummy
// analysis on (the person passing, playing the lowest legal card, and
// going on to the next board only once the analysis has come) and checks
// each finished board comes with its PBN and analysis, and writes the
// boards as JSON to the file OPENROOM_SESSION_BOARDS names; it runs only
// with that set.
func TestSessionBoards(t *testing.T) {
	out := os.Getenv(sessionBoardsEnv)
	if out == "" {
		// make test-js runs it for the PBN check, which reads what it
		// writes; three analysed boards again under the race detector
		// would double its cost for nothing more.
		t.Skipf("run by web/pbncheck's test, with %s set", sessionBoardsEnv)
	}
	t.Parallel()
	const boards = 3
	solver := NewSharedSolver()
	cfg := Config{Seat: engine.South, Level: "easy", Seed: "session-pbn", Analyse: solver.Analyse}
	require.NoError(t, cfg.Check())
	tb, err := New(cfg)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	stopped := make(chan struct{})
	go func() { defer close(stopped); tb.Run(ctx) }()
	defer func() { cancel(); <-stopped }()

	var got []sessionBoard
	deadline := time.After(2 * time.Minute)
	sent := 0
	for len(got) < boards {
		version, msg, changed := tb.Watch()
		if version > sent && msg != nil {
			sent = version
			var st State
			require.NoError(t, json.Unmarshal(msg, &st))
			var req Request
			switch st.Your {
			case "call":
				req = Request{Kind: "call", Call: "Pass"}
			case "card":
				req = Request{Kind: "card", Card: st.LegalCards[0]}
			case "next":
				if st.Result.Analysis != nil {
					require.NotEmpty(t, st.Result.PBN, "board %d", st.Board)
					got = append(got, sessionBoard{PBN: st.Result.PBN, Analysis: st.Result.Analysis, Board: st.Board,
						Dealer: st.Dealer, Vul: st.Vul, DealPBN: st.Result.DealPBN, Auction: st.Auction, Played: st.Played,
						Contract: st.Contract, Declarer: st.Declarer, Tricks: st.Result.Tricks})
					req = Request{Kind: "next"}
				}
			}
			if len(got) == boards {
				break
			}
			if req.Kind != "" {
				require.NoError(t, tb.Act(req))
			}
		}
		select {
		case <-changed:
		case <-deadline:
			t.Fatalf("the table did not finish %d analysed boards", boards)
		}
	}
	played := 0
	for _, b := range got {
		if len(b.Played) > 0 {
			played++
		}
	}
	require.NotZero(t, played, "a board with its play, not three passed out")
	if out != "" {
		buf, err := json.MarshalIndent(got, "", " ")
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(out, buf, 0o644))
	}
}
