package tournaments

import (
	"github.com/openroom/openroom/allowlist"
	"github.com/openroom/openroom/sandbox"
	"github.com/openroom/openroom/tournaments/bots"
	"github.com/openroom/openroom/tournaments/shards"

	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/protocol"
	"github.com/openroom/openroom/refbot"
	"github.com/openroom/openroom/sprt"
)

// ScheduleKind is the shape of an event.
type ScheduleKind string

// The schedules.
const (
	// ScheduleMatch is one team match between two teams.
	ScheduleMatch ScheduleKind = "match"
	// ScheduleRoundRobin has every team meet every other once, one match per
	// round each (a team sits out a round when their number is odd).
	ScheduleRoundRobin ScheduleKind = "round-robin"
	// ScheduleGauntlet has one team (the hero) meet each of the others, one
	// round each.
	ScheduleGauntlet ScheduleKind = "gauntlet"
)

// Defaults of an event.
const (
	defaultSegment  = 16 // boards a table plays in one session
	defaultCount    = 16 // boards per match
	defaultRestarts = 3

	// maxBoardsPerMatch and maxEventBoards bound a board set, so a typo
	// cannot make the harness deal (or a schedule hold) billions of boards.
	maxBoardsPerMatch = 100_000
	maxEventBoards    = 1_000_000
)

// Team is a team of an event: Bots[0] sits North (or East), Bots[1] South
// (or West). A team with one bot has it twice.
type Team struct {
	Name string
	Bots [2]bots.Spec
}

// Clocks are the time limits of a table; zero means the table's default.
type Clocks struct {
	Action time.Duration // per call or card
	Board  time.Duration // a side's budget for one board
	Start  time.Duration // how long the four bots may take to sit down
}

// FaultRules say what happens when a bot faults.
type FaultRules struct {
	// Replay plays a board stopped by a fault again; otherwise it gets the
	// artificial adjusted score (A+ to the side not at fault, A- to the
	// side at fault).
	Replay bool
	// Restarts is how often a crashed bot process is started again before
	// its remaining boards are scored as faults.
	Restarts int
	// Reconnect is how long a seat may take to come back after a fault.
	Reconnect time.Duration
	// IMPs values the artificial adjusted scores of a board stopped by a
	// fault (engine.Law12CIMPs: +3 and -3).
	IMPs engine.AdjustedIMPs
}

// Event is a resolved, checked event, ready to schedule and run.
type Event struct {
	Name        string
	Out         string // output folder
	Concurrency int
	Segment     int
	LIN         bool
	Listen      string   // where remote bots connect
	Allow       []string // who beyond loopback may connect to Listen
	Kind        ScheduleKind
	Teams       []Team // in schedule order
	Hero        string // gauntlet only
	PerMatch    int    // boards per match
	Boards      []engine.BoardSetup
	Seed        string // the deal seed, when the boards are dealt from one
	SeedDrawn   bool   // no seed was given: Seed is a fresh random one, and Run keeps the one of the output folder (see SeedFile)
	PBN         string // the PBN file, when read from one
	Source      string // the event file, when read from one
	Clocks      Clocks
	Faults      FaultRules
	SPRT        *sprt.Params // a sequential test of the match: the match ends once it decides, PerMatch is the cap
	// Shard, when set (SetShard), restricts the tables to one shard's
	// boards of every match; the zero Shard is the whole event.
	Shard shards.Shard
	// Limits bound each command bot ([limits]; zero fields take the
	// defaults, see sandbox.Limits).
	Limits sandbox.Limits
}

