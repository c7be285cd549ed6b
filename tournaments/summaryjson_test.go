package tournaments

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWriteJSON(t *testing.T) {
	t.Parallel()
	// A round robin of three teams, one board a match: every match has
	// one board (no interval), and there is no sequential test.
	ev := testEvent(t, ScheduleRoundRobin, 3, 1, 16, "")
	out, err := Run(context.Background(), ev, Options{Runner: SimRunner{}})
	require.NoError(t, err)
	rep := out.Report
	var buf bytes.Buffer
	require.NoError(t, rep.WriteJSON(&buf))

	var js struct {
		Event          string `json:"event"`
		Kind           string `json:"kind"`
		BoardsPerMatch int    `json:"boards_per_match"`
		Seed           string `json:"seed"`
		Teams          []struct {
			Name string    `json:"name"`
			Bots [2]string `json:"bots"`
		} `json:"teams"`
		BoardRooms int `json:"board_rooms"`
		Scheduled  int `json:"board_rooms_scheduled"`
		Matches    []struct {
			ID       string      `json:"id"`
			Round    int         `json:"round"`
			Home     string      `json:"home"`
			Played   int         `json:"boards_played"`
			HomeIMPs int         `json:"home_imps"`
			Margin   int         `json:"margin"`
			PerBoard float64     `json:"imps_per_board"`
			CI95     *[2]float64 `json:"ci95"`
			HomeVP   float64     `json:"home_vp"`
		} `json:"matches"`
		Standings []struct {
			Team string  `json:"team"`
			VPs  float64 `json:"vps"`
		} `json:"standings"`
	}
	var raw map[string]any
	require.NoError(t, json.Unmarshal(buf.Bytes(), &raw))
	assert.NotContains(t, raw, "sprt")
	require.NoError(t, json.Unmarshal(buf.Bytes(), &js))
	assert.Equal(t, "t", js.Event)
	assert.Equal(t, "round-robin", js.Kind)
	assert.Equal(t, 1, js.BoardsPerMatch)
	assert.Equal(t, "s", js.Seed)
	require.Len(t, js.Teams, 3)
	assert.Equal(t, [2]string{"A1", "A2"}, js.Teams[0].Bots)
	assert.Equal(t, rep.Records, js.BoardRooms)
	assert.Equal(t, 6, js.Scheduled)
	require.Len(t, js.Matches, len(rep.Matches))
	for i, m := range js.Matches {
		want := rep.Matches[i]
		assert.Equal(t, want.ID, m.ID)
		assert.Equal(t, want.Round, m.Round)
		assert.Equal(t, want.Played, m.Played)
		assert.Equal(t, want.HomeIMPs, m.HomeIMPs)
		assert.Equal(t, want.Margin, m.Margin)
		assert.Equal(t, want.PerBoard, m.PerBoard)
		assert.Equal(t, want.HomeVP, m.HomeVP)
		assert.Nil(t, m.CI95, "one board has no interval")
	}
	require.Len(t, js.Standings, 3)
	for i, s := range js.Standings {
		assert.Equal(t, rep.Standings[i].Team, s.Team)
		assert.Equal(t, rep.Standings[i].VPs, s.VPs)
	}

	// With two boards or more the interval is there.
	ev = testEvent(t, ScheduleMatch, 2, 4, 16, "")
	out, err = Run(context.Background(), ev, Options{Runner: SimRunner{}})
	require.NoError(t, err)
	buf.Reset()
	require.NoError(t, out.Report.WriteJSON(&buf))
	require.NoError(t, json.Unmarshal(buf.Bytes(), &js))
	require.NotNil(t, js.Matches[0].CI95)
	assert.Equal(t, [2]float64{out.Report.Matches[0].CILow, out.Report.Matches[0].CIHigh}, *js.Matches[0].CI95)
}
