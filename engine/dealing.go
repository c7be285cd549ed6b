package engine

import (
	"crypto/sha256"
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
)

// DealSource deals reproducible boards from a seed: the deal of a board
// depends only on the seed and the board number, never on the order in which
// boards are dealt or on concurrency.
//
// Each board's deal is shuffled from a ChaCha8 stream keyed with 256 bits,
// SHA-256(domain, seed, board number), by an unbiased Fisher-Yates shuffle.
// The seed is any string; a long random one (32 hex digits or more) carries
// at least 128 bits, so every deal can be reached.
type DealSource struct {
	seed string
	key  [32]byte
}

const dealDomain = "openroom/deal/v1\x00"

// NewDealSource returns the source for a seed.
func NewDealSource(seed string) DealSource {
	h := sha256.New()
	h.Write([]byte(dealDomain))
	h.Write([]byte(seed))
	var ds DealSource
	ds.seed = seed
	h.Sum(ds.key[:0])
	return ds
}

// Seed returns the seed the source was made from.
func (ds DealSource) Seed() string { return ds.seed }

// Deal returns the deal of a board number.
func (ds DealSource) Deal(board int) Deal {
	var msg [40]byte
	copy(msg[:32], ds.key[:])
	binary.BigEndian.PutUint64(msg[32:], uint64(int64(board)))
	var rng rand.ChaCha8
	rng.Seed(sha256.Sum256(msg[:]))

	var deck [52]Card
	i := 0
	for s := Clubs; s <= Spades; s++ {
		for r := Two; r <= Ace; r++ {
			deck[i] = NewCard(s, r)
			i++
		}
	}
	for i := 51; i > 0; i-- {
		j := uniform(&rng, uint64(i+1))
		deck[i], deck[j] = deck[j], deck[i]
	}
	var d Deal
	for i, c := range deck {
		d[i/13] = d[i/13].With(c)
	}
	return d
}

// uniform returns an unbiased random integer in [0, n) by Lemire's
// multiply-and-reject method.
func uniform(rng *rand.ChaCha8, n uint64) uint64 {
	hi, lo := bits.Mul64(rng.Uint64(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(rng.Uint64(), n)
		}
	}
	return hi
}