// Resolve checks a File and fills its defaults. Every mistake is a
// *ConfigError naming the key and, where it can, the line.
func Resolve(f *File) (*Event, error) {
	ev := &Event{
		Name:        f.Name,
		Concurrency: f.Concurrency,
		Segment:     f.Segment,
		LIN:         f.LIN,
		Listen:      f.Listen,
		Allow:       f.Allow,
		Hero:        f.Schedule.Hero,
		Clocks:      Clocks{Action: f.Clocks.Action, Board: f.Clocks.Board, Start: f.Clocks.Start},
		Faults:      FaultRules{Restarts: f.Faults.Restarts, Reconnect: f.Faults.Reconnect, IMPs: engine.Law12CIMPs},
		Source:      f.path,
	}
	if ev.Name == "" {
		ev.Name = strings.TrimSuffix(filepath.Base(f.path), filepath.Ext(f.path))
		if ev.Name == "" || ev.Name == "." {
			ev.Name = "event"
		}
	}
	if strings.ContainsAny(ev.Name, "\n\r\"") {
		return nil, f.errorf("name", "name %q: no quotes or line breaks", ev.Name)
	}
	ev.Out = f.Out
	if ev.Out == "" {
		ev.Out = filepath.Join("out", sanitize(ev.Name))
	} else if !filepath.IsAbs(ev.Out) {
		ev.Out = filepath.Join(f.dir, ev.Out)
	}
	switch {
	case ev.Concurrency == 0:
		ev.Concurrency = runtime.NumCPU()
	case ev.Concurrency < 0:
		return nil, f.errorf("concurrency", "concurrency %d: want 1 or more (0 for the number of cores)", ev.Concurrency)
	}
	switch {
	case ev.Segment == 0:
		ev.Segment = defaultSegment
	case ev.Segment < 0:
		return nil, f.errorf("segment", "segment %d: want 1 or more boards", ev.Segment)
	}
	if ev.Clocks.Action < 0 || ev.Clocks.Board < 0 || ev.Clocks.Start < 0 || ev.Faults.Reconnect < 0 {
		return nil, f.errorf("clocks", "clocks and reconnect limits must not be negative")
	}
	switch f.Faults.Policy {
	case "", "adjust":
	case "replay":
		ev.Faults.Replay = true
	default:
		return nil, f.errorf("faults.policy", "faults.policy %q: want \"adjust\" or \"replay\"", f.Faults.Policy)
	}
	switch {
	case ev.Faults.Restarts == 0:
		ev.Faults.Restarts = defaultRestarts
	case ev.Faults.Restarts < 0:
		return nil, f.errorf("faults.restarts", "faults.restarts %d: want 0 or more", ev.Faults.Restarts)
	}

	var err error
	if ev.Limits, err = resolveLimits(f, "limits", f.Limits); err != nil {
		return nil, err
	}
	specs, err := resolveBots(f)
	if err != nil {
		return nil, err
	}
	if err := resolveTeams(f, ev, specs); err != nil {
		return nil, err
	}
	if err := resolveBoards(f, ev); err != nil {
		return nil, err
	}
	if err := resolveSPRT(f, ev); err != nil {
		return nil, err
	}
	return ev, nil
}

// resolveBots checks the [bots] tables.
func resolveBots(f *File) (map[string]bots.Spec, error) {
	out := make(map[string]bots.Spec, len(f.Bots))
	for name, bc := range f.Bots {
		key := "bots." + name
		n := 0
		for _, set := range []bool{bc.Builtin != "", bc.Command != "", bc.Remote} {
			if set {
				n++
			}
		}
		if n != 1 {
			return nil, f.errorf(key, "bot %q: set exactly one of builtin, command or remote", name)
		}
		spec := bots.Spec{Name: name, NoTiming: bc.Timing != nil && !*bc.Timing}
		switch {
		case bc.Builtin != "":
			spec.Kind, spec.Builtin, spec.Level = bots.KindBuiltin, bc.Builtin, bc.Level
		case bc.Command != "":
			argv, err := bots.SplitCommand(bc.Command)
			if err != nil {
				return nil, f.errorf(key+".command", "bot %q: command: %v", name, err)
			}
			spec.Kind, spec.Command = bots.KindCommand, argv
		default:
			spec.Kind = bots.KindRemote
		}
		if bc.Level != "" && spec.Kind != bots.KindBuiltin {
			return nil, f.errorf(key+".level", "bot %q: level is for built-in bots", name)
		}
		if len(bc.Addresses) > 0 || bc.Secret != "" {
			if spec.Kind != bots.KindRemote {
				return nil, f.errorf(key, "bot %q: addresses and secret are for remote bots", name)
			}
			var err error
			if spec.Addresses, err = protocol.ParseAddresses(bc.Addresses); err != nil {
				return nil, f.errorf(key+".addresses", "bot %q: addresses: %v", name, err)
			}
			if bc.Secret != "" {
				if err := protocol.CheckSecret(bc.Secret); err != nil {
					return nil, f.errorf(key+".secret", "bot %q: secret: %v", name, err)
				}
				spec.Secret = bc.Secret
			}
		}
		if len(bc.Mounts) > 0 {
			if spec.Kind != bots.KindCommand {
				return nil, f.errorf(key+".mounts", "bot %q: mounts are for command bots", name)
			}
			var err error
			if spec.Mounts, err = f.mounts(key+".mounts", bc.Mounts); err != nil {
				return nil, err
			}
		}
		if bc.Limits.set() && spec.Kind != bots.KindCommand {
			return nil, f.errorf(key+".limits", "bot %q: limits are for command bots", name)
		}
		var err error
		if spec.Limits, err = resolveLimits(f, key+".limits", bc.Limits); err != nil {
			return nil, err
		}
		if err := spec.Check(); err != nil {
			return nil, f.errorf(key, "%v", err)
		}
		out[name] = spec
	}
	return out, nil
}

