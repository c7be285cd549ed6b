package bidding

import (
	"fmt"
	"strings"
)

// covers reports whether every hand that fits row b also fits row a, as
// far as the ranges tell: a has no condition and no slam need, and each of
// a's ranges contains b's. Then b, tried after a, can never be chosen.
func covers(a, b *row) bool {
	if a.cond != nil || a.need != 0 {
		return false
	}
	ma, mb := &a.Meaning, &b.Meaning
	if ma.MinHCP > mb.MinHCP || ma.MaxHCP < mb.MaxHCP {
		return false
	}
	for s := range ma.MinLen {
		if ma.MinLen[s] > mb.MinLen[s] || ma.MaxLen[s] < mb.MaxLen[s] {
			return false
		}
	}
	if ma.Balanced && !mb.Balanced {
		return false
	}
	if ma.Valuation != HCPOnly {
		if ma.Valuation != mb.Valuation || ma.Trump != mb.Trump && ma.Valuation.countsShortness() ||
			ma.MinPoints > mb.MinPoints || ma.MaxPoints < mb.MaxPoints {
			return false
		}
	}
	return true
}

// unreachable lists the rows of a situation that no hand can reach: an
// earlier row of the same situation takes every hand they fit.
func unreachable(rows []*row) [][2]int {
	var out [][2]int
	for j, b := range rows {
		for i := 0; i < j; i++ {
			if covers(rows[i], b) {
				out = append(out, [2]int{i, j})
				break
			}
		}
	}
	return out
}

// checkTable finds the defects a system file can have that its syntax
// does not show: rows no hand reaches. It returns one error naming every
// such row by file and line, one a line.
func checkTable(file string, t *table) error {
	var msgs []string
	for _, k := range t.keys {
		rows := t.rows[k]
		for _, p := range unreachable(rows) {
			a, b := rows[p[0]], rows[p[1]]
			msgs = append(msgs, fmt.Sprintf("%s:%d: %s %q can never be chosen in situation %q: the row on line %d (%s %q) takes every hand it fits",
				file, b.line, b.Meaning.Call, b.Meaning.Text, k, a.line, a.Meaning.Call, a.Meaning.Text))
		}
	}
	if len(msgs) > 0 {
		return fmt.Errorf("%s", strings.Join(msgs, "\n"))
	}
	return nil
}
