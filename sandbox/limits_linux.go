package sandbox

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
	"unsafe"
)

// system is what this Linux offers to enforce limits.
type system struct {
	memory, pids *hierarchy // nil where no cgroup can be made
	// nproc: RLIMIT_NPROC can bound a bot (the harness is not root, whom
	// it does not bind). It counts the processes of a user in a user
	// namespace, so it is set only for a bot in a user namespace of its
	// own; Confine checks.
	nproc bool
}

// NewConfiner finds out how this system can enforce l (zero fields take
// the defaults): cgroup v2 where its controllers can be delegated, v1
// otherwise, rlimits and watchers where no cgroup can be made (as an
// unprivileged user, as a rule).
func NewConfiner(l Limits) *Confiner {
	l = l.WithDefaults()
	sys := &system{nproc: os.Geteuid() != 0}
	// Both controllers are looked for: a bot's own limits may set what
	// the event's lift.
	for _, h := range findHierarchies(true, true) {
		if h.has("memory") {
			sys.memory = h
		}
		if h.has("pids") {
			sys.pids = h
		}
	}
	m := Mechanisms{Files: MechRlimit, Core: MechRlimit, Disk: MechWatcher + " + " + MechRlimit + " FSIZE", Tmp: MechTmpfs + " + " + MechWatcher}
	switch {
	case sys.memory != nil:
		m.Memory = sys.memory.mech()
	default:
		m.Memory = MechWatcher + " (resident memory)"
	}
	switch {
	case sys.pids != nil:
		m.Procs = sys.pids.mech()
	case sys.nproc:
		m.Procs = MechRlimit + " NPROC in the bot's user namespace"
	default:
		m.Procs = MechWatcher
	}
	for _, p := range []struct {
		v int64
		m *string
	}{{l.Memory, &m.Memory}, {l.Procs, &m.Procs}, {l.Files, &m.Files}, {l.Disk, &m.Disk}, {l.Tmp, &m.Tmp}} {
		if !limited(p.v) {
			*p.m = MechOff
		}
	}
	return &Confiner{limits: l, mech: m, sys: sys, interval: 200 * time.Millisecond}
}

// ProcsEnforced says whether the process limit holds at the limit (a
// cgroup or RLIMIT_NPROC), not only after a watcher's poll.
func (c *Confiner) ProcsEnforced() bool {
	return c.sys != nil && (c.sys.pids != nil || c.sys.nproc)
}

// MemoryEnforced says whether the memory limit holds at the limit (a
// cgroup), not only after a watcher's poll.
func (c *Confiner) MemoryEnforced() bool { return c.sys != nil && c.sys.memory != nil }

// Confine puts the bot under the limits. bwrapPID is bubblewrap's
// process, childPID the one it started in the new namespaces (bwrap's
// --info-fd), which must not yet run the bot (bwrap's --block-fd holds
// it): both go into fresh cgroups, childPID gets the rlimits, and a
// watcher polls what the cgroups and rlimits do not bound. The bot's
// processes are all killed at the first limit broken (Reason then says
// which). release, to be called once bwrap has exited, stops the
// watcher and removes the cgroups.
func (g *Guard) Confine(bwrapPID, childPID int) (release func(), err error) {
	if childPID <= 0 {
		return nil, errNoPID
	}
	c, l := g.c, g.limits
	var groups []*group
	cleanup := func() {
		for _, gr := range groups {
			gr.remove()
		}
	}
	name := fmt.Sprintf("openroom-%d-%d", os.Getpid(), c.seq.Add(1))
	for _, h := range []*hierarchy{c.sys.memory, c.sys.pids} {
		if h == nil || (len(groups) > 0 && groups[0].h == h) {
			continue
		}
		gr, err := newGroup(h, name, l)
		if err != nil {
			cleanup()
			return nil, err
		}
		groups = append(groups, gr)
		if err := gr.add(bwrapPID, childPID); err != nil {
			cleanup()
			return nil, err
		}
	}
	nproc := c.sys.pids == nil && c.sys.nproc && limited(l.Procs) && ownUserNS(childPID)
	if err := setRlimits(childPID, l, nproc); err != nil {
		cleanup()
		return nil, err
	}
	w := &watch{g: g, child: childPID, groups: groups, stop: make(chan struct{}), done: make(chan struct{})}
	w.scanProcs = (c.sys.memory == nil && limited(l.Memory)) || (c.sys.pids == nil && limited(l.Procs))
	go w.run()
	var once sync.Once
	return func() {
		once.Do(func() {
			close(w.stop)
			<-w.done
			w.checkGroups() // an OOM kill that ended the bot before a poll
			cleanup()
		})
	}, nil
}

