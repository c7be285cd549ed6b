package sandbox

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// hierarchy is a cgroup tree the harness may make child groups in: the
// harness's own group in it (base) and the controllers it brings.
type hierarchy struct {
	base  string   // the harness's own cgroup folder in this tree
	v2    bool     // the unified hierarchy
	ctrls []string // "memory", "pids" (those wanted and available)
}

// has says whether the hierarchy carries a controller.
func (h *hierarchy) has(ctrl string) bool { return slices.Contains(h.ctrls, ctrl) }

// mech is the mechanism name of the hierarchy.
func (h *hierarchy) mech() string {
	if h.v2 {
		return MechCgroup2
	}
	return MechCgroup1
}

// mount is one cgroup mount of /proc/self/mountinfo.
type mount struct {
	root, point string
	v2          bool
	opts        []string // super options: the v1 controllers
}

// cgroupMounts reads the cgroup mounts.
func cgroupMounts() []mount {
	f, err := os.Open("/proc/self/mountinfo")
	if err != nil {
		return nil
	}
	defer f.Close()
	var out []mount
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// ID PARENT MAJ:MIN ROOT POINT OPTS [OPTIONAL...] - TYPE SOURCE SUPER
		pre, post, ok := strings.Cut(sc.Text(), " - ")
		if !ok {
			continue
		}
		a, b := strings.Fields(pre), strings.Fields(post)
		if len(a) < 5 || len(b) < 3 {
			continue
		}
		switch b[0] {
		case "cgroup2":
			out = append(out, mount{root: a[3], point: unescapeMount(a[4]), v2: true})
		case "cgroup":
			out = append(out, mount{root: a[3], point: unescapeMount(a[4]), opts: strings.Split(b[2], ",")})
		}
	}
	return out
}

// unescapeMount undoes mountinfo's octal escapes (\040 for a space).
func unescapeMount(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+3 < len(s) {
			if v, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(v))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// ownCgroups reads /proc/self/cgroup: controller list (or "" for v2) to
// the harness's group path.
func ownCgroups() map[string]string {
	data, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return nil
	}
	out := map[string]string{}
	for line := range strings.SplitSeq(strings.TrimSpace(string(data)), "\n") {
		parts := strings.SplitN(line, ":", 3)
		if len(parts) == 3 {
			out[parts[1]] = parts[2]
		}
	}
	return out
}

// under joins a mount point and a group path seen from the mount's root.
func under(m mount, path string) (string, bool) {
	rel, err := filepath.Rel(m.root, path)
	if err != nil || strings.HasPrefix(rel, "..") {
		return "", false
	}
	return filepath.Join(m.point, rel), true
}

// findHierarchies finds where the memory and pids controllers can be
// used: the unified hierarchy first (a controller there cannot also be in
// a v1 tree), then v1 trees. A hierarchy is kept only if a child group
// can really be made and removed in it.
func findHierarchies(wantMemory, wantPids bool) []*hierarchy {
	want := map[string]bool{"memory": wantMemory, "pids": wantPids}
	own := ownCgroups()
	var out []*hierarchy
	mounts := cgroupMounts()
	for _, m := range mounts {
		if !m.v2 {
			continue
		}
		base, ok := under(m, own[""])
		if !ok {
			continue
		}
		if h := probeV2(base, want); h != nil {
			out = append(out, h)
			for _, c := range h.ctrls {
				want[c] = false
			}
		}
		break
	}
	for _, m := range mounts {
		if m.v2 {
			continue
		}
		for _, c := range []string{"memory", "pids"} {
			if !want[c] || !slices.Contains(m.opts, c) {
				continue
			}
			// The key of /proc/self/cgroup is the mount's controller list.
			var path string
			found := false
			for k, p := range own {
				if slices.Contains(strings.Split(k, ","), c) {
					path, found = p, true
				}
			}
			if !found {
				continue
			}
			base, ok := under(m, path)
			if !ok {
				continue
			}
			h := &hierarchy{base: base, ctrls: []string{c}}
			if probeGroup(h) == nil {
				out = append(out, h)
				want[c] = false
			}
		}
	}
	return out
}

// probeV2 checks the unified hierarchy: the controllers must be enabled
// for the harness's group's children (enabling them works only where the
// group holds no process itself, as the root does, or if already on).
func probeV2(base string, want map[string]bool) *hierarchy {
	data, err := os.ReadFile(filepath.Join(base, "cgroup.controllers"))
	if err != nil {
		return nil
	}
	avail := strings.Fields(string(data))
	sub, _ := os.ReadFile(filepath.Join(base, "cgroup.subtree_control"))
	on := strings.Fields(string(sub))
	h := &hierarchy{base: base, v2: true}
	for _, c := range []string{"memory", "pids"} {
		if !want[c] || !slices.Contains(avail, c) {
			continue
		}
		if !slices.Contains(on, c) {
			if err := os.WriteFile(filepath.Join(base, "cgroup.subtree_control"), []byte("+"+c), 0); err != nil {
				continue
			}
		}
		h.ctrls = append(h.ctrls, c)
	}
	if len(h.ctrls) == 0 || probeGroup(h) != nil {
		return nil
	}
	return h
}

