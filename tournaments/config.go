package tournaments

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
)

// File is an event file as written in TOML. Every field is optional in the
// file; Resolve fills defaults and checks the whole. Command-line flags
// override a File's fields before it is resolved.
type File struct {
	Name        string   `toml:"name"`        // the event's name, the results' "event"
	Out         string   `toml:"out"`         // output folder (relative to the file)
	Concurrency int      `toml:"concurrency"` // tables in play at once; 0 = number of cores
	Segment     int      `toml:"segment"`     // boards per table session; 0 = 16
	LIN         bool     `toml:"lin"`         // also write a LIN line and BBO link per board-room
	Listen      string   `toml:"listen"`      // where remote bots connect, e.g. "127.0.0.1:2000"
	Allow       []string `toml:"allow"`       // addresses or networks beyond loopback that may connect to listen

	Boards   BoardsConfig          `toml:"boards"`
	Schedule ScheduleConfig        `toml:"schedule"`
	Clocks   ClocksConfig          `toml:"clocks"`
	Faults   FaultsConfig          `toml:"faults"`
	Bots     map[string]BotConfig  `toml:"bots"`
	Teams    map[string]TeamConfig `toml:"teams"`
	SPRT     *SPRTConfig           `toml:"sprt"` // a sequential test of a two-team match

	// Limits is what each command bot may use.
	Limits LimitsConfig `toml:"limits,omitempty"`

	dir   string         // folder of the file, for relative paths
	path  string         // the file's name, for messages
	lines map[string]int // dotted key -> line where it is set, for messages
	// noStart: the event is only scored (merge), so its command bots'
	// programs need not be installed here.
	noStart bool
}

// BoardsConfig is the board set: a PBN file, or a seed and a count.
type BoardsConfig struct {
	Seed  Seed   `toml:"seed"`  // deal seed; integer or string
	Count int    `toml:"count"` // boards per match
	PBN   string `toml:"pbn"`   // a PBN file of deals (relative to the event file)
}

// ScheduleConfig chooses the schedule.
type ScheduleConfig struct {
	Kind  string   `toml:"kind"`  // "match", "round-robin" or "gauntlet"
	Teams []string `toml:"teams"` // the teams taking part, in order; default all, by name
	Hero  string   `toml:"hero"`  // gauntlet: the team that meets each of the others
}

// ClocksConfig sets the time limits of every table.
type ClocksConfig struct {
	Action time.Duration `toml:"action"` // one call or card; 0 = the table's default
	Board  time.Duration `toml:"board"`  // a side's budget for one board; 0 = none
	Start  time.Duration `toml:"start"`  // how long a table's four bots may take to sit down; 0 = 60s
}

// FaultsConfig is the fault policy.
type FaultsConfig struct {
	Policy    string        `toml:"policy"`    // "adjust" (default) or "replay"
	Restarts  int           `toml:"restarts"`  // restarts of a crashing bot before its boards are scored as faults; 0 = 3
	Reconnect time.Duration `toml:"reconnect"` // how long a seat may take to come back; 0 = the table's default
}

// BotConfig is one [bots.NAME] table: exactly one of builtin, command or
// remote.
type BotConfig struct {
	Builtin string `toml:"builtin"` // "random" or "refbot"
	Level   string `toml:"level"`   // the built-in bot's level
	Command string `toml:"command"` // a command line with {host} {port} {seat} {name}
	Remote  bool   `toml:"remote"`  // the bot connects by itself to listen
	Timing  *bool  `toml:"timing"`  // false: send the bot no timing line after a board (default true)
	// Addresses (remote bots): the only addresses or networks the bot may
	// connect from, like serve's --seat-address.
	Addresses []string `toml:"addresses"`
	// Secret (remote bots): a word the bot must send after the version
	// number of its Connecting line, like serve's --seat-secret.
	Secret string `toml:"secret"`
	// Mounts (command bots): folders or files the sandboxed bot may read
	// (its data, models), relative to the event file.
	Mounts []string `toml:"mounts"`
	// Limits (command bots): this bot's own limits, over the event's
	// [limits] key by key.
	Limits LimitsConfig `toml:"limits,omitempty"`
}

