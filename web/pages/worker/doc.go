// Command worker is the practice table of the page without a server,
// compiled to WebAssembly (GOOS=js GOARCH=wasm) and run in a Web Worker:
// the same practice.Table as `tablemanager play`, its bots behind the
// browser's fallback chain (practice.Chain) on one shared solver. It
// talks to the page by messages only; see package pages.
package main
