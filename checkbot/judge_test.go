package checkbot

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestToldToLead: whether the table told the bot to lead since its last
// call or card, leaving out the line being judged, in either order of the
// table's "to lead" and a line the bot sent at the auction's end.
func TestToldToLead(t *testing.T) {
	table := func(text string) entry { return entry{Conn: 1, Text: text} }
	bot := func(text string) entry { return entry{Conn: 1, FromBot: true, Text: text} }
	cases := []struct {
		name  string
		lines []entry
		want  bool
	}{
		{"told, then the bot asks for dummy", []entry{bot("West passes"), table("North passes"), table("West to lead"), bot("West ready for dummy")}, true},
		{"the bot asks for dummy before the table says to lead", []entry{bot("West passes"), table("North passes"), bot("West ready for dummy"), table("West to lead")}, true},
		{"told, then a lead being judged", []entry{bot("West passes"), table("West to lead"), bot("West plays 2C")}, true},
		{"a lead before the table says to lead", []entry{bot("West passes"), table("North passes"), bot("West plays 2C")}, false},
		{"told before the bot's last card, not since", []entry{table("West to lead"), bot("West plays 2C"), table("North plays 3C"), bot("West ready for dummy's card to trick 1")}, false},
		{"nothing from the table", []entry{bot("West ready for dummy")}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			j := &judge{lines: tc.lines}
			assert.Equal(t, tc.want, j.toldToLead())
		})
	}
}
