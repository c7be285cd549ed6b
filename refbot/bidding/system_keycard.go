package bidding

import (
	"fmt"

	"github.com/openroom/openroom/engine"
)

// Roman Key Card Blackwood 1430, the ace ask of a system that sets
// option aces = "rkc1430". The ask is made where plain Blackwood's is (an
// agreed suit and the same counts: blackwoodAsk, minorSlamAsk, over a cue
// bid) and counts five key cards: the four aces and the king of the agreed
// suit. The answers, in steps from 5C:
//
//	5C  1 or 4 key cards
//	5D  0 or 3 key cards (or all 5)
//	5H  2 key cards without the trump queen
//	5S  2 key cards with the trump queen
//
// The asker places the contract in the agreed suit (keycardContRows): with
// two key cards missing it signs off in five of the suit (or passes the
// answer when it is that bid; over an answer above it, six is the least it
// can bid); with one missing it bids the small slam. With all five it bids
// the small slam, but asks for kings with 5NT when the trump queen is
// known (its own, shown by 5S, or a ten-card fit) and no answer can pass
// six of the suit short of the grand slam (kingAnswersFit); the answers
// count all four kings as Blackwood's do (6C 0 or 4, 6D 1, 6H 2, 6S 3) and
// it bids the grand slam with all four, or three and the values
// (keycardKingContRows). With all five and the queen
// unknown after 5C or 5D it asks for the queen with the next step that is
// not the agreed suit (queen ask). Partner denies the queen by bidding the
// agreed suit at the cheapest level and shows it with 5NT; the asker then
// bids the small slam, or the grand slam when it holds the three side
// kings itself. A grand slam is therefore bid only with every key card,
// the trump queen and at least three of the four kings between the hands.
//
// The answers to 5C and 5D are read as described at keycardTotal.
//
// The answers and the asker's decisions are rows with conditions on the
// hand, so that choosing a call and reading it back (Explain, the call
// model) use the same function.

// keycards returns the hand's key cards for trump t: its aces and the king
// of t.
func (hi *handInfo) keycards(t engine.Suit) int {
	n := hi.aces
	if hi.has(t, engine.King) {
		n++
	}
	return n
}

// keycardAnswer describes one answer to the key-card ask: the lower of the
// counts it shows (the higher is three more for 5C and 5D) and whether it
// shows (1), denies (-1) or leaves open (0) the trump queen.
type keycardAnswer struct {
	low   int
	queen int
	text  string
}

// keycardAnswers are the answers from 5C up.
var keycardAnswers = [4]keycardAnswer{
	{1, 0, "1 or 4 key cards"},
	{0, 0, "0 or 3 key cards (or 5)"},
	{2, -1, "2 key cards without the trump queen"},
	{2, 1, "2 key cards with the trump queen"},
}

// keycardFits reports whether a hand holding kc key cards and (queen) the
// trump queen makes answer i.
func keycardFits(i, kc int, queen bool) bool {
	switch i {
	case 0:
		return kc == 1 || kc == 4
	case 1:
		return kc == 0 || kc == 3 || kc == 5
	case 2:
		return kc == 2 && !queen
	}
	return kc == 2 && queen
}

// newKeycardRows fills the rows of Roman Key Card Blackwood: the ask and,
// for each trump suit, the answers. The asker's continuations depend on
// partner's inferred strength and length and are computed at the call
// (keycardContRows, queenAnswerRows, queenContRows).
func newKeycardRows(sr *slamRows) {
	sr.keycard = true
	const askText = "Roman Key Card Blackwood (1430): asks for key cards (the four aces and the trump king)"
	sr.ask = newRow("", engine.Bid(4, engine.NoTrump), askText, forcing(),
		alert(askText), withConv(convBlackwood), needs(blackwoodNeed))
	for _, t := range allSuits {
		for i, ans := range keycardAnswers {
			i, t := i, t
			text := fmt.Sprintf("answer to key card Blackwood for %s: %s", t, ans.text)
			sr.kcAnswers[t] = append(sr.kcAnswers[t], newRow("", engine.Bid(5, engine.Strain(i)), text, alert(text),
				withConv(convAceAnswer), trumpSuit(t), when(ans.text, func(hi *handInfo) bool {
					return keycardFits(i, hi.keycards(t), hi.has(t, engine.Queen))
				})))
		}
	}
}

