package checkbot

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
)

// Programs the tests build once (TestMain) or find on the machine.
var (
	goStarter string // examples/bots/go, built
	refbotBin string // cmd/refbot, built
	python    string // a python3 for the Python bots, "" when there is none
	buildErr  error
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "checkbot-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	goStarter, refbotBin = filepath.Join(dir, "gobot"), filepath.Join(dir, "refbot")
	buildErr = build(goStarter, "../examples/bots/go")
	if buildErr == nil {
		buildErr = build(refbotBin, "../cmd/refbot")
	}
	python = findPython()
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// errNoGo marks a machine where the tests cannot build the bots.
var errNoGo = errors.New("no go command on PATH")

// build builds a main package into out.
func build(out, pkg string) error {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		return errNoGo
	}
	if b, err := exec.Command(goCmd, "build", "-o", out, pkg).CombinedOutput(); err != nil {
		return fmt.Errorf("go build %s: %v\n%s", pkg, err, b)
	}
	return nil
}

// findPython prefers the system's python3: a version manager's shim may
// take a second to start.
func findPython() string {
	if _, err := os.Stat("/usr/bin/python3"); err == nil {
		return "/usr/bin/python3"
	}
	p, _ := exec.LookPath("python3")
	return p
}

func needBuilt(t *testing.T) {
	t.Helper()
	if errors.Is(buildErr, errNoGo) {
		t.Skip(buildErr)
	}
	require.NoError(t, buildErr)
}

func needPython(t *testing.T) {
	t.Helper()
	if python == "" {
		t.Skip("no python3")
	}
}

// check runs check-bot on a command with short clocks.
func check(t *testing.T, timeout time.Duration, scenarios []string, command ...string) (*Report, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	return Run(ctx, Options{
		Command:      command,
		Scenarios:    scenarios,
		Timeout:      timeout,
		StartTimeout: 10 * time.Second,
		Parallel:     4,
	})
}

// failures lists the scenarios that did not pass, with why, for a
// failing assertion's message.
func failures(r *Report) string {
	var b strings.Builder
	for _, s := range r.Scenarios {
		if s.Status != Pass {
			WriteResult(&b, s)
		}
	}
	return b.String()
}

func TestGoodBotsPassEveryScenario(t *testing.T) {
	needBuilt(t)
	starter := filepath.Join("..", "examples", "bots", "python", "bot.py")
	cases := []struct {
		name    string
		command func() []string
		python  bool
	}{
		{"refbot", func() []string {
			return []string{refbotBin, "--connect", "{host}:{port}", "--seat", "{seat}", "--name", "{name}", "--level", "easy"}
		}, false},
		{"go starter", func() []string { return []string{goStarter, "{host}", "{port}", "{seat}", "{name}"} }, false},
		{"python starter", func() []string { return []string{python, starter, "{host}", "{port}", "{seat}", "{name}"} }, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if tc.python {
				needPython(t)
			}
			rep, err := check(t, 5*time.Second, nil, tc.command()...)
			require.NoError(t, err)
			assert.True(t, rep.OK(), failures(rep))
			assert.Equal(t, len(Scenarios()), rep.Passed, failures(rep))
			for _, s := range rep.Scenarios {
				assert.Empty(t, s.Notes, s.Name)
				// refbot connects again by itself when its connection
				// drops and is left running; the starters leave, and
				// are started again.
				wantRestarts := 0
				if s.Name == "reconnect" && tc.name != "refbot" {
					wantRestarts = 1
				}
				assert.Equal(t, wantRestarts, s.Restarts, s.Name)
			}
			assert.Positive(t, rep.Timing.Call.N)
			assert.Positive(t, rep.Timing.Card.N)
			assert.Equal(t, len(Scenarios()), rep.Timing.Startup.N)
			assert.LessOrEqual(t, rep.Timing.Card.P50, rep.Timing.Card.P95)
			t.Logf("%s: call p50 %.1f ms p95 %.1f ms; card p50 %.1f ms p95 %.1f ms; start-up p50 %.1f ms p95 %.1f ms", tc.name,
				rep.Timing.Call.P50, rep.Timing.Call.P95, rep.Timing.Card.P50, rep.Timing.Card.P95, rep.Timing.Startup.P50, rep.Timing.Startup.P95)
		})
	}
}