// ownUserNS says whether pid is in a user namespace other than the
// harness's: there RLIMIT_NPROC counts the bot's own processes only.
func ownUserNS(pid int) bool {
	a, err1 := os.Readlink("/proc/self/ns/user")
	b, err2 := os.Readlink(fmt.Sprintf("/proc/%d/ns/user", pid))
	return err1 == nil && err2 == nil && a != b
}

// rlimit mirrors struct rlimit64 of prlimit64.
type rlimit struct{ cur, max uint64 }

// prlimit sets (if set is not nil) and returns a resource limit of pid.
func prlimit(pid, resource int, set *rlimit) (rlimit, error) {
	var old rlimit
	_, _, e := syscall.RawSyscall6(syscall.SYS_PRLIMIT64, uintptr(pid), uintptr(resource), uintptr(unsafe.Pointer(set)), uintptr(unsafe.Pointer(&old)), 0, 0)
	if e != 0 {
		return old, e
	}
	return old, nil
}

// rlimitNPROC is RLIMIT_NPROC (not in package syscall).
const rlimitNPROC = 6

// setRlimits sets the bot's rlimits on pid (inherited by all it starts).
// A limit above the harness's hard limit, which only a privileged harness
// may raise, is capped at it.
func setRlimits(pid int, l Limits, nproc bool) error {
	type lim struct {
		res  int
		name string
		v    int64
	}
	lims := []lim{{syscall.RLIMIT_CORE, "CORE", 0}}
	if limited(l.Files) {
		lims = append(lims, lim{syscall.RLIMIT_NOFILE, "NOFILE", l.Files})
	}
	if limited(l.Disk) {
		lims = append(lims, lim{syscall.RLIMIT_FSIZE, "FSIZE", l.Disk})
	}
	if nproc {
		lims = append(lims, lim{rlimitNPROC, "NPROC", l.Procs})
	}
	for _, x := range lims {
		want := rlimit{uint64(x.v), uint64(x.v)}
		if _, err := prlimit(pid, x.res, &want); err != nil {
			old, gerr := prlimit(pid, x.res, nil)
			if gerr != nil || !errors.Is(err, syscall.EPERM) || old.max >= want.max {
				return fmt.Errorf("limits: rlimit %s of pid %d: %w", x.name, pid, err)
			}
			capped := rlimit{old.max, old.max}
			if _, err := prlimit(pid, x.res, &capped); err != nil {
				return fmt.Errorf("limits: rlimit %s of pid %d: %w", x.name, pid, err)
			}
		}
	}
	return nil
}

// killedByFileSize says whether the bot died of SIGXFSZ: bwrap passes a
// signal death on as the exit status 128+signal.
func killedByFileSize(exit error) bool {
	var ee *exec.ExitError
	if !errors.As(exit, &ee) {
		return false
	}
	ws, ok := ee.Sys().(syscall.WaitStatus)
	if !ok {
		return false
	}
	return (ws.Signaled() && ws.Signal() == syscall.SIGXFSZ) || (ws.Exited() && ws.ExitStatus() == 128+int(syscall.SIGXFSZ))
}

// watch is the watcher of one bot: it polls the cgroups' events, and
// what no cgroup or rlimit bounds, and kills the bot at the first limit
// broken.
type watch struct {
	g         *Guard
	child     int
	groups    []*group
	scanProcs bool // count the tasks and resident memory in the bot's pid namespace
	stop      chan struct{}
	done      chan struct{}
	ns        string // the bot's pid namespace, once read
}

// diskEvery is how many polls apart the folder is measured: walking it
// costs more than reading a counter.
const diskEvery = 5

func (w *watch) run() {
	defer close(w.done)
	t := time.NewTicker(w.g.c.interval)
	defer t.Stop()
	for n := 0; ; n++ {
		if w.check(n%diskEvery == 0) {
			return
		}
		select {
		case <-w.stop:
			return
		case <-t.C:
		}
	}
}