// keycardTotal is the partnership's key cards for trump t as the asker
// reads answer i: its own plus what the answer shows. Of the counts 5C
// (1, 4) and 5D (0, 3, 5) may show, it keeps those its own key cards and
// partner's HCP range leave room for, and reads the lowest unless that
// would leave three or more key cards missing and a higher count remains:
// the ask is not made missing three key cards (11 HCP or more), so the
// higher count is the likelier.
func keycardTotal(hi *handInfo, t engine.Suit, i int, p *handConstraints) int {
	mine, ans := hi.keycards(t), keycardAnswers[i]
	if ans.queen != 0 {
		return mine + ans.low
	}
	counts := []int{ans.low, ans.low + 3}
	if i == 1 {
		counts = append(counts, 5)
	}
	var fit []int
	for _, c := range counts {
		if mine+c <= 5 && keycardHCP(c) <= p.MaxHCP {
			fit = append(fit, c)
		}
	}
	for k, c := range fit {
		if 5-mine-c >= 3 && k+1 < len(fit) {
			continue // the ask would not have been made missing three key cards
		}
		return mine + c
	}
	return mine + ans.low
}

// keycardHCP is the least HCP n key cards hold: the trump king and aces.
func keycardHCP(n int) int {
	if n <= 0 {
		return 0
	}
	return 3 + 4*(n-1)
}

// queenAsk returns the queen ask over the key-card answer: the next step
// above it that is not a bid of the agreed suit.
func queenAsk(t engine.Suit, answer engine.Call) engine.Call {
	c := answer + 1
	if c.Strain() == engine.Strain(t) {
		c++
	}
	return c
}

// keycardContRows are the asker's decisions over partner's answer to the
// key-card ask for trump t (partner's last call, the next opponent
// passed), tried in order.
func keycardContRows(st *state, seat engine.Seat, t engine.Suit, answer engine.Call) []*row {
	p := &st.cons[seat.Partner()]
	plen := p.MinLen[t]
	i := int(answer.Strain())
	ts := engine.Strain(t)
	total := func(hi *handInfo) int { return keycardTotal(hi, t, i, p) }
	queenKnown := func(hi *handInfo) bool {
		return keycardAnswers[i].queen > 0 || hi.has(t, engine.Queen) || hi.len[t]+plen >= 10
	}
	missing2 := when("two or more key cards missing", func(hi *handInfo) bool { return total(hi) <= 3 })
	var rows []*row
	switch signoff := engine.Bid(5, ts); {
	case signoff == answer:
		rows = append(rows, newRow("", engine.Pass, "sign-off: two key cards missing", trumpSuit(t), missing2))
	case signoff > answer:
		rows = append(rows, newRow("", signoff, "sign-off: two key cards missing", trumpSuit(t), missing2))
	default:
		rows = append(rows, newRow("", engine.Bid(6, ts), "no sign-off below slam: two key cards missing", trumpSuit(t), missing2))
	}
	rows = append(rows, newRow("", engine.Bid(6, ts), "small slam: one key card missing", trumpSuit(t),
		when("one key card missing", func(hi *handInfo) bool { return total(hi) == 4 })))
	rows = append(rows, newRow("", engine.Bid(5, engine.NoTrump), "asks for kings: all the key cards and the trump queen, grand slam interest",
		forcing(), alert("asks for kings"), withConv(convKingAsk), trumpSuit(t),
		when("all five key cards and the trump queen, and no answer beyond six of the suit short of the grand slam", func(hi *handInfo) bool {
			return total(hi) == 5 && queenKnown(hi) && kingAnswersFit(t, hi.kings)
		})))
	if keycardAnswers[i].queen == 0 {
		q := queenAsk(t, answer)
		text := fmt.Sprintf("asks for the queen of %s: all the key cards", t)
		rows = append(rows, newRow("", q, text, forcing(), alert(text), withConv(convQueenAsk), trumpSuit(t),
			when("all five key cards, the trump queen unknown", func(hi *handInfo) bool { return total(hi) == 5 && !queenKnown(hi) })))
	}
	rows = append(rows, newRow("", engine.Bid(6, ts), "small slam: all the key cards", trumpSuit(t)))
	return rows
}