// TestRealRobots runs the real third-party clients when they are set up
// on the machine (they are not in the repository, and take half a
// minute): BEN's table manager client with its stub brain
// (/work/shared/tools/ben style: OPENROOM_BEN_CLIENT is ben_client.py,
// BEN_SRC BEN's src/ folder) and bridge_env's example client
// (OPENROOM_BRIDGE_ENV is a checkout of yotaroy/bridge_env). BEN needs the
// timing line, bridge_env must not get it: each is "limited" in the other
// scenario, as docs/robots.md says.
func TestRealRobots(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	t.Run("BEN", func(t *testing.T) {
		client, src := os.Getenv("OPENROOM_BEN_CLIENT"), os.Getenv("BEN_SRC")
		if client == "" || src == "" {
			t.Skip("set OPENROOM_BEN_CLIENT and BEN_SRC to run BEN's client")
		}
		t.Parallel()
		// BEN's client writes a database of its boards into its working
		// folder: a temporary one, not the package's.
		rep, err := check(t, 10*time.Second, nil, "bash", "-c", `cd "$0" && exec "$@"`, t.TempDir(),
			"/usr/bin/python3", "-B", client, "--host", "{host}", "--port", "{port}",
			"--name", "{name}", "--seat", "{seat}", "--config", filepath.Join(src, "config", "default.conf"))
		require.NoError(t, err)
		assert.True(t, rep.OK(), failures(rep))
		for _, s := range rep.Scenarios {
			if s.Name == "no-timing" {
				assert.Equal(t, Limited, s.Status)
			}
		}
	})
	t.Run("bridge_env", func(t *testing.T) {
		dir := os.Getenv("OPENROOM_BRIDGE_ENV")
		if dir == "" {
			t.Skip("set OPENROOM_BRIDGE_ENV to a checkout of yotaroy/bridge_env to run its client")
		}
		t.Parallel()
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		// Its client takes the seat's first letter.
		script := `cd "$0" && exec /usr/bin/python3 -c 'from bridge_env.network_bridge.client import main; main()' -p "$2" -i "$1" -l "${3:0:1}" -t "$4"`
		rep, err := Run(ctx, Options{Command: []string{"bash", "-c", script, dir, "{host}", "{port}", "{seat}", "{name}"},
			NoTiming: true, Timeout: 5 * time.Second, Parallel: 4})
		require.NoError(t, err)
		assert.True(t, rep.OK(), failures(rep))
		for _, s := range rep.Scenarios {
			if s.Name == "timing" {
				assert.Equal(t, Limited, s.Status)
			}
		}
	})
}

// badBot is the script of the Python starter bot with one defect.
func badBot(defect string) string {
	return filepath.Join("testdata", "badbots", defect+".py")
}

