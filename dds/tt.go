package dds

// The transposition table holds results of searches at trick boundaries.
// A bucket is selected by the exact suit lengths of the four hands and the
// leader (so by the tricks left as well); within a bucket each entry keeps,
// per suit, the owners of the top relative ranks that mattered to the result
// (the "winning ranks" of partition search) and lower and upper bounds on
// the tricks the leader's side takes from here. An entry applies to every
// position of the bucket whose masked owner patterns match.

const (
	ttBucketBits = 17
	ttProbe      = 8
	// Entries are handed to buckets in chunks from a shared pool, so the
	// few buckets of a hard deal that need many entries get them while the
	// many small buckets cost little: a fixed block per bucket overflowed
	// on hard deals and lost results.
	ttChunk     = 16
	ttMaxChunks = 32 // a bucket holds at most ttChunk*ttMaxChunks entries
	ttEntries   = 1 << 21
	ttBuckets   = 1 << ttBucketBits
)

// ttEntry is one stored result. pat holds, per suit s in 32 bits, the
// owners (2 bits each) of the top k[s] ranks of suit s, highest first from bit 0; the lower ranks
// do not matter. lb and ub bound the leader side's remaining tricks.
type ttEntry struct {
	pat    [2]uint64 // suits 0,1 and 2,3, already masked
	k      [4]uint8
	lb, ub int8
	best   uint8 // best move as suit<<4|rank, 0 if none
}

// kMasks returns the masks of an entry's patterns: kMask of k, per suit,
// laid out as pat. They are worked out rather than stored, which keeps
// entries to 24 bytes.
func kMasks(k [4]uint8) (uint64, uint64) {
	return uint64(kMask[k[0]&15]) | uint64(kMask[k[1]&15])<<32, uint64(kMask[k[2]&15]) | uint64(kMask[k[3]&15])<<32
}

// kMask[k] selects the owner bits of the top k ranks of a pattern (k is
// at most 13; the array is 16 long so that k&15 needs no bounds check).
var kMask = [16]uint32{0, 1<<2 - 1, 1<<4 - 1, 1<<6 - 1, 1<<8 - 1, 1<<10 - 1, 1<<12 - 1,
	1<<14 - 1, 1<<16 - 1, 1<<18 - 1, 1<<20 - 1, 1<<22 - 1, 1<<24 - 1, 1<<26 - 1, 1<<28 - 1, 1<<30 - 1}

type ttBucket struct {
	key    uint64
	gen    uint32
	leader uint8
	n      uint16 // entries in use
	next   uint16 // next entry to overwrite when the bucket cannot grow
	nch    uint8  // chunks owned
	// ch0 is the bucket's first chunk, the others are listed in
	// ttable.chs: most buckets own one chunk, and a lookup then reads
	// no more than the bucket and the chunk (the struct stays 24 bytes).
	ch0 int32
}

type ttable struct {
	// The tables are arrays, indexed with masks, so that the compiler
	// drops the bounds checks of the lookups (see the search's arrays).
	buckets *[ttBuckets]ttBucket           // small, so that probing touches little memory
	chs     *[ttBuckets][ttMaxChunks]int32 // per bucket: its chunks after ch0 (the second at index 0)
	entries *[ttEntries]ttEntry
	// filt holds, for each entry, its pattern and mask cut down to the top
	// four ranks of each suit (see ttFilter), pattern low and mask high: a
	// lookup scans these 8 bytes an entry and reads the entry itself only
	// when they match, since a bucket of a hard deal holds hundreds.
	filt *[ttEntries]uint64
	free []int32 // chunks given back by evicted buckets
	top  int32   // chunks below top have been handed out this generation
	gen  uint32
}

func (t *ttable) init() {
	if t.buckets == nil {
		t.buckets = new([ttBuckets]ttBucket)
		t.chs = new([ttBuckets][ttMaxChunks]int32)
		t.entries = new([ttEntries]ttEntry)
		t.filt = new([ttEntries]uint64)
		t.free = make([]int32, 0, ttEntries/ttChunk)
	}
	t.top = 0
	t.free = t.free[:0]
	t.gen++
	if t.gen == 0 {
		for i := range t.buckets {
			t.buckets[i].gen = 0
		}
		t.gen = 1
	}
}

// ttFilter packs the owner bits of the top four ranks of each suit of a
// pattern (or mask) pair, 8 bits a suit.
func ttFilter(p01, p23 uint64) uint64 {
	return p01&0xff | p01>>32&0xff<<8 | p23&0xff<<16 | p23>>32&0xff<<24
}

