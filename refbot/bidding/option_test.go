package bidding

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOptionAces checks the option statement: the value chooses the
// interpreter's ace ask, a base's value stands unless the file sets its
// own, and an unknown name, an unknown value or a second setting is an
// error naming the line.
func TestOptionAces(t *testing.T) {
	t.Parallel()
	const rows = "situation \"\"\n1N \"15-17 balanced\" hcp 15..17 balanced\n"
	for _, tc := range []struct {
		name, src string
		keycard   bool
	}{
		{"plain Blackwood without the option", "system \"x\"\n" + rows, false},
		{"plain Blackwood by name", "system \"x\"\noption aces = \"blackwood\"\n" + rows, false},
		{"key card Blackwood", "system \"x\"\noption aces = \"rkc1430\"\n" + rows, true},
		{"the value may be an expression", "system \"x\"\nlet ask = \"rkc\"\noption aces = \"{ask}1430\"\n" + rows, true},
		{"a base's option stands", "system \"x\"\nbase \"sayc-lite\"\n", true},
		{"the file's own replaces the base's", "system \"x\"\nbase \"sayc-lite\"\noption aces = \"blackwood\"\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Load("x.bid", []byte(tc.src))
			require.NoError(t, err)
			assert.Equal(t, tc.keycard, s.slam.keycard)
			assert.Contains(t, s.slam.ask.Meaning.Alert, "Blackwood")
		})
	}
	for _, tc := range []struct{ name, src, msg string }{
		{"unknown option", "system \"x\"\noption kings = \"rkc1430\"\n" + rows, "x.bid:2: option \"kings\": no such option"},
		{"unknown value", "system \"x\"\noption aces = \"rkc3014\"\n" + rows, "x.bid:2: option aces = \"rkc3014\": the values are blackwood, rkc1430"},
		{"set twice", "system \"x\"\noption aces = \"rkc1430\"\noption aces = \"blackwood\"\n" + rows, "x.bid:3: option aces is already set on line 2"},
		{"a number", "system \"x\"\noption aces = 1430\n" + rows, "x.bid:2:"},
		{"no value", "system \"x\"\noption aces\n" + rows, "x.bid:2:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load("x.bid", []byte(tc.src))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.msg)
		})
	}
	// SAYC-lite plays key card Blackwood, and its card says so.
	assert.True(t, NewSystem().slam.keycard)
	var b strings.Builder
	require.NoError(t, NewSystem().WriteCard(&b))
	assert.Contains(t, b.String(), "Roman Key Card Blackwood 1430")
	b.Reset()
	require.NoError(t, plainBlackwood(t).WriteCard(&b))
	assert.Contains(t, b.String(), "Blackwood 4NT with an agreed suit (answers 5C 0/4, 5D 1, 5H 2, 5S 3)")
}
