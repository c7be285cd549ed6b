package pages

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestWorkerHasNoServer: the worker compiled to WebAssembly holds the
// practice table, not the server around it: no net/http, no net.
func TestWorkerHasNoServer(t *testing.T) {
	t.Parallel()
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH")
	}
	cmd := exec.Command(goBin, "list", "-deps", WorkerPackage)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	require.NoError(t, err)
	deps := strings.Fields(string(out))
	require.Contains(t, deps, "github.com/openroom/openroom/web/play/practice")
	for _, d := range deps {
		require.NotContains(t, []string{"net", "net/http", "github.com/openroom/openroom/web", "github.com/openroom/openroom/web/play"}, d, "the worker imports %s", d)
	}
}
