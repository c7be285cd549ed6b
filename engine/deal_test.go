package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const specDeal = "N:Q762.J84.K653.K8 A5.96.QT98742.A4 98.AKT73.A.T7632 KJT43.Q52.J.QJ95"

func TestParseDealRoundTrip(t *testing.T) {
	t.Parallel()
	d, err := ParseDeal(specDeal)
	require.NoError(t, err)
	assert.Equal(t, specDeal, d.String())
	assert.Equal(t, "Q762.J84.K653.K8", d[North].String())
	assert.Equal(t, "KJT43.Q52.J.QJ95", d[West].String())

	// Starting from another seat names the same hands.
	e := d.Format(East)
	assert.Equal(t, "E:A5.96.QT98742.A4 98.AKT73.A.T7632 KJT43.Q52.J.QJ95 Q762.J84.K653.K8", e)
	d2, err := ParseDeal(e)
	require.NoError(t, err)
	assert.Equal(t, d, d2)

	owner, ok := d.Owner(NewCard(Spades, Ace))
	require.True(t, ok)
	assert.Equal(t, East, owner)

	// Lower case and extra spaces are fine.
	d3, err := ParseDeal("n:q762.j84.k653.k8  a5.96.qt98742.a4 98.akt73.a.t7632 kjt43.q52.j.qj95")
	require.NoError(t, err)
	assert.Equal(t, d, d3)
}

func TestParseDealErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in, want string
	}{
		{"no colon", "Q762.J84.K653.K8 A5.96.QT98742.A4 98.AKT73.A.T7632 KJT43.Q52.J.QJ95", "colon"},
		{"bad seat", "X:Q762.J84.K653.K8 A5.96.QT98742.A4 98.AKT73.A.T7632 KJT43.Q52.J.QJ95", "first seat"},
		{"three hands", "N:Q762.J84.K653.K8 A5.96.QT98742.A4 98.AKT73.A.T7632", "want 4 hands"},
		{"duplicate", "N:Q762.J84.K653.K8 Q5.96.QT98742.A4 98.AKT73.A.T7632 KJT43.Q52.J.QJ95", "SQ appears in more than one hand"},
		{"short hand", "N:Q762.J84.K653.K A5.96.QT98742.A48 98.AKT73.A.T7632 KJT43.Q52.J.QJ95", "North holds 12 cards"},
		{"bad rank", "N:Q762.J84.K653.K8 A5.96.QT98742.A4 98.AKT73.A.T763Z KJT43.Q52.J.QJ95", "South hand"},
		{"three suits", "N:Q762.J84.K6538 A5.96.QT98742.A4 98.AKT73.A.T7632 KJT43.Q52.J.QJ95", "four suits"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseDeal(tt.in)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

func TestParseDealUnknownHands(t *testing.T) {
	t.Parallel()
	d, err := ParseDeal("N:Q762.J84.K653.K8 - - -")
	require.NoError(t, err)
	assert.Equal(t, 13, d[North].Len())
	assert.Zero(t, d[East])
	_, err = ParseDeal("N:Q762.J84.K653.K8 Q.... - -")
	assert.Error(t, err)
}

func FuzzParseDeal(f *testing.F) {
	f.Add(specDeal)
	f.Add("E:A5.96.QT98742.A4 98.AKT73.A.T7632 KJT43.Q52.J.QJ95 Q762.J84.K653.K8")
	f.Add("N:- - - -")
	f.Add("W:...")
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDeal(s)
		if err != nil {
			return
		}
		for first := North; first < NumSeats; first++ {
			again, err := ParseDeal(d.Format(first))
			if err != nil {
				// A deal with unknown hands formats them as empty hands,
				// which is a different (invalid) deal; only full deals round-trip.
				if d.Validate() == nil {
					t.Fatalf("valid deal %q did not re-parse: %v", d.Format(first), err)
				}
				continue
			}
			if again != d {
				t.Fatalf("round trip changed the deal: %q", s)
			}
		}
	})
}