// LimitsConfig is a [limits] table: what one command bot (all its
// processes together) may use. A key left out takes the default (or, in
// a [bots.NAME.limits] table, the event's); "unlimited" lifts a limit.
type LimitsConfig struct {
	Memory LimitValue `toml:"memory,omitempty"` // bytes of memory, e.g. "4GiB"; default 4GiB
	Procs  LimitValue `toml:"procs,omitempty"`  // processes and threads at once; default 256
	Files  LimitValue `toml:"files,omitempty"`  // open files of one process; default 1024
	Disk   LimitValue `toml:"disk,omitempty"`   // bytes in the bot's own folder (and the largest file); default 1GiB
	Tmp    LimitValue `toml:"tmp,omitempty"`    // size of the bot's private /tmp; default 1GiB
}

// LimitValue is one limit as written: a string with a unit ("4GiB"), an
// integer (bytes or a count), or "unlimited"; "" when not set.
type LimitValue string

// UnmarshalTOML accepts a string or an integer.
func (v *LimitValue) UnmarshalTOML(x any) error {
	switch y := x.(type) {
	case string:
		if y == "" {
			return errors.New("a limit wants a size, a count or \"unlimited\", found \"\"")
		}
		*v = LimitValue(y)
	case int64:
		*v = LimitValue(strconv.FormatInt(y, 10))
	default:
		return fmt.Errorf("a limit wants a size, a count or \"unlimited\", found %T", x)
	}
	return nil
}

// TeamConfig is one [teams.NAME] table.
type TeamConfig struct {
	// Bots names one bot for all four seats of the team, or two: the first
	// sits North (or East), the second South (or West). A name is a key of
	// [bots] or a built-in spec such as "builtin:random".
	Bots []string `toml:"bots"`
	// Mounts: folders or files every command bot of the team may read in
	// its sandbox, relative to the event file (run's --mount TEAM=PATH
	// adds to them).
	Mounts []string `toml:"mounts"`
	// System is the bidding system the team's built-in refbot seats bid
	// with: a built-in system's name (sayc-lite, 2over1) or a system
	// file, relative to the event file. Empty: refbot's default.
	System string `toml:"system,omitempty"`
}

// Seed is a deal seed: TOML may give it as an integer or a string.
type Seed string

// UnmarshalTOML accepts an integer or a string.
func (s *Seed) UnmarshalTOML(v any) error {
	switch x := v.(type) {
	case string:
		*s = Seed(x)
	case int64:
		*s = Seed(strconv.FormatInt(x, 10))
	default:
		return fmt.Errorf("seed: want an integer or a string, found %T", v)
	}
	return nil
}

// ConfigError is a mistake in an event file, with the line it is on when
// known.
type ConfigError struct {
	File string
	Line int    // 0 when unknown
	Key  string // the dotted key at fault, "" when none is
	Msg  string
	Err  error // the underlying error, if any (a board set that cannot be opened)
}

// Unwrap returns the underlying error.
func (e *ConfigError) Unwrap() error { return e.Err }

// Error returns "file:line: message", leaving out what is unknown.
func (e *ConfigError) Error() string {
	switch {
	case e.File != "" && e.Line > 0:
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	case e.File != "":
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	case e.Line > 0:
		return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
	}
	return e.Msg
}

// LoadFile reads an event file. Relative paths in it are taken relative to
// the file's folder.
func LoadFile(path string) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("event file: %w", err)
	}
	f, err := ParseFile(data, path)
	if err != nil {
		return nil, err
	}
	f.dir = filepath.Dir(path)
	return f, nil
}