// mounts resolves a mounts list (at key): each path taken relative to the
// event file's folder, and there to be read.
func (f *File) mounts(key string, paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		if p == "" {
			return nil, f.errorf(key, "%s: an empty path", key)
		}
		if !filepath.IsAbs(p) {
			p = filepath.Join(f.dir, p)
		}
		abs, err := filepath.Abs(p)
		if err != nil {
			return nil, f.errorf(key, "%s: %v", key, err)
		}
		if !f.noStart {
			if _, err := os.Stat(abs); err != nil {
				return nil, f.errorf(key, "%s: %v", key, err)
			}
		}
		out = append(out, abs)
	}
	return out, nil
}

// lookupBot finds a team's bot: a key of [bots], or a built-in spec.
func lookupBot(f *File, specs map[string]bots.Spec, team, name string) (bots.Spec, error) {
	if b, ok := specs[name]; ok {
		return b, nil
	}
	if strings.HasPrefix(name, "builtin:") {
		b, err := bots.ParseSpec(name)
		if err != nil {
			return b, f.errorf("teams."+team+".bots", "team %q: %v", team, err)
		}
		return b, nil
	}
	return bots.Spec{}, f.errorf("teams."+team+".bots", "team %q: bot %q is not defined (add a [bots.%s] table or use builtin:random, builtin:refbot:LEVEL)", team, name, name)
}

// resolveTeams checks the teams and the schedule.
func resolveTeams(f *File, ev *Event, specs map[string]bots.Spec) error {
	names := f.Schedule.Teams
	key := "schedule.teams"
	if len(names) == 0 {
		names = f.teamNames()
		key = "teams"
	}
	if err := checkTeamCase(f); err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, n := range names {
		tc, ok := f.Teams[n]
		if !ok {
			return f.errorf(key, "team %q is not defined (add a [teams.%s] table)", n, n)
		}
		if seen[n] {
			return f.errorf(key, "team %q is listed twice", n)
		}
		seen[n] = true
		t, err := resolveTeam(f, n, tc, specs)
		if err != nil {
			return err
		}
		ev.Teams = append(ev.Teams, t)
	}
	if err := resolveSchedule(f, ev, seen); err != nil {
		return err
	}
	return resolveListen(f, ev)
}

// checkTeamCase refuses two team names that differ only in case: team
// names make file names (A-v-B.pbn), and the two would be one file on a
// case-insensitive disk.
func checkTeamCase(f *File) error {
	folded := map[string]string{}
	for _, n := range f.teamNames() {
		k := strings.ToLower(n)
		if other, dup := folded[k]; dup {
			a, b := other, n
			if la, lb := f.line("teams."+a), f.line("teams."+b); lb > 0 && la > lb {
				a, b = b, a // b is the later one: the error's line
			}
			msg := fmt.Sprintf("teams %q and %q differ only in case", a, b)
			if la := f.line("teams." + a); la > 0 {
				msg = fmt.Sprintf("team %q differs only in case from team %q on line %d", b, a, la)
			}
			return &ConfigError{File: f.path, Line: f.line("teams." + b), Msg: msg}
		}
		folded[k] = n
	}
	return nil
}

