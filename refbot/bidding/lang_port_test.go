package bidding

import (
	"math/rand/v2"
	"os"
	"sort"
	"testing"

	"github.com/openroom/openroom/engine"
)

// portHands are random hands on which two tables' row conditions must
// agree.
func portHands(n int) []handInfo {
	rng := rand.New(rand.NewPCG(7, 11))
	out := make([]handInfo, 0, n)
	for len(out) < n {
		var deck []engine.Card
		for s := engine.Clubs; s <= engine.Spades; s++ {
			for r := engine.Two; r <= engine.Ace; r++ {
				deck = append(deck, engine.NewCard(s, r))
			}
		}
		rng.Shuffle(52, func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		for h := 0; h < 4; h++ {
			out = append(out, newHandInfo(engine.HandOf(deck[13*h:13*h+13]...)))
		}
	}
	return out
}

// compareTables reports every difference between the rows of want (built
// in code) and got (read from a file): the same situations, and in each
// the same rows in the same order with the same meanings and conditions
// (compared on random hands).
func compareTables(t *testing.T, want, got map[string][]*row) {
	t.Helper()
	hands := portHands(6000)
	keys := map[string]bool{}
	for k := range want {
		keys[k] = true
	}
	for k := range got {
		keys[k] = true
	}
	sorted := make([]string, 0, len(keys))
	for k := range keys {
		sorted = append(sorted, k)
	}
	sort.Strings(sorted)
	bad := 0
	for _, k := range sorted {
		w, g := want[k], got[k]
		if len(w) != len(g) {
			t.Errorf("situation %q: %d rows in code, %d in the file", k, len(w), len(g))
			for i := 0; i < max(len(w), len(g)); i++ {
				ws, gs := "-", "-"
				if i < len(w) {
					ws = w[i].Meaning.String()
				}
				if i < len(g) {
					gs = g[i].Meaning.String()
				}
				t.Logf("  row %d: code %s\n         file %s (line %d)", i, ws, gs, lineOf(g, i))
			}
			bad++
			continue
		}
		for i := range w {
			wr, gr := w[i], g[i]
			if wr.Meaning != gr.Meaning || wr.need != gr.need {
				t.Errorf("situation %q row %d (file line %d):\n code %s %+v need %d\n file %s %+v need %d", k, i, gr.line,
					wr.Meaning.String(), wr.Meaning, wr.need, gr.Meaning.String(), gr.Meaning, gr.need)
				bad++
				continue
			}
			if (wr.cond == nil) != (gr.cond == nil) {
				t.Errorf("situation %q row %d %s (file line %d): condition in code %v, in the file %v", k, i, wr.Meaning.Call, gr.line, wr.cond != nil, gr.cond != nil)
				bad++
				continue
			}
			if wr.cond == nil {
				continue
			}
			for j := range hands {
				if wr.cond(&hands[j]) != gr.cond(&hands[j]) {
					t.Errorf("situation %q row %d %s (file line %d): the condition differs on %v (code %v)", k, i, wr.Meaning.Call, gr.line, hands[j].h, wr.cond(&hands[j]))
					bad++
					break
				}
			}
		}
		if bad > 40 {
			t.Fatalf("too many differences")
		}
	}
}

func lineOf(rows []*row, i int) int {
	if i < len(rows) {
		return rows[i].line
	}
	return 0
}

// builtBy returns the rows the given builder steps write.
func builtBy(steps ...func(*builder)) map[string][]*row {
	b := &builder{rows: make(map[string][]*row)}
	for _, f := range steps {
		f(b)
	}
	if b.err != nil {
		panic(b.err)
	}
	return b.rows
}

// loadFragment expands one file of the port.
func loadFragment(t *testing.T, path string) map[string][]*row {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := expandSystem("system \"port\"\n" + string(src))
	if err != nil {
		t.Fatalf("%s: %v (line numbers count the added first line)", path, err)
	}
	return tab.rows
}

func TestPortOpenings(t *testing.T) {
	compareTables(t, builtBy((*builder).openings), loadFragment(t, "systems/port/openings.bid"))
}