func ttHash(key uint64, leader int) uint64 {
	h := key ^ uint64(leader)<<62 ^ uint64(leader)*0x9e3779b97f4a7c15
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return h
}

// chunk returns the c-th chunk of bucket bi, which is b.
func (t *ttable) chunk(bi int, b *ttBucket, c int) int {
	if c == 0 {
		return int(b.ch0)
	}
	return int(t.chs[bi&(ttBuckets-1)][(c-1)&(ttMaxChunks-1)])
}

// find returns the index of the bucket for key and leader, or -1.
func (t *ttable) find(key uint64, leader int) int {
	const m = 1<<ttBucketBits - 1
	h := int(ttHash(key, leader) & m)
	for i := 0; i < ttProbe; i++ {
		b := &t.buckets[(h+i)&m]
		if b.gen != t.gen {
			return -1
		}
		if b.key == key && int(b.leader) == leader {
			return (h + i) & m
		}
	}
	return -1
}

// claim returns the bucket for key and leader, creating (or evicting) one.
func (t *ttable) claim(key uint64, leader int) int {
	const m = 1<<ttBucketBits - 1
	h := int(ttHash(key, leader) & m)
	for i := 0; i < ttProbe; i++ {
		idx := (h + i) & m
		b := &t.buckets[idx]
		if b.gen != t.gen {
			*b = ttBucket{key: key, gen: t.gen, leader: uint8(leader)}
			return idx
		}
		if b.key == key && int(b.leader) == leader {
			return idx
		}
	}
	// All probed slots are in use: evict the home slot, giving its chunks
	// back to the pool.
	b := &t.buckets[h&(ttBuckets-1)]
	if b.nch > 0 {
		t.free = append(t.free, b.ch0)
		t.free = append(t.free, t.chs[h&(ttBuckets-1)][:b.nch-1]...)
	}
	*b = ttBucket{key: key, gen: t.gen, leader: uint8(leader)}
	return h
}

// grow gives bucket bi one more chunk if it may have one and the pool has
// one left.
func (t *ttable) grow(bi int) bool {
	b := &t.buckets[bi&(ttBuckets-1)]
	if b.nch == ttMaxChunks {
		return false
	}
	var c int32
	if n := len(t.free); n > 0 {
		c = t.free[n-1]
		t.free = t.free[:n-1]
	} else if int(t.top) < ttEntries/ttChunk {
		c = t.top
		t.top++
	} else {
		return false
	}
	if b.nch == 0 {
		b.ch0 = c
	} else {
		t.chs[bi&(ttBuckets-1)][(b.nch-1)&(ttMaxChunks-1)] = c
	}
	b.nch++
	return true
}

// store records bounds lb..ub under the given masked patterns.
func (t *ttable) store(key uint64, leader int, pat *[4]uint32, k [4]uint8, lb, ub int, best uint8) {
	p := [2]uint64{uint64(pat[0]) | uint64(pat[1])<<32, uint64(pat[2]) | uint64(pat[3])<<32}
	m01, m23 := kMasks(k)
	filt := ttFilter(p[0], p[1]) | ttFilter(m01, m23)<<32
	bi := t.claim(key, leader)
	b := &t.buckets[bi&(ttBuckets-1)]
	n := int(b.n)
	for c := 0; c*ttChunk < n; c++ {
		base := t.chunk(bi, b, c) * ttChunk
		for i, f := range t.filt[base : base+min(ttChunk, n-c*ttChunk)] {
			if f != filt {
				continue
			}
			e := &t.entries[(base+i)&(ttEntries-1)]
			if e.k == k && e.pat == p {
				if int8(lb) > e.lb {
					e.lb = int8(lb)
				}
				if int8(ub) < e.ub {
					e.ub = int8(ub)
				}
				if best != 0 {
					e.best = best
				}
				return
			}
		}
	}
	var idx int
	if n < int(b.nch)*ttChunk || t.grow(bi) {
		idx = n
		b.n++
	} else if b.nch == 0 {
		return // the pool is spent: nothing to store into
	} else {
		idx = int(b.next)
		b.next++
		if int(b.next) == int(b.nch)*ttChunk {
			b.next = 0
		}
	}
	at := t.chunk(bi, b, idx/ttChunk)*ttChunk + idx%ttChunk
	at &= ttEntries - 1
	t.entries[at] = ttEntry{pat: p, k: k, lb: int8(lb), ub: int8(ub), best: best}
	t.filt[at] = filt
}
