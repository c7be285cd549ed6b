// Package pages builds the play page without a server: a folder of static
// files that any static file server can serve, in which the practice table
// (package practice: the engine, refbot at every level, the double-dummy
// review) runs compiled to WebAssembly in a Web Worker (the worker
// command). The page's front end is the one of `tablemanager play`
// (web/play/assets, web/shared) on the worker's transport
// (assets/transport.js).
//
// The folder mirrors the repository's paths under web/, so that the
// modules' relative imports name the same files as on disk and on the
// server, whatever path the folder is served under:
//
//	index.html                 the page, with its Content-Security-Policy
//	openroom.wasm              the worker's table (GOOS=js GOARCH=wasm)
//	wasm_exec.js               Go's support script for it
//	web/pages/assets/          the transport, the worker's script, the heuristic
//	web/play/assets/           the play page's styles and modules
//	web/shared/                the modules both pages share
package pages

import (
	"bytes"
	"context"
	"embed"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"

	"github.com/openroom/openroom/web"
	"github.com/openroom/openroom/web/play"
)

//go:embed assets
var assets embed.FS

// WorkerPackage is the import path of the worker's command.
const WorkerPackage = "github.com/openroom/openroom/web/pages/worker"

// Options say how to build the folder.
type Options struct {
	// Go is the go command (default "go" on PATH); it compiles the
	// worker and names GOROOT, whose lib/wasm/wasm_exec.js is copied.
	Go string
	// Wasm, when set, is a worker already compiled to copy instead of
	// compiling one (tests compile it once).
	Wasm string
}

// Build writes the page's folder into dir (made if missing; files of the
// same names are replaced).
func Build(ctx context.Context, dir string, o Options) error {
	if o.Go == "" {
		o.Go = "go"
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	wasm := filepath.Join(dir, "openroom.wasm")
	if o.Wasm != "" {
		b, err := os.ReadFile(o.Wasm)
		if err != nil {
			return err
		}
		if err := os.WriteFile(wasm, b, 0o644); err != nil {
			return err
		}
	} else if err := CompileWorker(ctx, o.Go, wasm); err != nil {
		return err
	}
	root, err := exec.CommandContext(ctx, o.Go, "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("pages: go env GOROOT: %w", err)
	}
	exe, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return fmt.Errorf("pages: Go's wasm_exec.js: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "wasm_exec.js"), exe, 0o644); err != nil {
		return err
	}
	own, err := fs.Sub(assets, "assets")
	if err != nil {
		return err
	}
	index, err := fs.ReadFile(own, "index.html")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "index.html"), index, 0o644); err != nil {
		return err
	}
	for _, c := range []struct {
		fsys fs.FS
		to   string
	}{
		{own, "web/pages/assets"},
		{play.Assets(), "web/play/assets"},
		{web.SharedFS(), "web/shared"},
	} {
		if err := copyPublic(c.fsys, filepath.Join(dir, filepath.FromSlash(c.to))); err != nil {
			return err
		}
	}
	return nil
}

// copyPublic copies a folder's files that a browser loads: neither the
// unit tests, package.json, nor the server page's index.html and main.js
// (its entry on the server's transport).
func copyPublic(fsys fs.FS, to string) error {
	return fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		base := path.Base(p)
		if strings.HasSuffix(base, ".test.js") || base == "package.json" || base == "index.html" || base == "main.js" {
			return nil
		}
		b, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		dst := filepath.Join(to, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		return os.WriteFile(dst, b, 0o644)
	})
}

// CompileWorker compiles the worker to WebAssembly into out, as small as
// the go command makes it: GOOS=js GOARCH=wasm, -trimpath, -ldflags='-s -w'.
func CompileWorker(ctx context.Context, goBin, out string) error {
	abs, err := filepath.Abs(out)
	if err != nil {
		return err
	}
	cmd := exec.CommandContext(ctx, goBin, "build", "-trimpath", "-ldflags=-s -w", "-o", abs, WorkerPackage)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("pages: compile the worker: %w: %s", err, stderr.String())
	}
	return nil
}
