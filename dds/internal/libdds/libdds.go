//go:build libdds

package libdds

/*
#cgo LDFLAGS: -ldds
#include <stdbool.h>
#include <dds/dll.h>
*/
import "C"

import (
	"fmt"
	"sync"
)

// Holdings are [seat][suit] with seats N, E, S, W = 0..3 and suits in
// openroom's order clubs..spades = 0..3, bit r set for rank r (2..14) —
// the same bit layout DDS uses, with DDS's suit order S, H, D, C reversed.

var initOnce sync.Once

// Init limits DDS to n threads (0 for its default) once per process.
func Init(n int) {
	initOnce.Do(func() { C.SetMaxThreads(C.int(n)) })
}

func ddsSuit(s int) int { return 3 - s }

// Result of solving one position with solutions=3.
type Result struct {
	Nodes int
	// Cards maps suit<<4|rank to the tricks of the side to move.
	Cards map[int]int
}

// SolveAll runs SolveBoard(target=-1, solutions=3) on a position: hands
// without the cards of the current trick, trump 0..3 (clubs..spades) or 4
// (no trump), the leader of the current trick and the cards played to it
// as suit<<4|rank. thread is DDS's thread index.
func SolveAll(hands [4][4]uint16, trump, leader int, played []int, thread int) (Result, error) {
	Init(0)
	var dl C.struct_deal
	dl.trump = C.int(ddsTrump(trump))
	dl.first = C.int(leader)
	for i := 0; i < 3; i++ {
		if i < len(played) {
			dl.currentTrickSuit[i] = C.int(ddsSuit(played[i] >> 4))
			dl.currentTrickRank[i] = C.int(played[i] & 15)
		}
	}
	for h := 0; h < 4; h++ {
		for s := 0; s < 4; s++ {
			dl.remainCards[h][ddsSuit(s)] = C.uint(hands[h][s])
		}
	}
	var ft C.struct_futureTricks
	rc := C.SolveBoard(dl, -1, 3, 1, &ft, C.int(thread))
	if rc != 1 {
		return Result{}, fmt.Errorf("libdds: SolveBoard: %s", errorText(rc))
	}
	res := Result{Nodes: int(ft.nodes), Cards: map[int]int{}}
	for i := 0; i < int(ft.cards); i++ {
		s := ddsSuit(int(ft.suit[i]))
		r := int(ft.rank[i])
		res.Cards[s<<4|r] = int(ft.score[i])
		for x := int(ft.equals[i]); x != 0; x &= x - 1 {
			b := 0
			for (x>>b)&1 == 0 {
				b++
			}
			res.Cards[s<<4|b] = int(ft.score[i])
		}
	}
	return res, nil
}

func ddsTrump(t int) int {
	if t == 4 {
		return 4
	}
	return ddsSuit(t)
}

// Table computes the double-dummy table of a full deal: [strain][declarer]
// with strains clubs..spades, no trump = 0..4.
func Table(hands [4][4]uint16) ([5][4]int, error) {
	Init(0)
	var td C.struct_ddTableDeal
	for h := 0; h < 4; h++ {
		for s := 0; s < 4; s++ {
			td.cards[h][ddsSuit(s)] = C.uint(hands[h][s])
		}
	}
	var tr C.struct_ddTableResults
	rc := C.CalcDDtable(td, &tr)
	var t [5][4]int
	if rc != 1 {
		return t, fmt.Errorf("libdds: CalcDDtable: %s", errorText(rc))
	}
	for st := 0; st < 5; st++ {
		for h := 0; h < 4; h++ {
			t[st][h] = int(tr.resTable[ddsTrump(st)][h])
		}
	}
	return t, nil
}

// DealerPar returns DDS's par score (NS view) for a table in the layout of
// Table, a dealer 0..3 and DDS vulnerability code (0 None, 1 Both, 2 NS, 3 EW).
func DealerPar(t [5][4]int, dealer, vul int) (int, []string, error) {
	var tr C.struct_ddTableResults
	for st := 0; st < 5; st++ {
		for h := 0; h < 4; h++ {
			tr.resTable[ddsTrump(st)][h] = C.int(t[st][h])
		}
	}
	var pr C.struct_parResultsDealer
	rc := C.DealerPar(&tr, &pr, C.int(dealer), C.int(vul))
	if rc != 1 {
		return 0, nil, fmt.Errorf("libdds: DealerPar: %s", errorText(rc))
	}
	var cs []string
	for i := 0; i < int(pr.number) && i < 10; i++ {
		cs = append(cs, C.GoString(&pr.contracts[i][0]))
	}
	return int(pr.score), cs, nil
}

func errorText(rc C.int) string {
	var buf [80]C.char
	C.ErrorMessage(rc, &buf[0])
	return fmt.Sprintf("%s (%d)", C.GoString(&buf[0]), int(rc))
}
