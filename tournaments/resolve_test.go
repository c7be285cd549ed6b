package tournaments

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTeamNamesThatDifferOnlyInCase(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, src, want string
	}{
		{"two teams", "[teams.Alpha]\nbots = [\"builtin:random\"]\n[teams.alpha]\nbots = [\"builtin:random\"]\n",
			`ev.toml:3: team "alpha" differs only in case from team "Alpha" on line 1`},
		{"the later one sorts first", "[teams.b]\nbots = [\"builtin:random\"]\n[teams.c]\nbots = [\"builtin:random\"]\n[teams.B]\nbots = [\"builtin:random\"]\n",
			`ev.toml:5: team "B" differs only in case from team "b" on line 1`},
		{"not in the schedule", "[schedule]\nteams = [\"X\", \"Y\"]\n[teams.X]\nbots = [\"builtin:random\"]\n[teams.Y]\nbots = [\"builtin:random\"]\n[teams.x]\nbots = [\"builtin:random\"]\n",
			`ev.toml:7: team "x" differs only in case from team "X" on line 3`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := ParseFile([]byte(tc.src), "ev.toml")
			require.NoError(t, err)
			_, err = Resolve(f)
			var ce *ConfigError
			require.ErrorAs(t, err, &ce)
			assert.Equal(t, tc.want, err.Error())
		})
	}
}
