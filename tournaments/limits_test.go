package tournaments

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/openroom/openroom/tournaments/bots"
)

// attackBot is the test binary as a bot that breaks a limit, ATTACK
// being one of forkbomb, memhog, diskfill, bigfile or tmpfill (or
// rlimits, which writes its /proc/self/limits in its folder), at the
// open room's tables only (its own folder says the room); at other tables
// it plays as "play" does. Every attack has a bound of its own, so that
// without limits it still cannot hurt the machine, and ends within a
// minute.
func attackBot(args []string) int {
	if len(args) == 2 && args[0] == "child" {
		depth, _ := strconv.Atoi(args[1])
		forkBomb(depth)
		return 0
	}
	if len(args) != 5 {
		fmt.Fprintln(os.Stderr, "test bot: want ATTACK HOST PORT SEAT TEAM, got", args)
		return 64
	}
	attack, dir := args[0], os.Getenv(bots.DirEnv)
	if !strings.Contains(dir, "open") {
		return testBot("play", args[1:])
	}
	deadline := time.Now().Add(30 * time.Second)
	switch attack {
	case "rlimits":
		// Tell the limits the bot runs under.
		b, err := os.ReadFile("/proc/self/limits")
		if err != nil {
			return 1
		}
		if err := os.WriteFile(filepath.Join(dir, "limits"), b, 0o644); err != nil {
			return 1
		}
	case "forkbomb":
		forkBomb(5)
	case "memhog":
		// Up to 512 MiB, every page touched.
		var hog [][]byte
		for i := 0; i < 128 && time.Now().Before(deadline); i++ {
			b := make([]byte, 4<<20)
			for j := range b {
				if j%4096 == 0 {
					b[j] = 1
				}
			}
			hog = append(hog, b)
			time.Sleep(time.Millisecond)
		}
		_ = hog
	case "diskfill", "tmpfill":
		// Up to 128 files of 1 MiB.
		if attack == "tmpfill" {
			dir = "/tmp"
		}
		buf := make([]byte, 1<<20)
		for i := 0; i < 128 && time.Now().Before(deadline); i++ {
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("fill%d", i)), buf, 0o644); err != nil {
				fmt.Fprintln(os.Stderr, "test bot:", err)
				time.Sleep(50 * time.Millisecond)
			}
			time.Sleep(5 * time.Millisecond)
		}
	case "bigfile":
		// One file of 128 MiB, by a program that dies of SIGXFSZ at the
		// file size limit (a Go program ignores the signal).
		sh := `head -c 134217728 /dev/zero > "$` + bots.DirEnv + `/big"`
		if err := syscall.Exec("/bin/sh", []string{"sh", "-c", sh}, os.Environ()); err != nil {
			return 1
		}
	default:
		return 64
	}
	time.Sleep(time.Until(deadline))
	return 0
}

// forkBomb starts two copies of the test binary, each of which starts
// two more, depth levels deep (at most 2^(depth+1)-1 processes), all
// living 20 seconds unless killed.
func forkBomb(depth int) {
	if depth > 0 {
		for range 2 {
			cmd := exec.Command(os.Args[0], "child", strconv.Itoa(depth-1))
			if err := cmd.Start(); err != nil {
				fmt.Fprintln(os.Stderr, "test bot:", err)
			}
		}
	}
	time.Sleep(20 * time.Second)
}