// ParseFile reads an event file from memory; name is used in messages.
// Unknown keys are an error naming the key and its line.
func ParseFile(data []byte, name string) (*File, error) {
	f := &File{path: name, dir: ".", lines: keyLines(data)}
	md, err := toml.NewDecoder(bytes.NewReader(data)).Decode(f)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return nil, &ConfigError{File: name, Line: pe.Position.Line, Msg: pe.Message}
		}
		// Type mismatches come back as plain errors of the form
		// `toml: line N (last key "k"): message`.
		msg := strings.TrimPrefix(err.Error(), "toml: ")
		if m := typeErrRE.FindStringSubmatch(msg); m != nil {
			line, _ := strconv.Atoi(m[1])
			return nil, &ConfigError{File: name, Line: line, Msg: fmt.Sprintf("%s: %s", m[2], m[3])}
		}
		return nil, &ConfigError{File: name, Msg: msg}
	}
	if und := md.Undecoded(); len(und) > 0 {
		k := und[0].String()
		return nil, &ConfigError{File: name, Line: f.line(k), Msg: fmt.Sprintf("unknown key %q", k)}
	}
	// Resolve reads a zero count as "not set" (the default, or a PBN
	// file's boards); one written in the file is a mistake, not a default.
	if md.IsDefined("boards", "count") && f.Boards.Count == 0 {
		return nil, f.errorf("boards.count", "boards.count 0: want 1 to %d (leave it out for the default)", maxBoardsPerMatch)
	}
	return f, nil
}

// typeErrRE reads the TOML library's type mismatch messages.
var typeErrRE = regexp.MustCompile(`^line (\d+) \(last key "([^"]*)"\): (.*)$`)

// line returns the line a dotted key is set on, or 0.
func (f *File) line(key string) int {
	if f == nil || f.lines == nil {
		return 0
	}
	for k := key; k != ""; {
		if l, ok := f.lines[k]; ok {
			return l
		}
		i := strings.LastIndexByte(k, '.')
		if i < 0 {
			break
		}
		k = k[:i]
	}
	return 0
}

// errorf makes a ConfigError at the line of key.
func (f *File) errorf(key, format string, args ...any) error {
	return &ConfigError{File: f.path, Line: f.line(key), Key: key, Msg: fmt.Sprintf(format, args...)}
}

// keyLines finds the line of every table header and key/value line of a
// TOML document, as dotted keys. The TOML library keeps key positions to
// itself, so this is a plain line scan: good for the usual one-key-a-line
// layout, and a key it misses is reported without a line, never wrongly.
func keyLines(data []byte) map[string]int {
	out := map[string]int{}
	table := ""
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	n := 0
	depth := 0 // open brackets of a multi-line array
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		if depth > 0 {
			depth += strings.Count(line, "[") - strings.Count(line, "]")
			continue
		}
		if line[0] == '[' {
			h := strings.Trim(strings.SplitN(line, "#", 2)[0], " \t[]")
			table = normKey(h)
			if _, ok := out[table]; !ok {
				out[table] = n
			}
			continue
		}
		eq := strings.IndexByte(line, '=')
		if eq <= 0 {
			continue
		}
		k := normKey(line[:eq])
		if table != "" {
			k = table + "." + k
		}
		if _, ok := out[k]; !ok {
			out[k] = n
		}
		v := line[eq+1:]
		if i := strings.IndexByte(v, '#'); i >= 0 && !strings.ContainsAny(v[:i], `"'`) {
			v = v[:i]
		}
		if d := strings.Count(v, "[") - strings.Count(v, "]"); d > 0 && !strings.ContainsAny(v, `"'`) || d > 0 && strings.HasSuffix(strings.TrimSpace(v), "[") {
			depth = d
		}
	}
	return out
}

// normKey turns a TOML key as written (a.b, "a".b, a . b) into dotted form.
func normKey(s string) string {
	parts := strings.Split(s, ".")
	for i, p := range parts {
		parts[i] = strings.Trim(strings.TrimSpace(p), `"'`)
	}
	return strings.Join(parts, ".")
}

// teamNames returns the teams of the file sorted by name.
func (f *File) teamNames() []string {
	names := make([]string, 0, len(f.Teams))
	for n := range f.Teams {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
