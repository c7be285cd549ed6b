package lab

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math/rand/v2"

	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
)

// A partnership that sees both its hands, and nothing of the opponents',
// bounds what bidding can reach: whatever a system's calls tell, they
// cannot tell more than the two hands. The oracle below is that
// partnership. It deals the opponents' 26 cards at random a number of
// times, solves every layout double dummy, and bids straight to the
// contract with the best expected IMPs against the best contract of each
// layout; the opponents pass throughout. Judged against par like a
// system's auction, it says how much of the distance from par no
// bidding of the partnership's own can recover (the layouts the cards
// lie in, and the opponents' competition, which par assumes perfect).

// oracleSide returns the side the oracle bids for: the one with more
// HCP, North-South when the two are level.
func oracleSide(d engine.Deal) engine.Side {
	if d[engine.East].HCP()+d[engine.West].HCP() > d[engine.North].HCP()+d[engine.South].HCP() {
		return engine.EW
	}
	return engine.NS
}

// oracleLayouts returns n deals that keep side's two hands of d and deal
// the opponents' cards at random, seeded by the deal seed and board so
// that a run repeats.
func oracleLayouts(seed string, board int, d engine.Deal, side engine.Side, n int) []engine.Deal {
	h := sha256.Sum256(fmt.Appendf(nil, "openroom/lab/oracle/v1\x00%s\x00%d", seed, board))
	rng := rand.New(rand.NewPCG(binary.LittleEndian.Uint64(h[:8]), binary.LittleEndian.Uint64(h[8:16])))
	var opp [2]engine.Seat
	k := 0
	for s := engine.North; s <= engine.West; s++ {
		if s.Side() != side {
			opp[k] = s
			k++
		}
	}
	rest := (d[opp[0]] | d[opp[1]]).Cards(nil)
	out := make([]engine.Deal, n)
	for i := range out {
		rng.Shuffle(len(rest), func(a, b int) { rest[a], rest[b] = rest[b], rest[a] })
		l := d
		l[opp[0]] = engine.HandOf(rest[:13]...)
		l[opp[1]] = engine.HandOf(rest[13:]...)
		out[i] = l
	}
	return out
}

// oracleContract returns the contract of side with the best expected IMPs
// over the layouts' trick tables (each contract scored against the best of
// the side's contracts in the same layout), or the passed-out contract.
// Of the two hands, the one that takes more tricks over the layouts
// declares.
func oracleContract(side engine.Side, vul engine.Vulnerability, tables []dds.TrickTable) engine.Contract {
	type cand struct {
		ct     engine.Contract
		scores []int // the side's score, layout by layout
	}
	sign := 1
	if side == engine.EW {
		sign = -1
	}
	var decl [2]engine.Seat
	k := 0
	for s := engine.North; s <= engine.West; s++ {
		if s.Side() == side {
			decl[k] = s
			k++
		}
	}
	cands := []cand{{ct: engine.Contract{}, scores: make([]int, len(tables))}}
	for strain := engine.StrainClubs; strain <= engine.NoTrump; strain++ {
		by, sum := decl[0], [2]int{}
		for _, t := range tables {
			sum[0] += t.Tricks(decl[0], strain)
			sum[1] += t.Tricks(decl[1], strain)
		}
		if sum[1] > sum[0] {
			by = decl[1]
		}
		for level := 1; level <= 7; level++ {
			c := cand{ct: engine.Contract{Level: level, Strain: strain, Declarer: by}, scores: make([]int, len(tables))}
			for i, t := range tables {
				c.scores[i] = sign * engine.ScoreNS(c.ct, vul, t.Tricks(by, strain))
			}
			cands = append(cands, c)
		}
	}
	top := make([]int, len(tables)) // the best of the side's contracts, layout by layout
	for i := range tables {
		for _, c := range cands {
			top[i] = max(top[i], c.scores[i])
		}
	}
	best, bestIMPs := 0, 0
	for ci, c := range cands {
		imps := 0
		for i := range tables {
			imps += engine.IMPs(c.scores[i] - top[i])
		}
		if ci == 0 || imps > bestIMPs {
			best, bestIMPs = ci, imps
		}
	}
	return cands[best].ct
}

// sideTables solves the layouts for side's two declarers (the other
// cells stay 0), strain by strain: the layouts share the side's hands, so
// a transposition table kept across them saves most of the search.
func sideTables(ctx context.Context, side engine.Side, layouts []engine.Deal) ([]dds.TrickTable, error) {
	sv := dds.NewSolver()
	sv.SetContext(ctx)
	sv.KeepTable(true)
	tables := make([]dds.TrickTable, len(layouts))
	for strain := engine.StrainClubs; strain <= engine.NoTrump; strain++ {
		sv.NewTable()
		for i, l := range layouts {
			for decl := engine.North; decl <= engine.West; decl++ {
				if decl.Side() != side {
					continue
				}
				p, err := dds.NewPosition(l, strain, decl.Next())
				if err != nil {
					return nil, err
				}
				v, err := sv.Solve(&p)
				if err != nil {
					return nil, err
				}
				tables[i][strain][decl] = 13 - v
			}
		}
	}
	return tables, nil
}

// oracleBoard returns board n of deal d bid by the oracle with the given
// number of layouts: passes until the declarer's first turn, the
// contract, and passes.
func oracleBoard(ctx context.Context, seed string, n int, d engine.Deal, layouts int) (*engine.Board, error) {
	side := oracleSide(d)
	tables, err := sideTables(ctx, side, oracleLayouts(seed, n, d, side, layouts))
	if err != nil {
		return nil, fmt.Errorf("board %d: oracle: %w", n, err)
	}
	bd := engine.NewBoard(n, d)
	ct := oracleContract(side, bd.Vulnerability(), tables)
	bid := false
	for bd.Phase() == engine.PhaseAuction {
		turn, _ := bd.Turn()
		c := engine.Pass
		if !bid && !ct.PassedOut() && turn == ct.Declarer {
			c, bid = engine.Bid(ct.Level, ct.Strain), true
		}
		if err := bd.Call(turn, c); err != nil {
			return nil, fmt.Errorf("board %d: oracle: %w", n, err)
		}
	}
	return bd, nil
}
