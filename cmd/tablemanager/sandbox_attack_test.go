//go:build linux

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/player"
	"github.com/openroom/openroom/protocol"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The attacker bot ("-tmattack HOST PORT SEAT TEAM") tries, before it
// plays, every way out of the sandbox the tests below check, and writes
// what each attempt gave to $OPENROOM_BOT_DIR/attack.json: a map from the
// attempt to "ok ..." when it worked, "err ..." when it did not. Its
// targets come in the environment.
const (
	attackOutEnv     = "ATTACK_OUT"    // the event's output folder
	attackReadEnv    = "ATTACK_READ"   // paths it tries to read or list, ':'-separated
	attackCanaryEnv  = "ATTACK_CANARY" // a port a server of the host listens on (loopback)
	attackReport     = "attack.json"   // in the bot's own folder
	attackWindow     = 1500 * time.Millisecond
	attackFixedPort  = "47917"            // the loopback port colluding bots agree on
	attackAbstract   = "@openroom-attack" // the abstract unix socket they agree on
	attackFilePrefix = "openroom-attack-" // their files in /tmp and /dev/shm
)

// attackBot is the attacker bot; see the constants above.
func attackBot(args []string) int {
	if len(args) == 1 && args[0] == "noop" {
		return 0 // the child of the user-namespace attempt
	}
	if len(args) != 4 {
		fmt.Fprintln(os.Stderr, "attack bot: want HOST PORT SEAT TEAM")
		return 64
	}
	host, port, team := args[0], args[1], args[3]
	seat, err := engine.ParseSeat(args[2])
	if err != nil {
		fmt.Fprintln(os.Stderr, "attack bot:", err)
		return 64
	}
	own := os.Getenv("OPENROOM_BOT_DIR")
	id := filepath.Base(own)
	rep := map[string]string{}
	res := func(key string, err error, ok string) {
		if err != nil {
			rep[key] = "err " + err.Error()
		} else {
			rep[key] = "ok " + ok
		}
	}

	// 1. Privileges: capabilities, unmounting what hides the output
	// folder, remounting / read-write, writing into the output folder,
	// a user namespace of its own.
	status, _ := os.ReadFile("/proc/self/status")
	for _, l := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(l, "CapEff:"); ok {
			rep["capeff"] = strings.TrimSpace(v)
		}
	}
	out := os.Getenv(attackOutEnv)
	res("umount-out", syscall.Unmount(out, syscall.MNT_DETACH), "")
	res("remount-root-rw", syscall.Mount("none", "/", "", syscall.MS_REMOUNT|syscall.MS_BIND, ""), "")
	res("write-out", os.WriteFile(filepath.Join(out, "escape-"+id), []byte("escaped"), 0o644), "")
	child := exec.Command("/proc/self/exe", "-tmattack", "noop")
	child.SysProcAttr = &syscall.SysProcAttr{Cloneflags: syscall.CLONE_NEWUSER}
	res("userns", child.Run(), "")

	// 4. Files: the event's results, other events, home folders.
	for _, p := range append([]string{filepath.Join(out, "results.jsonl")}, filepath.SplitList(os.Getenv(attackReadEnv))...) {
		fi, err := os.Stat(p)
		switch {
		case err != nil:
			res("read "+p, err, "")
		case fi.IsDir():
			names, err := os.ReadDir(p)
			res("read "+p, err, fmt.Sprintf("%d entries", len(names)))
		default:
			b, err := os.ReadFile(p)
			res("read "+p, err, fmt.Sprintf("%d bytes", len(b)))
		}
	}

	// 2. Other tables and the host's servers: every listening TCP port
	// it can see but its own seat's, and the canary's port.
	ports := map[string]bool{os.Getenv(attackCanaryEnv): true}
	for _, f := range []string{"/proc/net/tcp", "/proc/net/tcp6"} {
		b, _ := os.ReadFile(f)
		for _, l := range strings.Split(string(b), "\n")[1:] {
			fs := strings.Fields(l)
			if len(fs) > 3 && fs[3] == "0A" { // LISTEN
				if i := strings.LastIndexByte(fs[1], ':'); i >= 0 {
					if n, err := strconv.ParseUint(fs[1][i+1:], 16, 16); err == nil {
						ports[strconv.FormatUint(n, 10)] = true
					}
				}
			}
		}
	}
	delete(ports, port)
	delete(ports, attackFixedPort)
	for p := range ports {
		if p == "" {
			continue
		}
		c, err := net.DialTimeout("tcp", net.JoinHostPort("127.0.0.1", p), 300*time.Millisecond)
		if err == nil {
			c.Close()
		}
		res("connect 127.0.0.1:"+p, err, "")
	}

	// 2. Other seats through its own way in: its partner's first (held),
	// then the opponents'.
	var held []net.Conn
	for _, s := range []engine.Seat{seat.Partner(), seat.LHO(), seat.RHO()} {
		c, line, err := claimSeat(net.JoinHostPort(host, port), team, s)
		if c != nil {
			held = append(held, c)
		}
		if err == nil && !strings.HasPrefix(line, s.Name()+" ") {
			err = fmt.Errorf("refused: %s", line)
		}
		res("seat "+s.Name(), err, line)
	}

	// 3. Other bots: a fixed loopback port, an abstract unix socket and
	// files in /tmp and /dev/shm, tried for a while so that the other
	// bots of the event are at it at the same time.
	serve := func(network, addr string) {
		ln, err := net.Listen(network, addr)
		if err != nil {
			rep["listen "+addr] = "err " + err.Error()
			return
		}
		go func() {
			for {
				c, err := ln.Accept()
				if err != nil {
					return
				}
				fmt.Fprintln(c, id)
				c.Close()
			}
		}()
	}
	serve("tcp", "127.0.0.1:"+attackFixedPort)
	serve("unix", attackAbstract)
	for _, d := range []string{"/tmp", "/dev/shm"} {
		res("write "+d, os.WriteFile(filepath.Join(d, attackFilePrefix+id), []byte(id), 0o644), "")
	}
	heard := map[string]bool{}
	for end := time.Now().Add(attackWindow); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		for _, a := range [][2]string{{"tcp", "127.0.0.1:" + attackFixedPort}, {"unix", attackAbstract}} {
			c, err := net.DialTimeout(a[0], a[1], 200*time.Millisecond)
			if err != nil {
				continue
			}
			_ = c.SetDeadline(time.Now().Add(200 * time.Millisecond))
			other, _ := bufio.NewReader(c).ReadString('\n')
			c.Close()
			if other = strings.TrimSpace(other); other != "" && other != id {
				heard[a[1]+" from "+other] = true
			}
		}
		for _, d := range []string{"/tmp", "/dev/shm"} {
			names, _ := filepath.Glob(filepath.Join(d, attackFilePrefix+"*"))
			for _, n := range names {
				if filepath.Base(n) != attackFilePrefix+id {
					heard[n] = true
				}
			}
		}
	}
	var talk []string
	for h := range heard {
		talk = append(talk, h)
	}
	sort.Strings(talk)
	rep["talk"] = strings.Join(talk, "; ")
	for _, c := range held {
		c.Close()
	}

	b, _ := json.MarshalIndent(rep, "", "  ")
	if err := os.WriteFile(filepath.Join(own, attackReport), b, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "attack bot:", err)
		return 1
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := protocol.RunSession(ctx, protocol.DialTCP(net.JoinHostPort(host, port)), protocol.ClientConfig{Team: team, Seat: seat}, player.Random{Seed: team}, 5*time.Second); err != nil {
		fmt.Fprintln(os.Stderr, "attack bot:", err)
		return 1
	}
	return 0
}

