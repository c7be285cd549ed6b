package refbot

import "github.com/openroom/openroom/engine"

// slamRows holds Blackwood: the 4NT ask, the answers (5C 0 or 4 aces, 5D 1,
// 5H 2, 5S 3), the asker's decision for each trump suit and answer, the
// 5NT king ask, its answers (6C 0 or 4, 6D 1, 6H 2, 6S 3) and the asker's
// final decision. These rows have no key: Blackwood can come up in any
// auction in which the partnership has publicly agreed a suit (8+ cards
// between the two hands' inferred minimum lengths), so the bidder
// recognises it by pattern (see System.situation). 4NT with no agreed suit,
// or directly over partner's notrump bid, is natural (quantitative).
type slamRows struct {
	ask         *Row
	aceAnswers  []*Row
	aceCont     [engine.NumSuits][4][]*Row
	kingAnswers []*Row
	kingCont    [engine.NumSuits][4][]*Row
}

// all lists the rows once each, for documentation.
func (sr *slamRows) all() []Row {
	var out []*Row
	out = append(out, sr.ask)
	out = append(out, sr.aceAnswers...)
	for t := range sr.aceCont {
		for i := range sr.aceCont[t] {
			out = append(out, sr.aceCont[t][i]...)
		}
	}
	out = append(out, sr.kingAnswers...)
	for t := range sr.kingCont {
		for i := range sr.kingCont[t] {
			out = append(out, sr.kingCont[t][i]...)
		}
	}
	res := make([]Row, len(out))
	for i, r := range out {
		res[i] = *r
	}
	return res
}

// total returns the partnership's aces or kings from the asker's own count
// and partner's answer; an answer of "0 or 4" is read as 4 only when the
// asker holds none (with the 33 points needed to ask, the partnership
// cannot be missing all four).
func total(mine, shown int) int {
	if shown == 0 && mine == 0 {
		return 4
	}
	return mine + shown
}

func newSlamRows() slamRows {
	var sr slamRows
	sr.ask = newRow("", engine.Bid(4, engine.NoTrump), "Blackwood: asks for aces", forcing(),
		alert("Blackwood: asks for aces"), withConv(convBlackwood), needs(33))
	counts := []string{"0 or 4", "1", "2", "3"}
	for i := 0; i < 4; i++ {
		n := i
		text := "answer to Blackwood: " + counts[i] + " aces"
		sr.aceAnswers = append(sr.aceAnswers, newRow("", engine.Bid(5, engine.Strain(i)), text, alert(text),
			withConv(convAceAnswer), when(text, func(hi *handInfo) bool { return hi.aces == n || (n == 0 && hi.aces == 4) })))
		ktext := "answer to the king ask: " + counts[i] + " kings"
		sr.kingAnswers = append(sr.kingAnswers, newRow("", engine.Bid(6, engine.Strain(i)), ktext, alert(ktext),
			withConv(convKingAnswer), when(ktext, func(hi *handInfo) bool { return hi.kings == n || (n == 0 && hi.kings == 4) })))
	}
	for _, t := range allSuits {
		ts := engine.Strain(t)
		for i := 0; i < 4; i++ {
			shown := i
			answer := engine.Bid(5, engine.Strain(i))
			var rows []*Row
			rows = append(rows, newRow("", engine.Bid(5, engine.NoTrump), "asks for kings: all the aces, grand slam interest",
				forcing(), alert("asks for kings"), withConv(convKingAsk), needs(36),
				when("all four aces", func(hi *handInfo) bool { return total(hi.aces, shown) == 4 })))
			rows = append(rows, newRow("", engine.Bid(6, ts), "small slam: at most one ace missing",
				when("at most one ace missing", func(hi *handInfo) bool { return total(hi.aces, shown) >= 3 })))
			missing2 := when("two or more aces missing", func(hi *handInfo) bool { return total(hi.aces, shown) <= 2 })
			switch signoff := engine.Bid(5, ts); {
			case signoff == answer:
				rows = append(rows, newRow("", engine.Pass, "sign-off: two aces missing", missing2))
			case signoff > answer:
				rows = append(rows, newRow("", signoff, "sign-off: two aces missing", missing2))
			default:
				rows = append(rows, newRow("", engine.Bid(6, ts), "no sign-off below slam: two aces missing", missing2))
			}
			sr.aceCont[t][i] = rows

			kanswer := engine.Bid(6, engine.Strain(i))
			krows := []*Row{newRow("", engine.Bid(7, ts), "grand slam: all aces and kings",
				when("all four kings", func(hi *handInfo) bool { return total(hi.kings, shown) == 4 }))}
			switch small := engine.Bid(6, ts); {
			case small == kanswer:
				krows = append(krows, newRow("", engine.Pass, "small slam: a king missing"))
			case small > kanswer:
				krows = append(krows, newRow("", small, "small slam: a king missing"))
			default:
				krows = append(krows, newRow("", engine.Bid(6, engine.NoTrump), "small slam in notrump: a king missing"))
			}
			sr.kingCont[t][i] = krows
		}
	}
	return sr
}

// needs sets the combined strength (own HCP and length points plus
// partner's inferred minimum HCP) a slam row requires.
func needs(n int) opt { return func(r *Row) { r.need = n } }
