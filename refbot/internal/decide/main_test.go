package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/web/browsertest"
)

// TestSameDecisionsInWebAssembly compiles this command to WebAssembly
// (GOOS=js GOARCH=wasm), runs it under node, and requires the very
// decisions it makes natively, card and counts alike: the browser, about
// three times slower a card, decides as the table manager does. Skipped
// without node unless OPENROOM_REQUIRE_BROWSER is set.
func TestSameDecisionsInWebAssembly(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv(browsertest.RequireEnv) != "" {
			t.Fatalf("node is not installed and %s is set", browsertest.RequireEnv)
		}
		t.Skip("node is not installed")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	root, err := exec.CommandContext(ctx, goBin, "env", "GOROOT").Output()
	require.NoError(t, err)
	runner := filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", "wasm_exec_node.js")
	if _, err := os.Stat(runner); err != nil {
		t.Skipf("this Go has no %s: %v", runner, err)
	}
	wasm := filepath.Join(t.TempDir(), "decide.wasm")
	build := exec.CommandContext(ctx, goBin, "build", "-o", wasm, ".")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "build for js/wasm: %s", out)

	var native bytes.Buffer
	require.NoError(t, decide(&native))
	var stdout, stderr bytes.Buffer
	run := exec.CommandContext(ctx, node, runner, wasm)
	run.Stdout, run.Stderr = &stdout, &stderr
	require.NoError(t, run.Run(), "node: %s", stderr.String())
	require.NotEmpty(t, native.String())
	assert.Contains(t, native.String(), "search worlds", "the positions include searched decisions")
	assert.Equal(t, native.String(), stdout.String())
}
