package checkbot

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSplitLines(t *testing.T) {
	cases := []struct {
		name        string
		chunks      []string
		want        []string
		wantPartial string
	}{
		{"CRLF", []string{"North ready for deal\r\nNorth ready for cards\r\n"}, []string{"North ready for deal", "North ready for cards"}, ""},
		{"LF and a split line", []string{"North pa", "sses\nNorth re"}, []string{"North passes"}, "North re"},
		{"a blank line", []string{"\r\n\n"}, []string{"", ""}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			var partial []byte
			for _, c := range tc.chunks {
				var lines []string
				lines, partial = splitLines(partial, []byte(c), false)
				got = append(got, lines...)
			}
			assert.Equal(t, tc.want, got)
			assert.Equal(t, tc.wantPartial, string(partial))
		})
	}
	lines, rest := splitLines([]byte("North pa"), []byte("sses"), true)
	assert.Equal(t, []string{"North passes"}, lines, "a last line without a line end still counts")
	assert.Empty(t, rest)
}

// FuzzSplitLines: however a bot's bytes are cut into reads, the recorder
// gets the same lines, and they hold every byte but the line ends.
func FuzzSplitLines(f *testing.F) {
	f.Add([]byte("North ready for deal\r\nNorth passes\n"), uint8(5))
	f.Add([]byte("\r\r\n\n\x00\xff"), uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, cut uint8) {
		whole, rest := splitLines(nil, data, true)
		assert.Empty(t, rest)
		var got []string
		var partial []byte
		step := int(cut)%7 + 1
		for i := 0; i < len(data); i += step {
			var lines []string
			lines, partial = splitLines(partial, data[i:min(i+step, len(data))], false)
			got = append(got, lines...)
		}
		lines, _ := splitLines(partial, nil, true)
		got = append(got, lines...)
		assert.Equal(t, whole, got)
		joined := strings.Join(whole, "")
		stripped := strings.NewReplacer("\r\n", "", "\n", "").Replace(string(data))
		if !strings.Contains(string(data), "\r\r") {
			assert.Equal(t, len(stripped), len(joined))
		}
	})
}
