package results

import (
	"bytes"
	"testing"

	"github.com/openroom/openroom/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// writeRead writes a record as a results line and reads it back.
func writeRead(t *testing.T, r *Record) Record {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, NewWriter(&buf).Write(r))
	got, bad, err := Read(&buf)
	require.NoError(t, err)
	require.Empty(t, bad)
	require.Len(t, got, 1)
	return got[0]
}

func TestSetOutcomeRoundTrip(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		o      engine.Outcome
		term   Termination
		ns, ew string
	}{
		{"illegal by north", engine.Fault(engine.IllegalAction, "revoke", engine.North),
			Termination{Kind: KindIllegal, Seat: "N", Detail: "revoke"}, "A-", "A+"},
		{"timeout by east", engine.Fault(engine.Timeout, "no card in 30s", engine.East),
			Termination{Kind: KindTimeout, Seat: "E", Detail: "no card in 30s"}, "A+", "A-"},
		{"disconnect by south", engine.Fault(engine.Disconnect, "EOF", engine.South),
			Termination{Kind: KindDisconnect, Seat: "S", Detail: "EOF"}, "A-", "A+"},
		{"protocol by west", engine.Fault(engine.ProtocolViolation, "bad line", engine.West),
			Termination{Kind: KindProtocol, Seat: "W", Detail: "bad line"}, "A+", "A-"},
		{"two seats of one side", engine.Fault(engine.Disconnect, "never came", engine.West, engine.East),
			Termination{Kind: KindDisconnect, Seat: "E", Seats: []string{"E", "W"}, Detail: "never came"}, "A+", "A-"},
		{"seats of both sides", engine.Fault(engine.Disconnect, "never came", engine.South, engine.East),
			Termination{Kind: KindDisconnect, Seat: "E", Seats: []string{"E", "S"}, Detail: "never came"}, "A-", "A-"},
		{"all four", engine.Fault(engine.Timeout, "", engine.North, engine.East, engine.South, engine.West),
			Termination{Kind: KindTimeout, Seat: "N", Seats: []string{"N", "E", "S", "W"}}, "A-", "A-"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := FromBoard(playedBoard(t), nil)
			r.SetOutcome(tt.o)
			assert.Equal(t, tt.term, r.Termination)
			assert.Equal(t, tt.term, TerminationOf(tt.o))
			assert.Nil(t, r.ScoreNS, "a fault clears the score")
			assert.Nil(t, r.Tricks, "a fault clears the tricks")
			require.NotNil(t, r.Adjusted)
			assert.Equal(t, Adjusted{NS: tt.ns, EW: tt.ew}, *r.Adjusted)
			assert.False(t, r.Complete())

			got := writeRead(t, &r)
			o, err := got.Outcome()
			require.NoError(t, err)
			assert.Equal(t, tt.o, o)
		})
	}
}

func TestSetOutcomeNormal(t *testing.T) {
	t.Parallel()
	r := FromBoard(playedBoard(t), nil)
	score, tricks := *r.ScoreNS, *r.Tricks
	r.SetOutcome(engine.Fault(engine.Timeout, "slow", engine.North))
	r.SetOutcome(engine.Outcome{Kind: engine.Played})
	assert.Equal(t, Termination{Kind: KindNormal}, r.Termination)
	assert.Nil(t, r.Adjusted)
	assert.Equal(t, Termination{Kind: KindNormal}, TerminationOf(engine.Outcome{Kind: engine.PassedOut}))

	r = FromBoard(playedBoard(t), nil)
	r.SetOutcome(engine.Outcome{Kind: engine.Played})
	assert.Equal(t, score, *r.ScoreNS, "a normal end keeps the board's score")
	assert.Equal(t, tricks, *r.Tricks)
	o, err := r.Outcome()
	require.NoError(t, err)
	assert.Equal(t, engine.Outcome{Kind: engine.Played}, o)

	passed := Record{Contract: "Pass", Termination: Termination{Kind: KindNormal}}
	o, err = passed.Outcome()
	require.NoError(t, err)
	assert.Equal(t, engine.Outcome{Kind: engine.PassedOut}, o)

	old := Record{Contract: "3NT"} // no termination kind at all
	o, err = old.Outcome()
	require.NoError(t, err)
	assert.Equal(t, engine.Played, o.Kind)
}

func TestOutcomeOfOlderRecords(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		r    Record
		want engine.Outcome
	}{
		{
			name: "one seat, no seats list",
			r:    Record{Termination: Termination{Kind: KindTimeout, Seat: "S", Detail: "slow"}, Adjusted: &Adjusted{NS: "A-", EW: "A+"}},
			want: engine.Fault(engine.Timeout, "slow", engine.South),
		},
		{
			name: "A-/A- with one seat named",
			r:    Record{Termination: Termination{Kind: KindDisconnect, Seat: "W"}, Adjusted: &Adjusted{NS: "A-", EW: "A-"}},
			want: engine.Fault(engine.Disconnect, "", engine.West, engine.North),
		},
		{
			name: "A-/A- with no seat named",
			r:    Record{Termination: Termination{Kind: KindDisconnect}, Adjusted: &Adjusted{NS: "A-", EW: "A-"}},
			want: engine.Fault(engine.Disconnect, "", engine.North, engine.East),
		},
		{
			name: "no adjusted score",
			r:    Record{Termination: Termination{Kind: KindProtocol, Seat: "e"}},
			want: engine.Fault(engine.ProtocolViolation, "", engine.East),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, err := tt.r.Outcome()
			require.NoError(t, err)
			assert.Equal(t, tt.want, o)
			if tt.r.Adjusted != nil {
				assert.Equal(t, tt.r.Adjusted.NS, o.Adjustment(engine.NS).String(), "the adjusted score reads back the same")
				assert.Equal(t, tt.r.Adjusted.EW, o.Adjustment(engine.EW).String())
			}
		})
	}
}

func TestOutcomeErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		r    Record
		msg  string
	}{
		{"unknown kind", Record{Termination: Termination{Kind: "abandoned", Seat: "N"}}, `termination kind "abandoned"`},
		{"bad seat", Record{Termination: Termination{Kind: KindTimeout, Seat: "X"}}, "termination seat"},
		{"bad seat in list", Record{Termination: Termination{Kind: KindTimeout, Seat: "N", Seats: []string{"N", "Q"}}}, "termination seat"},
		{"bad adjusted score", Record{Termination: Termination{Kind: KindTimeout, Seat: "N"}, Adjusted: &Adjusted{NS: "A-", EW: "+3"}}, "adjusted score"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.r.Outcome()
			require.Error(t, err)
			assert.ErrorIs(t, err, ErrMalformed)
			assert.Contains(t, err.Error(), tt.msg)
		})
	}
}

func TestIdentityStamp(t *testing.T) {
	t.Parallel()
	id := Identity{Event: "ev", Match: "A-v-B", Room: "closed", Table: "t2",
		Players: Seats{N: "bot-n", E: "bot-e", S: "bot-s", W: "bot-w"}}
	r := FromBoard(playedBoard(t), nil)
	r.Ruleset = ""
	before := r
	id.Stamp(&r)
	assert.Equal(t, Ruleset, r.Ruleset)
	assert.Equal(t, Key{"ev", "A-v-B", "closed", "t2", 1}, r.Key())
	assert.Equal(t, id.Players, r.Players)
	assert.Equal(t, "bot-e", r.Players.Get(engine.East))

	// Nothing else changes.
	r.Ruleset, r.Event, r.Match, r.Room, r.Table, r.Players = before.Ruleset, before.Event, before.Match, before.Room, before.Table, before.Players
	assert.Equal(t, before, r)
}
