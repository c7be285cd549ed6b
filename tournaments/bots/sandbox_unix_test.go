//go:build unix

package bots

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/sandbox"
	"github.com/stretchr/testify/require"
)

// A sandboxed bot is stopped the way a plain one is: SIGTERM reaches the
// bot itself (not only bwrap), so it can tidy up before the kill.
func TestSandboxedBotGetsTheInterrupt(t *testing.T) {
	sb := testSandbox(t)
	t.Setenv(botModeEnv, "term")
	dir := filepath.Join(t.TempDir(), "bot")
	spec := Spec{Name: "term", Kind: KindCommand, Command: []string{os.Args[0]}}
	ctx, cancel := context.WithCancel(context.Background())
	var log syncBuf
	p := Start(ctx, spec, engine.North, "A", sandbox.Host, sandbox.Port, ProcessOptions{BotDir: dir, Sandbox: sb, Logf: log.logf})
	require.Eventually(t, func() bool { return p.Starts() == 1 }, 10*time.Second, 10*time.Millisecond)
	require.Eventually(t, func() bool {
		_, err := os.Stat(filepath.Join(dir, "ready"))
		return err == nil
	}, 10*time.Second, 10*time.Millisecond, "the bot did not install its handler: %s", log.String())
	cancel()
	waitClosed(t, p.Done(), "supervisor end")
	b, err := os.ReadFile(filepath.Join(dir, "stopped"))
	require.NoError(t, err, "the bot did not see SIGTERM: %s", log.String())
	require.Equal(t, "SIGTERM", string(b))
}
