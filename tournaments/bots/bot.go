package bots

import (
	"github.com/openroom/openroom/sandbox"

	"errors"
	"fmt"
	"net/netip"
	"strings"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot"
)

// Kind says how a bot gets to its seat.
type Kind int

// The kinds of bot.
const (
	// KindBuiltin is a bot compiled into the harness, seated in-process.
	KindBuiltin Kind = iota
	// KindCommand is a program the harness starts, once per table and seat,
	// with {host}, {port}, {seat} and {name} replaced in its arguments.
	KindCommand
	// KindRemote is a bot that connects to the harness by itself.
	KindRemote
)

// String names the kind as the event file does.
func (k Kind) String() string {
	switch k {
	case KindBuiltin:
		return "builtin"
	case KindCommand:
		return "command"
	case KindRemote:
		return "remote"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Placeholders a bot command line may contain.
const (
	placeholderHost = "{host}" // the address the table listens on
	placeholderPort = "{port}" // its port
	placeholderSeat = "{seat}" // North, East, South or West
	placeholderName = "{name}" // the team name the bot must connect with
)

// Spec describes one bot: what the results file calls it and how to
// seat it.
type Spec struct {
	// Name is the bot as the results' players field names it: its key in
	// the event file, or the BOT argument as given on the command line.
	Name    string
	Kind    Kind
	Builtin string // the built-in bot: "random" or "refbot"
	Level   string // the built-in bot's level, if it has levels
	// System is the bidding system of a built-in refbot (its team's
	// system in the event file); nil bids refbot's default.
	System *refbot.System
	// Opponents is the bidding system the bot's opponents at its table
	// play, when they are built-in refbots (their convention card); the
	// bot reads their calls by it (ShowCards).
	Opponents *refbot.System
	Command   []string // the program and its arguments, with placeholders
	// NoTiming: the table sends this bot no timing line after a board
	// (`timing = false` in its [bots.NAME] table).
	NoTiming bool
	// Addresses and Secret bind a remote bot's seats: it may connect only
	// from these addresses (when any), and must send the secret (when set)
	// after the version number of its Connecting line.
	Addresses []netip.Prefix
	Secret    string
	// Mounts (command bots) are what the bot may read in its sandbox
	// beyond the system folders and its program's folder: absolute paths,
	// its own and its team's.
	Mounts []string
	// Limits are a command bot's own limits ([bots.NAME.limits]); a zero
	// field takes the event's.
	Limits sandbox.Limits
}

// Builtin bot names.
const (
	builtinRandom = "random"
	BuiltinRefbot = "refbot"
)

// ParseSpec reads a bot as the command line gives it:
// builtin:random, builtin:refbot:LEVEL, remote: (a bot that connects by
// itself) or a command line to start (split like a shell would, with
// single and double quotes; no variables or globbing). The spec's Name is
// the argument itself.
func ParseSpec(s string) (Spec, error) {
	s = strings.TrimSpace(s)
	spec := Spec{Name: s}
	switch {
	case s == "":
		return spec, errors.New("bot: empty")
	case strings.HasPrefix(s, "builtin:"):
		parts := strings.Split(s, ":")
		spec.Kind = KindBuiltin
		spec.Builtin = parts[1]
		if len(parts) > 2 {
			spec.Level = strings.Join(parts[2:], ":")
		}
		return spec, spec.Check()
	case s == "remote" || s == "remote:":
		spec.Kind = KindRemote
		return spec, nil
	}
	argv, err := SplitCommand(s)
	if err != nil {
		return spec, fmt.Errorf("bot %q: %w", s, err)
	}
	spec.Kind = KindCommand
	spec.Command = argv
	return spec, spec.Check()
}

// Check validates a spec's fields for its kind.
func (b Spec) Check() error {
	switch b.Kind {
	case KindBuiltin:
		switch b.Builtin {
		case builtinRandom:
			if b.Level != "" {
				return fmt.Errorf("bot %q: builtin:random has no levels", b.Name)
			}
		case BuiltinRefbot:
			if b.Level == "" {
				return fmt.Errorf("bot %q: builtin:refbot needs a level, e.g. builtin:refbot:expert", b.Name)
			}
			if _, err := refbot.ParseLevel(b.Level); err != nil {
				return fmt.Errorf("bot %q: %w", b.Name, err)
			}
		default:
			return fmt.Errorf("bot %q: unknown built-in bot %q (want random or refbot:LEVEL)", b.Name, b.Builtin)
		}
	case KindCommand:
		if len(b.Command) == 0 || b.Command[0] == "" {
			return fmt.Errorf("bot %q: empty command", b.Name)
		}
	}
	return nil
}

// Expand returns the bot's command line with the placeholders replaced.
// Nothing else is ever added: a bot learns no seed, deal or results path
// from its arguments.
func (b Spec) Expand(host, port, seat, name string) []string {
	r := strings.NewReplacer(placeholderHost, host, placeholderPort, port, placeholderSeat, seat, placeholderName, name)
	out := make([]string, len(b.Command))
	for i, a := range b.Command {
		out[i] = r.Replace(a)
	}
	return out
}

// SplitCommand splits a command line into arguments the way a POSIX shell
// splits words: blanks separate, single quotes keep everything literal,
// double quotes keep blanks and allow \" and \\, and a backslash outside
// quotes escapes the next character. It expands nothing.
func SplitCommand(s string) ([]string, error) {
	var (
		args  []string
		cur   strings.Builder
		inArg bool
	)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			if inArg {
				args = append(args, cur.String())
				cur.Reset()
				inArg = false
			}
		case c == '\'':
			inArg = true
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("unterminated single quote at offset %d", i)
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
		case c == '"':
			inArg = true
			closed := false
			for i++; i < len(s); i++ {
				if s[i] == '"' {
					closed = true
					break
				}
				if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
					i++
				}
				cur.WriteByte(s[i])
			}
			if !closed {
				return nil, errors.New("unterminated double quote")
			}
		case c == '\\':
			inArg = true
			if i+1 < len(s) {
				i++
				cur.WriteByte(s[i])
			}
		default:
			inArg = true
			cur.WriteByte(c)
		}
	}
	if inArg {
		args = append(args, cur.String())
	}
	if len(args) == 0 {
		return nil, errors.New("empty command")
	}
	return args, nil
}

// ShowCards gives each built-in refbot seat of a table its opponents'
// bidding system, as convention cards are exchanged at a table: a seat
// whose left-hand opponent is a built-in refbot learns that bot's system
// (its default when none is set). Opponents that are not built-in
// refbots have no card here, and a bot reads their calls by its own
// system.
func ShowCards(seats [engine.NumSeats]Spec) [engine.NumSeats]Spec {
	for s := range seats {
		opp := seats[engine.Seat(s).LHO()]
		seats[s].Opponents = nil
		if opp.Kind == KindBuiltin && opp.Builtin == BuiltinRefbot {
			seats[s].Opponents = opp.System
			if seats[s].Opponents == nil {
				seats[s].Opponents = refbot.NewSystem()
			}
		}
	}
	return seats
}