// resolveTeam checks team n's table and finds its bots: one for every
// seat or two (North/East, South/West), each with the team's mounts.
func resolveTeam(f *File, n string, tc TeamConfig, specs map[string]bots.Spec) (Team, error) {
	if n == "" || strings.ContainsAny(n, "\"\n\r/\\") {
		return Team{}, f.errorf("teams", "team name %q: no quotes, slashes or line breaks", n)
	}
	t := Team{Name: n}
	teamMounts, err := f.mounts("teams."+n+".mounts", tc.Mounts)
	if err != nil {
		return Team{}, err
	}
	switch len(tc.Bots) {
	case 1, 2:
	default:
		return Team{}, f.errorf("teams."+n+".bots", "team %q: want one bot (for every seat) or two (North/East, South/West), found %d", n, len(tc.Bots))
	}
	for i := range t.Bots {
		b, err := lookupBot(f, specs, n, tc.Bots[i%len(tc.Bots)])
		if err != nil {
			return Team{}, err
		}
		if b.Kind == bots.KindCommand && !f.noStart {
			if _, err := exec.LookPath(b.Command[0]); err != nil {
				return Team{}, f.errorf("bots."+b.Name+".command", "bot %q: cannot start %q: %v", b.Name, b.Command[0], errors.Unwrap(err))
			}
		}
		if b.Kind == bots.KindCommand && len(teamMounts) > 0 {
			b.Mounts = append(append([]string(nil), b.Mounts...), teamMounts...)
		}
		t.Bots[i] = b
	}
	if tc.System != "" {
		if err := setTeamSystem(f, n, tc.System, &t); err != nil {
			return Team{}, err
		}
	}
	return t, nil
}

// setTeamSystem loads the team's bidding system and gives it to the
// team's built-in refbot seats; a team without one may not name a system.
func setTeamSystem(f *File, team, system string, t *Team) error {
	key := "teams." + team + ".system"
	var sys *refbot.System
	// A merge plays nothing: a system file may be on another machine, and
	// the shards' fingerprint already holds its content.
	if !f.noStart || !refbot.IsSystemFile(system) {
		var err error
		if sys, err = refbot.LoadSystem(f.systemPath(system)); err != nil {
			return f.errorf(key, "%s: %v", key, err)
		}
	}
	set := false
	for i := range t.Bots {
		if b := &t.Bots[i]; b.Kind == bots.KindBuiltin && b.Builtin == bots.BuiltinRefbot {
			b.System, set = sys, true
		}
	}
	if !set {
		return f.errorf(key, "%s: team %q has no built-in refbot seat, and a bidding system is for those", key, team)
	}
	return nil
}

// systemPath resolves a team's system as refbot.LoadSystem takes it: a
// built-in name as it is, a file relative to the event file's folder.
func (f *File) systemPath(system string) string {
	if refbot.IsSystemFile(system) && !filepath.IsAbs(system) {
		return filepath.Join(f.dir, system)
	}
	return system
}

// resolveSchedule sets the event's schedule kind (a match for two teams,
// a round robin for more, unless the file names one) and checks that the
// teams suit it; seen holds the teams' names.
func resolveSchedule(f *File, ev *Event, seen map[string]bool) error {
	kind := ScheduleKind(f.Schedule.Kind)
	if kind == "" {
		kind = ScheduleMatch
		if len(ev.Teams) > 2 {
			kind = ScheduleRoundRobin
		}
	}
	ev.Kind = kind
	switch kind {
	case ScheduleMatch:
		if len(ev.Teams) != 2 {
			return f.errorf("schedule", "a team match needs exactly 2 teams, found %d", len(ev.Teams))
		}
	case ScheduleRoundRobin:
		if len(ev.Teams) < 2 {
			return f.errorf("schedule", "a round robin needs at least 2 teams, found %d", len(ev.Teams))
		}
	case ScheduleGauntlet:
		if len(ev.Teams) < 2 {
			return f.errorf("schedule", "a gauntlet needs at least 2 teams, found %d", len(ev.Teams))
		}
		if !seen[ev.Hero] {
			return f.errorf("schedule.hero", "gauntlet: hero %q is not one of the teams", ev.Hero)
		}
	default:
		return f.errorf("schedule.kind", "schedule kind %q: want match, round-robin or gauntlet", kind)
	}
	if kind != ScheduleGauntlet && ev.Hero != "" {
		return f.errorf("schedule.hero", "hero is for a gauntlet only")
	}
	return nil
}

