package main

import "fmt"

// runEvent is not built yet.
func runEvent(e *env, args []string) int {
	fmt.Fprintln(e.stderr, "tablemanager: this command is not built yet")
	return exitSoftware
}
