package sandbox

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Limits bound what one command bot (all its processes together) may
// use. A zero field takes its default (DefaultLimits); Unlimited lifts
// the limit. Core dumps are always off.
type Limits struct {
	// Memory is the bytes of memory of all the bot's processes, its /tmp
	// files included (a tmpfs lives in memory).
	Memory int64
	// Procs is how many processes and threads the bot may have at once.
	Procs int64
	// Files is how many files one process of the bot may have open.
	Files int64
	// Disk is the bytes the bot may keep in its own folder; no file it
	// writes may be larger either.
	Disk int64
	// Tmp is the size of the bot's private /tmp.
	Tmp int64
}

// Unlimited, as a field of Limits, lifts that limit.
const Unlimited int64 = -1

// The default limits: room for real robots (a strong neural-network bot
// takes about 1.2 GB and 8 threads a seat) but not for a runaway one.
const (
	DefaultMemory int64 = 4 << 30
	DefaultProcs  int64 = 256
	DefaultFiles  int64 = 1024
	DefaultDisk   int64 = 1 << 30
	DefaultTmp    int64 = 1 << 30
)

// DefaultLimits returns the default limits.
func DefaultLimits() Limits {
	return Limits{Memory: DefaultMemory, Procs: DefaultProcs, Files: DefaultFiles, Disk: DefaultDisk, Tmp: DefaultTmp}
}

// WithDefaults returns l with every zero field set to its default.
func (l Limits) WithDefaults() Limits {
	d := DefaultLimits()
	for _, p := range []struct{ v, d *int64 }{{&l.Memory, &d.Memory}, {&l.Procs, &d.Procs}, {&l.Files, &d.Files}, {&l.Disk, &d.Disk}, {&l.Tmp, &d.Tmp}} {
		if *p.v == 0 {
			*p.v = *p.d
		}
	}
	return l
}

// limited reports whether a resolved limit value bounds anything.
func limited(v int64) bool { return v > 0 }

// The mechanisms that can enforce a limit, as Mechanisms names them.
const (
	MechCgroup2 = "cgroup v2"
	MechCgroup1 = "cgroup v1"
	MechRlimit  = "rlimit"
	// MechWatcher is a poll of the bot's usage that kills it over the
	// limit: it acts within a poll interval, not at the limit.
	MechWatcher = "watcher"
	MechTmpfs   = "tmpfs size"
	MechNone    = "none"
	MechOff     = "unlimited"
)

// Mechanisms says how each limit is enforced here.
type Mechanisms struct {
	Memory, Procs, Files, Disk, Tmp, Core string
}

// LimitError says that a limit killed the bot.
type LimitError struct {
	// Limit names the limit: "memory", "process", "open file", "folder",
	// "/tmp" or "file size".
	Limit string
	// Value is the limit: bytes, or a count for process and open file.
	Value int64
}

// Error says "killed: memory limit 4 GiB".
func (e *LimitError) Error() string {
	v := FormatSize(e.Value)
	if e.Limit == "process" || e.Limit == "open file" {
		v = strconv.FormatInt(e.Value, 10)
	}
	return fmt.Sprintf("killed: %s limit %s", e.Limit, v)
}

// Confiner applies one set of limits to every bot of an event: build it
// once with NewConfiner (which finds out what this system can enforce)
// and take a Guard for each start of a bot. It is safe for concurrent use.
type Confiner struct {
	limits   Limits
	mech     Mechanisms
	sys      *system // what this system offers; nil where nothing is
	seq      atomic.Uint64
	interval time.Duration
}

// SetInterval changes how often a guard's watcher looks at the bot
// (default 200ms; tests go faster).
func (c *Confiner) SetInterval(d time.Duration) {
	if d > 0 {
		c.interval = d
	}
}

// Limits returns the limits, defaults filled in.
func (c *Confiner) Limits() Limits { return c.limits }

// Mechanisms returns how each limit is enforced.
func (c *Confiner) Mechanisms() Mechanisms { return c.mech }

// Describe is one line saying each limit and what enforces it.
func (c *Confiner) Describe() string {
	l, m := c.limits, c.mech
	size := func(v int64) string {
		if !limited(v) {
			return "unlimited"
		}
		return FormatSize(v)
	}
	count := func(v int64) string {
		if !limited(v) {
			return "unlimited"
		}
		return strconv.FormatInt(v, 10)
	}
	return fmt.Sprintf("limits per bot: memory %s (%s), processes and threads %s (%s), open files %s (%s), folder %s (%s), /tmp %s (%s), core dumps off (%s)",
		size(l.Memory), m.Memory, count(l.Procs), m.Procs, count(l.Files), m.Files, size(l.Disk), m.Disk, size(l.Tmp), m.Tmp, m.Core)
}

