package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestOutcomeKindStringAndIsFault(t *testing.T) {
	t.Parallel()
	tests := []struct {
		kind  OutcomeKind
		name  string
		fault bool
	}{
		{Played, "played", false},
		{PassedOut, "passed out", false},
		{IllegalAction, "illegal", true},
		{Timeout, "timeout", true},
		{Disconnect, "disconnect", true},
		{ProtocolViolation, "protocol", true},
		{ProtocolViolation + 1, "OutcomeKind(6)", false},
		{OutcomeKind(200), "OutcomeKind(200)", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.name, tt.kind.String())
			assert.Equal(t, tt.fault, tt.kind.IsFault())
			assert.Equal(t, tt.fault, Outcome{Kind: tt.kind}.IsFault())
		})
	}
}

func TestOutcomeAdjustmentAndIMPs(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		o      Outcome
		ns, ew Adjustment
	}{
		{"played", Outcome{Kind: Played}, NotAdjusted, NotAdjusted},
		{"passed out", Outcome{Kind: PassedOut}, NotAdjusted, NotAdjusted},
		{"north at fault", Fault(Timeout, "slow", North), AverageMinus, AveragePlus},
		{"east at fault", Fault(IllegalAction, "revoke", East), AveragePlus, AverageMinus},
		{"south at fault", Fault(Disconnect, "gone", South), AverageMinus, AveragePlus},
		{"west at fault", Fault(ProtocolViolation, "garbage", West), AveragePlus, AverageMinus},
		{"both of NS", Fault(Disconnect, "missing", North, South), AverageMinus, AveragePlus},
		{"both of EW", Fault(Disconnect, "missing", East, West), AveragePlus, AverageMinus},
		{"both sides", Fault(Disconnect, "missing", North, West), AverageMinus, AverageMinus},
		{"all four", Fault(Disconnect, "missing", North, East, South, West), AverageMinus, AverageMinus},
		{"fault with no seat", Outcome{Kind: Timeout}, AveragePlus, AveragePlus},
	}
	imps := map[Adjustment]int{NotAdjusted: 0, AveragePlus: 3, AverageMinus: -3}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.ns, tt.o.Adjustment(NS))
			assert.Equal(t, tt.ew, tt.o.Adjustment(EW))
			assert.Equal(t, imps[tt.ns], tt.o.IMPs(NS, Law12CIMPs))
			assert.Equal(t, imps[tt.ew], tt.o.IMPs(EW, Law12CIMPs))
		})
	}
}

func TestOutcomeIMPsCustomPolicy(t *testing.T) {
	t.Parallel()
	p := AdjustedIMPs{Plus: 2, Minus: -4}
	o := Fault(Timeout, "slow", East)
	assert.Equal(t, 2, o.IMPs(NS, p))
	assert.Equal(t, -4, o.IMPs(EW, p))
	both := Fault(Disconnect, "missing", South, East)
	assert.Equal(t, -4, both.IMPs(NS, p))
	assert.Equal(t, -4, both.IMPs(EW, p))
	assert.Zero(t, Outcome{Kind: Played}.IMPs(NS, p))
	assert.Zero(t, p.IMPs(NotAdjusted))
	assert.Zero(t, p.IMPs(Adjustment(9)))
}

func TestOutcomeSeatAndString(t *testing.T) {
	t.Parallel()
	s, ok := Outcome{Kind: Played}.Seat()
	assert.False(t, ok)
	assert.Equal(t, North, s)
	s, ok = Fault(Disconnect, "missing", West, South).Seat()
	assert.True(t, ok)
	assert.Equal(t, South, s)

	assert.Equal(t, "played", Outcome{Kind: Played}.String())
	assert.Equal(t, "passed out", Outcome{Kind: PassedOut}.String())
	assert.Equal(t, "timeout fault by East: 30s", Fault(Timeout, "30s", East).String())
	assert.Equal(t, "disconnect fault by South, West: gone", Fault(Disconnect, "gone", West, South).String())
}

func TestAdjustedIMPsClamp(t *testing.T) {
	t.Parallel()
	tests := []struct {
		p        AdjustedIMPs
		in, want int
	}{
		{Law12CIMPs, 0, 0},
		{Law12CIMPs, 3, 3},
		{Law12CIMPs, 4, 3},
		{Law12CIMPs, 17, 3},
		{Law12CIMPs, -3, -3},
		{Law12CIMPs, -6, -3},
		{Law12CIMPs, -2, -2},
		{AdjustedIMPs{Plus: 2, Minus: -4}, 3, 2},
		{AdjustedIMPs{Plus: 2, Minus: -4}, -3, -3},
		{AdjustedIMPs{Plus: 2, Minus: -4}, -5, -4},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tt.p.Clamp(tt.in), "%+v.Clamp(%d)", tt.p, tt.in)
	}
}

func TestParseAdjustment(t *testing.T) {
	t.Parallel()
	for _, a := range []Adjustment{NotAdjusted, AveragePlus, AverageMinus} {
		got, err := ParseAdjustment(a.String())
		require.NoError(t, err)
		assert.Equal(t, a, got)
	}
	assert.Equal(t, "A+", AveragePlus.String())
	assert.Equal(t, "A-", AverageMinus.String())
	assert.Equal(t, "", NotAdjusted.String())
	for _, bad := range []string{"A", "a+", "A+ ", "+3", "avg-", "A--"} {
		_, err := ParseAdjustment(bad)
		assert.Error(t, err, "%q", bad)
	}
}