// claimSeat connects to addr and asks for seat s as team, returning the
// connection (to hold the seat) and the table's answer.
func claimSeat(addr, team string, s engine.Seat) (net.Conn, string, error) {
	c, err := net.DialTimeout("tcp", addr, time.Second)
	if err != nil {
		return nil, "", err
	}
	_ = c.SetDeadline(time.Now().Add(2 * time.Second))
	line := protocol.Connect{Team: team, Seat: s, Version: protocol.Version}.String() + "\r\n"
	if _, err := io.WriteString(c, line); err != nil {
		c.Close()
		return nil, "", err
	}
	answer, err := bufio.NewReader(c).ReadString('\n')
	if err != nil {
		c.Close()
		return nil, "", err
	}
	_ = c.SetDeadline(time.Time{})
	return c, strings.TrimSpace(answer), nil
}

// attackWorld is what an attack event is played in: a folder outside
// /tmp (which any sandbox replaces) that the user running the harness can
// write, with the test binary as the bots' program, an earlier event
// beside this one's output, a hard link to the event's PBN file, and a
// secret in a "home" folder.
type attackWorld struct {
	dir, bin, out, pbn string
	read               []string // what no bot may read or list
}

func newAttackWorld(t *testing.T, uid int) *attackWorld {
	t.Helper()
	base := "/var/tmp"
	if fi, err := os.Stat(base); err != nil || !fi.IsDir() {
		t.Skip("no /var/tmp for a folder outside /tmp")
	}
	dir, err := os.MkdirTemp(base, "openroom-attack-")
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(dir) })
	w := &attackWorld{dir: dir, bin: filepath.Join(dir, "bin", "tm.test"), out: filepath.Join(dir, "out", "v2")}
	require.NoError(t, os.MkdirAll(filepath.Dir(w.bin), 0o755))
	copyFile(t, os.Args[0], w.bin, 0o755)

	// The earlier event, beside this one, and its PBN as this event's deals.
	v1 := filepath.Join(dir, "out", "v1")
	code, _, errs := runCmd(t, "", "run", "--team", "A=builtin:random", "--team", "B=builtin:random", "--boards", "2", "--seed", "earlier", "--quiet", "--out", v1)
	require.Equal(t, exitOK, code, errs)
	pbns, err := filepath.Glob(filepath.Join(v1, "*.pbn"))
	require.NoError(t, err)
	require.NotEmpty(t, pbns)
	w.pbn = filepath.Join(dir, "deals.pbn")
	copyFile(t, pbns[0], w.pbn, 0o644)
	link := filepath.Join(dir, "deals-link.pbn")
	require.NoError(t, os.Link(w.pbn, link))
	home := filepath.Join(dir, "home")
	require.NoError(t, os.MkdirAll(home, 0o700))
	require.NoError(t, os.WriteFile(filepath.Join(home, "secret.txt"), []byte("home secret"), 0o600))
	// Another user's file in /var/tmp, beside this event's folder (whose
	// path leads to the bots' own folders).
	vartmp, err := os.MkdirTemp(base, "openroom-attack-other-")
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(vartmp) })
	require.NoError(t, os.WriteFile(filepath.Join(vartmp, "secret.txt"), []byte("var tmp secret"), 0o644))
	w.read = []string{filepath.Join(v1, "results.jsonl"), v1, link, filepath.Join(home, "secret.txt"), home,
		"/root", "/home", filepath.Join(vartmp, "secret.txt"), "/srv", "/work", "/etc/shadow", "/etc/gshadow", "/etc/sudoers"}
	if uid != 0 {
		require.NoError(t, filepath.Walk(dir, func(p string, _ os.FileInfo, err error) error {
			if err != nil {
				return err
			}
			return os.Lchown(p, uid, uid)
		}))
		require.NoError(t, os.Chmod(dir, 0o755))
	}
	return w
}