// Guard confines one run of one bot: Confine puts it under the limits
// and watches it; Reason says afterwards whether a limit killed it.
type Guard struct {
	c      *Confiner
	dir    string
	limits Limits

	mu     sync.Mutex
	reason *LimitError
}

// Guard returns the guard of one start of a bot whose own folder is dir
// ("" if it has none). The bot's own limits, where not zero, replace the
// Confiner's.
func (c *Confiner) Guard(dir string, own Limits) *Guard {
	l := c.limits
	for _, p := range []struct{ v, o *int64 }{{&l.Memory, &own.Memory}, {&l.Procs, &own.Procs}, {&l.Files, &own.Files}, {&l.Disk, &own.Disk}, {&l.Tmp, &own.Tmp}} {
		if *p.o != 0 {
			*p.v = *p.o
		}
	}
	return &Guard{c: c, dir: dir, limits: l}
}

// Limits returns the bot's limits.
func (g *Guard) Limits() Limits { return g.limits }

// TmpSize is the value of bwrap's --size for the bot's /tmp tmpfs, or ""
// when its /tmp is unlimited.
func (g *Guard) TmpSize() string {
	if !limited(g.limits.Tmp) {
		return ""
	}
	return strconv.FormatInt(g.limits.Tmp, 10)
}

// fail records the first limit the bot broke.
func (g *Guard) fail(limit string, value int64) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.reason != nil {
		return false
	}
	g.reason = &LimitError{Limit: limit, Value: value}
	return true
}

// Reason returns the *LimitError of the limit that killed the bot, or
// nil. exit is how the bot's process ended (from exec.Cmd.Wait): a bot
// killed by the file size limit is known only from it.
func (g *Guard) Reason(exit error) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.reason != nil {
		return g.reason
	}
	if limited(g.limits.Disk) && killedByFileSize(exit) {
		return &LimitError{Limit: "file size", Value: g.limits.Disk}
	}
	return nil
}

// sizeUnits are the units ParseSize takes, longest first: K, M, G, T and
// the IEC KiB, MiB, GiB, TiB are powers of 1024; KB, MB, GB, TB powers of
// 1000.
var sizeUnits = []struct {
	suffix string
	mult   float64
}{
	{"kib", 1 << 10}, {"mib", 1 << 20}, {"gib", 1 << 30}, {"tib", 1 << 40},
	{"kb", 1e3}, {"mb", 1e6}, {"gb", 1e9}, {"tb", 1e12},
	{"k", 1 << 10}, {"m", 1 << 20}, {"g", 1 << 30}, {"t", 1 << 40},
	{"b", 1},
}

// ParseSize reads a size in bytes: a number with an optional unit (4GiB,
// 512M, 1.5 GiB, 1000000), or "unlimited" (Unlimited). Units are not case
// sensitive. Zero and negative sizes are refused: they would make no
// sense as a bot's room.
func ParseSize(s string) (int64, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if t == "unlimited" {
		return Unlimited, nil
	}
	mult := 1.0
	for _, u := range sizeUnits {
		if strings.HasSuffix(t, u.suffix) {
			t, mult = strings.TrimSpace(strings.TrimSuffix(t, u.suffix)), u.mult
			break
		}
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || t == "" || strings.ContainsAny(t, "xXpPnNiI_") {
		return 0, fmt.Errorf("size %q: want a number with an optional unit (4GiB, 512MiB, 100MB) or \"unlimited\"", s)
	}
	b := v * mult
	switch {
	case b < 1:
		return 0, fmt.Errorf("size %q: want at least 1 byte (or \"unlimited\")", s)
	case b >= math.MaxInt64/2:
		return 0, fmt.Errorf("size %q: too large (or say \"unlimited\")", s)
	}
	return int64(b), nil
}

// ParseCount reads a count: a positive integer or "unlimited".
func ParseCount(s string) (int64, error) {
	t := strings.TrimSpace(s)
	if strings.EqualFold(t, "unlimited") {
		return Unlimited, nil
	}
	v, err := strconv.ParseInt(t, 10, 64)
	if err != nil || v < 1 || v > math.MaxInt32 {
		return 0, fmt.Errorf("count %q: want a whole number from 1 to %d, or \"unlimited\"", s, math.MaxInt32)
	}
	return v, nil
}

// FormatSize writes bytes in the largest IEC unit that divides them
// (4 GiB, 64 MiB, 1500 B); Unlimited is "unlimited".
func FormatSize(b int64) string {
	if b < 0 {
		return "unlimited"
	}
	for _, u := range []struct {
		name string
		mult int64
	}{{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if b >= u.mult && b%u.mult == 0 {
			return fmt.Sprintf("%d %s", b/u.mult, u.name)
		}
	}
	return fmt.Sprintf("%d B", b)
}

// errNoPID is Confine's error when bwrap did not say its child's pid.
var errNoPID = errors.New("limits: no pid of the sandboxed bot")
