package results

import (
	"bytes"
	"testing"

	"github.com/openroom/openroom/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDecodeGoodRecord(t *testing.T) {
	t.Parallel()
	b := playedBoard(t)
	r := writeRead(t, ptr(FromBoard(b, []string{"15-17"})))
	d, err := r.Decode()
	require.NoError(t, err)
	assert.Equal(t, b.Setup(), d.Board.Setup())
	assert.Equal(t, engine.PhaseDone, d.Board.Phase())
	assert.Equal(t, b.Auction().Calls(), d.Board.Auction().Calls())
	assert.Equal(t, b.Play().Cards(), d.Board.Play().Cards())
	assert.Equal(t, []string{"15-17", "", "", ""}, d.Alerts)
	assert.Equal(t, engine.Outcome{Kind: engine.Played}, d.Outcome)
	c, ok := d.Board.Contract()
	require.True(t, ok)
	assert.Equal(t, "1NT", c.String())
	score, _ := b.ScoreNS()
	got, ok := d.Board.ScoreNS()
	require.True(t, ok)
	assert.Equal(t, score, got)
	for i := range 13 {
		_, lead := d.Board.Play().Trick(i)
		_, want := b.Play().Trick(i)
		assert.Equal(t, want, lead, "trick %d's leader", i+1)
	}
}

func TestDecodePassedOutAndFaultRecords(t *testing.T) {
	t.Parallel()
	d, err := engine.ParseDeal("N:Q762.J84.K653.K8 A5.96.QT98742.A4 98.AKT73.A.T7632 KJT43.Q52.J.QJ95")
	require.NoError(t, err)
	b := engine.NewBoard(3, d)
	for range 4 {
		s, _ := b.Turn()
		require.NoError(t, b.Call(s, engine.Pass))
	}
	r := FromBoard(b, nil)
	dec, err := r.Decode()
	require.NoError(t, err)
	assert.Equal(t, engine.Outcome{Kind: engine.PassedOut}, dec.Outcome)
	assert.Equal(t, engine.South, dec.Board.Dealer())

	// A board stopped by a fault mid-auction decodes where it stopped.
	b = engine.NewBoard(4, d)
	s, _ := b.Turn()
	require.NoError(t, b.Call(s, engine.Bid(1, engine.StrainSpades)))
	r = FromBoard(b, nil)
	o := engine.Fault(engine.Timeout, "no call in 30s", engine.North)
	r.SetOutcome(o)
	r = writeRead(t, &r)
	dec, err = r.Decode()
	require.NoError(t, err)
	assert.Equal(t, o, dec.Outcome)
	assert.Equal(t, engine.PhaseAuction, dec.Board.Phase())
	assert.Equal(t, 1, dec.Board.Auction().Len())
}

func TestDecodeErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		change func(r *Record)
		msg    string
	}{
		{"bad deal", func(r *Record) { r.Deal = "N:AKQ.x.y.z - - -" }, "deal:"},
		{"deal short of cards", func(r *Record) { r.Deal = "N:Q762.J84.K653.K8 A5.96.QT98742.A4 98.AKT73.A.T7632 KJT43.Q52.J.QJ9" }, "deal"},
		{"bad dealer", func(r *Record) { r.Dealer = "Q" }, "dealer:"},
		{"bad vulnerability", func(r *Record) { r.Vulnerable = "Both ways" }, "vulnerable:"},
		{"bad board number", func(r *Record) { r.Board = -1 }, "board number -1"},
		{"unparseable call", func(r *Record) { r.Auction[1].Call = "1Z" }, "call 2:"},
		{"insufficient call", func(r *Record) { r.Auction[1].Call = "1C" }, "call 2:"},
		{"unparseable card", func(r *Record) { r.Play[5] = "ZZ" }, "play card 6:"},
		// East leads the C4 against 1NT; South holds clubs and plays the DA.
		{"revoke", func(r *Record) { r.Play[1] = "DA" }, "card 2: South plays DA: must follow suit"},
		{"card not held", func(r *Record) { r.Play[0] = "SK" }, "card 1: East plays SK: card not held"},
		{"contract disagrees", func(r *Record) { r.Contract = "2NT" }, `contract "2NT" but the auction gives 1NT`},
		{"declarer disagrees", func(r *Record) { r.Declarer = "S" }, `declarer "S"`},
		{"score disagrees", func(r *Record) { *r.ScoreNS += 10 }, "but the deal, auction and play give"},
		{"tricks disagree", func(r *Record) { *r.Tricks = 13 - *r.Tricks }, "tricks"},
		{"unfinished but normal", func(r *Record) { r.Play = r.Play[:40] }, "unfinished"},
		{"unknown termination", func(r *Record) { r.Termination.Kind = "abandoned" }, "termination kind"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := writeRead(t, ptr(FromBoard(playedBoard(t), nil)))
			require.Equal(t, "C4", r.Play[0], "the test's premise: East leads the C4")
			tt.change(&r)
			d, err := r.Decode()
			require.Error(t, err)
			assert.Nil(t, d)
			assert.ErrorIs(t, err, ErrMalformed)
			assert.Contains(t, err.Error(), tt.msg)
		})
	}
}

func TestSetup(t *testing.T) {
	t.Parallel()
	b := playedBoard(t)
	r := FromBoard(b, nil)
	r.Seed = "s1"
	s, err := r.Setup()
	require.NoError(t, err)
	want := b.Setup()
	want.Seed = "s1"
	assert.Equal(t, want, s)
}

func ptr[T any](v T) *T { return &v }

func TestDecodeUnfinishedBoardWithoutOutcome(t *testing.T) {
	t.Parallel()
	full := FromBoard(playedBoard(t), nil)
	d, err := engine.ParseDeal(full.Deal)
	require.NoError(t, err)
	b := engine.NewBoard(1, d)
	for _, c := range []engine.Call{engine.Bid(1, engine.NoTrump), engine.Pass, engine.Pass, engine.Pass} {
		s, _ := b.Turn()
		require.NoError(t, b.Call(s, c))
	}
	s, _ := b.Turn()
	c, _ := b.LegalCards().Lowest()
	require.NoError(t, b.PlayCard(s, c))
	r := FromBoard(b, nil)
	require.Empty(t, r.Termination.Kind, "FromBoard sets no outcome on an unfinished board")
	dec, err := r.Decode()
	require.NoError(t, err)
	assert.Equal(t, engine.PhasePlay, dec.Board.Phase())
	assert.Equal(t, 1, dec.Board.Play().Len())

	r.Termination.Kind = KindNormal
	_, err = r.Decode()
	assert.ErrorContains(t, err, "unfinished", "a normal end needs a finished board")
}

func TestPlayedFromKeptBoard(t *testing.T) {
	t.Parallel()
	b := playedBoard(t)
	r := FromBoard(b, []string{"15-17"})
	r.Auction[1].Alerted = true // a bare alert
	decoded, err := r.Decode()
	require.NoError(t, err)

	kept := r
	kept.SetBoard(b)
	b.Reset(b.Setup()) // the record keeps its own copy
	p, err := kept.Played()
	require.NoError(t, err)
	assert.Equal(t, *decoded.Board, *p.Board, "the board kept is the board replayed")
	assert.Equal(t, decoded.Alerts, p.Alerts)
	assert.Equal(t, decoded.Alerted, p.Alerted)
	assert.Equal(t, decoded.Outcome, p.Outcome)
	assert.Same(t, &kept, p.Record)

	// The kept board is not written: the line is the record's alone.
	var with, without bytes.Buffer
	require.NoError(t, NewWriter(&with).Write(&kept))
	require.NoError(t, NewWriter(&without).Write(&r))
	assert.Equal(t, without.String(), with.String())
}