func copyFile(t *testing.T, from, to string, mode os.FileMode) {
	t.Helper()
	b, err := os.ReadFile(from)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(to, b, mode))
}

// canary listens on the host's loopback, as another table or any local
// server would, and counts the connections it gets.
func canary(t *testing.T) (port string, conns *atomic.Int32) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	t.Cleanup(func() { ln.Close() })
	conns = new(atomic.Int32)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			conns.Add(1)
			c.Close()
		}
	}()
	_, port, _ = net.SplitHostPort(ln.Addr().String())
	return port, conns
}

// attackArgs is the attack event: team B's bots are attackers, the two
// rooms play at once, so every attacker has three others (its partner and
// the other room's pair) to reach.
func (w *attackWorld) attackArgs() []string {
	return []string{"run", "--team", "A=builtin:random", "--team", "B=" + w.bin + " -tmattack {host} {port} {seat} {name}",
		"--boards", "1", "--pbn", w.pbn, "--concurrency", "2", "--quiet", "--out", w.out}
}

func (w *attackWorld) env(canaryPort string) map[string]string {
	return map[string]string{
		attackOutEnv:    w.out,
		attackReadEnv:   strings.Join(w.read, string(os.PathListSeparator)),
		attackCanaryEnv: canaryPort,
	}
}

