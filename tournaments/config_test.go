package tournaments

import (
	"net/netip"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/openroom/openroom/sandbox"
	"github.com/openroom/openroom/tournaments/bots"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestExampleFile(t *testing.T) {
	t.Parallel()
	f, err := LoadFile("testdata/example.toml")
	require.NoError(t, err)
	ev, err := Resolve(f)
	require.NoError(t, err)
	assert.Equal(t, "example", ev.Name)
	assert.Equal(t, ScheduleRoundRobin, ev.Kind)
	assert.Equal(t, 2, ev.Concurrency)
	assert.Equal(t, "7", ev.Seed)
	assert.Equal(t, 32, ev.PerMatch)
	assert.Len(t, ev.Boards, 32*3)
	assert.Equal(t, 30*time.Second, ev.Clocks.Action)
	assert.Equal(t, 10*time.Second, ev.Faults.Reconnect)
	assert.Equal(t, filepath.Join("testdata", "../../out/example"), ev.Out)
	require.Len(t, ev.Teams, 3)
	assert.Equal(t, "Alpha", ev.Teams[0].Name)
	assert.Equal(t, "rand", ev.Teams[1].Bots[0].Name)
	assert.Equal(t, "rand2", ev.Teams[1].Bots[1].Name)
	assert.Equal(t, "builtin:random", ev.Teams[2].Bots[1].Name)
	assert.Equal(t, sandbox.DefaultLimits(), ev.Limits, "the example spells out the default limits")
}

func TestConfigErrors(t *testing.T) {
	t.Parallel()
	const bots = "[bots.r]\nbuiltin = \"random\"\n[teams.A]\nbots = [\"r\"]\n[teams.B]\nbots = [\"r\"]\n"
	tests := []struct {
		name, src, want string
	}{
		{"unknown top key", "name = \"x\"\nconcurency = 2\n" + bots, `ev.toml:2: unknown key "concurency"`},
		{"unknown table key", bots + "[boards]\nseed = 1\ncuont = 4\n", `ev.toml:9: unknown key "boards.cuont"`},
		{"unknown bot key", "[bots.r]\nbuiltin = \"random\"\nlevl = \"x\"\n[teams.A]\nbots = [\"r\"]\n[teams.B]\nbots = [\"r\"]\n", `ev.toml:3: unknown key "bots.r.levl"`},
		{"unknown table", bots + "[clock]\naction = \"1s\"\n", `ev.toml:7: unknown key "clock"`},
		{"wrong type", "concurrency = \"two\"\n" + bots, `ev.toml:1: concurrency: incompatible types`},
		{"wrong type message", "concurrency = \"two\"\n" + bots, `concurrency`},
		{"bad duration", bots + "[clocks]\naction = \"soon\"\n", `soon`},
		{"syntax", "name = \n", `ev.toml:1:`},
		{"missing bot", "[teams.A]\nbots = [\"nobody\"]\n[teams.B]\nbots = [\"builtin:random\"]\n", `ev.toml:2: team "A": bot "nobody" is not defined`},
		{"missing team", bots + "[schedule]\nteams = [\"A\", \"C\"]\n", `ev.toml:8: team "C" is not defined`},
		{"one team", "[teams.A]\nbots = [\"builtin:random\"]\n", "a team match needs exactly 2 teams, found 1"},
		{"three bots", "[teams.A]\nbots = [\"builtin:random\",\"builtin:random\",\"builtin:random\"]\n[teams.B]\nbots = [\"builtin:random\"]\n", "want one bot"},
		{"bot two kinds", "[bots.r]\nbuiltin = \"random\"\nremote = true\n[teams.A]\nbots = [\"r\"]\n[teams.B]\nbots = [\"r\"]\n", `ev.toml:1: bot "r": set exactly one of builtin, command or remote`},
		{"unknown builtin", "[bots.r]\nbuiltin = \"genius\"\n[teams.A]\nbots = [\"r\"]\n[teams.B]\nbots = [\"r\"]\n", `unknown built-in bot "genius"`},
		{"refbot without level", "[teams.A]\nbots = [\"builtin:refbot\"]\n[teams.B]\nbots = [\"builtin:random\"]\n", "needs a level"},
		{"command not found", "[bots.c]\ncommand = \"/no/such/bot --port {port}\"\n[teams.A]\nbots = [\"c\"]\n[teams.B]\nbots = [\"builtin:random\"]\n", `ev.toml:2: bot "c": cannot start "/no/such/bot"`},
		{"command unquoted", "[bots.c]\ncommand = \"bot 'x\"\n[teams.A]\nbots = [\"c\"]\n[teams.B]\nbots = [\"c\"]\n", "unterminated single quote"},
		{"remote without listen", "[bots.f]\nremote = true\n[teams.A]\nbots = [\"f\"]\n[teams.B]\nbots = [\"builtin:random\"]\n", "set listen"},
		{"listen beyond loopback", "listen = \"0.0.0.0:2000\"\n" + bots, "ev.toml:1: listen address \"0.0.0.0:2000\" is not loopback"},
		{"bad allow", "listen = \"0.0.0.0:2000\"\nallow = [\"nonsense\"]\n" + bots, "ev.toml:2: allow \"nonsense\""},
		{"policy", bots + "[faults]\npolicy = \"forgive\"\n", `ev.toml:8: faults.policy "forgive"`},
		{"kind", bots + "[schedule]\nkind = \"swiss\"\n", `schedule kind "swiss"`},
		{"hero missing", bots + "[schedule]\nkind = \"gauntlet\"\nhero = \"Z\"\n", `hero "Z"`},
		{"pbn and seed", bots + "[boards]\nseed = 1\npbn = \"x.pbn\"\n", "not both"},
		{"pbn missing", bots + "[boards]\npbn = \"nonexistent.pbn\"\n", `ev.toml:8: board set`},
		{"negative concurrency", "concurrency = -1\n" + bots, "ev.toml:1: concurrency -1"},
		{"too many boards", bots + "[boards]\ncount = 1000000000\n", "ev.toml:8: boards.count 1000000000: want 1 to 100000"},
		{"zero boards", bots + "[boards]\nseed = 1\ncount = 0\n", "ev.toml:9: boards.count 0: want 1 to 100000"},
		{"zero boards of a PBN file", bots + "[boards]\ncount = 0\npbn = \"x.pbn\"\n", "ev.toml:8: boards.count 0"},
		{"seed type", bots + "[boards]\nseed = 1.5\n", "seed"},
		{"limits: bad size", "[limits]\nmemory = \"lots\"\n" + limitsEvent, `ev.toml:2: limits.memory: size "lots"`},
		{"limits: zero size", "[limits]\ndisk = 0\n" + limitsEvent, `ev.toml:2: limits.disk: size "0"`},
		{"limits: bad count", "[limits]\nname = 1\n" + limitsEvent, `ev.toml:2: unknown key "limits.name"`},
		{"limits: count with unit", "[limits]\nprocs = \"1k\"\n" + limitsEvent, `ev.toml:2: limits.procs: count "1k"`},
		{"limits: negative count", "[limits]\nfiles = -5\n" + limitsEvent, `ev.toml:2: limits.files: count "-5"`},
		{"limits: wrong type", "[limits]\ntmp = 1.5\n" + limitsEvent, `ev.toml:2: a limit wants a size, a count or "unlimited", found float64`},
		{"limits: empty", "[limits]\ntmp = \"\"\n" + limitsEvent, `ev.toml:2: a limit wants`},
		{"limits: bad bot limit", limitsEvent + "[bots.c.limits]\nmemory = \"-1GiB\"\n", `ev.toml:8: bots.c.limits.memory: size "-1GiB"`},
		{"limits: builtin with limits", "[bots.r]\nbuiltin = \"random\"\n[bots.r.limits]\nmemory = \"1GiB\"\n" + limitsEvent, `ev.toml:3: bot "r": limits are for command bots`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := ParseFile([]byte(tc.src), "ev.toml")
			if err == nil {
				_, err = Resolve(f)
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestDefaultsAndPBNBoards(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	pbn := "[Event \"x\"]\n[Board \"3\"]\n[Dealer \"E\"]\n[Vulnerable \"Both\"]\n[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n\n" +
		"[Board \"5\"]\n[Dealer \"#\"]\n[Deal \"W:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "b.pbn"), []byte(pbn), 0o644))
	src := "[boards]\npbn = \"b.pbn\"\n[teams.A]\nbots = [\"builtin:random\"]\n[teams.B]\nbots = [\"builtin:random\"]\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "ev.toml"), []byte(src), 0o644))
	f, err := LoadFile(filepath.Join(dir, "ev.toml"))
	require.NoError(t, err)
	ev, err := Resolve(f)
	require.NoError(t, err)
	assert.Equal(t, "ev", ev.Name)
	assert.Equal(t, ScheduleMatch, ev.Kind)
	assert.Equal(t, defaultSegment, ev.Segment)
	assert.Equal(t, defaultRestarts, ev.Faults.Restarts)
	assert.False(t, ev.Faults.Replay)
	assert.Equal(t, 2, ev.PerMatch)
	require.Len(t, ev.Boards, 2)
	assert.Equal(t, 3, ev.Boards[0].Number)
	assert.Equal(t, "E", ev.Boards[0].Dealer.String())
	assert.Equal(t, "All", ev.Boards[0].Vul.String())
	assert.Equal(t, "E", ev.Boards[1].Dealer.String(), "# copies the previous Dealer")
	assert.Equal(t, "NS", ev.Boards[1].Vul.String(), "no Vulnerable tag: the WBF cycle of board 5")
	assert.Equal(t, "W:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765", ev.Boards[1].Deal.Format(3))
}

func TestParseBotSpec(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in      string
		want    bots.Spec
		wantErr string
	}{
		{in: "builtin:random", want: bots.Spec{Name: "builtin:random", Kind: bots.KindBuiltin, Builtin: "random"}},
		{in: "builtin:refbot:expert", want: bots.Spec{Name: "builtin:refbot:expert", Kind: bots.KindBuiltin, Builtin: "refbot", Level: "expert"}},
		{in: "remote", want: bots.Spec{Name: "remote", Kind: bots.KindRemote}},
		{in: `./bot --name "{name}" -p {port}`, want: bots.Spec{Name: `./bot --name "{name}" -p {port}`, Kind: bots.KindCommand, Command: []string{"./bot", "--name", "{name}", "-p", "{port}"}}},
		{in: "builtin:random:fast", wantErr: "no levels"},
		{in: "builtin:refbot", wantErr: "needs a level"},
		{in: "builtin:", wantErr: "unknown built-in"},
		{in: "", wantErr: "empty"},
		{in: `bot "x`, wantErr: "unterminated double quote"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := bots.ParseSpec(tc.in)
			if tc.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestSplitCommandAndExpand(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want []string
	}{
		{"a b  c", []string{"a", "b", "c"}},
		{`a 'b c' "d \"e\" \\ f"`, []string{"a", "b c", `d "e" \ f`}},
		{`a\ b ''`, []string{"a b", ""}},
		{"  x\t", []string{"x"}},
	}
	for _, tc := range tests {
		got, err := bots.SplitCommand(tc.in)
		require.NoError(t, err, tc.in)
		assert.Equal(t, tc.want, got, tc.in)
	}
	b := bots.Spec{Kind: bots.KindCommand, Command: []string{"bot", "{host}:{port}", "--seat={seat}", "{name}"}}
	assert.Equal(t, []string{"bot", "127.0.0.1:4000", "--seat=North", "A"}, b.Expand("127.0.0.1", "4000", "North", "A"))
}

func FuzzParseFile(f *testing.F) {
	seed, _ := os.ReadFile("testdata/example.toml")
	f.Add(string(seed))
	f.Add("[teams.A]\nbots = [\"x\"]\n")
	f.Add("a = [\n1,\n2]\n[b]\nc = 'd'\n")
	f.Fuzz(func(t *testing.T, src string) {
		fl, err := ParseFile([]byte(src), "fuzz.toml")
		if err != nil {
			return
		}
		fl.Boards.PBN = "" // never read whatever file the input names
		_, _ = Resolve(fl)
	})
}

func FuzzSplitCommand(f *testing.F) {
	f.Add(`a 'b c' "d \"e\"" f\ g`)
	f.Fuzz(func(t *testing.T, s string) {
		args, err := bots.SplitCommand(s)
		if err == nil && len(args) == 0 {
			t.Fatal("no error and no arguments")
		}
	})
}

func TestBotTimingKey(t *testing.T) {
	t.Parallel()
	src := "[bots.quiet]\nbuiltin = \"random\"\ntiming = false\n[bots.loud]\nbuiltin = \"random\"\ntiming = true\n" +
		"[teams.A]\nbots = [\"quiet\", \"loud\"]\n[teams.B]\nbots = [\"builtin:random\"]\n"
	f, err := ParseFile([]byte(src), "ev.toml")
	require.NoError(t, err)
	ev, err := Resolve(f)
	require.NoError(t, err)
	for _, team := range ev.Teams {
		for _, b := range team.Bots {
			assert.Equal(t, b.Name == "quiet", b.NoTiming, "%s", b.Name)
		}
	}
}

func TestRemoteBotAddressesAndSecret(t *testing.T) {
	t.Parallel()
	src := "listen = \"127.0.0.1:2000\"\n[bots.far]\nremote = true\naddresses = [\"127.0.0.1\", \"192.0.2.0/24\"]\nsecret = \"s3cret\"\n" +
		"[teams.A]\nbots = [\"far\"]\n[teams.B]\nbots = [\"builtin:random\"]\n"
	f, err := ParseFile([]byte(src), "ev.toml")
	require.NoError(t, err)
	ev, err := Resolve(f)
	require.NoError(t, err)
	far := ev.Teams[0].Bots[0]
	assert.Equal(t, []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32"), netip.MustParsePrefix("192.0.2.0/24")}, far.Addresses)
	assert.Equal(t, "s3cret", far.Secret)

	for name, bad := range map[string]string{
		"not remote":  "[bots.far]\nbuiltin = \"random\"\nsecret = \"x\"\n",
		"bad address": "[bots.far]\nremote = true\naddresses = [\"example.com\"]\n",
		"bad secret":  "[bots.far]\nremote = true\nsecret = \"two words\"\n",
	} {
		f, err := ParseFile([]byte("listen = \"127.0.0.1:2000\"\n"+bad+"[teams.A]\nbots = [\"far\"]\n[teams.B]\nbots = [\"builtin:random\"]\n"), "ev.toml")
		require.NoError(t, err, name)
		_, err = Resolve(f)
		if assert.Error(t, err, name) {
			assert.Contains(t, err.Error(), "ev.toml:", name)
			assert.NotContains(t, err.Error(), "two words", "a secret is never echoed")
		}
	}
}

func TestMountsKey(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, d := range []string{"models", "shared"} {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, d), 0o755))
	}
	src := "[bots.mine]\ncommand = \"true {host} {port}\"\nmounts = [\"models\"]\n" +
		"[teams.A]\nbots = [\"mine\"]\nmounts = [\"shared\", \"/usr/share\"]\n[teams.B]\nbots = [\"builtin:random\"]\n"
	path := filepath.Join(dir, "ev.toml")
	require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
	f, err := LoadFile(path)
	require.NoError(t, err)
	ev, err := Resolve(f)
	require.NoError(t, err)
	for _, team := range ev.Teams {
		for _, b := range team.Bots {
			if team.Name == "A" {
				assert.Equal(t, []string{filepath.Join(dir, "models"), filepath.Join(dir, "shared"), "/usr/share"}, b.Mounts)
			} else {
				assert.Empty(t, b.Mounts, "a built-in bot has no sandbox")
			}
		}
	}

	for name, bad := range map[string]string{
		"missing":     "[bots.mine]\ncommand = \"true\"\nmounts = [\"nothing-here\"]\n[teams.A]\nbots = [\"mine\"]\n",
		"not command": "[bots.mine]\nbuiltin = \"random\"\nmounts = [\"models\"]\n[teams.A]\nbots = [\"mine\"]\n",
		"team's":      "[bots.mine]\ncommand = \"true\"\n[teams.A]\nbots = [\"mine\"]\nmounts = [\"gone\"]\n",
	} {
		require.NoError(t, os.WriteFile(path, []byte(bad+"[teams.B]\nbots = [\"builtin:random\"]\n"), 0o644), name)
		f, err := LoadFile(path)
		require.NoError(t, err, name)
		_, err = Resolve(f)
		if assert.Error(t, err, name) {
			assert.Contains(t, err.Error(), "ev.toml:", name)
			assert.Contains(t, err.Error(), "mounts", name)
		}
	}
}
