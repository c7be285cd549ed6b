package lin

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func FuzzLIN(f *testing.F) {
	f.Add("pn|south,west,north,east|st||md|3S AKQ2HK32DA32CK32,SJ543HQJ9DKJ9CQJ9,ST98HAT87DQT8CAT8,|rh||ah|Board 5|sv|N|\n" +
		"mb|1N!|an|15-17|mb|P|mb|3N|mb|p|mb|p|mb|p|pg||\npc|s8|pc|SA|pc|s3|pc|s6|pg||mc|10|")
	for _, rec := range []struct {
		calls  []string
		alerts map[int]string
		cards  int
	}{
		{[]string{"1NT", "Pass", "3NT", "Pass", "Pass", "Pass"}, nil, 52},
		{[]string{"Pass", "Pass", "Pass", "Pass"}, nil, 0},
		{[]string{"1C", "X", "XX", "Pass", "Pass", "Pass"}, map[int]string{0: "16+", 2: "10+"}, 9},
	} {
		line, err := Line(playedRecord(f, 7, rec.calls, rec.alerts, rec.cards))
		require.NoError(f, err)
		f.Add(line)
	}
	f.Fuzz(func(t *testing.T, s string) {
		_ = HandViewerURL(s)
		b, err := Parse(s)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error is not an *Error: %v", err)
			}
			return
		}
		out := b.String()
		b2, err := Parse(out)
		require.NoError(t, err, "%s", out)
		require.Equal(t, b, b2, "%s", out)
		require.Equal(t, out, b2.String())
	})
}
