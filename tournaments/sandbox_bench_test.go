package tournaments

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/openroom/openroom/sandbox"
)

// BenchmarkCommandBotMatch plays an 8-board team match whose eight seats
// (two rooms) are all command bots (the test binary playing at random),
// sandboxed and as plain processes.
func BenchmarkCommandBotMatch(b *testing.B) {
	for _, sandboxed := range []bool{true, false} {
		name := "plain"
		var sb *sandbox.Sandbox
		if sandboxed {
			name = "sandboxed"
		}
		b.Run(name, func(b *testing.B) {
			if sandboxed {
				sb = testSandbox(b)
			}
			b.Setenv(botModeEnv, "play")
			for i := 0; i < b.N; i++ {
				dir := b.TempDir()
				src := fmt.Sprintf("name = \"bench\"\nconcurrency = 2\n[boards]\nseed = \"bench\"\ncount = 8\n"+
					"[bots.cmd]\ncommand = %q\n[teams.A]\nbots = [\"cmd\"]\n[teams.B]\nbots = [\"cmd\"]\n", os.Args[0]+" {host} {port} {seat} {name}")
				f, err := ParseFile([]byte(src), "bench.toml")
				if err != nil {
					b.Fatal(err)
				}
				f.Out = filepath.Join(dir, "out")
				ev, err := Resolve(f)
				if err != nil {
					b.Fatal(err)
				}
				var s *sandbox.Sandbox
				if sb != nil {
					c := *sb
					c.Hide = ev.Secrets()
					s = &c
				}
				runner := &ProtocolRunner{LogDir: filepath.Join(ev.Out, "logs"), Sandbox: s}
				out, err := Run(context.Background(), ev, Options{Runner: runner})
				if err != nil {
					b.Fatal(err)
				}
				if out.Played != 16 {
					b.Fatalf("played %d board-rooms", out.Played)
				}
			}
		})
	}
}