func TestBadBotsFailWithTheFirstLineThatDeparts(t *testing.T) {
	needPython(t)
	cases := []struct {
		defect, scenario string
		expected, came   string // substrings
		why, doc         string
		line             bool // the departing line is numbered
	}{
		// The defects that show as a silence get a short timeout (yet
		// long enough for a loaded machine to start Python and get
		// through the handshake); the others a long one, so that a loaded
		// machine cannot turn them into timeouts.
		{"illegal-call", "seat-north", "a legal call, e.g. `North passes`; legal now: Pass, 1C..7NT", "`North redoubles`", "illegal", "#the-auction", true},
		{"revoke", "defender-third", "legal: 9C 8C 7C", "`East plays QS`", "must follow suit", "#the-play", true},
		{"out-of-turn", "defender-third", "`East ready for dummy's card to trick 1`", "`East plays QS`", "out of turn", "#the-play", true},
		{"dummy-plays", "dummy", "`South ready for dummy's card to trick 1`", "`South plays 9S`", "out of turn", "#playing-as-dummy-and-declarer", true},
		{"wrong-seat", "seat-north", "`North ready for deal`", "`East ready for deal`", "North sent a line for East", "#seat-names", true},
		{"no-ready", "seat-north", "`North ready for teams`", "`Connecting \"bot\" as North using protocol version 18`", "the table closed the connection", "#the-handshake", true},
		{"early-dummy", "defender-lead", "a legal card, e.g. `West plays", "nothing within 3s (the bot's last line: `West ready for dummy`)", "timeout", "#waiting-for-dummy-before-the-opening-lead", false},
		{"garbage", "seat-north", "a legal call", "`I would like to bid one club please`", "unparseable line", "#lines-and-spellings", true},
		{"hang", "seat-north", "a legal call", "nothing within 3s (the bot's last line: `North ready for cards`)", "timeout", "#the-auction", false},
		{"long-line", "seat-north", "a legal call", "`" + strings.Repeat("x", 100) + "...`", "line too long: more than 512 bytes", "#lines-and-spellings", true},
		{"long-hello", "seat-north", "`North ready for teams`", "`" + strings.Repeat("x", 100) + "...`", "a line longer than the protocol's 512 bytes", "#lines-and-spellings", true},
	}
	for _, tc := range cases {
		t.Run(tc.defect, func(t *testing.T) {
			t.Parallel()
			timeout := 10 * time.Second
			if tc.defect == "hang" || tc.defect == "early-dummy" || tc.defect == "no-ready" {
				timeout = 3 * time.Second
			}
			rep, err := check(t, timeout, []string{tc.scenario}, python, badBot(tc.defect), "{host}", "{port}", "{seat}", "{name}")
			require.NoError(t, err)
			require.False(t, rep.OK(), "%+v", rep.Scenarios)
			require.Len(t, rep.Scenarios, 1)
			s := rep.Scenarios[0]
			assert.Equal(t, Fail, s.Status)
			assert.Equal(t, tc.scenario, s.Name)
			assert.Contains(t, s.Expected, tc.expected)
			assert.Contains(t, s.Came, tc.came)
			assert.Contains(t, s.Why, tc.why)
			assert.Equal(t, guide+tc.doc, s.Doc)
			assert.Equal(t, tc.line, s.Line > 0, "line %d", s.Line)
			var b strings.Builder
			WriteResult(&b, s)
			assert.Contains(t, b.String(), "FAIL")
			assert.Contains(t, b.String(), "see:      "+guide+tc.doc)
		})
	}
}

func TestScenariosNotReachedOrLimitedDoNotFail(t *testing.T) {
	needPython(t)
	cases := []struct {
		defect, scenario string
		status           Status
		advice           string
	}{
		{"timid", "declarer", NotReached, ""},
		{"needs-timing", "no-timing", Limited, "never set `timing = false` for it"},
	}
	for _, tc := range cases {
		t.Run(tc.defect, func(t *testing.T) {
			t.Parallel()
			rep, err := check(t, 5*time.Second, []string{tc.scenario}, python, badBot(tc.defect), "{host}", "{port}", "{seat}", "{name}")
			require.NoError(t, err)
			assert.True(t, rep.OK(), failures(rep))
			require.Len(t, rep.Scenarios, 1)
			assert.Equal(t, tc.status, rep.Scenarios[0].Status, failures(rep))
			var b strings.Builder
			require.NoError(t, rep.WriteText(&b))
			assert.Contains(t, b.String(), tc.advice)
		})
	}
}

func TestSloppySpellingsPassWithNotes(t *testing.T) {
	needPython(t)
	t.Parallel()
	rep, err := check(t, 2*time.Second, []string{"seat-west"}, python, badBot("sloppy"), "{host}", "{port}", "{seat}", "{name}")
	require.NoError(t, err)
	require.True(t, rep.OK(), failures(rep))
	notes := rep.Scenarios[0].Notes
	require.NotEmpty(t, notes)
	assert.Contains(t, notes[0], "accepted `  WEST READY FOR TEAMS.`, but the canonical line is `West ready for teams`")
}

func TestABotThatCannotStart(t *testing.T) {
	t.Parallel()
	_, err := check(t, time.Second, []string{"seat-north"}, "/nonexistent/bot", "{host}")
	var se *StartError
	require.ErrorAs(t, err, &se)

	_, err = check(t, time.Second, []string{"seat-north"}, "sh", "-c", "echo cannot open the brain >&2; exit 3")
	require.ErrorAs(t, err, &se)
	assert.Contains(t, se.Output, "cannot open the brain")
	assert.Contains(t, se.Error(), "exit status 3")
}

