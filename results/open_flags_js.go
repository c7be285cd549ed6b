//go:build js

package results

// openFlags are OpenRegular's extra open flags: none under js/wasm, which
// has neither O_NONBLOCK nor FIFOs (the browser's practice table never
// opens a file).
const openFlags = 0
