package protocol

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// refusalOf sends line on a fresh connection and returns the refusal line.
func refusalOf(t *testing.T, addr, line string) string {
	t.Helper()
	s := dialRaw(t, addr)
	s.send(line)
	got, err := s.recv()
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(got, "Refused: "), got)
	return got
}

// No refusal names a team: the team name is the only thing a stranger
// would need to take a seat.
func TestRefusalsRevealNoTeamName(t *testing.T) {
	configured := seatTable(t, Config{NSTeam: "Homeside", EWTeam: "Awayside"})
	named := seatTable(t, Config{})
	dialRaw(t, named).sit("Firstcomer", "North")
	dialRaw(t, named).sit("Secondcomer", "West")
	dialRaw(t, configured).sit("Homeside", "North")
	var lines []string
	for _, addr := range []string{configured, named} {
		for _, l := range []string{
			`Connecting "Stranger" as South using protocol version 18`,
			`Connecting "Stranger" as West using protocol version 18`,
			`Connecting "Homeside" as West using protocol version 18`,
			`Connecting "Stranger" as ANYPL using protocol version 18`,
			`Connecting "Stranger" as North using protocol version 18`,
			`Connecting "Stranger" as North using protocol version 17`,
			`Connecting "" as South using protocol version 18`,
			`South ready for teams`,
			`garbage`,
		} {
			lines = append(lines, refusalOf(t, addr, l))
		}
	}
	require.NotEmpty(t, lines)
	for _, l := range lines {
		low := strings.ToLower(l)
		for _, team := range []string{"homeside", "awayside", "firstcomer", "secondcomer"} {
			assert.NotContains(t, low, team, "a refusal reveals a team name: %q", l)
		}
	}
}
