package cardplay

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math/rand/v2"

	"github.com/openroom/openroom/engine"
)

// World is one layout of the hidden cards: the remaining cards of all four
// seats (the current trick's cards excluded), consistent with every hard
// fact. Step is the strictest relaxation step of the soft constraints it was
// accepted under (0 = all soft constraints; HardOnly = none).
type World struct {
	Hands engine.Deal
	Step  int
}

// modelProbe is how many draws a wanted world the sampler tries under the
// models before it gives up on them when none fits.
const modelProbe = 16

// HardOnly is the World.Step of a world drawn with only the hard facts.
const HardOnly = len(relaxSteps)

// Sampler draws worlds for one decision. It is deterministic for its seed
// and not safe for concurrent use.
type Sampler struct {
	f   *Facts
	rng *rand.Rand
	buf [52]engine.Card
}

// DecisionSeed derives the sampler seed of one decision from the bot's seed,
// the board number, the seat and the decision index (the number of cards
// played so far), so that replaying a match replays every decision.
func DecisionSeed(seed uint64, board int, seat engine.Seat, decision int) [32]byte {
	var msg [8 + 8 + 1 + 8]byte
	binary.BigEndian.PutUint64(msg[0:], seed)
	binary.BigEndian.PutUint64(msg[8:], uint64(int64(board)))
	msg[16] = byte(seat)
	binary.BigEndian.PutUint64(msg[17:], uint64(int64(decision)))
	h := sha256.New()
	h.Write([]byte("openroom/refbot/sampler/v1\x00"))
	h.Write(msg[:])
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// NewSampler returns a sampler over the facts, seeded for one decision. It
// checks that the hard facts admit at least one world.
func NewSampler(f *Facts, seed [32]byte) (*Sampler, error) {
	s := &Sampler{f: f, rng: rand.New(rand.NewChaCha8(seed))}
	if _, err := s.deal(); err != nil {
		return nil, err
	}
	return s, nil
}

// samplerOf is NewSampler for a decision: when no world honours the
// cards the seats' carding denied them (a seat that does not card as it
// was read), it samples without the reading.
func samplerOf(f *Facts, seed [32]byte) (*Sampler, error) {
	smp, err := NewSampler(f, seed)
	if err != nil && f.Undeny() {
		smp, err = NewSampler(f, seed)
	}
	return smp, err
}

// hasSoft reports whether any soft constraint applies to the hidden hands.
func (f *Facts) hasSoft() bool {
	if f.Lead != nil || f.LeadModel != nil || f.CallModel != nil {
		return true
	}
	for _, s := range f.Hidden {
		if f.HasSoft[s] {
			return true
		}
	}
	return false
}

// Sample returns n worlds. It draws up to attempts worlds per wanted world
// at each relaxation step, keeping those that fit the soft constraints, and
// relaxes them step by step while too few fit; the last step uses the hard
// facts only, so it always returns n worlds. Before it relaxes the
// strictest step it walks drawn worlds into it (walkFresh). Worlds
// accepted under stricter steps come first.
func (s *Sampler) Sample(n, attempts int) ([]World, error) {
	out := make([]World, 0, n)
	if n <= 0 {
		return out, nil
	}
	step := 0
	if !s.f.hasSoft() {
		step = HardOnly
	}
	for ; step < HardOnly && len(out) < n; step++ {
		n0 := len(out)
		budget := attempts * (n - n0)
		// The models (relaxStep.model) cost the most to check and fit no
		// world of a seat that bids or leads by other rules: when none of
		// the first modelProbe draws a wanted world fits, move on.
		probe := budget
		if relaxSteps[step].model {
			probe = min(budget, modelProbe*(n-n0))
		}
		for a := 0; a < budget && len(out) < n; a++ {
			if a == probe && len(out) == n0 {
				break
			}
			w, err := s.deal()
			if err != nil {
				return out, err
			}
			if s.f.softOK(&w, step) {
				out = append(out, World{Hands: w, Step: step})
			}
		}
		if step == 0 && len(out) < n {
			// Too few drawn worlds fit every constraint: walk more
			// into them (walk.go) before relaxing any.
			var err error
			if out, err = s.walkFresh(out, n); err != nil {
				return out, err
			}
		}
	}
	for len(out) < n {
		w, err := s.deal()
		if err != nil {
			return out, err
		}
		out = append(out, World{Hands: w, Step: HardOnly})
	}
	return out, nil
}

// deal draws one world that honours the hard facts: the pool's cards in a
// random order, forced cards (those only one hidden seat may hold) first,
// each given to a seat that may hold it with probability proportional to
// the places it has left (a plain random deal when nobody has shown out).
// When every seat that may hold a card is full, an augmenting path moves
// cards between seats to make room, so the deal never gets stuck when the
// facts admit any layout.
func (s *Sampler) deal() (engine.Deal, error) {
	f := s.f
	w, room := s.start()
	cards := f.Pool.Cards(s.buf[:0])
	s.rng.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	// Forced cards first: move them to the front, keeping the shuffled order.
	k := 0
	for i, c := range cards {
		if f.allowedCount(c) == 1 {
			cards[i], cards[k] = cards[k], cards[i]
			k++
		}
	}
	for _, c := range cards {
		total := 0
		for _, seat := range f.Hidden {
			if f.Allowed[seat].Has(c) {
				total += room[seat]
			}
		}
		if total == 0 {
			if err := f.augment(&w, &room, c); err != nil {
				return w, err
			}
			continue
		}
		r := s.rng.IntN(total)
		for _, seat := range f.Hidden {
			if !f.Allowed[seat].Has(c) {
				continue
			}
			if r < room[seat] {
				w[seat] = w[seat].With(c)
				room[seat]--
				break
			}
			r -= room[seat]
		}
	}
	return w, nil
}

// allowedCount returns how many hidden seats may hold card c.
func (f *Facts) allowedCount(c engine.Card) int {
	n := 0
	for _, seat := range f.Hidden {
		if f.Allowed[seat].Has(c) {
			n++
		}
	}
	return n
}

// augment places card c when every seat that may hold it is full: it finds
// a chain of seats u0 → u1 → … → uk where u0 may hold c, each ui holds a
// card u(i+1) may hold and uk has room, then shifts one card along each link.
func (f *Facts) augment(w *engine.Deal, room *[4]int, c engine.Card) error {
	var parent [4]int
	for i := range parent {
		parent[i] = -2 // unvisited
	}
	queue := make([]engine.Seat, 0, 4)
	for _, seat := range f.Hidden {
		if f.Allowed[seat].Has(c) {
			parent[seat] = -1
			queue = append(queue, seat)
		}
	}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for _, t := range f.Hidden {
			if parent[t] != -2 || w[u]&f.Allowed[t] == 0 {
				continue
			}
			parent[t] = int(u)
			if room[t] > 0 {
				// Shift cards back along the chain, then place c.
				for v := t; parent[v] >= 0; v = engine.Seat(parent[v]) {
					from := engine.Seat(parent[v])
					x, _ := (w[from] & f.Allowed[v]).Lowest()
					w[from] = w[from].Without(x)
					w[v] = w[v].With(x)
				}
				room[t]--
				for v := t; ; v = engine.Seat(parent[v]) {
					if parent[v] == -1 {
						w[v] = w[v].With(c)
						break
					}
				}
				return nil
			}
			queue = append(queue, t)
		}
	}
	return fmt.Errorf("%w: no hidden seat can take %s", ErrInconsistentView, c)
}

