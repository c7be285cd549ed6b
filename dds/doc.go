// Package dds is openroom's double-dummy solver: given all four hands, it
// finds the number of tricks each side takes with perfect play by everyone.
//
// It follows the published design of DDS (Haglund and Hein): zero-window
// alpha-beta searches driven MTD(f)-style, a transposition table made at
// trick boundaries and keyed on relative ranks with partition search
// ("winning ranks"), quick-trick bounds, move ordering and pruning of
// equivalent cards. The code is our own and pure Go.
//
// A Solver is not safe for concurrent use; use one per goroutine (it owns a
// transposition table of about 90 MB), or the batch functions
// (CalcTables, SolveBatch) that spread work over cores.
package dds
