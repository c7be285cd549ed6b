package tournaments

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/openroom/openroom/sandbox"
)

// BotDirEnv names the environment variable that gives a command bot its
// own folder: its working folder under the sandbox, kept after the event
// (DIR/logs/TABLE-SEAT/).
const BotDirEnv = "OPENROOM_BOT_DIR"

// ErrNoSandbox means command bots cannot be sandboxed here: bubblewrap is
// missing, cannot create namespaces, or the system is not Linux.
var ErrNoSandbox = errors.New("no sandbox for command bots")

// Sandbox runs command bots under bubblewrap (bwrap): the whole file
// system read-only, a private /tmp, a /proc of the bot's own pid
// namespace (the harness's processes and command line are invisible),
// the event's files hidden, the network shared (the bot connects to its
// table on loopback), and the bot killed if the harness dies. The bot
// runs in a session of its own (--new-session: no terminal to reach);
// BotProcess learns its pid from bwrap's --info-fd to interrupt it, since
// bwrap itself does not pass signals on.
type Sandbox struct {
	// Bwrap is the bubblewrap program.
	Bwrap string
	// Hide lists what a bot must not see: a folder gets an empty tmpfs
	// over it, a file is replaced by an empty one. The event's output
	// folder, its board PBN and its event file belong here.
	Hide []string
	// Limits, if set, bounds each bot (see sandbox.Confiner): its /tmp
	// gets the tmpfs size, and the bot is confined before it runs.
	Limits *sandbox.Confiner
}

// FindSandbox looks for bwrap on the PATH and checks that it can create
// the namespaces a bot runs in. The error wraps ErrNoSandbox and says why.
func FindSandbox(ctx context.Context) (*Sandbox, error) {
	if runtime.GOOS != "linux" {
		return nil, fmt.Errorf("%w: bubblewrap needs Linux, this is %s", ErrNoSandbox, runtime.GOOS)
	}
	path, err := exec.LookPath("bwrap")
	if err != nil {
		return nil, fmt.Errorf("%w: bubblewrap (bwrap) is not installed (Debian: apt-get install bubblewrap)", ErrNoSandbox)
	}
	sb := &Sandbox{Bwrap: path}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	argv := sb.Wrap([]string{"true"}, "")
	out, err := exec.CommandContext(ctx, argv[0], argv[1:]...).CombinedOutput()
	if err != nil {
		msg := strings.TrimSpace(string(out))
		if msg == "" {
			msg = err.Error()
		}
		return nil, fmt.Errorf("%w: %s does not work here (%s); it needs unprivileged user namespaces or root", ErrNoSandbox, path, msg)
	}
	return sb, nil
}

// Wrap returns the command line that runs argv in the sandbox. dir, if
// not "", is the bot's own folder: bound read-write at the same path
// (over anything hidden) and its working folder; otherwise the working
// folder is the private /tmp. The program argv[0] is looked up first and
// bound read-only, so a bot under /tmp (or a hidden folder) still starts.
func (sb *Sandbox) Wrap(argv []string, dir string) []string {
	return sb.wrap(argv, dir, -1, -1, "")
}

// wrap is Wrap, with bwrap writing its child's pid as JSON to infoFD and
// holding the child until blockFD is readable, for each that is not
// negative, and tmpSize, if not "", the size of the bot's /tmp.
func (sb *Sandbox) wrap(argv []string, dir string, infoFD, blockFD int, tmpSize string) []string {
	prog := argv[0]
	if p, err := exec.LookPath(prog); err == nil {
		prog = p
	}
	if abs, err := filepath.Abs(prog); err == nil {
		prog = abs
	}
	a := []string{sb.Bwrap,
		"--ro-bind", "/", "/",
		"--dev", "/dev",
		"--unshare-pid", "--proc", "/proc",
	}
	if tmpSize != "" {
		a = append(a, "--size", tmpSize)
	}
	a = append(a, "--tmpfs", "/tmp", "--die-with-parent", "--new-session")
	if infoFD >= 0 {
		a = append(a, "--info-fd", strconv.Itoa(infoFD))
	}
	if blockFD >= 0 {
		a = append(a, "--block-fd", strconv.Itoa(blockFD))
	}
	for _, h := range sb.Hide {
		if h == "" {
			continue
		}
		if abs, err := filepath.Abs(h); err == nil {
			h = abs
		}
		fi, err := os.Stat(h)
		switch {
		case err != nil:
			continue // nothing there to hide
		case fi.IsDir():
			a = append(a, "--tmpfs", h)
		default:
			a = append(a, "--ro-bind", os.DevNull, h)
		}
	}
	a = append(a, "--ro-bind", prog, prog)
	cwd := "/tmp"
	if dir != "" {
		if abs, err := filepath.Abs(dir); err == nil {
			dir = abs
		}
		a = append(a, "--bind", dir, dir)
		cwd = dir
	}
	a = append(a, "--chdir", cwd, "--", prog)
	return append(a, argv[1:]...)
}

// sandboxInfo reads bwrap's --info-fd report: the host pid of the process
// it started in the new namespace (the leader of the bot's session).
func sandboxInfo(r io.Reader) int {
	var info struct {
		ChildPID int `json:"child-pid"`
	}
	if err := json.NewDecoder(r).Decode(&info); err != nil {
		return 0
	}
	return info.ChildPID
}