// start returns a world holding only the visible hands, and the number of
// cards each hidden seat still has room for.
func (s *Sampler) start() (w engine.Deal, room [4]int) {
	for seat := engine.North; seat <= engine.West; seat++ {
		if s.f.Visible[seat] {
			w[seat] = s.f.Known[seat]
		}
	}
	for _, seat := range s.f.Hidden {
		room[seat] = s.f.Count[seat]
	}
	return w, room
}

// Enumerate returns every layout of the hidden cards that honours the hard
// facts, in a fixed order, when there are at most limit of them; ok is false
// (and no worlds are returned) when there are more.
func (s *Sampler) Enumerate(limit int) (worlds []World, ok bool) {
	f := s.f
	w, room := s.start()
	cards := f.Pool.Cards(make([]engine.Card, 0, 52))
	var rec func(i int) bool
	rec = func(i int) bool {
		if i == len(cards) {
			if len(worlds) >= limit {
				return false
			}
			worlds = append(worlds, World{Hands: w, Step: HardOnly})
			return true
		}
		c := cards[i]
		for _, seat := range f.Hidden {
			if room[seat] == 0 || !f.Allowed[seat].Has(c) {
				continue
			}
			w[seat] = w[seat].With(c)
			room[seat]--
			more := rec(i + 1)
			room[seat]++
			w[seat] = w[seat].Without(c)
			if !more {
				return false
			}
		}
		return true
	}
	if !rec(0) {
		return nil, false
	}
	return worlds, true
}

// softFilter keeps the worlds that fit the strictest relaxation step under
// which at least keep of them (or all, if fewer) fit, and records that step
// in each. It is how exact enumeration still honours the auction.
func (f *Facts) softFilter(worlds []World, keep int) []World {
	if !f.hasSoft() || len(worlds) == 0 {
		return worlds
	}
	keep = min(keep, len(worlds))
	fits := make([]bool, len(worlds))
	for step := 0; step < HardOnly; step++ {
		n := 0
		for i := range worlds {
			fits[i] = f.softOK(&worlds[i].Hands, step)
			if fits[i] {
				n++
			}
		}
		if n < keep || n == 0 {
			continue
		}
		out := make([]World, 0, n)
		for i, w := range worlds {
			if fits[i] {
				w.Step = step
				out = append(out, w)
			}
		}
		return out
	}
	return worlds
}
