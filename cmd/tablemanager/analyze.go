package main

import "fmt"

// runAnalyze is not built yet.
func runAnalyze(e *env, args []string) int {
	fmt.Fprintln(e.stderr, "tablemanager: this command is not built yet")
	return exitSoftware
}
