package refbot

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// FuzzParseLevel checks that any level text is either one of the four
// levels (whose name reads back to it) or a clear error, never a panic.
func FuzzParseLevel(f *testing.F) {
	for _, s := range []string{"easy", "MEDIUM", " hard ", "expert", "", "grand", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := ParseLevel(s)
		if err != nil {
			assert.Contains(t, err.Error(), "level")
			return
		}
		back, err := ParseLevel(l.String())
		assert.NoError(t, err)
		assert.Equal(t, l, back)
	})
}
