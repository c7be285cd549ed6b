//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

// main outside WebAssembly only says how the worker is built: it runs in
// a browser's Web Worker, nowhere else.
func main() {
	fmt.Fprintln(os.Stderr, "worker: the page's worker runs in a browser: build it with GOOS=js GOARCH=wasm (make pages)")
	os.Exit(2)
}