// attackReports reads the attackers' reports, by bot folder.
func (w *attackWorld) attackReports(t *testing.T) map[string]map[string]string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(w.out, "logs", "*", attackReport))
	require.NoError(t, err)
	reps := map[string]map[string]string{}
	for _, n := range names {
		b, err := os.ReadFile(n)
		require.NoError(t, err)
		rep := map[string]string{}
		require.NoError(t, json.Unmarshal(b, &rep), n)
		reps[filepath.Base(filepath.Dir(n))] = rep
	}
	return reps
}

// runAttack plays the attack event as root (in this process) or as an
// unprivileged user (the test binary as tablemanager under setpriv), and
// returns the attackers' reports and the canary's count.
func runAttack(t *testing.T, asUser bool) (*attackWorld, map[string]map[string]string, int32) {
	t.Helper()
	if testing.Short() {
		t.Skip("starts sandboxed processes")
	}
	requireSandbox(t)
	if os.Geteuid() != 0 {
		if !asUser {
			t.Skip("not root: the root attacks run where the tests run as root (CI)")
		}
	}
	uid := 0
	if asUser {
		uid = 65534
		if os.Geteuid() != 0 {
			uid = os.Geteuid()
		} else if _, err := exec.LookPath("setpriv"); err != nil {
			t.Skip("no setpriv (util-linux) to run the harness as an unprivileged user")
		}
	}
	w := newAttackWorld(t, uid)
	port, conns := canary(t)
	env := w.env(port)
	if !asUser || os.Geteuid() != 0 {
		for k, v := range env {
			t.Setenv(k, v)
		}
		code, _, errs := runCmd(t, "", w.attackArgs()...)
		require.Equal(t, exitOK, code, errs)
	} else {
		args := append([]string{"--reuid", strconv.Itoa(uid), "--regid", strconv.Itoa(uid), "--clear-groups", w.bin, "-tmmain"}, w.attackArgs()...)
		cmd := exec.Command("setpriv", args...)
		cmd.Dir = w.dir
		cmd.Env = append(os.Environ(), "HOME="+filepath.Join(w.dir, "home"))
		for k, v := range env {
			cmd.Env = append(cmd.Env, k+"="+v)
		}
		b, err := cmd.CombinedOutput()
		if strings.Contains(string(b), "does not work here") {
			t.Skipf("bubblewrap does not run for an unprivileged user here: %s", b)
		}
		require.NoError(t, err, "%s", b)
	}
	reps := w.attackReports(t)
	require.Len(t, reps, 4, "every attacker reported")
	for bot, rep := range reps {
		t.Logf("%s: %v", bot, rep)
	}
	return w, reps, conns.Load()
}