// probeGroup makes and removes a child group, and removes the empty
// groups a harness killed outright (kill -9) left behind.
func probeGroup(h *hierarchy) error {
	stale, _ := filepath.Glob(filepath.Join(h.base, "openroom-*-*"))
	for _, dir := range stale {
		pid, err := strconv.Atoi(strings.Split(filepath.Base(dir), "-")[1])
		if err == nil && pid != os.Getpid() && errors.Is(syscall.Kill(pid, 0), syscall.ESRCH) {
			_ = os.Remove(dir) // fails, harmlessly, while a process is still in it
		}
	}
	dir := filepath.Join(h.base, fmt.Sprintf("openroom-%d-probe", os.Getpid()))
	if err := os.Mkdir(dir, 0o755); err != nil {
		return err
	}
	return os.Remove(dir)
}

// group is one bot's cgroup in one hierarchy.
type group struct {
	h   *hierarchy
	dir string
}

// newGroup makes the bot's group and sets its limits.
func newGroup(h *hierarchy, name string, l Limits) (*group, error) {
	g := &group{h: h, dir: filepath.Join(h.base, name)}
	if err := os.Mkdir(g.dir, 0o755); err != nil {
		return nil, fmt.Errorf("limits: cgroup: %w", err)
	}
	var writes [][2]string
	if h.has("memory") && limited(l.Memory) {
		v := strconv.FormatInt(l.Memory, 10)
		if h.v2 {
			// The whole group is killed at an OOM, not one process of it,
			// and nothing is swapped out instead of reaching the limit.
			writes = append(writes, [2]string{"memory.max", v}, [2]string{"memory.swap.max", "0"}, [2]string{"memory.oom.group", "1"})
		} else {
			writes = append(writes, [2]string{"memory.limit_in_bytes", v}, [2]string{"memory.memsw.limit_in_bytes", v})
		}
	}
	if h.has("pids") && limited(l.Procs) {
		writes = append(writes, [2]string{"pids.max", strconv.FormatInt(l.Procs, 10)})
	}
	for _, w := range writes {
		err := os.WriteFile(filepath.Join(g.dir, w[0]), []byte(w[1]), 0)
		// Swap accounting and group OOM are extras a kernel may lack.
		if err != nil && !(errors.Is(err, os.ErrNotExist) && (strings.Contains(w[0], "sw") || w[0] == "memory.oom.group")) {
			g.remove()
			return nil, fmt.Errorf("limits: cgroup %s: %w", w[0], err)
		}
	}
	return g, nil
}

// add moves processes into the group.
func (g *group) add(pids ...int) error {
	for _, pid := range pids {
		if err := os.WriteFile(filepath.Join(g.dir, "cgroup.procs"), []byte(strconv.Itoa(pid)), 0); err != nil {
			return fmt.Errorf("limits: cgroup: add pid %d: %w", pid, err)
		}
	}
	return nil
}

// counter reads "key N" from a flat-keyed file of the group.
func (g *group) counter(file, key string) int64 {
	data, err := os.ReadFile(filepath.Join(g.dir, file))
	if err != nil {
		return 0
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		k, v, ok := strings.Cut(line, " ")
		if ok && k == key {
			n, _ := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
			return n
		}
	}
	return 0
}

// broken says which of the group's limits the bot reached: "memory" once
// the kernel killed a process of it for memory, "process" once a fork or
// clone was refused at pids.max.
func (g *group) broken() string {
	if g.h.has("memory") {
		file := "memory.oom_control"
		if g.h.v2 {
			file = "memory.events"
		}
		if g.counter(file, "oom_kill") > 0 {
			return "memory"
		}
	}
	if g.h.has("pids") && g.counter("pids.events", "max") > 0 {
		return "process"
	}
	return ""
}

// kill kills every process of the group.
func (g *group) kill() {
	if g.h.v2 && os.WriteFile(filepath.Join(g.dir, "cgroup.kill"), []byte("1"), 0) == nil {
		return
	}
	// A fork bomb may fork between reading and killing: a few rounds.
	for range 10 {
		data, err := os.ReadFile(filepath.Join(g.dir, "cgroup.procs"))
		if err != nil || len(strings.TrimSpace(string(data))) == 0 {
			return
		}
		for f := range strings.FieldsSeq(string(data)) {
			if pid, err := strconv.Atoi(f); err == nil && pid > 0 {
				_ = syscall.Kill(pid, syscall.SIGKILL)
			}
		}
	}
}

// remove removes the group once its last process is gone (an exiting
// process holds it for a moment), killing what is left.
func (g *group) remove() {
	deadline := time.Now().Add(2 * time.Second)
	for {
		err := os.Remove(g.dir)
		if err == nil || errors.Is(err, os.ErrNotExist) || time.Now().After(deadline) {
			return
		}
		g.kill()
		time.Sleep(time.Millisecond)
	}
}
