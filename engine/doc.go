// Package engine is openroom's single source of truth for the rules of
// duplicate contract bridge (rule set bridge-duplicate-practice-v1): cards,
// hands, seats, board conventions, the auction, the play, Law 77 scoring and
// the IMP and VP scales, PBN deal strings and reproducible dealing.
// Rubber bridge and Chicago (rule sets rubber-v1 and chicago-v1) are scored
// by Rubber, a score sheet of their own: their vulnerability and bonuses are
// never applied to a duplicate board.
//
// The package does no I/O. Its hot paths (hands, legal moves, the board state
// machine) work on bitsets and fixed arrays and do not allocate.
package engine
