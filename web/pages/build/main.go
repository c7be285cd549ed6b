// Command build writes the play page without a server (package pages) into
// a folder, default out/pages, and prints the folder as its last line:
// `make pages`.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/openroom/openroom/web/pages"
)

func main() {
	out := flag.String("out", filepath.Join("out", "pages"), "the folder to write")
	flag.Parse()
	if err := pages.Build(context.Background(), *out, pages.Options{}); err != nil {
		fmt.Fprintln(os.Stderr, "pages:", err)
		os.Exit(1)
	}
	abs, err := filepath.Abs(*out)
	if err != nil {
		abs = *out
	}
	fmt.Println(abs)
}