// kingAnswersFit reports whether the king ask leaves the asker, holding
// kings kings, a sign-off at six of trump t over every answer: an answer
// above six of t (6H and 6S over diamonds, say) must show enough kings
// for the grand slam or more than the asker leaves unaccounted for.
func kingAnswersFit(t engine.Suit, kings int) bool {
	for shown := int(t) + 1; shown <= 3; shown++ {
		if kings+shown < 4 {
			return false
		}
	}
	return true
}

// keycardKingContRows are the key-card asker's decisions over the answer
// to its king ask (shown kings, 0 read as 4 when the asker holds none).
// Every key card and the trump queen are known, so the grand slam turns on
// the side suits: with all four kings it is bid; with three, the one
// missing king costs a trick only where partner's length in its suit
// outlasts the asker's, which the values (grandKingCount: the asker's
// points and partner's credit) make unlikely; with two or fewer, the small
// slam (a pass when the answer is six of the suit, 6NT over an answer
// above it).
func keycardKingContRows(st *state, seat engine.Seat, t engine.Suit, shown int) []*row {
	ts := engine.Strain(t)
	credit := partnerCredit(st, seat.Partner(), 0)
	grand := newRow("", engine.Bid(7, ts), "grand slam: every key card, the trump queen and the kings", trumpSuit(t),
		when("all four kings, or three and the values", func(hi *handInfo) bool {
			k := total(hi.kings, shown)
			return k == 4 || k == 3 && hi.points+credit >= grandKingCount
		}))
	var small *row
	switch sm, kanswer := engine.Bid(6, ts), engine.Bid(6, engine.Strain(shown)); {
	case sm == kanswer:
		small = newRow("", engine.Pass, "small slam: a king missing", trumpSuit(t))
	case sm > kanswer:
		small = newRow("", sm, "small slam: a king missing", trumpSuit(t))
	default:
		small = newRow("", engine.Bid(6, engine.NoTrump), "small slam in notrump: a king missing", trumpSuit(t))
	}
	return []*row{grand, small}
}

// grandKingCount is the count (the asker's points and partner's credit)
// with which the key-card asker bids the grand slam missing one king: two
// points above the small slam's count, for the trick the missing king may
// still cost.
const grandKingCount = 34

// queenAnswerRows are the answers to the queen ask for trump t: the
// cheapest bid of the agreed suit denies the queen, 5NT shows it.
func queenAnswerRows(t engine.Suit, ask engine.Call) []*row {
	ts := engine.Strain(t)
	deny := engine.Bid(cheapest(ts, ask), ts)
	noText := fmt.Sprintf("answer to the queen ask: no queen of %s", t)
	yesText := fmt.Sprintf("answer to the queen ask: the queen of %s", t)
	return []*row{
		newRow("", engine.Bid(5, engine.NoTrump), yesText, alert(yesText), withConv(convQueenAnswer), trumpSuit(t),
			when("the trump queen", func(hi *handInfo) bool { return hi.has(t, engine.Queen) })),
		newRow("", deny, noText, alert(noText), withConv(convQueenAnswer), trumpSuit(t),
			when("no trump queen", func(hi *handInfo) bool { return !hi.has(t, engine.Queen) })),
	}
}

// queenContRows are the asker's decisions over the answer to its queen
// ask (it holds all five key cards between the hands): the grand slam
// with the queen and the three side kings in its own hand, else the small
// slam (a pass when the denial was already six of the suit).
func queenContRows(t engine.Suit, answer engine.Call) []*row {
	ts := engine.Strain(t)
	small := engine.Bid(6, ts)
	if answer == engine.Bid(5, engine.NoTrump) {
		return []*row{
			newRow("", engine.Bid(7, ts), "grand slam: all the key cards, the trump queen and the kings", trumpSuit(t),
				when("the three side kings", func(hi *handInfo) bool { return hi.kings-btoi(hi.has(t, engine.King)) == 3 })),
			newRow("", small, "small slam: all the key cards and the trump queen", trumpSuit(t)),
		}
	}
	if answer == small {
		return []*row{newRow("", engine.Pass, "small slam: the trump queen missing", trumpSuit(t))}
	}
	return []*row{newRow("", small, "small slam: all the key cards, the trump queen missing", trumpSuit(t))}
}

// btoi is 1 for true.
func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
