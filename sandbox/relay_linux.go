package sandbox

import (
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
)

// RelayMain is the relay, run inside the sandbox as the harness's own
// program (a hidden subcommand) with these arguments:
//
//	--listen ADDR --fd N -- PROG ARGS...
//	    listen on ADDR (the sandbox's loopback), start PROG as a child,
//	    pass SIGTERM, SIGINT and SIGHUP on to it, send each connection
//	    accepted on ADDR to the harness over the socket pair at fd N, and
//	    exit with PROG's status
//	--check
//	    exit 0 if the sandbox holds: no capabilities, no user namespace
//	    to be made; else say why and exit 1
//	--noop
//	    exit 0 (the child --check tries to start in a user namespace)
//
// It returns the exit status.
func RelayMain(args []string) int {
	if len(args) == 1 {
		switch args[0] {
		case "--noop":
			return 0
		case "--check":
			return check()
		}
	}
	listen, fd, argv, err := relayArgs(args)
	if err != nil {
		fmt.Fprintln(os.Stderr, "sandbox relay:", err)
		return 64
	}
	// The bot runs as the same user: without this it could trace the
	// relay and have it pass anything on.
	_, _, _ = syscall.RawSyscall(syscall.SYS_PRCTL, syscall.PR_SET_DUMPABLE, 0, 0)
	syscall.CloseOnExec(fd)
	f := os.NewFile(uintptr(fd), "harness")
	nc, err := net.FileConn(f)
	f.Close()
	if err != nil {
		fmt.Fprintln(os.Stderr, "sandbox relay: the harness's socket:", err)
		return 70
	}
	harness, ok := nc.(*net.UnixConn)
	if !ok {
		fmt.Fprintln(os.Stderr, "sandbox relay: fd", fd, "is not a unix socket")
		return 70
	}
	ln, err := net.Listen("tcp", listen)
	if err != nil {
		fmt.Fprintln(os.Stderr, "sandbox relay:", err)
		return 70
	}
	go relay(ln, harness)

	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(os.Stderr, "sandbox relay: cannot start %s: %v\n", argv[0], err)
		return 127
	}
	go func() {
		for s := range sigs {
			_ = cmd.Process.Signal(s)
		}
	}()
	err = cmd.Wait()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ee):
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return 128 + int(ws.Signal())
		}
		return ee.ExitCode()
	}
	fmt.Fprintln(os.Stderr, "sandbox relay:", err)
	return 70
}

// relayArgs reads --listen ADDR --fd N -- PROG ARGS...
func relayArgs(args []string) (listen string, fd int, argv []string, err error) {
	fd = -1
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "--":
			argv = args[i+1:]
			i = len(args)
		case (a == "--listen" || a == "--fd") && i+1 < len(args):
			i++
			if a == "--listen" {
				listen = args[i]
			} else if fd, err = strconv.Atoi(args[i]); err != nil {
				return "", 0, nil, fmt.Errorf("--fd %q: %w", args[i], err)
			}
		default:
			return "", 0, nil, fmt.Errorf("unknown argument %q", a)
		}
	}
	if listen == "" || fd < 0 || len(argv) == 0 {
		//lint:ignore ST1005 the message is the relay's usage line, whose ellipsis means "and its arguments"
		return "", 0, nil, errors.New("want --listen ADDR --fd N -- PROG ARGS...")
	}
	return listen, fd, argv, nil
}

// relay sends each connection accepted on ln to the harness: the file
// descriptor itself, so that no byte of the bot's goes through the relay.
func relay(ln net.Listener, harness *net.UnixConn) {
	for {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		tc, ok := c.(*net.TCPConn)
		if !ok {
			c.Close()
			continue
		}
		f, err := tc.File()
		tc.Close()
		if err != nil {
			continue
		}
		_, _, err = harness.WriteMsgUnix([]byte{0}, syscall.UnixRights(int(f.Fd())), nil)
		f.Close()
		if err != nil {
			return // the harness has gone; the bot's connections are refused
		}
	}
}

// check says whether the sandbox it runs in holds: no capability at all,
// and a user namespace (where capabilities come back) cannot be made.
func check() int {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		fmt.Println("cannot read /proc/self/status:", err)
		return 1
	}
	for _, l := range strings.Split(string(status), "\n") {
		for _, k := range []string{"CapPrm:", "CapEff:", "CapAmb:"} {
			if v, ok := strings.CutPrefix(l, k); ok {
				if n, err := strconv.ParseUint(strings.TrimSpace(v), 16, 64); err != nil || n != 0 {
					fmt.Printf("a bot keeps capabilities (%s %s)\n", k, strings.TrimSpace(v))
					return 1
				}
			}
		}
	}
	// Run ourselves in a new user namespace: it must be refused.
	self := append([]string(nil), os.Args...)
	self[len(self)-1] = "--noop"
	cmd := exec.Command("/proc/self/exe", self[1:]...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Cloneflags: syscall.CLONE_NEWUSER}
	if err := cmd.Run(); err == nil {
		fmt.Println("a bot can make a user namespace of its own")
		return 1
	}
	return 0
}
