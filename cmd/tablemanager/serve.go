package main

import "fmt"

// runServe is not built yet.
func runServe(e *env, args []string) int {
	fmt.Fprintln(e.stderr, "tablemanager: this command is not built yet")
	return exitSoftware
}
