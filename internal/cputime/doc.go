// Package cputime reads the CPU time the process has used, which a
// measurement on a machine shared with other work can compare where wall
// time cannot (with GOMAXPROCS=1, the difference across a call is that
// call's cost).
package cputime