func TestABotStartedByHand(t *testing.T) {
	needBuilt(t)
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	host, port, _ := net.SplitHostPort(ln.Addr().String())
	go func() {
		// The author's loop: start the bot again whenever it leaves.
		for ctx.Err() == nil {
			_ = exec.CommandContext(ctx, goStarter, host, port, "East", "mine").Run()
		}
	}()
	rep, err := Run(ctx, Options{Listen: ln, Seat: engine.East, FixSeat: true, Scenarios: []string{"seat-north", "dummy", "declarer"}, Timeout: 5 * time.Second})
	require.NoError(t, err)
	assert.True(t, rep.OK(), failures(rep))
	for _, s := range rep.Scenarios {
		assert.Equal(t, "East", s.Seat)
	}
}

func TestRunRejectsAnUnknownScenario(t *testing.T) {
	_, err := Run(context.Background(), Options{Command: []string{"true"}, Scenarios: []string{"nope"}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `"nope"`)
	var se *StartError
	assert.False(t, errors.As(err, &se))
}

func TestScenariosAreDealtAndNamedOnce(t *testing.T) {
	seen := map[string]bool{}
	for _, sc := range Scenarios() {
		assert.False(t, seen[sc.Name], sc.Name)
		seen[sc.Name] = true
		for s := engine.North; s < engine.NumSeats; s++ {
			su := sc.build(s)
			require.NotEmpty(t, su.boards, sc.Name)
			for _, b := range su.boards {
				require.NoError(t, b.Validate(), sc.Name)
			}
			assert.Nil(t, su.players[s], "%s: the bot's seat is its own", sc.Name)
			for o := engine.North; o < engine.NumSeats; o++ {
				if o != s {
					assert.NotNil(t, su.players[o], "%s: seat %s", sc.Name, o)
				}
			}
		}
	}
	for _, want := range []string{"seat-north", "seat-east", "seat-south", "seat-west", "declarer", "dummy", "defender-lead",
		"defender-third", "passed-out", "double-redouble", "forced", "alert", "end-of-session", "timing", "no-timing", "reconnect", "variants"} {
		assert.True(t, seen[want], want)
	}
}

func TestOffendingLine(t *testing.T) {
	cases := []struct {
		detail, want string
		ok           bool
	}{
		{`"North redoubles": North calls XX: redouble is legal only over an opponent's double`, "North redoubles", true},
		{`out of turn (the table waits for West's bid): "North passes"`, "North passes", true},
		{`unparseable line (unknown message): "hello\x01"...`, "hello\x01", true},
		{"no answer within 1s", "", false},
	}
	for _, tc := range cases {
		got, ok := offending(tc.detail)
		assert.Equal(t, tc.ok, ok, tc.detail)
		assert.Equal(t, tc.want, got, tc.detail)
	}
}

func TestStat(t *testing.T) {
	assert.Equal(t, Stat{}, stat(nil))
	var ds []time.Duration
	for i := 100; i >= 1; i-- {
		ds = append(ds, time.Duration(i)*time.Millisecond)
	}
	s := stat(ds)
	assert.Equal(t, 100, s.N)
	assert.InDelta(t, 51, s.P50, 1)
	assert.InDelta(t, 95, s.P95, 1)
}

func TestEveryGuideLinkHasItsSection(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "docs", "bot-authors.md"))
	require.NoError(t, err)
	anchors := map[string]bool{}
	for _, l := range strings.Split(string(b), "\n") {
		if !strings.HasPrefix(l, "#") {
			continue
		}
		title := strings.ToLower(strings.TrimSpace(strings.TrimLeft(l, "#")))
		var a strings.Builder
		for _, r := range title {
			switch {
			case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-':
				a.WriteRune(r)
			case r == ' ':
				a.WriteRune('-')
			}
		}
		anchors[a.String()] = true
	}
	for _, doc := range []string{docLines, docHandshake, docBoard, docAuction, docPlay, docDummy, docEarlyDummy, docToLead,
		docWait, docFault, docReconnect, docEnd, docTiming, docOthers, docSeatName} {
		anchor, ok := strings.CutPrefix(doc, guide+"#")
		require.True(t, ok, doc)
		assert.True(t, anchors[anchor], "no section for %s", doc)
	}
}
