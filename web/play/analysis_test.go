package play

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/analysis"
	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
)

// TestDefaultAnalysis: with no Analyse given, the server analyses a
// finished board with its own solver and the page gets the table and par.
// The deal gives every hand 10 HCP, 4-3-3-3, so the board is passed out and
// only the table is solved (a played board's every card costs tens of
// seconds under the race detector).
func TestDefaultAnalysis(t *testing.T) {
	t.Parallel()
	d, err := engine.ParseDeal("N:AT98.KT9.QT9.JT9 K76.Q876.J87.A87 Q54.J54.A654.K65 J32.A32.K32.Q432")
	require.NoError(t, err)
	setup := engine.NewBoardSetup(1, d)
	srv, err := NewServer(Config{Seat: engine.South, Level: "easy", Deal: &setup})
	require.NoError(t, err)
	ts := newHTTPTestServer(t, srv)
	c := newClient(t, ts.URL, "tab-analysis-1")
	c.open()
	defer c.close()
	final := func() *State {
		for {
			st := c.waitState(func(st *State) bool { return st.Your != "" }, nil)
			if st.Your == "next" {
				return st
			}
			require.Equal(t, "call", st.Your, "the board is passed out")
			c.mustAct("call", "call", "Pass")
		}
	}()
	require.Equal(t, "Pass", final.Contract)
	st := final // the analysis may be done by the time the board is
	if st.Result.Analysis == nil {
		st = c.waitStateWithin(func(st *State) bool { return st.Result != nil && st.Result.Analysis != nil }, 180)
	}
	a := st.Result.Analysis
	assert.Equal(t, d.Format(engine.North), a.Deal)
	table, err := dds.NewSolver().Table(d)
	require.NoError(t, err)
	assert.Equal(t, analysis.SeatTableOf(&table), a.DD, "the table the solver gives")
	par := dds.ParOf(&table, setup.Dealer, setup.Vul)
	assert.Equal(t, par.ScoreNS, a.ParScore)
}