// requireSandbox skips a test when bubblewrap is missing, or fails it when
// $OPENROOM_REQUIRE_SANDBOX is set (as CI sets it).
func requireSandbox(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("bwrap"); err != nil {
		if os.Getenv("OPENROOM_REQUIRE_SANDBOX") != "" {
			t.Fatalf("bubblewrap (bwrap) is not installed, and OPENROOM_REQUIRE_SANDBOX is set")
		}
		t.Skip("bubblewrap (bwrap) is not installed (set OPENROOM_REQUIRE_SANDBOX to fail instead)")
	}
}

func forBoth(t *testing.T, check func(t *testing.T, w *attackWorld, reps map[string]map[string]string, canaryConns int32)) {
	for _, c := range []struct {
		name   string
		asUser bool
	}{{"as root", false}, {"as a user", true}} {
		t.Run(c.name, func(t *testing.T) {
			w, reps, n := runAttack(t, c.asUser)
			check(t, w, reps, n)
		})
	}
}

// Attack 1: a bot gets out of its sandbox with the privileges it kept.
func TestSandboxAttackPrivileges(t *testing.T) {
	forBoth(t, func(t *testing.T, w *attackWorld, reps map[string]map[string]string, _ int32) {
		for bot, rep := range reps {
			assert.Equal(t, "0000000000000000", rep["capeff"], "%s: capabilities", bot)
			for _, k := range []string{"umount-out", "remount-root-rw", "write-out", "userns"} {
				assert.True(t, strings.HasPrefix(rep[k], "err "), "%s: %s: %s", bot, k, rep[k])
			}
			assert.NoFileExists(t, filepath.Join(w.out, "escape-"+bot), bot)
		}
	})
}

// Attack 2: a bot reaches another table, a server of the host, or a seat
// not its own.
func TestSandboxAttackSeats(t *testing.T) {
	forBoth(t, func(t *testing.T, _ *attackWorld, reps map[string]map[string]string, canaryConns int32) {
		assert.Zero(t, canaryConns, "a bot reached a server on the host's loopback")
		for bot, rep := range reps {
			for k, v := range rep {
				if strings.HasPrefix(k, "connect ") || strings.HasPrefix(k, "seat ") {
					assert.True(t, strings.HasPrefix(v, "err "), "%s: %s: %s", bot, k, v)
				}
			}
			assert.Contains(t, rep, "seat "+seatOf(t, bot).Partner().Name(), bot)
		}
	})
}

// Attack 3: bots of a team talk to each other, at one table and across
// the two rooms.
func TestSandboxAttackCollusion(t *testing.T) {
	forBoth(t, func(t *testing.T, _ *attackWorld, reps map[string]map[string]string, _ int32) {
		for bot, rep := range reps {
			assert.Empty(t, rep["talk"], "%s heard another bot", bot)
			for k, v := range rep {
				if strings.HasPrefix(k, "listen ") || strings.HasPrefix(k, "write ") {
					assert.NotContains(t, v, "in use", "%s: %s is shared with another bot", bot, k)
				}
			}
		}
	})
}

// Attack 4: a bot reads what is outside its own folder: this event's
// results, an earlier event's, a hard link to the event's PBN, home
// folders, other folders of the machine, secrets in /etc.
func TestSandboxAttackFiles(t *testing.T) {
	forBoth(t, func(t *testing.T, w *attackWorld, reps map[string]map[string]string, _ int32) {
		for bot, rep := range reps {
			n := 0
			for k, v := range rep {
				if strings.HasPrefix(k, "read ") {
					n++
					assert.True(t, strings.HasPrefix(v, "err "), "%s: %s: %s", bot, k, v)
				}
			}
			assert.Equal(t, len(w.read)+1, n, bot)
		}
	})
}

// seatOf reads the seat from a bot folder's name (TABLE-SEAT).
func seatOf(t *testing.T, dir string) engine.Seat {
	t.Helper()
	s, err := engine.ParseSeat(dir[strings.LastIndexByte(dir, '-')+1:])
	require.NoError(t, err, dir)
	return s
}