// resolveListen checks the listen address: set when a bot is remote, and
// beyond loopback only with an allow list.
func resolveListen(f *File, ev *Event) error {
	for _, t := range ev.Teams {
		for _, b := range t.Bots {
			if b.Kind == bots.KindRemote && ev.Listen == "" {
				return f.errorf("listen", "bot %q is remote: set listen to the address it connects to", b.Name)
			}
		}
	}
	if ev.Listen != "" {
		allow, err := allowlist.Parse(ev.Allow)
		if err != nil {
			return f.errorf("allow", "%v", err)
		}
		if err := allowlist.CheckListen(ev.Listen, allow); err != nil {
			return f.errorf("listen", "%v (add allow = [...])", err)
		}
	}
	return nil
}

// resolveBoards builds the board set.
func resolveBoards(f *File, ev *Event) error {
	bc := f.Boards
	rounds := ev.Rounds()
	if bc.Count < 0 || bc.Count > maxBoardsPerMatch {
		return f.errorf("boards.count", "boards.count %d: want 1 to %d", bc.Count, maxBoardsPerMatch)
	}
	if bc.Count*rounds > maxEventBoards {
		return f.errorf("boards.count", "boards.count %d over %d rounds: more than %d boards in all", bc.Count, rounds, maxEventBoards)
	}
	if bc.PBN != "" {
		if bc.Seed != "" {
			return f.errorf("boards", "set boards.pbn or boards.seed, not both")
		}
		path := bc.PBN
		if !filepath.IsAbs(path) {
			path = filepath.Join(f.dir, path)
		}
		boards, err := readPBNFile(path)
		if err != nil {
			return &ConfigError{File: f.path, Line: f.line("boards.pbn"), Msg: err.Error(), Err: err}
		}
		ev.PBN, ev.Boards = path, boards
		ev.PerMatch = bc.Count
		if ev.PerMatch == 0 {
			ev.PerMatch = len(boards) / rounds
			if ev.PerMatch == 0 {
				ev.PerMatch = len(boards)
			}
		}
		if ev.PerMatch > len(boards) {
			return f.errorf("boards.count", "boards.count %d: the PBN file has only %d boards", ev.PerMatch, len(boards))
		}
		return nil
	}
	ev.Seed = string(bc.Seed)
	if ev.Seed == "" {
		// No seed: deals nobody can predict. Run swaps in the seed an
		// earlier run of the event drew, so a rerun resumes.
		ev.Seed, ev.SeedDrawn = freshSeed(), true
	}
	ev.PerMatch = bc.Count
	if ev.PerMatch == 0 {
		ev.PerMatch = defaultCount
		if f.SPRT != nil {
			ev.PerMatch = defaultSPRTBoards // a cap, not the boards to play
		}
	}
	ev.Boards = engine.SeededBoards(ev.Seed, engine.BoardNumbers(1, ev.PerMatch*rounds))
	return nil
}

// freshSeed returns a new deal seed: 128 random bits (crypto/rand) in
// hex, enough to reach every deal.
func freshSeed() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // never fails (it crashes the program instead)
	return hex.EncodeToString(b[:])
}

// setSeed deals the event's boards again from another seed.
func (ev *Event) setSeed(seed string) {
	ev.Seed = seed
	ev.Boards = engine.SeededBoards(seed, engine.BoardNumbers(1, len(ev.Boards)))
}

// sanitize makes a name safe as one path element.
func sanitize(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	if b.Len() == 0 || strings.Trim(b.String(), ".") == "" {
		return "event"
	}
	return b.String()
}

// HasCommandBots reports whether the harness starts bot processes.
func (ev *Event) HasCommandBots() bool {
	for _, t := range ev.Teams {
		for _, b := range t.Bots {
			if b.Kind == bots.KindCommand {
				return true
			}
		}
	}
	return false
}

// Secrets lists what a command bot must not read: the output folder
// (results, PBN, summary, other bots' logs; for a shard, the folder of
// every shard), the boards' PBN file and the event file (which may hold
// the seed).
func (ev *Event) Secrets() []string {
	var out []string
	out0 := ev.Out
	if ev.Shard.N > 0 {
		// A shard plays in OUT/shard-K-of-N, beside the other shards'
		// folders, whose manifests hold the event and its seed.
		out0 = filepath.Dir(ev.Out)
	}
	for _, p := range []string{out0, ev.PBN, ev.Source} {
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}

// String describes the event in one line.
func (ev *Event) String() string {
	return fmt.Sprintf("%s: %s of %d teams, %d boards a match", ev.Name, ev.Kind, len(ev.Teams), ev.PerMatch)
}
