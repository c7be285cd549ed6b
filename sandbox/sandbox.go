// Package sandbox runs command bots under bubblewrap (bwrap), each in a
// sandbox of its own whose only way out is its own seat.
//
// A bot runs in its own user namespace without capabilities (as root
// too), its own pid, ipc, uts, cgroup and network namespaces, and may not
// make user namespaces of its own. Its network is the loopback of its
// namespace, where Host:Port reaches its seat: the relay (RelayMain,
// the harness's own program, bound read-only into the sandbox) listens
// there, starts the bot as its child, and hands each connection the bot
// opens to the harness as a file descriptor over a socket pair; the
// harness attaches it to the table for that seat only. It sees the system
// folders read-only (/etc without its secrets), its program's folder and
// what the event names for it read-only, its own folder read-write, a
// private /tmp and /dev, and its own /proc: nothing else.
//
// What each part stops (see Sandbox.command for the flags):
//
//	attack                                   stopped by
//	umount / remount / to read or write      --unshare-user --cap-drop ALL (no capabilities, checked
//	  what is hidden (as root)                 by Find from inside: CapEff 0), --disable-userns
//	a user namespace inside, to get          --disable-userns (checked by Find)
//	  capabilities back
//	other tables, servers on the host's      --unshare-net: the loopback is the bot's own; its seat
//	  loopback (/proc/net/tcp scan)            comes through the relay
//	another seat through its own way in      the harness attaches the bot's connections to its seat
//	                                           only (protocol.Table.AttachSeat)
//	bots talking: abstract unix sockets,     --unshare-net (abstract sockets and ports are per
//	  a loopback port                          network namespace), --unshare-ipc
//	bots talking: files in /tmp, /dev/shm    --tmpfs /tmp, --dev /dev (private to each bot)
//	other events, home folders, /var/tmp,    no --ro-bind /: only system folders, the program's
//	  /srv, hard links to the event's PBN      folder, its mounts and its own folder are there
//	/etc/shadow, ssh keys, sudoers           masked (empty file or tmpfs)
//	the harness's processes, command line    --unshare-pid, --proc /proc
//	the harness's terminal                   --new-session
//	outliving the harness                    --die-with-parent
package sandbox

