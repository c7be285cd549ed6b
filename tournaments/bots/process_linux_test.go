package bots

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/sandbox"
)

// BenchmarkSandboxedBotRun is one run of a sandboxed bot that exits at
// once (the test binary), without and with limits: the limits' cost at
// each start (cgroups made and removed, rlimits, the watcher).
func BenchmarkSandboxedBotRun(b *testing.B) {
	sb := testSandbox(b)
	b.Setenv(botModeEnv, "crash")
	limited := *sb
	limited.Limits = sandbox.NewConfiner(sandbox.Limits{})
	b.Log(limited.Limits.Describe())
	for _, bc := range []struct {
		name string
		sb   *sandbox.Sandbox
	}{{"plain", sb}, {"limits", &limited}} {
		b.Run(bc.name, func(b *testing.B) {
			spec := Spec{Name: "crash", Kind: KindCommand, Command: []string{os.Args[0]}}
			p := &Process{spec: spec, seat: engine.North, argv: spec.Command, lost: make(chan struct{}, 1),
				opt: ProcessOptions{BotDir: filepath.Join(b.TempDir(), "bot"), Sandbox: bc.sb}}
			for b.Loop() {
				if err := p.runOnce(b.Context()); err == nil || strings.Contains(err.Error(), "killed") {
					b.Fatalf("want exit status 1, got %v", err)
				}
			}
		})
	}
}
