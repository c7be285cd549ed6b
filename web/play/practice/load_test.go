package practice

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
)

// stepper runs a table and hands its states to the test one at a time.
type stepper struct {
	t       *testing.T
	tb      *Table
	seen    int
	pending *State // the state last returned, when the test has not acted on it
}

func newStepper(t *testing.T, cfg Config) *stepper {
	t.Helper()
	require.NoError(t, cfg.Check())
	cfg.Records = true
	tb, err := New(cfg)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	stopped := make(chan struct{})
	go func() { defer close(stopped); tb.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-stopped })
	return &stepper{t: t, tb: tb}
}

// act sends the person's request on the state last returned.
func (s *stepper) act(req Request) error {
	s.pending = nil
	return s.tb.Act(req)
}

// until returns the first state ok accepts, acting for the person on the
// others (and on the state last returned, unless the test acted on it)
// as drive does: a pass, the lowest legal card, the next board.
func (s *stepper) until(ok func(State) bool) State {
	s.t.Helper()
	deadline := time.After(time.Minute)
	for {
		var st *State
		if s.pending != nil {
			st, s.pending = s.pending, nil
		} else if version, msg, _ := s.tb.Watch(); version > s.seen && msg != nil {
			s.seen = version
			st = &State{}
			require.NoError(s.t, json.Unmarshal(msg, st))
			if ok(*st) {
				s.pending = st
				return *st
			}
		}
		if st != nil {
			if req := simpleMove(*st); req.Kind != "" {
				require.NoError(s.t, s.tb.Act(req))
			}
			continue
		}
		version, _, changed := s.tb.Watch()
		if version > s.seen {
			continue
		}
		select {
		case <-changed:
		case <-deadline:
			s.t.Fatal("the table did not get there")
		}
	}
}

// loadOf is a load request of the boards' deals, as the page reads them
// from a PBN file.
func loadOf(boards []engine.BoardSetup) Request {
	req := Request{Kind: "load"}
	for _, b := range boards {
		req.Deals = append(req.Deals, LoadDeal{Board: b.Number, Deal: b.Deal.Format(b.Dealer)})
	}
	return req
}

// TestLoadBeforeTheFirstCall: a PBN file's deals loaded at the person's
// first call of the session replace the board in play, which is not
// scored; once the person has called, a load waits for the board's end;
// a table resumed from the record plays the loaded deal in play and then
// the file's next one.
func TestLoadBeforeTheFirstCall(t *testing.T) {
	t.Parallel()
	cfg := Config{Seat: engine.South, Level: "easy", Seed: "load-first"}
	file := engine.SeededBoards("my deals", []int{9, 10})
	s := newStepper(t, cfg)
	first := s.until(func(st State) bool { return st.Your == "call" })
	require.Equal(t, 1, first.Board)
	assert.True(t, first.Load, "the first call of the board: a load is taken")
	require.NoError(t, s.act(loadOf(file)))

	nine := s.until(func(st State) bool { return st.Board == 9 && st.Your == "call" })
	assert.ElementsMatch(t, CardStrings(file[0].Deal[engine.South]), nine.Hands["S"], "the file's first deal")
	assert.Equal(t, file[0].Dealer.String(), nine.Dealer)
	assert.Equal(t, file[0].Vul.String(), nine.Vul)
	assert.Zero(t, nine.Session.Boards, "the board left for the file is not scored")
	require.NotNil(t, nine.Record)
	assert.Equal(t, file[0].Deal.Format(file[0].Dealer), nine.Record.Deal, "the record keeps the loaded deal")
	assert.Equal(t, []LoadDeal{{Board: 10, Deal: file[1].Deal.Format(file[1].Dealer)}}, nine.Record.Queue, "and the file's deals still to play")

	require.NoError(t, s.act(Request{Kind: "call", Call: "Pass"}))
	after := s.until(func(st State) bool { return st.Your != "" })
	require.Equal(t, "call", after.Your, "the person's second call")
	assert.False(t, after.Load, "after the person's call")
	err := s.act(loadOf(file[:1]))
	var refused *Refusal
	require.ErrorAs(t, err, &refused)
	assert.Contains(t, refused.Msg, "before your first call")

	// A reload: the page's record taken up by a new table.
	cfg.Resume = after.Record
	r := newStepper(t, cfg)
	resumed := r.until(func(State) bool { return true })
	assert.Equal(t, 9, resumed.Board)
	assert.Equal(t, after.Auction, resumed.Auction)
	assert.ElementsMatch(t, CardStrings(file[0].Deal[engine.South]), resumed.Hands["S"], "the loaded deal, not the seed's board 9")
	ten := r.until(func(st State) bool { return st.Board == 10 })
	assert.ElementsMatch(t, CardStrings(file[1].Deal[engine.South]), ten.Hands["S"], "then the file's next deal")
	assert.Equal(t, 1, ten.Session.Boards)
	assert.Empty(t, ten.Record.Queue)
	eleven := r.until(func(st State) bool { return st.Board == 11 })
	assert.ElementsMatch(t, CardStrings(engine.SeededBoards(cfg.Seed, []int{11})[0].Deal[engine.South]), eleven.Hands["S"], "then the seed's boards again")
	assert.Empty(t, eleven.Record.Deal)
}

// TestLoadedRubberDealResumes: a rubber whose sheet holds a loaded deal is
// written again from the record (the deal's cards count for honours), and
// the table resumed from it has the same sheet.
func TestLoadedRubberDealResumes(t *testing.T) {
	t.Parallel()
	cfg := Config{Seat: engine.South, Level: "easy", Seed: "load-rubber", Mode: Rubber}
	file := engine.SeededBoards("a rubber's loaded deals", []int{7, 8})
	s := newStepper(t, cfg)
	s.until(func(st State) bool { return st.Your == "next" })
	require.NoError(t, s.act(loadOf(file)))
	second := s.until(func(st State) bool { return st.Board == 7 && st.Your != "" })
	require.NotNil(t, second.Record)
	require.Len(t, second.Record.Rubber, 1)
	assert.Empty(t, second.Record.Rubber[0].Deal, "the first deal came from the seed")
	third := s.until(func(st State) bool { return st.Board == 8 && st.Your != "" })
	require.Len(t, third.Record.Rubber, 2, "the rubber goes on")
	assert.Equal(t, file[0].Deal.Format(engine.North), mustFormat(t, third.Record.Rubber[1].Deal), "the loaded deal on the sheet")
	assert.ElementsMatch(t, CardStrings(file[1].Deal[engine.South]), third.Hands["S"])

	cfg.Resume = third.Record
	r := newStepper(t, cfg)
	resumed := r.until(func(State) bool { return true })
	assert.Equal(t, third.Sheet, resumed.Sheet)
	assert.Equal(t, third.Hands["S"], resumed.Hands["S"])
	assert.Equal(t, third.Dealer, resumed.Dealer)
	assert.Equal(t, third.Vul, resumed.Vul)
}

// mustFormat writes a PBN deal string from North, to compare deals
// whatever seat their strings start from.
func mustFormat(t *testing.T, s string) string {
	t.Helper()
	d, err := engine.ParseDeal(s)
	require.NoError(t, err)
	return d.Format(engine.North)
}