import (
	"errors"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// BotDirEnv names the environment variable that gives a command bot its
// own folder: its working folder under the sandbox, the one folder it may
// write that is kept after the event.
const BotDirEnv = "OPENROOM_BOT_DIR"

// Host and Port are where a sandboxed bot reaches its seat: the loopback
// of its own network namespace, where nothing else listens.
const (
	Host = "127.0.0.1"
	Port = "2000"
)

// Where the relay is in the sandbox, and the file descriptors bwrap and
// the relay are given (the harness passes them in this order).
const (
	relayPath = "/run/openroom/relay"
	infoFD    = 3 // bwrap writes the child's pid here (--info-fd)
	blockFD   = 4 // bwrap waits for a byte here before it starts the child (--block-fd)
	seatFD    = 5 // the relay's end of the socket pair that carries connections
)

// ErrNoSandbox means command bots cannot be sandboxed here: bubblewrap is
// missing or cannot create the namespaces, a bot would keep privileges,
// or the system is not Linux.
var ErrNoSandbox = errors.New("no sandbox for command bots")

// Sandbox starts command bots in bubblewrap sandboxes. Make it with Find,
// which checks that the privileges are dropped.
type Sandbox struct {
	// Bwrap is the bubblewrap program.
	Bwrap string
	// Relay is the command line of the relay: a program that runs
	// RelayMain with the arguments that follow these (the harness's own
	// binary and a hidden subcommand).
	Relay []string
	// Hide lists what a bot must not see even where a folder it is given
	// holds it (the event's output folder, its PBN file and event file):
	// a folder gets an empty tmpfs over it, a file an empty file.
	Hide []string
	// Limits, if set, bounds each bot (see Confiner): its /tmp gets the
	// tmpfs size, and the bot is confined once the sandbox's namespaces
	// exist and before it starts.
	Limits *Confiner

	// confine, in tests, replaces the Limits' confinement: called with
	// bwrap's pid and the pid of its child (the sandbox's first process);
	// its release, if not nil, is called once bwrap has exited.
	confine func(bwrapPID, childPID int) (release func(), err error)
}

// Bot is one command bot to start in a sandbox.
type Bot struct {
	// Argv is the bot's command line, reaching its seat at Host Port.
	Argv []string
	// Dir is the bot's own folder: read-write, its working folder and
	// $OPENROOM_BOT_DIR; "" for none (the working folder is /tmp).
	Dir string
	// Mounts are folders or files the bot may read (its data, models).
	Mounts []string
	// Limits are the bot's own limits, over the Sandbox's key by key.
	Limits Limits
	// Env is the bot's environment; nil is the harness's.
	Env []string
	// Stdout and Stderr receive the bot's output (and bubblewrap's
	// complaints); nil discards it.
	Stdout, Stderr io.Writer
	// Seat gets each connection the bot opens to Host:Port; nil closes
	// them.
	Seat func(net.Conn)
}

// systemDirs are bound read-only, or made the same symlinks.
var systemDirs = []string{"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc"}

// etcSecrets are masked in /etc: password hashes, host keys, sudo rules,
// private TLS keys.
var etcSecrets = []string{"/etc/shadow", "/etc/shadow-", "/etc/gshadow", "/etc/gshadow-", "/etc/ssh", "/etc/sudoers", "/etc/sudoers.d", "/etc/ssl/private"}

// command returns bwrap's command line that runs the relay with
// relayArgs in a sandbox for b; the relay is given b.Argv after "--".
// This is the one place the sandbox's flags are chosen.
func (sb *Sandbox) command(b Bot, tmpSize string, relayArgs []string) []string {
	a := []string{sb.Bwrap,
		// Namespaces: no capabilities, even as root, and no way to get
		// them back in a user namespace of its own.
		"--unshare-user", "--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts", "--unshare-cgroup",
		"--disable-userns", "--cap-drop", "ALL",
		"--die-with-parent", "--new-session",
		"--info-fd", strconv.Itoa(infoFD), "--block-fd", strconv.Itoa(blockFD),
	}
	var bound []string // what is visible, to know what must be hidden
	for _, d := range systemDirs {
		fi, err := os.Lstat(d)
		switch {
		case err != nil:
		case fi.Mode()&os.ModeSymlink != 0:
			if target, err := os.Readlink(d); err == nil {
				a = append(a, "--symlink", target, d)
				bound = append(bound, d) // what it points to is bound
			}
		case fi.IsDir():
			a = append(a, "--ro-bind", d, d)
			bound = append(bound, d)
		}
	}
	a = append(a, maskArgs(etcSecrets)...)
	a = append(a, "--proc", "/proc", "--dev", "/dev")
	a = append(a, tmpfsArgs("/tmp", tmpSize)...)
	a = append(a, "--ro-bind", sb.Relay[0], relayPath)
	for _, p := range readable(b) {
		if !within(p, bound) {
			a = append(a, "--ro-bind", p, p)
			bound = append(bound, p)
		}
	}
	var hide []string
	for _, h := range sb.Hide {
		if h = absPath(h); h != "" && within(h, bound) {
			hide = append(hide, h)
		}
	}
	a = append(a, maskArgs(hide)...)
	cwd := "/tmp"
	if b.Dir != "" {
		cwd = absPath(b.Dir)
		a = append(a, "--bind", cwd, cwd, "--setenv", BotDirEnv, cwd, "--setenv", "HOME", cwd)
	} else {
		a = append(a, "--setenv", "HOME", "/tmp")
	}
	// The harness's temporary folder is not there.
	a = append(a, "--unsetenv", "TMPDIR")
	// The sandbox's root is read-only: nothing is written but in the
	// bot's own folder, /tmp and /dev/shm.
	a = append(a, "--remount-ro", "/", "--chdir", cwd, "--", relayPath)
	a = append(a, sb.Relay[1:]...)
	a = append(a, relayArgs...)
	if len(b.Argv) > 0 {
		a = append(a, "--", program(b.Argv[0]))
		a = append(a, b.Argv[1:]...)
	}
	return a
}

// tmpfsArgs mounts a private tmpfs at dst, of size bytes unless size is
// "": the one place a tmpfs of the sandbox is made.
func tmpfsArgs(dst, size string) []string {
	if size == "" {
		return []string{"--tmpfs", dst}
	}
	return []string{"--size", size, "--tmpfs", dst}
}

// maskArgs hides each path that exists: a folder under an empty tmpfs, a
// file under an empty file.
func maskArgs(paths []string) []string {
	var a []string
	for _, p := range paths {
		fi, err := os.Stat(p)
		switch {
		case err != nil:
		case fi.IsDir():
			a = append(a, "--tmpfs", p)
		default:
			a = append(a, "--ro-bind", os.DevNull, p)
		}
	}
	return a
}

// readable lists what b may read besides the system folders: its
// program's folder, the folder of each script it is given (an argument
// that names a file by its absolute path), and its mounts. A program or
// script at the root gets its file bound, not the root.
func readable(b Bot) []string {
	var out []string
	add := func(file string) {
		dir := filepath.Dir(file)
		if dir == "/" {
			out = append(out, file)
			return
		}
		out = append(out, dir)
	}
	if len(b.Argv) > 0 {
		add(program(b.Argv[0]))
		for _, arg := range b.Argv[1:] {
			if filepath.IsAbs(arg) {
				if fi, err := os.Stat(arg); err == nil && fi.Mode().IsRegular() {
					add(filepath.Clean(arg))
				}
			}
		}
	}
	for _, m := range b.Mounts {
		if m = absPath(m); m != "" {
			out = append(out, m)
		}
	}
	return out
}

// program returns the absolute path of a bot's program as the harness
// would run it.
func program(prog string) string {
	if p, err := exec.LookPath(prog); err == nil {
		prog = p
	}
	if abs := absPath(prog); abs != "" {
		return abs
	}
	return prog
}

func absPath(p string) string {
	if p == "" {
		return ""
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return ""
	}
	return abs
}

// within reports whether p is one of dirs or inside one.
func within(p string, dirs []string) bool {
	for _, d := range dirs {
		if p == d || strings.HasPrefix(p, strings.TrimSuffix(d, "/")+"/") {
			return true
		}
	}
	return false
}
