package engine

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// playLowest plays board 1 of specDeal with the calls given and then, if
// the auction gives a contract, the lowest legal card each time; it returns
// the board and its cards.
func playLowest(t *testing.T, calls []Call) (*Board, []Card) {
	t.Helper()
	b := boardAfter(t, calls...)
	var cards []Card
	for b.Phase() == PhasePlay {
		s, _ := b.Turn()
		c, _ := b.LegalCards().Lowest()
		require.NoError(t, b.PlayCard(s, c))
		cards = append(cards, c)
	}
	return b, cards
}

var oneNT = []Call{Bid(1, NoTrump), Pass, Pass, Pass}

func TestReplayFullBoard(t *testing.T) {
	t.Parallel()
	want, cards := playLowest(t, oneNT)
	require.Len(t, cards, 52)
	got, err := Replay(want.Setup(), oneNT, cards)
	require.NoError(t, err)
	assert.Equal(t, PhaseDone, got.Phase())
	assert.Equal(t, cards, got.Play().Cards())
	assert.Equal(t, want.Auction().Calls(), got.Auction().Calls())
	c, ok := got.Contract()
	require.True(t, ok)
	assert.Equal(t, "1NT", c.String())
	assert.Equal(t, want.DeclarerTricks(), got.DeclarerTricks())
	ws, _ := want.ScoreNS()
	gs, ok := got.ScoreNS()
	require.True(t, ok)
	assert.Equal(t, ws, gs)
	for i := range 13 {
		wc, wl := want.Play().Trick(i)
		gc, gl := got.Play().Trick(i)
		assert.Equal(t, wc, gc)
		assert.Equal(t, wl, gl)
		assert.Equal(t, want.Play().Winner(i), got.Play().Winner(i))
	}
}

func TestReplayStopsMidAuction(t *testing.T) {
	t.Parallel()
	d, err := ParseDeal(specDeal)
	require.NoError(t, err)
	b, err := Replay(NewBoardSetup(2, d), []Call{Pass, Bid(1, StrainHearts)}, nil)
	require.NoError(t, err)
	assert.Equal(t, PhaseAuction, b.Phase())
	assert.Equal(t, 2, b.Auction().Len())
	s, ok := b.Turn()
	require.True(t, ok)
	assert.Equal(t, West, s, "board 2 is dealt by East: East, South, then West")
}

func TestReplayStopsMidPlay(t *testing.T) {
	t.Parallel()
	want, cards := playLowest(t, oneNT)
	b, err := Replay(want.Setup(), oneNT, cards[:7])
	require.NoError(t, err)
	assert.Equal(t, PhasePlay, b.Phase())
	assert.Equal(t, cards[:7], b.Play().Cards())
	_, done := b.ScoreNS()
	assert.False(t, done)
}

func TestReplayRefuses(t *testing.T) {
	t.Parallel()
	d, err := ParseDeal(specDeal)
	require.NoError(t, err)
	setup := NewBoardSetup(1, d)
	_, full := playLowest(t, oneNT)
	fourPasses := []Call{Pass, Pass, Pass, Pass}

	tests := []struct {
		name  string
		calls []Call
		cards []Card
		phase Phase
		index int
		is    error
		msg   string
	}{
		{
			// 1NT by North: East leads the DQ; South holds the DA
			// and discards a heart.
			name:  "revoke",
			calls: oneNT,
			cards: []Card{NewCard(Diamonds, Queen), NewCard(Hearts, Three)},
			phase: PhasePlay, index: 1, is: ErrMustFollow, msg: "card 2: ",
		},
		{
			name:  "card not held",
			calls: oneNT,
			cards: []Card{NewCard(Diamonds, Queen), NewCard(Diamonds, Ace), NewCard(Spades, Ace)},
			phase: PhasePlay, index: 2, is: ErrNotHeld, msg: "card 3: ",
		},
		{
			name:  "insufficient bid",
			calls: []Call{Bid(1, NoTrump), Bid(1, StrainSpades)},
			phase: PhaseAuction, index: 1, is: ErrInsufficient, msg: "call 2: ",
		},
		{
			name:  "call after a pass-out",
			calls: append(fourPasses, Bid(1, StrainClubs)),
			phase: PhaseAuction, index: 4, is: ErrWrongPhase, msg: "call 5: ",
		},
		{
			name:  "cards after a pass-out",
			calls: fourPasses,
			cards: []Card{NewCard(Diamonds, Queen)},
			phase: PhasePlay, index: 0, is: ErrPlayWithoutContract, msg: "card 1: ",
		},
		{
			name:  "cards during the auction",
			calls: []Call{Bid(1, NoTrump)},
			cards: []Card{NewCard(Diamonds, Queen)},
			phase: PhasePlay, index: 0, is: ErrPlayWithoutContract, msg: "card 1: ",
		},
		{
			name:  "a card after the 52nd",
			calls: oneNT,
			cards: append(append([]Card(nil), full...), full[0]),
			phase: PhasePlay, index: 52, is: ErrWrongPhase, msg: "card 53: ",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := Replay(setup, tt.calls, tt.cards)
			require.Error(t, err)
			require.NotNil(t, b, "the board so far comes back with the error")
			var re *ReplayError
			require.True(t, errors.As(err, &re), "%T", err)
			assert.Equal(t, tt.phase, re.Phase)
			assert.Equal(t, tt.index, re.Index)
			assert.ErrorIs(t, err, tt.is)
			assert.Contains(t, err.Error(), tt.msg)
			if tt.phase == PhasePlay && b.Phase() == PhasePlay {
				assert.Equal(t, tt.cards[:tt.index], b.Play().Cards(), "the cards before the refused one stand")
			}
		})
	}
}

func TestBoardReplayContinues(t *testing.T) {
	t.Parallel()
	want, cards := playLowest(t, oneNT)

	b, err := Replay(want.Setup(), oneNT[:2], nil)
	require.NoError(t, err)
	require.NoError(t, b.Replay(oneNT[2:], cards[:10]))
	assert.Equal(t, PhasePlay, b.Phase())
	require.NoError(t, b.Replay(nil, cards[10:]))
	assert.Equal(t, PhaseDone, b.Phase())
	ws, _ := want.ScoreNS()
	gs, ok := b.ScoreNS()
	require.True(t, ok)
	assert.Equal(t, ws, gs)

	// Indexes count from the first card given, not from the board's start.
	b, err = Replay(want.Setup(), oneNT, cards[:20])
	require.NoError(t, err)
	err = b.Replay(nil, []Card{cards[20], cards[20]})
	var re *ReplayError
	require.True(t, errors.As(err, &re))
	assert.Equal(t, 1, re.Index)
	assert.Equal(t, PhasePlay, re.Phase)
}

func TestReplayErrorMessage(t *testing.T) {
	t.Parallel()
	e := &ReplayError{Phase: PhaseAuction, Index: 0, Err: ErrInsufficient}
	assert.Equal(t, "call 1: insufficient bid", e.Error())
	e = &ReplayError{Phase: PhasePlay, Index: 51, Err: ErrNotHeld}
	assert.Equal(t, "card 52: card not held", e.Error())
	assert.Equal(t, ErrNotHeld, e.Unwrap())
}