// check looks once; true once the bot is killed.
func (w *watch) check(disk bool) bool {
	l := w.g.limits
	if w.checkGroups() {
		return true
	}
	if w.scanProcs {
		tasks, rss := w.usage()
		if w.g.c.sys.pids == nil && limited(l.Procs) && tasks >= l.Procs {
			return w.kill("process", l.Procs)
		}
		if w.g.c.sys.memory == nil && limited(l.Memory) && rss > l.Memory {
			return w.kill("memory", l.Memory)
		}
	}
	if limited(l.Tmp) && w.ownTmp() {
		var st syscall.Statfs_t
		// The bot's /tmp, seen through its root in its mount namespace.
		if syscall.Statfs(fmt.Sprintf("/proc/%d/root/tmp", w.child), &st) == nil && st.Type == tmpfsMagic {
			used := int64(st.Blocks-st.Bfree) * st.Bsize
			if st.Bfree == 0 || used >= l.Tmp {
				return w.kill("/tmp", l.Tmp)
			}
		}
	}
	if disk && w.g.dir != "" && limited(l.Disk) && folderSize(w.g.dir, l.Disk) > l.Disk {
		return w.kill("folder", l.Disk)
	}
	return false
}

// ownTmp says whether the bot's /tmp is its own tmpfs yet: until bwrap
// has set up the bot's mounts, its /tmp is the harness's (which may be a
// full tmpfs of its own).
func (w *watch) ownTmp() bool {
	var host, bot syscall.Stat_t
	if syscall.Stat("/tmp", &host) != nil || syscall.Stat(fmt.Sprintf("/proc/%d/root/tmp", w.child), &bot) != nil {
		return false
	}
	return host.Dev != bot.Dev
}

// tmpfsMagic is TMPFS_MAGIC of statfs.
const tmpfsMagic = 0x01021994

// checkGroups reads the cgroups' events; true once the bot is killed.
func (w *watch) checkGroups() bool {
	for _, gr := range w.groups {
		switch gr.broken() {
		case "memory":
			return w.kill("memory", w.g.limits.Memory)
		case "process":
			return w.kill("process", w.g.limits.Procs)
		}
	}
	return false
}

// kill records the limit and kills all the bot's processes: the init of
// its pid namespace (whose death takes every other process of the
// namespace with it) and every process of its cgroups.
func (w *watch) kill(limit string, value int64) bool {
	w.g.fail(limit, value)
	_ = syscall.Kill(w.child, syscall.SIGKILL)
	for _, gr := range w.groups {
		gr.kill()
	}
	return true
}

// usage counts the tasks (threads) and resident bytes of the processes
// in the bot's pid namespace.
func (w *watch) usage() (tasks, rss int64) {
	if w.ns == "" {
		ns, err := os.Readlink(fmt.Sprintf("/proc/%d/ns/pid", w.child))
		if err != nil {
			return 0, 0
		}
		w.ns = ns
	}
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return 0, 0
	}
	page := int64(os.Getpagesize())
	for _, e := range ents {
		if e.Name()[0] < '0' || e.Name()[0] > '9' {
			continue
		}
		if ns, err := os.Readlink("/proc/" + e.Name() + "/ns/pid"); err != nil || ns != w.ns {
			continue
		}
		data, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// Fields after the command, which is in parentheses and may hold
		// spaces: state is field 3; num_threads 20, rss 24.
		i := strings.LastIndexByte(string(data), ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(data[i+1:]))
		if len(f) < 22 {
			continue
		}
		n, _ := strconv.ParseInt(f[17], 10, 64)
		r, _ := strconv.ParseInt(f[21], 10, 64)
		tasks += n
		rss += r * page
	}
	return tasks, rss
}

// folderSize is the bytes the files and folders under dir take on disk
// (their blocks, so a sparse file counts what it uses; dir itself is not
// counted, so one file at the file size limit is within the folder
// limit); it stops counting past limit.
func folderSize(dir string, limit int64) int64 {
	var total int64
	_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || path == dir {
			return nil // gone meanwhile, or unreadable, or the folder itself: skip
		}
		fi, err := d.Info()
		if err != nil {
			return nil
		}
		if st, ok := fi.Sys().(*syscall.Stat_t); ok {
			total += st.Blocks * 512
		} else {
			total += fi.Size()
		}
		if total > limit {
			return filepath.SkipAll
		}
		return nil
	})
	return total
}
