package bidding

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
)

// auctionOf replays space-separated calls ("1N P 2C P") from dealer North.
func auctionOf(t testing.TB, calls string) engine.Auction {
	t.Helper()
	a := engine.NewAuction(engine.North)
	for _, f := range strings.Fields(calls) {
		c, err := engine.ParseCall(f)
		require.NoError(t, err, "call %q", f)
		require.NoError(t, a.Add(c), "call %q in %q", f, calls)
	}
	return a
}

// viewFor returns the view of the seat on turn after the calls, holding hand.
func viewFor(t testing.TB, hand, calls string) engine.View {
	t.Helper()
	h, err := engine.ParseHand(hand)
	require.NoError(t, err)
	require.Equal(t, 13, h.Len(), "hand %s", hand)
	a := auctionOf(t, calls)
	v := engine.NewView(a.Turn(), 1, engine.North, engine.VulNone, h)
	v.Auction = a
	return v
}

// callCase is a hand with the call a system makes for it: the hand (PBN,
// spades first), the auction so far from dealer North, the expected call
// and whether it is alerted.
type callCase struct {
	name, hand, auction, want string
	alerted                   bool
}

// sayc lists hands with their SAYC answers.
var sayc = []callCase{
	// Openings.
	{"1NT 15-17 balanced", "KQ4.AJ3.K752.Q94", "", "1N", false},
	{"2NT 20-21 balanced", "AK4.AQ3.KQ52.Q94", "", "2N", false},
	{"3NT 25-27 balanced", "AKQ.AQ3.KQJ2.KQ4", "", "3N", false},
	{"2C strong", "AKQJ84.AK3.A2.K4", "", "2C", true},
	{"2C with 22-24 balanced", "AKQ4.AK3.KJ2.K43", "", "2C", true},
	{"1S five spades", "AKJ84.K3.Q52.J94", "", "1S", false},
	{"1S with 5-5 majors", "AK984.KQJ84.2.32", "", "1S", false},
	{"1H with 6 hearts 5 spades", "AK984.KQJ842.2.3", "", "1H", false},
	{"1D with 4-4 minors", "K43.K3.AJ52.Q942", "", "1D", false},
	{"1C with 3-3 minors", "AQ42.K83.Q75.K43", "", "1C", false},
	{"1D with 4=4=3=2", "AQ42.K832.Q75.K4", "", "1D", false},
	{"weak 2S", "KQJ964.73.852.J4", "", "2S", false},
	{"weak 2H", "73.AQT964.852.94", "", "2H", false},
	{"weak 2D", "73.94.AKJ964.852", "", "2D", false},
	{"weak 2H with a good suit and four spades", "KQ74.AQT964.85.4", "", "2H", false},
	{"no weak two with a suit that is not good and four spades", "KQ74.AT9642.85.4", "", "P", false},
	{"weak 2H with two of the top five honours", "8.AJ9843.JT92.Q4", "", "2H", false},
	{"no weak two with one of the top five honours", "T5.K75432.KT7.96", "", "P", false},
	{"3H preempt on a seven-card suit of any quality", ".K987532.962.A74", "", "3H", false},
	{"4H preempt on an eight-card suit of any quality", "7.K9875432.Q5.94", "", "4H", false},
	{"3S preempt", "KQJ9642.73.85.94", "", "3S", false},
	{"4H preempt", "7.KQJ97542.85.94", "", "4H", false},
	{"pass a weak hand", "Q74.J63.K852.942", "", "P", false},
	{"pass 12 HCP 4333", "KQ4.A63.J852.Q42", "", "P", false},
	{"1S with 11 HCP and six-five", "KJT972.Q.KQ864.5", "", "1S", false},
	{"1D with 11 HCP and six-five minors", "3.2.KQJ864.AJ985", "", "1D", false},
	{"weak 2S with 11 HCP and one long suit", "AKQJ62.75.74.J54", "", "2S", false},
	{"pass 11 HCP and five-four", "KJT97.Q2.KQ86.54", "", "P", false},
	{"third seat opens the same", "AKJ84.K3.Q52.J94", "P P", "1S", false},

	// The balancing seat acts lighter than the direct seat.
	{"no takeout double with 10 in the direct seat", "KJ64.QJ76.82.K72", "1D", "P", false},
	{"balancing takeout double with 10", "KJ64.QJ76.82.K72", "1D P P", "X", false},
	{"no 1NT overcall with 12 in the direct seat", "K72.KJ4.QJ73.Q84", "1H", "P", false},
	{"balancing 1NT with 12", "K72.KJ4.QJ73.Q84", "1H P P", "1N", false},

	// Over 1NT.
	{"Stayman", "KJ84.Q32.K75.J64", "1N P", "2C", true},
	{"transfer to hearts, weak", "84.QJ9732.75.J64", "1N P", "2D", true},
	{"transfer to spades", "KJ984.Q32.75.J64", "1N P", "2H", true},
	{"2NT invitation", "K84.Q32.K75.J642", "1N P", "2N", false},
	{"3NT", "K84.Q32.K75.A642", "1N P", "3N", false},
	{"pass a weak balanced hand", "84.932.Q75.J6432", "1N P", "P", false},
	{"Gerber", "AK4.KQ3.AQ75.J64", "1N P", "4C", true},
	{"quantitative 4NT", "AK4.KQ3.K975.J64", "1N P", "4N", false},
	{"a six-card minor counts its length for the slam try: 13 HCP", "32.KT2.A6.AQ9865", "1N P", "3C", false},
	{"eight clubs and a void: 13 HCP", ".AT2.A6.AJ986543", "1N P", "3C", false},
	{"a six-card minor with 10 HCP plays 3NT", "32.KT2.A6.QJ9865", "1N P", "3N", false},
	{"six diamonds and 12 HCP are short of the slam try", "32.KT2.AQ9865.Q6", "1N P", "3N", false},
	{"Stayman answer 2H", "KQ4.AJ53.K75.Q94", "1N P 2C P", "2H", false},
	{"Stayman answer 2S", "AJ53.KQ4.K75.Q94", "1N P 2C P", "2S", false},
	{"Stayman answer 2D", "KQ4.AJ5.K753.Q94", "1N P 2C P", "2D", true},
	{"Stayman answer with both majors: hearts", "KQ43.AJ53.K7.Q94", "1N P 2C P", "2H", false},
	{"after 2D, invite", "KJ84.Q32.Q75.J64", "1N P 2C P 2D P", "2N", false},
	{"after 2S, game in the fit", "KJ84.Q32.K75.J64", "1N P 2C P 2S P", "4S", false},
	{"after 2H, 3NT shows spades", "KJ84.Q32.K75.J64", "1N P 2C P 2H P", "3N", false},
	{"opener corrects to 4S", "KQ43.AJ53.K7.Q94", "1N P 2C P 2H P 3N P", "4S", false},
	{"completes the heart transfer", "KQ4.A3.K753.Q942", "1N P 2D P", "2H", false},
	{"completes the spade transfer", "KQ4.A3.K753.Q942", "1N P 2H P", "2S", false},
	{"super-accepts with 4 trumps and 17", "KQ4.AJ32.K75.KJ4", "1N P 2D P", "3H", false},
	{"weak hand passes the completion", "84.QJ9732.75.J64", "1N P 2D P 2H P", "P", false},
	{"game with 6 hearts", "84.KJ9732.A5.K64", "1N P 2D P 2H P", "4H", false},
	{"choice of games with 5 hearts", "84.KJ973.A5.K642", "1N P 2D P 2H P", "3N", false},
	{"invitation with 5 hearts", "84.KJ973.Q5.K642", "1N P 2D P 2H P", "2N", false},
	{"opener picks the 5-3 fit", "KQ4.A32.K75.Q942", "1N P 2D P 2H P 3N P", "4H", false},
	{"opener answers Gerber: 1 ace", "KQ4.AJ3.K752.Q94", "1N P 4C P", "4H", true},

	// 2C.
	{"2D waiting", "84.932.Q75.J6432", "2C P", "2D", true},
	{"positive 2H", "84.AKJ82.Q75.J64", "2C P", "2H", false},
	{"opener rebids 2NT 22-24", "AKQ4.AK3.KJ2.K43", "2C P 2D P", "2N", false},
	{"opener shows the long suit", "AKQJ84.AK3.A2.K4", "2C P 2D P", "2S", false},
	{"responder to 2C-2D-2NT bids game", "84.932.Q75.J6432", "2C P 2D P 2N P", "3N", false},
	// Opener's third call over responder's 2NT (no support for its major).
	{"opener shows its four clubs over 2NT instead of jumping to game", "AKQJ92.A9.K.AKQ9", "2C P 2D P 2S P 2N P", "3C", false},
	{"opener with 5-4 shows the longer side suit, the major first at equal length", "AKQJ2.AQ42..AKQ9", "2C P 2D P 2S P 2N P", "3H", false},
	{"opener rebids a six-card major without a side suit", "AK.AKQJ94.KQ2.K2", "2C P 2D P 2H P 2N P", "3H", false},
	{"responder raises opener's second suit with four cards", ".7642.QT52.J8632", "2C P 2D P 2S P 2N P 3C P", "4C", false},
	{"responder gives preference with two cards in opener's major", "84.Q3.J8643.T762", "2C P 2D P 2H P 2N P 3S P", "4H", false},
	{"responder bids 3NT without a fit", "8.Q43.J8643.T762", "2C P 2D P 2S P 2N P 3H P", "3N", false},
	{"opener with 29 points asks for key cards over the raise", "AKQJ92.A9.K.AKQ9", "2C P 2D P 2S P 2N P 3C P 4C P", "4N", true},
	{"opener with 23 points bids game in its minor over the raise", "AKQ92.AJ.K2.AJ98", "2C P 2D P 2S P 2N P 3C P 4C P", "5C", false},
	// Opener's rebid over a positive response: Blackwood with a fit, else a
	// natural suit or notrump below game, so that responder can count a
	// fit for slam (judge-s8 board 466 had jumped to 4S).
	{"over a positive 3C opener shows its six spades", "AKQ632.AQT8.AT.A", "2C P 3C P", "3S", false},
	{"over a positive 2H opener with three hearts asks for aces", "AKQ63.AQ8.AT.AK4", "2C P 2H P", "4N", true},
	{"over a positive 2S opener bids 2NT balanced without a fit", "AK.AQ83.AQT4.KJ4", "2C P 2S P", "2N", false},
	{"responder with a spade fit asks for aces over opener's 3S", "JT95..K43.KQ7643", "2C P 3C P 3S P", "4N", true},

	// Weak twos and preempts.
	{"2NT feature ask", "A4.K83.AKJ75.Q94", "2S P", "2N", true},
	{"minimum weak two rebids the suit", "KQJ964.73.852.J4", "2S P 2N P", "3S", false},
	{"maximum shows a feature", "KQJ964.A3.852.94", "2S P 2N P", "3H", true},
	{"over the feature, game in the major with two cards", "A4.K83.AKJ75.Q94", "2S P 2N P 3H P", "4S", false},
	{"over the feature, 3NT with a singleton in the major", "A8.4.AQJT.KQJ975", "2H P 2N P 3D P", "3N", false},
	{"over the feature, game in its own six-card major", ".AQT754.AKQT.JT8", "2S P 2N P 3C P", "4H", false},
	{"over the maximum without a feature, game in the major with two cards", "A4.K83.AKJ75.Q94", "2S P 2N P 3N P", "4S", false},
	{"over the maximum without a feature, 3NT stands with a singleton", "4.AK83.AKJ75.Q94", "2S P 2N P 3N P", "P", false},
	{"over a minimum, 16 HCP stops", "A4.K83.AKJ75.J94", "2S P 2N P 3S P", "P", false},
	{"over a minimum, game in the major with two cards and 18", "A4.K83.AKJ75.K94", "2S P 2N P 3S P", "4S", false},
	{"over a minimum, 3NT with a singleton and 19", "4.AK83.AKJ75.KJ4", "2S P 2N P 3S P", "3N", false},
	{"over a minimum, 18 and a singleton stop in three of the major", "4.AK83.AKJ75.K94", "2S P 2N P 3S P", "P", false},
	{"raise the preempt to game", "A4.AK83.AKJ7.Q94", "3S P", "4S", false},

	// Responses to a major.
	{"Jacoby 2NT", "K4.KJ84.A752.Q94", "1H P", "2N", true},
	{"limit raise", "K4.KJ8.A752.9864", "1H P", "3H", false},
	{"single raise", "94.KJ8.Q752.9864", "1H P", "2H", false},
	{"1S over 1H", "KJ84.Q3.7652.964", "1H P", "1S", false},
	{"1NT over 1H", "K84.Q3.J7652.Q64", "1H P", "1N", false},
	{"two over one 2C", "A84.Q3.J7.KQ7642", "1H P", "2C", false},
	{"preemptive 4H", "4.Q8653.J752.964", "1H P", "4H", false},
	{"pass a weak hand", "J84.Q3.J7652.964", "1H P", "P", false},
	{"2H over 1S needs five", "84.KQ873.A752.K4", "1S P", "2H", false},

	// Responses to a minor.
	{"4-4 majors: hearts up the line", "KJ84.Q873.752.64", "1C P", "1H", false},
	{"five spades first", "KJ843.Q87.752.64", "1C P", "1S", false},
	{"1D over 1C", "K84.Q87.A752.J64", "1C P", "1D", false},
	{"2C over 1D", "K84.Q87.J64.A752", "1D P", "2C", false},
	{"limit raise of 1D", "K84.Q87.AJ64.Q75", "1D P", "3D", false},
	{"2NT over 1D", "K84.Q87.AJ6.KQ75", "1D P", "2N", false},
	{"1NT over 1D", "K84.Q87.J64.Q752", "1D P", "1N", false},

	// Opener's rebids.
	{"1NT rebid 12-14", "K4.AJ3.KJ852.J94", "1D P 1S P", "1N", false},
	{"raise with 4 trumps", "KJ84.A3.KJ852.94", "1D P 1S P", "2S", false},
	{"rebid a six-card suit", "K4.A3.KJ8752.J94", "1D P 1S P", "2D", false},
	{"reverse", "K4.AQ84.AKJ75.94", "1D P 1S P", "2H", false},
	{"2NT rebid 18-19", "KJ4.AQ3.AKJ85.94", "1D P 1S P", "2N", false},
	{"jump shift", "4.AKQ4.AKJ75.K94", "1D P 1S P", "3H", false},
	{"generic game try: no side suit needs help", "KQ4.AQJ84.KQ2.94", "1H P 2H P", "3H", false},
	{"help-suit game try in the cheapest suit with two losers", "AQ4.AKJ84.K52.94", "1H P 2H P", "3D", false},
	{"help-suit game try 2S over 1H-2H", "K54.AKJ84.AQ2.94", "1H P 2H P", "2S", false},
	{"accepts the help-suit try with a maximum", "Q73.J842.K54.A32", "1S P 2S P 3C P", "4S", false},
	{"accepts the help-suit try with help (one loser)", "Q73.J8642.954.A2", "1S P 2S P 3C P", "4S", false},
	{"declines the help-suit try without help", "Q73.J8642.A2.954", "1S P 2S P 3C P", "3S", false},
	{"preference back to opener's first suit", "T9643.A54.K943.7", "1D P 1S P 2C P", "2D", false},
	{"responds 1S to a minor with six spades and 5 HCP", "K98762.Q954.986.", "1C P", "1S", false},
	{"passes a minor with five spades and 5 HCP", "K9876.Q954.986.2", "1C P", "P", false},
	{"passes opener's second suit, longer there", "K9643.Q5.J4.T974", "1D P 1S P 2C P", "P", false},
	{"raises opener's second suit: four cards, 10 support points", "K9643.Q5.J4.Q974", "1D P 1S P 2C P", "3C", false},
	{"raises the second suit after 1NT: four cards, 10 support points", "T7.K7.J843.A8732", "1S P 1N P 2D P", "3D", false},
	{"passes the second suit after 1NT with 9 support points", "97.K75.8643.A873", "1S P 1N P 2D P", "P", false},
	{"preference after 1NT with equal length", "Q74.KJ53.863.J94", "1S P 1N P 2C P", "2S", false},
	{"passes the second suit after 1NT, longer there", "74.KJ53.Q86.J942", "1S P 1N P 2C P", "P", false},
	{"preference to opener's minor over its new major", "97.KJ72.853.Q874", "1D P 1H P 1S P", "2D", false},
	{"preference to clubs over 1C-1D-1H", "Q97.J2.KT853.Q74", "1C P 1D P 1H P", "2C", false},
	{"second major over opener's minor rebid", "KT643.AK843.5.T9", "1D P 1S P 2D P", "2H", false},
	{"second major, spades over 1C-1H-2C", "AJ96.QJT42.3.QT9", "1C P 1H P 2C P", "2S", false},
	{"cue bid instead of accepting the limit raise: 31 counted, the diamond ace", "AKJ84.K3.AQ52.J4", "1S P 3S P", "4D", true},
	{"accepts the limit raise without slam values", "AKJ84.K3.Q652.J4", "1S P 3S P", "4S", false},
	{"Blackwood over the cue bid: 14 counted and a club control", "K753.A84.K632.K2", "1S P 3S P 4D P", "4N", true},
	{"signs off over the cue bid: no club control", "K753.AK4.K632.32", "1S P 3S P 4D P", "4S", false},
	{"asks for key cards over opener's raise to game: 16 HCP and a singleton", "3.QJ73.AK54.AQ32", "1D P 1H P 4H P", "4N", true},
	{"passes opener's raise to game without slam values", "QJ983.K94.T53.A2", "1D P 1S P 4S P", "P", false},
	{"accepts partner's sign-off over its own cue bid, whatever it counts", "AK4.AKQ74.7.AK92", "1H P 3H P 4C P 4H P", "P", false},
	{"signs off over the cue bid: no extras", "K753.Q84.K632.Q2", "1S P 3S P 4D P", "4S", false},
	{"passes the sign-off after the cue bid", "AKJ84.K3.AQ52.J4", "1S P 3S P 4D P 4S P", "P", false},
	// The cue bid promises the count the try makes, shortness included: 14
	// points and a spade void opposite opener's raise of a two over one.
	{"cue bid counting a void: the club ace", ".AQJ42.JT73.AJT8", "1S P 2H P 3H P", "4C", true},
	{"Blackwood over the void's cue bid", "AKQ652.KT87.A5.3", "1S P 2H P 3H P 4C P", "4N", true},
	{"balancing takeout double of a 3-level preempt: 15, short in spades", "K4.AQ76.KJ84.Q92", "3S P P", "X", false},
	{"balancing seat passes a 3-level preempt with 11 HCP", "K4.QJ76.K984.J92", "3S P P", "P", false},
	{"3NT over 1NT with a good six-card minor and 6 HCP", "Q87.T32.KJT532.6", "1N P", "3N", false},
	{"puppets to 3C with a poor six-card minor and 6 HCP", "Q87.K32.T86532.6", "1N P", "2S", true},
	{"game over the unusual 2NT: four diamonds, 9 support points", "JT3.75.KQJ7.J962", "1C 2N P", "5D", false},
	{"preference over the unusual 2NT: the singleton is in partner's other suit", "AT73.Q982.AQ62.8", "1S 2N P", "3D", false},
	{"game over Michaels: four hearts and a singleton, 10 HCP", "8.KQT9.T82.KQ972", "1S 2S P", "4H", false},
	{"preference over Michaels: four hearts, 6 support points", "8.QT92.T82.Q9762", "1S 2S P", "3H", false},
	{"raises the 3S preempt with 12 HCP and five controls", "62.AJ97.K964.A94", "3S P", "4S", false},
	{"passes the 3S preempt with 12 HCP and three controls", "62.QJ97.KQ64.AJ4", "3S P", "P", false},
	{"weak jump shift over the overcall: eight good clubs, 8 HCP", "4.J2.Q5.KQ987432", "1D 1S", "3C", false},
	{"passes the overcall with a poor six-card suit", "4.J82.Q53.T98432", "1D 1S", "P", false},
	{"balancing takeout double of a 4D preempt: 18, two diamonds", "K3.AT76.Q3.AKQ84", "4D P P", "X", false},
	{"passes the 4D preempt with 15 HCP", "K3.AT76.Q3.AJT84", "4D", "P", false},
	{"doubles the 4D preempt with both majors and a singleton", "AT97.QT92.Q.AQT6", "P P 4D", "X", false},
	{"a five-card suit and a singleton overcall their weak two at three with 13 HCP", "A42.Q9864.7.AK54", "2S", "3H", false},
	{"raises partner's weak jump overcall over their negative double", "J952.AKJ3.J83.92", "P 1C 2S X", "3S", false},
	{"competes for game over their raise of the weak jump: three trumps, a singleton, 8 HCP", "J43.6.AK8652.852", "1H 2S 4H", "4S", false},
	{"passes their game over the weak jump with three trumps and two of their suit", "J43.Q6.K8652.852", "1H 2S 4H", "P", false},
	{"competes at three over their raise of the weak jump with three trumps", "J43.6.K8652.8542", "1H 2S 3H", "3S", false},
	{"passes their raise of the weak jump without three trumps", "J4.63.K8652.8542", "1H 2S 3H", "P", false},
	{"bids game over their raise of the weak jump with 16 support points", "KJ4.6.AK865.A852", "1H 2S 3H", "4S", false},
	// The fourth seat over their 1NT and responder's Stayman or transfer,
	// and over 1NT passed round.
	{"overcalls their transfer with a good six-card suit", "KJT862.KQ.QT76.3", "1N P 2D", "2S", false},
	{"no overcall in the major their transfer showed", "7.KQJ862.Q76.T32", "1N P 2D", "P", false},
	{"no double of Stayman with good clubs", "82.Q3.K62.AKJ742", "1N P 2C", "P", false},
	{"balances over 1NT passed round with a good six-card suit", "Q4.AQJ873.T52.43", "1N P P", "2H", false},
	{"doubles 1NT passed round for penalty with 17 HCP", "AQ4.KJ3.AQ52.J43", "1N P P", "X", false},
	// The advancer over their single raise of the opening.
	{"three trumps compete at three opposite a two-level overcall", "T.AQJT96.T94.762", "1S 2C 2S", "3C", false},
	{"three trumps compete at two opposite a one-level overcall", "K82.Q73.K952.J64", "1H 1S 2H", "2S", false},
	{"game in partner's overcalled major with 13+ support points", "KQ82.73.AK95.J64", "1H 1S 2H", "4S", false},
	{"a good six-card suit of the advancer's own at the two level", "AJT642.K3.T54.JT", "1C 1H 2C", "2S", false},
	{"passes their raise with a doubleton in partner's suit", "82.Q73.K952.J642", "1H 1S 2H", "P", false},
	{"no competitive raise of the overcall with 2 HCP", "JT86.Q9863.986.6", "P 1D 1S 2D", "P", false},
	{"3NT over their raise with 16 HCP and their suit stopped", "9.AQ4.KJ742.AQ95", "1H 1S 2H", "3N", false},
	// Responder when their overcall of Stayman was passed round.
	{"3NT over their overcall of Stayman with game values and a stopper", "A532.K6.J62.QT74", "1N P 2C 2H P P", "3N", false},
	{"2NT over their overcall of Stayman inviting, with a stopper", "A532.K6.J62.T742", "1N P 2C 2H P P", "2N", false},
	{"passes their overcall of Stayman with 8 HCP and no stopper", "A532.86.J.QJT743", "1N P 2C 2H P P", "P", false},
	// Either seat over their raise.
	{"the direct seat doubles their raise with 18 HCP and six clubs", "KQJ.63.AK.AJ8654", "1H P 2H", "X", false},
	// The answers to a takeout double of a preempt, in either seat.
	{"the cheapest three-card suit by level answers the double of 3H", "A32.8532.Q64.762", "3H X P", "3S", false},
	{"game in a five-card major over the balancing double of a weak two", "Q4.AKQ98.53.8762", "2S P P X P", "4H", false},
	{"cue-bids their overcall as a limit raise of the minor", "9743.A.T3.AQJ752", "1C 2S", "3S", false},
	{"Michaels with six-five and 7 HCP", "QJT64.T4..AT9832", "P P 1H", "2H", true},
	{"opener answers the minor's cue bid in notrump with their suit stopped", "KQ5.K87.J2.KT843", "1C 2S 3S P", "3N", false},
	{"opener bids four of the minor over the cue bid without a stopper", "75.AK87.J2.KT843", "1C 2S 3S P", "4C", false},
	{"opener asks for key cards over the cue bid with 16 and no stopper", "7.K98.AQ2.AQT843", "1C 2S 3S P", "4N", true},
	{"jump preference with four diamonds and a club void", "T9643.AQ54.K943.", "1D P 1S P 2C P", "3D", false},
	// Responder over opener's reverse.
	{"the fourth suit over the reverse with 12 HCP and no stopper in it", "AKJ7.K52.J52.642", "1C P 1S P 2H P", "3D", true},
	{"opener bids 3NT over the fourth suit with it stopped", "52.AJT3.A7.AKT95", "1C P 1S P 2H P 3D P", "3N", false},
	{"3NT over the reverse with the fourth suit stopped", "KQ87.K52.Q52.642", "1C P 1S P 2H P", "3N", false},
	{"game in opener's hearts over the reverse with four of them and 10 HCP", "KQ87.K952.Q5.642", "1C P 1S P 2H P", "4H", false},
	{"a five-card major with 11 HCP over the reverse, forcing", "AJ987.Q5.K6.J642", "1C P 1S P 2H P", "3S", false},
	{"rebids a five-card major with 6 HCP over the reverse", "KJ872.Q52.652.64", "1C P 1S P 2H P", "2S", false},
	{"2NT over the reverse with 6 HCP and no fit", "K987.J5.Q6542.64", "1C P 1S P 2H P", "2N", false},
	{"jump preference to opener's minor over its new major: four diamonds, two doubletons", "93.AQ987.7632.QJ", "1D P 1H P 1S P", "3D", false},
	{"minimum passes the raise", "AQ4.KJ842.K52.94", "1H P 2H P", "P", false},
	{"Jacoby: minimum without shortness", "AKJ84.K32.Q5.J94", "1S P 2N P", "4S", false},
	{"Jacoby: shows a singleton", "AKJ84.K432.Q52.4", "1S P 2N P", "3C", true},

	// Overcalls.
	{"1S overcall", "KQJ84.A3.752.964", "1D", "1S", false},
	{"2C overcall", "84.A3.752.AKJ964", "1S", "2C", false},
	{"weak jump overcall", "84.KQJ964.752.94", "1C", "2H", false},
	{"1NT overcall", "KQ4.AJ3.K752.Q94", "1H", "1N", false},
	{"takeout double", "KQ84.3.K752.AJ94", "1H", "X", false},
	{"strong double", "AKQ84.KQ3.7.AJ94", "1D", "X", false},
	{"Michaels over a minor", "KQJ84.AJ984.7.94", "1C", "2C", true},
	{"Michaels over a major", "KQJ84.7.AJ984.94", "1H", "2H", true},
	{"unusual 2NT", "7.94.KQJ84.AJ984", "1S", "2N", true},
	{"pass with nothing to say", "Q84.J93.K752.964", "1H", "P", false},
	{"balancing double", "KQ84.3.K752.AJ94", "1H P P", "X", false},

	// Competition: negative doubles and raises.
	{"a one-level overcall on a poor suit with an opening's values", "KJ96.Q8763.3.AQ9", "P 1C", "1H", false},
	{"no one-level overcall on a poor suit with 8 HCP", "T7652.A74.A72.94", "P 1C", "P", false},
	{"a seven-card suit preempts over their 1NT", "T92.K987653.J8.2", "P 1N", "3H", false},
	{"the notrump opener completes the puppet", "AK7.KQ8.AJ42.Q93", "1N P 2S P", "3C", true},
	{"responder corrects the puppet to diamonds", "QT8.T7.Q87543.93", "1N P 2S P 3C P", "3D", false},
	{"responder passes the puppet with clubs", "QT8.T7.93.Q87543", "1N P 2S P 3C P", "P", false},
	{"a decent six-card suit competes over their 1NT", "KJ8743.4.Q97.K52", "1N", "2S", false},
	{"negative double shows hearts", "84.KJ84.Q752.K64", "1C 1S", "X", false},
	{"negative double shows spades", "KJ84.84.Q752.K64", "1D 1H", "X", false},
	{"negative double shows both majors", "KJ84.Q984.75.K64", "1C 1D", "X", false},
	{"raise over the overcall", "84.KJ84.Q752.K64", "1H 1S", "2H", false},
	{"opener shows the doubled major", "A4.KQ84.Q75.K943", "1C 1S X P", "2H", false},
	{"opener jumps to 2NT with 18-19 over the negative double", "42.K63.AK7.AKQ96", "1C 1H X P", "2N", false},
	// The negative doubler over opener's answer: shortness in opener's
	// own suit is a misfit, not a ruffing value.
	{"the negative doubler raises to game with a singleton outside opener's suits", "AJ85.J964.2.K762", "1C 1S X P 2H P", "4H", false},
	{"the negative doubler only invites with a singleton in opener's clubs", "AJ85.J964.K762.2", "1C 1S X P 2H P", "3H", false},
	// Opener over responder's answer to their takeout double.
	{"opener rebids a six-card major over 1NT after their double", "K4.KQ7432.KT65.Q", "1H X 1N P", "2H", false},
	{"opener passes 1NT after their double with a minimum", "K4.KQ732.KT6.Q54", "1H X 1N P", "P", false},

	// Advancing partner's double and two-suiters.
	{"answers the double with a 4-card major", "KJ84.93.Q752.964", "1H X P", "1S", false},
	{"jumps with 9-11", "KJ84.93.A752.K64", "1H X P", "2S", false},
	{"answers the double in a four-card major before a five-card minor", "QT86.Q54.J9632.K", "1H X P", "1S", false},
	{"jumps in a four-card major before a five-card minor", "QJT6.Q54.QJ962.K", "1H X P", "2S", false},
	{"answers in the longer minor with a six-card minor", "QT86.Q5.J96432.K", "1H X P", "2D", false},
	{"the balancing double does not promise the major: the five-card minor first", "J864.QJT3.KQJ86.", "1S P P X P", "3D", false},
	{"game in a five-card major over the double of a weak two before the invitation", "KQ4.AJT43.763.J9", "P P 2D X P", "4H", false},
	{"invites with a jump to 3S over the double of a weak two", "QJT6.Q54.QJ962.K", "P 2H X P", "3S", false},
	{"answers 2S with 7 HCP over the double of a weak two", "QJT6.Q54.Q9632.5", "P 2H X P", "2S", false},
	{"the doubler accepts the invitational jump with 18 HCP", "AK42.A.AT43.QJ62", "P 2H X P 3S P", "4S", false},
	{"free advance to game in a four-card major before a five-card minor", "QJT6.Q54.QJ962.K", "P 2H X 3H", "4S", false},
	{"free advance at the three level with a four-card major and 10 HCP", "QJT6.Q54.Q9632.K", "P 2H X 3H", "3S", false},
	{"no free advance with a four-card major and 7 HCP", "QJT6.Q54.Q9632.5", "P 2H X 3H", "P", false},
	{"prefers the longer major after Michaels", "84.Q9732.J752.64", "1C 2C P", "2H", false},
	{"prefers the longer minor after 2NT", "84.Q97.J75.65432", "1S 2N P", "3C", false},

	// Slam conventions.
	{"Blackwood after a Jacoby 2NT", "AQ84.A.KQJ7.AKQ4", "1S P 2N P 4S P", "4N", true},

	// Notrump slams by count, over partner's 18-19 (2NT rebid).
	{"invites with a quantitative 4NT", "K84.KQ84.Q75.K64", "1C P 1H P 2N P", "4N", false},
	{"bids 6NT with 32 together", "K84.KQ84.Q75.A64", "1C P 1H P 2N P", "6N", false},
	{"accepts the invitation with a maximum", "AQ5.A3.KQ7.KJ985", "1C P 1H P 2N P 4N P", "6N", false},
	{"declines the invitation with a minimum", "AQ5.A3.KJ7.KJ985", "1C P 1H P 2N P 4N P", "P", false},
	{"7NT over a 3NT opening with 10 HCP: 35 together with its minimum", "T42.Q8653.Q72.AQ", "3N P", "7N", false},
	{"6NT over a 3NT opening with 9 HCP: 34 together", "T42.Q8653.Q72.A5", "3N P", "6N", false},
	{"7NT over partner's 6NT: 35 together with the 6NT bidder's minimum", "AQ76.Q97.AQJ7.Q7", "1N P 4C P 4S P 6N P", "7N", false},
	{"Blackwood for partner's suit with a fit of one's own", "A4.KQ84.AK7.A642", "1H P", "4N", true},
	// Opener's rebids judged in total points.
	{"jump rebid with a 15-count and seven spades", "AKQT432.64.QJ.K8", "1S P 1N P", "3S", false},
	{"jump shift with a 17-count 5-5", "A2.AQT94.AQJT7.5", "1H P 1S P", "3D", false},
	{"opener's jump to game in a six-card major: 20 HCP", "A4.AKQT42.K5.KJ3", "1H P 1S P", "4H", false},
	{"opener's jump to game over 1NT: 19 HCP", "A4.AKQT42.K5.K93", "1H P 1N P", "4H", false},
	{"Blackwood over opener's jump to game: 14 HCP and a doubleton", "KQJ63.87.AQ.Q872", "1H P 1S P 4H P", "4N", true},
	// Competing to the level of the fit (computed rows).
	{"opener competes to 3H with six hearts opposite a raise", "K4.AQJ984.K73.42", "1H 2C 2H 3C", "3H", false},
	{"advancer raises the overcall to the two level with three cards", "K42.73.QJ82.K942", "1H 1S 2H", "2S", false},
	{"twelve diamonds jump to five over their overcall of a weak two", "J852.QT.A87632.2", "2D 2H", "5D", false},
	{"ten diamonds jump to four", "J852.QT32.A876.2", "2D 2H", "4D", false},
	// Opener's answer to responder's invitational 2NT after a 1NT rebid.
	{"accepts the 2NT invitation with 13 and three-card support in the major", "AQ6.K95.KJT2.T53", "1D P 1H P 1N P 2N P", "4H", false},
	{"declines the 2NT invitation with 12", "AQ6.K95.QJT2.T53", "1D P 1H P 1N P 2N P", "P", false},
	{"no weak jump in the balancing seat: the simple overcall", "AK9764.K65..T954", "1D P P", "1S", false},
	{"intermediate jump overcall in the balancing seat", "AKJ974.K65.8.Q54", "1D P P", "2S", false},
	{"opener accepts the six-card major's invitation with 13", "65.AT76.AT32.AJ8", "1D P 1S P 1N P 3S P", "4S", false},
	{"opener declines the six-card major's invitation with 12", "65.AT76.AT32.KJ8", "1D P 1S P 1N P 3S P", "P", false},
	// Opener after their 1NT overcall, and after partner's 1NT over their overcall.
	{"opener doubles their 1NT overcall with 19", "KJ7.KJ6.Q872.AKQ", "1D 1N P P", "X", false},
	{"opener invites over partner's competitive 1NT with 17", "AT.T7.AKJ9.AJ973", "1C 1S 1N P", "2N", false},
	{"partner accepts the invitation with 10", "K43.J42.Q65.KJ42", "1C 1S 1N P 2N P", "3N", false},
	{"partner declines the invitation with 7", "K43.J42.Q65.J642", "1C 1S 1N P 2N P", "P", false},
	{"balancing takeout double of a weak two with 17", "A7.KJT6.52.AKQ82", "2D P P", "X", false},
	{"balancing 2NT over a weak two with 17 balanced", "A75.K72.AK76.K93", "2H P P", "2N", false},
	// The free advance of a takeout double: game with a long major.
	{"game in a seven-card major after the double and their raise", "QJT9864.KJ9.854.", "1C X 3C", "4S", false},
	// A weak jump overcall: a good six-card suit, or seven cards with two
	// top-five honours.
	{"weak jump overcall with seven cards to the jack-ten", "8.JT98543.J.AT42", "1S", "3H", false},
	// A one-level overcall holds two top-five honours, or six cards.
	{"overcalls a six-card suit with one honour", "Q97432.A93.J96.A", "1H", "1S", false},
	{"no overcall of a poor five-card suit below 10 HCP", "Q9743.A93.J96.Q4", "1H", "P", false},
	// Advancing an overcall in notrump.
	{"advances the two-level overcall with an invitational 2NT", "K84.QJ73.KJ73.Q9", "1S 2C P", "2N", false},
	// The takeout doubler's rebid (computed rows).
	{"the doubler raises a minor answer to game with 22+ support points", "7.A42.AK865.AKJT", "2S P P X P 3D P", "5D", false},
	{"the doubler raises the answer to game with 19+ support points", "AQ84.2.AKJ3.KQ42", "1H X P 1S P", "4S", false},
	{"the doubler shows a six-card minor at the four level over a three-level answer", "K.K3.AKQ973.A965", "P P 2S X P 3H P", "4D", false},
	{"the doubler invites with 16-18 support points", "AQ84.42.AKJ3.Q42", "1H X P 1S P", "2S", false},
	{"the doubler bids game in a five-card major over the four-level answer", "KQ.AQJT73.QJ3.KJ", "2S P 3S X P 4D P", "4H", false},
	{"game over the double of their preempt: seven spades, 12+ points", "Q986432.AK973.3.", "3C X P", "4S", false},
	{"the cheapest answer to the double of their preempt with 8 points", "Q98643.K973.43.2", "3C X P", "3S", false},
	// Balancing over a raise that would end the auction.
	{"balancing double: short in their suit", "K942.42.AJ73.Q94", "1H P 2H P P", "X", false},
	{"balancing with a five-card suit", "KQJ94.42.A73.942", "1H P 2H P P", "2S", false},
	{"balancing with a six-card suit and one honour", "Q97432.A93.J96.A", "1H P 2H P P", "2S", false},
	// Opener with a long major after their Michaels cue bid and partner's pass.
	{"opener bids game with seven spades over their Michaels advance", "AKJ7532.8.KJ4.AQ", "1S 2S P 3H", "4S", false},
	{"opener bids game with eight spades over their 2NT ask", "AKJ75432.K7.K.J2", "1S 2S P 2N", "4S", false},
	{"jumps to four of partner's overcalled major with ten trumps together", "K98642.Q97.T.J53", "1H 1S 2D", "4S", false},
	{"competes at the two level with nine trumps together", "K986.Q974.T5.J53", "1H 1S 2D", "2S", false},
	{"a strong opener shows its second suit over their Michaels advance", "AK.KQ976.KJ732.K", "1H 2H P 2S", "3D", false},
	// The direct seat over their raise acts on three HCP more.
	{"takeout double of their raise in the direct seat", "AJ86.8.KT3.QJ643", "1H P 2H", "X", false},
	{"a good seven-card suit competes over their raise with 10 HCP", "7.AKQJ852.7.T762", "1S P 2S", "3H", false},
	{"answers the balancing double in the best unbid suit", "J873.Q82.K942.J7", "1H P 2H P P X P", "2S", false},
	// Over their limit raise: game in a long major, the takeout double,
	// the pass; the double is answered at the cheapest level.
	{"game in a six-card major over their limit raise with 18 HCP", "A4.AKJ864.KQJ3.2", "1S P 3S", "4H", false},
	{"game in a good six-card major over their limit raise with 14 HCP", "A4.KQJT86.K3.J32", "1S P 3S", "4H", false},
	{"takeout double of their limit raise", "AJ86.8.KQT3.QJ64", "1H P 3H", "X", false},
	{"no action over their limit raise with three of their suit", "T93.QJ6.AQ97.KQ5", "1S P 3S", "P", false},
	{"answers the double of their limit raise with four spades", "J873.82.K942.J73", "1H P 3H X P", "3S", false},
	// Responder over opener's jump shift, forcing to game: the cheapest
	// call that places the hand; opener raises a six-card suit with two.
	{"rebids a six-card suit over the jump shift", ".AKQJT85.4.T7642", "1D P 1H P 2S P", "3H", false},
	{"raises the jump shift's major with four", "QT32.KJ54.32.J32", "1D P 1H P 2S P", "3S", false},
	{"notrump over the jump shift with the fourth suit stopped", "Q32.KJ54.J32.Q32", "1D P 1H P 2S P", "2N", false},
	{"3NT over the jump shift with 12-15 and the fourth suit stopped", "86.AQ543.J7.AQ92", "1D P 1H P 2S P", "3N", false},
	{"opener with a long suit invites the notrump slam over 3NT", "AKT7.K.AKQT652.4", "1D P 1H P 2S P 3N P", "4N", false},
	{"three-card support for opener's first major over the jump shift", "J4.KJ54.Q32.8432", "1H P 1S P 3C P", "3H", false},
	{"four-card support for opener's minor over the jump shift", "82.KJ54.QT32.842", "1D P 1H P 2S P", "3D", false},
	{"opener raises responder's six-card suit to game", "AK874.74.AKQ852.", "1D P 1H P 2S P 3H P", "4H", false},
	// Opener when their weak jump overcall takes the room over the response.
	{"game in partner's major with three cards and 18 HCP over their jump", "AK.QT8.Q4.KQJ752", "1C P 1H 3D", "4H", false},
	{"raises partner's major with four and a minimum over their jump", "A4.QT84.Q4.KQ765", "1C P 1H 3D", "3H", false},
	{"passes their jump with a minimum and three cards", "A4.QT8.Q4.KQ7652", "1C P 1H 3D", "P", false},
	{"the negative doubler takes opener's 3NT out to a six-card major", "T3.AJ9653.KQ.654", "1D 2S X 3S 3N P", "4H", false},
	{"the negative doubler leaves opener's 3NT with five hearts", "T3.AJ965.KQ3.654", "1D 2S X 3S 3N P", "P", false},
	// Their raise over partner's raise: a double with extra values.
	{"doubles their three-level raise with 18 HCP and a singleton", "7.K965.AKJ7.AQJ2", "1D 2S 3D 3S", "X", false},
	{"answers the extra-values double in the fit", "92.AJ7.Q8432.543", "1D 2S 3D 3S X P", "4D", false},
	// A good six-card minor over their three-level major preempt.
	{"four of a good six-card minor over their preempt", "Q..AKJT962.AT974", "1S 3H", "4D", false},
	{"the negative double with a five-card minor", "Q4.2.AKJ96.AT974", "1S 3H", "X", false},
	{"penalty pass of the balancing double with strong trumps", "A7.KQJ92.9842.J7", "1H P 2H P P X P", "P", false},
	// 1NT doubled for penalty: a weak responder runs to a five-card suit.
	{"escapes from 1NT doubled into six spades", "T87542.974.7.982", "1N X", "2S", false},
	{"escapes into the longer suit", "T8754.2.QT9762.9", "1N X", "2D", false},
	{"leaves 1NT doubled without a five-card suit", "J74.T74.9832.T52", "1N X", "P", false},
	{"leaves 1NT doubled with 9 HCP", "KQ962.632.KQ4.76", "1N X", "P", false},
	{"opener passes the escape", "AQ3.KJ5.A765.KQ4", "1N X 2S P", "P", false},
	{"escapes from a doubled 1NT overcall", "J53.JT963.T642.J", "1C 1N X", "2H", false},
	// Responder's rebid after a two over one and opener's non-jump rebid.
	{"3NT over opener's 2NT after a two over one", "652.A9.QJ7.A6432", "1H P 2C P 2N P", "3N", false},
	{"invites in opener's major over 2NT with three cards and 10 HCP", "QT4.K2.KQ743.T52", "1S P 2D P 2N P", "3S", false},
	{"3NT over opener's rebid with a singleton and the unbid suits stopped", "Q.A32.K864.AK854", "1S P 2C P 2S P", "3N", false},
	{"game in opener's rebid major with two cards", "A7.J643.QJ42.A54", "1S P 2D P 2S P", "4S", false},
	{"3NT over opener's new suit with the fourth suit stopped", "64.AKT6.Q753.K96", "1S P 2D P 3C P", "3N", false},
	{"raises opener's new major to game with four", "Q3.KQ84.QJ7.A872", "1S P 2C P 2H P", "4H", false},
	{"2NT over opener's new suit with 10 HCP and the fourth suit stopped", "Q7.Q5.AT853.QJ64", "1S P 2D P 2H P", "2N", false},
	{"rebids a six-card suit over opener's new suit with 10 HCP and a singleton", "T.A62.QJ9542.KT7", "1S P 2D P 2H P", "3D", false},
	{"raises opener's rebid minor with three and 10 HCP", "J96.A6.Q872.KT87", "1D P 2C P 2D P", "3D", false},
	{"opener declines the invitation in its major with a minimum", "K5.AQ9732.J3.Q42", "1H P 2C P 2H P 3H P", "P", false},
	{"opener accepts the invitation in its major with 13", "K5.AQ9732.A3.Q42", "1H P 2C P 2H P 3H P", "4H", false},
	{"opener signs off in a six-card major over the 2NT invitation", "AQJ932.K54.Q3.42", "1S P 2D P 2S P 2N P", "3S", false},
	{"opener accepts the 2NT invitation over its new suit with 16", "AKJ32.KQ54.A3.42", "1S P 2D P 2H P 2N P", "3N", false},
	{"responder invites with 2NT over opener's new lower suit", "KJ84.Q32.A73.J72", "1D P 1S P 2C P", "2N", false},
	{"responder invites in opener's hearts with three", "KJ84.Q32.A73.J72", "1H P 1S P 2C P", "3H", false},
	{"responder invites with 2NT over opener's one-level spades", "T2.KQ84.AJT.JT72", "1C P 1H P 1S P", "2N", false},
	{"responder raises opener's one-level spades with four", "QT75.A963.853.Q6", "1C P 1H P 1S P", "2S", false},
	{"responder bids game in opener's spades with four and 13+", "KT75.AJ63.K53.Q6", "1C P 1H P 1S P", "4S", false},
	{"responder rebids 1NT with 6-10 and no fit", "T72.KJ84.Q53.J72", "1D P 1H P 1S P", "1N", false},
	{"Stayman with five-four in the majors and game values", "AT652.A874.K.975", "1N P", "2C", true},
	{"transfer with five-four in the majors and less", "AT652.A874.7.975", "1N P", "2H", true},
	{"five spades and four hearts after 2D", "AT652.A874.K.975", "1N P 2C P 2D P", "3S", false},
	{"the heart fit after 2H", "AT652.A874.K.975", "1N P 2C P 2H P", "4H", false},
	{"opener raises the five-card major with three", "K74.KJ6.A65.A862", "1N P 2C P 2D P 3S P", "4S", false},
	{"opener bids 3NT with two", "K7.KJ6.A653.A862", "1N P 2C P 2D P 3S P", "3N", false},
	{"opener reopens 1NT with 18-19 balanced and a stopper", "53.KQ3.A952.AKQ2", "1D 1H P P", "1N", false},
	{"no reopening notrump without a stopper", "53.953.AKQ2.AKQ2", "1D 1H P P", "P", false},
	{"shows four hearts over their overcall of Stayman", "KT5.KQJ6.AK4.987", "1N P 2C 3C", "3H", false},
	{"shows four spades over their 2H", "KQT5.K6.AK4.9873", "1N P 2C 2H", "2S", false},
	{"hearts first over their 2D", "KQ54.KJ64.A4.K73", "1N P 2C 2D", "2H", false},
	{"doubles their overcall of Stayman with four good cards", "KQT5.KJ6.A4.9873", "1N P 2C 2S", "X", false},
	{"passes their overcall of Stayman without a major", "KQ5.K6.AJ4.98732", "1N P 2C 2D", "P", false},
	{"opener competes with seven diamonds over their unusual 2NT", "A752.8.AKJ9643.A", "1D P P 2N", "3D", false},
	{"the takeout doubler bids game in a seven-card major over their bid", "A82.AKQJ874.9.K7", "P 1D X P 1S 2C", "4H", false},
	{"the takeout doubler shows a six-card suit with 17+", "A82.AKQJ74.9.K72", "P 1D X P 1S 2C", "2H", false},
	{"no escape into their suit", "J53.J96.T6.JT942", "1C 1N X", "P", false},
	{"opener over the minor limit raise: five of the minor, asked by key cards", "A5.J.Q86.AQJT432", "1C P 3C P", "4N", true},
	{"opener over the minor limit raise: game in the minor without a heart stopper", "A5.J.K862.KQJT43", "1C P 3C P", "5C", false},
	{"raises partner's 3S preempt to game with three trumps, weak", "Q98.K4.QT762.T84", "3S P", "4S", false},
	{"raises partner's doubled 3S preempt to game with three trumps", "Q98.K4.QT762.T84", "3S X", "4S", false},
	{"passes partner's 3S preempt with two trumps", "Q9.K84.QT762.T84", "3S P", "P", false},
	{"rescues partner's overcall doubled with a singleton and five spades", "KT854.K83.QT87.J", "1D 2C P P X P P", "2S", false},
	{"leaves partner's overcall doubled with two of its cards", "KT854.K83.QT8.J7", "1D 2C P P X P P", "P", false},
	{"the penalty doubler runs from 1NT redoubled with six spades", "AK9872.K9.KQ74.7", "P P 1N X XX P P", "2S", false},
	{"the penalty doubler leaves 1NT redoubled without a long suit", "AK98.K97.KQ74.72", "P P 1N X XX P P", "P", false},
	{"runs from their 1NT redoubled over partner's penalty double", "J7543.8.KJ63.876", "1N X P P XX P P", "2S", false},
	{"runs at once from their 1NT redoubled to the cheapest four-card suit with a 1-count", "32.8532.J532.872", "1N X XX", "2D", false},
	{"the notrump opener reopens with a maximum and a doubleton in their suit", "Q7.KQ83.KT5.AKT9", "1N 2S P P", "X", false},
	{"the notrump opener with a minimum lets their overcall go", "Q7.KQ83.KT5.AJT9", "1N 2S P P", "P", false},
	{"leaves their 1NT redoubled with 6 HCP and no five-card suit", "32.K532.J532.Q72", "1N X XX", "P", false},
	// Over their Michaels cue bid of opener's minor: natural, notrump
	// only with both majors stopped.
	{"a six-card diamond suit over their Michaels", "T4.A92.KQJ964.75", "1C 2C", "3D", false},
	{"3NT over their Michaels with both majors stopped", "KJ4.QT2.A976.K75", "1C 2C", "3N", false},
	{"values and no stopper double their Michaels", "AQ3.J4.K976.Q753", "1C 2C", "X", false},
	{"opener doubles their major with four of it", "A2.KJ93.KQJ4.A97", "1C 2C X 2H", "X", false},
	// Opener's strong rebids over a one-level response.
	{"a jump shift on 19 points counting length", "AKJ92.3.A.KQJ975", "1C P 1D P", "2S", false},
	{"3NT on 19-21 with a six-card minor", "J94.A2.KQ.AKQJ82", "1C P 1H P", "3N", false},
	{"invites the notrump slam over opener's 3NT with 12", "AK8.KQT654.T87.4", "1C P 1H P 3N P", "4N", false},
	{"accepts the notrump slam invitation with 20", "J94.A2.KQ.AKQJ82", "1C P 1H P 3N P 4N P", "6N", false},
	// Responder over opener's 1NT rebid and over its single raise.
	{"invites with 10 HCP and a good five-card major", "KQJT9.64.AT86.65", "1D P 1S P 1N P", "2N", false},
	{"invites with 10 HCP and seven hearts", "A3.AQT8754.2.965", "1D P 1H P 1N P", "3H", false},
	{"game with 12 HCP and seven spades", "AQJT983.Q.98.K83", "1H P 1S P 1N P", "4S", false},
	{"counts its singleton opposite the single raise", "J7654.QJ5.J.AT93", "1C P 1S P 2S P", "3S", false},
	// Over a notrump opening.
	{"quantitative 4NT with 15 and a five-card minor", "K54.A9.AQT76.Q32", "1N P", "4N", false},
	{"Gerber's grand with all the aces and 35 together", "Q6.A53.AKJ93.AKT", "1N P 4C P 4H P", "7N", false},
	{"Gerber's small slam with 34", "Q6.A53.AKJ93.AJ2", "1N P 4C P 4H P", "6N", false},
	{"a slam try in a six-card minor", "A5.K4.KQ2.QJ9765", "1N P", "3C", false},
	{"no fit for the minor's slam try", "KQ4.AJ76.A543.J2", "1N P 3C P", "3N", false},
	// Over opener's 2NT rebid.
	{"a slam try in a new five-card minor", "AK95.QJT.7.QJ972", "1D P 1S P 2N P", "3C", false},
	{"the quantitative 4NT over the 2NT rebid", "K954.QJT.A76.Q72", "1D P 1S P 2N P", "4N", false},
	{"a five-card major asks for support", "KJ954.Q72.83.J72", "1D P 1S P 2N P", "3S", false},
	{"three-card support for it", "Q84.A7.AK43.AJT4", "1D P 1S P 2N P 3S P", "4S", false},
	{"two cards in it", "Q8.A74.AK43.AJT4", "1D P 1S P 2N P 3S P", "3N", false},
	{"the minor raised with four cards", "84.A74.AK43.AJT4", "1D P 1S P 2N P 3C P", "4C", false},
	{"quantitative 4NT with 15 balanced", "AK4.KQ3.Q975.J64", "1N P", "4N", false},
	{"3NT with 14 balanced", "AK4.KQ3.J975.J64", "1N P", "3N", false},
	// Over their preempts.
	{"doubles a 3-level preempt with 4-3-3-3, three cards in their suit, 13 HCP", "742.AQ97.AJ3.Q32", "3S", "X", false},
	{"passes a 3-level preempt with 4-3-3-3, three cards in their suit, 10 HCP", "742.AQ97.J83.Q32", "3S", "P", false},
	{"no two-level overcall with 11 HCP", "92.AT4.J93.AQ543", "1D", "P", false},
	{"a two-level overcall with 13 HCP", "92.AT4.K93.AQ543", "1D", "2C", false},
	{"a three-level overcall of their 3D with seven spades", "KJT9642.Q.AT4.Q2", "3D", "3S", false},
	{"a three-level overcall of their weak two on a good five-card suit", "K9.AKT43.A8.9753", "2S", "3H", false},
	{"a balancing overcall of their weak two on a five-card suit that is not good", "KT953.KJ74.AQ.84", "2H P P", "2S", false},
	{"no direct overcall of their weak two on that suit", "KT953.KJ74.AQ.84", "2H", "P", false},
	{"a direct overcall of their weak two on a decent five-card suit with 13 HCP", "K3.KT432.3.AK763", "2D", "2H", false},
	{"a three-level overcall of their weak two on a decent six-card suit with 14 HCP", "KQ.AJ8.AT9642.87", "2H", "3D", false},
	// The advancer over partner's overcall of their weak two.
	{"raises partner's overcall of their weak two with three and 13 support points", "753.2.AJ982.KQ92", "2H 2S P", "3S", false},
	{"game in partner's major over their weak two with 15 support points", "AJ5.7.KQ84.Q5432", "2H 2S P", "4S", false},
	{"3NT over partner's three-level minor with their suit stopped", "J963.AK75.K974.7", "2D 3C P", "3N", false},
	{"the advancer's own six-card suit over partner's overcall of their weak two", "J.J6.AQJT42.AJ85", "2H 2S P", "3D", false},
	// The advancer over partner's balancing overcall, having passed.
	{"single raise of the balancing overcall with 13 support points", "92.963.A63.AKJ53", "1C P P 1H P", "2H", false},
	{"jump raise of the balancing overcall with 15 support points", "92.Q63.A63.AKJ53", "1C P P 1H P", "3H", false},
	{"game over the balancing overcall with 17 support points", "2.Q963.A63.AKJ53", "1C P P 1H P", "4H", false},
	{"the balancing overcaller passes the raise with 14 points", "AQ.KJ9854.Q2.952", "1C P P 1H P 2H P", "P", false},
	{"the balancing overcaller bids game over the raise with 16 points", "AQ.KQ9854.K2.952", "1C P P 1H P 2H P", "4H", false},
	{"3NT over partner's three-level minor with 10 HCP and their suit stopped", "Q9842.A5.KJ842.6", "2S 3C P", "3N", false},
	{"single raise of the balancing overcall with 10 support points", "K82.Q43.AQ42.J42", "1D P P 2C P", "3C", false},
	{"2NT over the balancing overcall with 14 HCP and their suit stopped", "Q6.A52.K32.KQ983", "1C P P 1S P", "2N", false},
	// Over the balancing 1NT (11-16) the notrump system is on, counted
	// from its minimum: an invitation with 12-13, accepted with 12+.
	{"invites over the balancing 1NT with 12", "AK6.QJT.98.QT952", "1H P P 1N P", "2N", false},
	{"accepts the invitation with 12", "QT84.K3.QJ43.KJ7", "1H P P 1N P 2N P", "3N", false},
	{"passes the balancing 1NT with 11", "AK6.QJT.98.T9852", "1H P P 1N P", "P", false},
	// Responder's strong minor after a two over one and opener's
	// non-forcing rebid: forcing, rather than a blind game.
	{"strong rebid of the minor after a two over one", "K.Q53.J.AKQJ9532", "1D P 2C P 2D P", "3C", false},
	{"strong rebid of the minor over 2NT", "A4.K2.K65.AQJ976", "1S P 2C P 2N P", "3C", false},
	{"strong jump rebid of the minor over opener's forcing new suit", "QJ5.5.AQT843.AQ2", "1H P 2D P 2S P", "4D", false},
	// Opener's second suit after a two over one, natural and forcing
	// (rather than a rebid of the first suit that hides it).
	{"new suit at the three level after a two over one: 5-5", "A2.KQ754.K.KJ952", "1H P 2D P", "3C", false},
	{"new suit at the three level after a two over one: 5-4", "AJT64.K93.2.AQ97", "1S P 2D P", "3C", false},
	{"the reverse into spades after a two over one", "AQ82.KQ754.K2.32", "1H P 2D P", "2S", false},
	{"rebids the suit without a second one: 17 balanced", "AQ8.KQ754.KJ2.Q2", "1H P 2D P", "2H", false},
	// Over the raise of the suit partner doubled, the advancer is free to
	// pass: a bid shows values.
	{"free advance over their raise: four spades and 8 HCP", "AT85.J94.J7.Q653", "1H X 2H", "2S", false},
	{"free advance at the three level: five spades", "KJT87.Q7.632.K43", "1H X 3H", "3S", false},
	{"free advance to game: four spades and 12 HCP", "KQ85.J94.A7.Q653", "1H X 2H", "4S", false},
	{"no free advance with 4 HCP", "T985.J94.J7.Q653", "1H X 2H", "P", false},
	// Over a natural overcall of partner's 1NT: a new suit at the two
	// level to play, at the three level forcing.
	{"competes over the overcall of 1NT with five spades", "QJ752.74.A865.T3", "1N 2H", "2S", false},
	{"forcing three-level suit over the overcall of 1NT: 10 points", "KQ8642.QJ5.T43.4", "1N 2C", "3S", false},
	{"passes the overcall of 1NT with 4 HCP", "Q9752.74.J865.T3", "1N 2H", "P", false},
	// The 1NT opener accepts the 2NT invitation with 16-17, or 15 and a
	// five-card suit.
	{"accepts 2NT with 15 and a five-card suit", "KQ732.Q2.KQ3.KT6", "1N P 2N P", "3N", false},
	{"declines 2NT with a flat 15", "KQ73.Q2.KQ3.KT62", "1N P 2N P", "P", false},
	{"accepts responder's 2NT after the 1NT rebid with 12 and five clubs", "KQ3.J2.K53.QJ862", "1C P 1H P 1N P 2N P", "3N", false},
	{"declines responder's 2NT after the 1NT rebid with a flat 12", "KQ3.J42.K53.QJ86", "1C P 1H P 1N P 2N P", "P", false},
	// After the transfer, a six-card major counts its length.
	{"game after the transfer: 8 HCP and six spades", "KQ9743.Q2.832.J4", "1N P 2H P 2S P", "4S", false},
	{"invites after the transfer: 6 HCP and six spades", "KJ9743.Q2.832.54", "1N P 2H P 2S P", "3S", false},
	{"game over the 2NT opening's transfer: 3 HCP and seven hearts", "Q72.JT87543.6.87", "2N P 3D P 3H P", "4H", false},
	{"passes the transfer with 3 HCP and five spades", "Q9743.J52.832.54", "1N P 2H P 2S P", "P", false},
	// Partner of a 3-level minor preempt: 3NT needs the other suits
	// stopped; without them, five of the minor with 15+ and five controls.
	{"raises the 3D preempt to game with 16 and six controls", "AQ54.AKT5.K6.T97", "3D P", "5D", false},
	{"3NT over the 3D preempt with the other suits stopped", "AQ54.AKT5.K6.KT7", "3D P", "3N", false},
	{"passes the 3D preempt with 14", "AQ54.KJT5.K6.T97", "3D P", "P", false},
	// Partner's takeout double redoubled: the advancer answers it.
	{"answers the redoubled takeout double in the best suit", "J8732.Q8.K94.J72", "1H X XX", "1S", false},
	{"penalty pass of the redoubled takeout double with strong trumps", "A7.KQJ92.9842.J7", "1H X XX", "P", false},
	// The takeout doubler with 17+ does not sell out to their raise.
	{"the doubler again: a seven-card suit", "AKQ8532..AT7.A42", "1H X 3H P P", "3S", false},
	{"the doubler again: a second takeout double", "A962.K.AKQT54.K7", "1H X 3H P P", "X", false},
	{"the doubler again: 2NT with 20 balanced", "A5.AKT6.Q763.AK3", "1D X 2D P P", "2N", false},
	{"the doubler sells out with 14", "KJ76.K6.A32.KT97", "1H X 2H P P", "P", false},
	// The fourth seat over an opening and a one-level response, and its partner.
	{"the fourth seat overcalls", "KQJ84.A3.752.964", "1C P 1H", "1S", false},
	{"the fourth seat doubles for the unbid suits", "KQ84.3.K752.AJ94", "1C P 1H", "X", false},
	{"the fourth seat passes without a suit or the shape", "Q84.J93.K752.A64", "1C P 1H", "P", false},
	{"the advancer raises the fourth seat's overcall", "A84.K93.Q752.964", "1C P 1H 1S P", "2S", false},
	{"the advancer answers the fourth seat's double", "J6.9852.Q9752.64", "1C P 1H X P", "2D", false},
	// Opener over an overcall of partner's one-level response.
	{"opener raises partner's major over the overcall", "A4.KQ84.Q75.K943", "1C P 1H 1S", "2H", false},
	{"opener jumps in a six-card suit over the overcall", "A5.AKJ752.Q53.J5", "1H P 1S 2C", "3H", false},
	{"opener shows the spades the overcall pushed to the two level", "K964.J8.75.AKJ95", "1C P 1H 2D", "2S", false},
	{"opener's support double of the overcalled response", "K964.J87.5.AKJ95", "1C P 1H 2D", "X", true},
	{"opener passes a minimum over the overcall", "984.K3.AQ5.KJ943", "1C P 1H 1S", "P", false},
	// Over a 1NT overcall of the response.
	{"opener jump-raises partner's major over their 1NT with 17 support points", "AQJ4.KT52.AJT2.3", "1D P 1H 1N", "3H", false},
	{"opener raises partner's major over their 1NT with a minimum", "AQ4.KT52.AJT2.32", "1D P 1H 1N", "2H", false},
	{"opener rebids a six-card suit over their 1NT", "A4.Q5.KQJ862.Q43", "1D P 1S 1N", "2D", false},
	{"opener passes a minimum without a fit over their 1NT", "A4.Q52.KQJ86.Q43", "1D P 1S 1N", "P", false},
	{"responder accepts the jump raise over their 1NT with 8", "76.AQ76.Q8765.84", "1D P 1H 1N 3H P", "4H", false},
	{"responder passes the raise over their 1NT with 10", "76.AQ76.Q8765.Q4", "1D P 1H 1N 2H P", "P", false},
	{"opener rebids as usual over a double of the response", "A4.KQ84.Q75.K943", "1C P 1H X", "2H", false},
	// Opener after their overcall and partner's free bid; the support
	// double when the fourth hand bids, and responder's answers to it.
	{"support double: exactly three cards in partner's major", "KQ6.J743.K.AT752", "1C 1D 1S 2H", "X", true},
	{"a raise over the fourth hand's bid shows four", "KQ64.J74.K3.AT75", "1C 1D 1S 2H", "2S", false},
	{"3NT over the fourth hand's bid: 15-19 with their suits stopped", "A6.KJ7.K43.AT752", "1C 1D 1S 2H", "3N", false},
	{"opener passes a minimum after the fourth hand's bid", "K6.J743.AKT52.K7", "1D 1S 2C 2S", "P", false},
	{"opener rebids 1NT over the free bid with their suit stopped", "K6.KJ7.Q43.AT752", "1C 1D 1S P", "1N", false},
	{"without a stopper opener rebids the five-card suit over the forcing free bid", "K6.KJ7.432.AKT75", "1C 1D 1S P", "2C", false},
	{"over the two-level free bid a new major shows four cards, not a reverse", "KQ96.JT73..AQ953", "1C 1S 2D P", "2H", false},
	// Over their weak jump overcall the free bid is answered as over
	// their simple overcall.
	{"3NT over the free bid after their weak jump: 18 balanced, their suit stopped", "KJ.AKQ.Q8763.K72", "1D 2H 2S P", "3N", false},
	{"raises the free bid after their weak jump with four cards", "KJ42.A4.Q8763.K7", "1D 2H 2S P", "3S", false},
	{"opener doubles the balancing overcall with 19 HCP, short in their suit", "AJ.KJ62.K4.AK982", "1C P P 1S", "X", false},
	{"opener bids 1NT over the balancing overcall with 19 balanced and a stopper", "KQ65.A83.A43.AQ5", "1C P P 1H", "1N", false},
	{"opener passes the balancing overcall with a minimum", "J5.KJ62.K4.Q9872", "1C P P 1S", "P", false},
	{"opener doubles the balancing 1NT for penalty with 16", "A5.KJ62.K4.AQ982", "1C P P 1N", "X", false},
	{"the advancer raises the overcall over their negative double", "974.A876.T7.Q876", "1C 1H X", "2H", false},
	{"the advancer raises the overcall over their cue bid", "KT4.932.J.QJT873", "1H 1S 2S", "3S", false},
	{"the advancer passes their negative double without support", "9742.A8.T76.Q876", "1C 1H X", "P", false},
	{"over their raise of the overcall opener shows partner's major", "KJ85.54.AQ.KT932", "1C 1H X 2H", "2S", false},
	{"the jump with 16-18 over their raise", "AK85.54.AQ.KT932", "1C 1H X 2H", "3S", false},
	{"without partner's major opener passes their raise", "J85.K54.AQ.KT932", "1C 1H X 2H", "P", false},
	{"game in partner's major over their raise with 19 and four cards", "Q9.AK32.K865.AK6", "1D 1S X 2S", "4H", false},
	{"3NT over their raise with 19 and their suit stopped", "Q9.AK2.K865.AK65", "1C 1H X 2H", "3N", false},
	{"a double with 17+ and three cards in partner's major over their raise", "Q9.AK2.K8653.AK6", "1D 1S X 2S", "X", false},
	{"the negative doubler bids game in its six-card major over the double", "J8.Q87643.A7.J32", "1D 1S X 2S X P", "4H", false},
	{"a minimum with three cards passes their raise", "Q9.K32.K865.AK65", "1D 1S X 2S", "P", false},
	{"opener invites over the competitive raise with 16-18 points", "A4.K8643.AQ954.J", "1H 2C 2H P", "3H", false},
	{"opener passes the competitive raise with a minimum", "A4.K8643.KQ54.J4", "1H 2C 2H P", "P", false},
	{"takeout double of their raised weak two: 16 HCP, void in their suit", ".AQJT8.832.AKQT4", "2S P 3S", "X", false},
	{"passes their raised weak two with 12 HCP", "8.AQJ8.K832.QT42", "2S P 3S", "P", false},
	{"a good six-card suit in the balancing seat over their raised weak two", "A2.8.KQJ976.A942", "2H P 3H P P", "4D", false},
	{"the free bidder raises opener's four-card major to game", "T5.A642.KJT96.KT", "1C 1S 2D P 2H P", "4H", false},
	{"game over the support double with five cards and 13", "AJ852.K4.Q63.K94", "1C 1D 1S 2H X P", "4S", false},
	{"game over the support double with seven cards and 9 HCP", "KQ98432.A.63.986", "1C P 1S 2H X P", "4S", false},
	{"2NT over the support double: four cards, 10-12, their suits stopped", "AJ85.KJ4.Q63.984", "1C 1D 1S 2H X P", "2N", false},
	{"the cheapest spade bid over the support double with five and 7", "QJ852.84.Q63.K94", "1C 1D 1S 2H X P", "2S", false},
	// After a redoubled takeout double and the runout.
	{"opener's forcing pass after the runout", "KQJ98.A43.432.A3", "1S X XX 2H", "P", false},
	{"responder doubles the runout", "T7.JT4.AQT86.K65", "1S X XX 2H P P", "X", false},
	{"responder void in the runout's suit bids game in opener's minor", ".A53.AJ53.K76532", "1D X XX 1S P P", "5D", false},
	{"responder with their suit stopped but short bids 3NT", "K5.A53.AJ53.K765", "1D X XX 1S P P", "3N", false},
	// Over a minor opening, 5-4-2-2 with five cards in their suit.
	{"1NT overcall with five of their clubs", "A986.A6.A5.KT982", "1C", "1N", false},
	// Responder's own six-card major rather than a preference to a doubleton.
	{"responder rebids a six-card major", "942.AK9732.J8.72", "1D P 1H P 2C P", "2H", false},
	{"3NT over 1NT on a good seven-card minor beside a four-card major", "J654.52.AQT9863.", "1N P", "3N", false},
	{"negative double over a two-level minor with one four-card major", "A52.KJ83.86.AT32", "1C 2D", "X", false},
	{"raises opener's clubs to the three level over their 2D", "86.Q6542.9.AQ632", "1C 2D", "3C", false},
	{"raises opener's diamonds rather than a negative double with one major", "632.AJ654.QJT76.", "1D 2C", "2D", false},
	// Over their preemptive jump overcall.
	{"raises opener's major over their three-level jump", "K93.QJ4.KT72.T84", "1H 3C", "3H", false},
	{"negative double of their three-level jump with four hearts", "A98.KJ43.T72.Q84", "1C 3D", "X", false},
	{"a five-card spade suit, not 3NT without a stopper, over their jump", "A9843.A6.KT7.T84", "1D 3C", "3S", false},
	{"a six-card major and a void go to game over their jump", "AK9653.9852.J64.", "1D 3C", "4S", false},
	{"opener reopens their three-level jump with a double", "AKT9.KQ976.KT5.8", "1H 3C P P", "X", false},
	{"opener rebids six spades over their three-level jump", "KQT974.A2.K953.K", "1S 3H P P", "3S", false},
	// The overcaller again after their raise and two passes.
	{"the overcaller bids game with three losers", "AKQT952.KQT7.8.8", "1C 1S 3C P P", "4S", false},
	{"the overcaller competes with six cards and 12 points", "AKQT92.K87.84.84", "1C 1S 2C P P", "2S", false},
	{"the overcaller sells out with a five-card suit", "AKQT9.K87.842.84", "1C 1S 2C P P", "P", false},
	{"limit raise with 10 HCP, four trumps and a singleton", "AK32.8643.3.K872", "1H P", "3H", false},
	// Their double of a transfer or of Stayman.
	{"completes the doubled transfer with three cards", "KQ4.A73.K75.Q942", "1N P 2D X", "2H", false},
	{"passes the doubled transfer with two cards", "54.AK54.K73.KQ98", "1N P 2H X", "P", false},
	{"responder bids the major itself after opener's pass", "J97632..T62.JT64", "1N P 2H X P P", "2S", false},
	{"game with six spades after opener's pass of the double", "KQ9743.Q2.832.K4", "1N P 2H X P P", "4S", false},
	{"invites with five hearts after opener's pass of the double", "K4.AJ873.J72.984", "1N P 2D X P P", "2N", false},
	{"the 2NT opener's doubled transfer, weak responder", "9743.T6532.82.54", "2N P 3D X P P", "3H", false},
	{"Stayman's answers stand over their double", "54.AK54.K73.KQ98", "1N P 2C X", "2H", false},
	{"game after the doubled Stayman's fit", "A652.KQ76.83.J94", "1N P 2C X 2H P", "4H", false},
}

// TestFallbackRaiseMeaning: a natural fallback bid below game in a suit
// reads back as min(4, 8 - partner's shown length) cards there, by the
// chooser and by Explain, so that partner counts the fit (judge-s8 board
// 451 had passed 4C with 19 HCP opposite a two over one).
func TestFallbackRaiseMeaning(t *testing.T) {
	t.Parallel()
	s := NewSystem()
	for _, tc := range []struct {
		name, hand, auction string
		want                string
		suit                engine.Suit
		minLen              int
	}{
		{"raise of opener's four-card clubs after a two over one", "J84.76.AT84.KQT6", "1H P 2D P 3C P", "4C", engine.Clubs, 4},
		{"preference to opener's five hearts below game", "K43.Q53.AJ87.642", "1H P 2D P 2S P", "3H", engine.Hearts, 3},
		{"opener's new suit over a forcing free bid shows four cards", "K9.AK65.K943.942", "1D 2C 2S P", "3H", engine.Hearts, 4},
		// Game in partner's five-card major: seven cards together at least.
		{"game in opener's spades after a two over one", "K2.QJ5.9643.AKJ9", "1S P 2C P 2H P", "4S", engine.Spades, 2},
		// A forced bid that had to go to game shows the longest suit only.
		{"a forced answer to a takeout double at game level", "A32.8532.Q64.762", "4D P P X P", "4H", engine.Hearts, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := viewFor(t, tc.hand, tc.auction)
			call, _, m := s.Choose(&v)
			require.Equal(t, tc.want, KeyCall(call), "%s after %q: chose %s", tc.hand, tc.auction, m)
			assert.Equal(t, FromTable, m.Source, "%s", m)
			assert.Equal(t, tc.minLen, m.MinLen[tc.suit], "%s", m)
			a := v.Auction
			require.NoError(t, a.Add(call))
			rm, err := s.Explain(&a, a.Len()-1)
			require.NoError(t, err)
			assert.Equal(t, m.MinLen, rm.MinLen, "read back: %s", rm)
		})
	}
	// Opener counts the fit and asks for aces.
	v := viewFor(t, "AT.AK832.A6.A872", "1H P 2D P 3C P 4C P")
	call, _, m := s.Choose(&v)
	assert.Equal(t, "4N", KeyCall(call), "%s", m)
	// Over a game in its major, opener with six spades and 20 HCP counts
	// responder's support and asks for aces (s2 board 394 had passed).
	v = viewFor(t, "AQJT86.AKQ3..Q74", "1S P 2C P 2H P 4S P")
	call, _, m = s.Choose(&v)
	assert.Equal(t, "4N", KeyCall(call), "%s", m)
}

// checkCalls requires the system to make each case's call, alerted as
// the case says, from a row whose meaning the hand satisfies.
func checkCalls(t *testing.T, s *System, cases []callCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			v := viewFor(t, tc.hand, tc.auction)
			want, err := engine.ParseCall(tc.want)
			require.NoError(t, err)
			call, alert, m := s.Choose(&v)
			assert.Equal(t, want.String(), call.String(), "%s after %q: chose %s", tc.hand, tc.auction, m)
			assert.Equal(t, tc.alerted, alert != "", "alert %q for %s", alert, m)
			if call == want {
				assert.Equal(t, FromTable, m.Source, "%s", m)
				h, _ := engine.ParseHand(tc.hand)
				assert.True(t, m.satisfies(h), "the hand must satisfy its own call's meaning %s", m)
			}
		})
	}
}

func TestChooseSAYC(t *testing.T) {
	t.Parallel()
	checkCalls(t, NewSystem(), sayc)
}

// TestCompetitiveRowsStayOut checks hands the computed competitive rows
// must leave to the pass: no fit to compete with, no shape to balance with.
func TestCompetitiveRowsStayOut(t *testing.T) {
	t.Parallel()
	s := NewSystem()
	for _, tc := range []struct{ name, hand, auction string }{
		{"five hearts opposite a raise do not compete at the three level", "K42.AQJ98.K73.42", "1H 2C 2H 3C"},
		{"no balancing double with their suit held", "942.K742.AJ73.Q9", "1H P 2H P P"},
		{"no extra-values double with a doubleton in their suit", "72.K965.AKJ7.AQJ", "1D 2S 3D 3S"},
		{"no extra-values double with 16 HCP", "7.Q965.AKJ7.KQJ2", "1D 2S 3D 3S"},
		{"no balancing after a two-suited auction", "K942.42.AJ73.Q94", "1H P 1S P 2C P P"},
		{"no balancing bid with a poor five-card suit", "Q9743.A93.J96.A4", "1H P 2H P P"},
		{"no direct double of their raise with 10 HCP", "KJ86.8.KJ3.Q9643", "1H P 2H"},
		{"no direct double of their raise with three of their suit", "T93.QJ6.AQ97.KQ5", "1S P 2S"},
		{"no balancing double with three of their suit", "T93.QJ6.AQ97.KQ5", "1S P 2S P P"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := viewFor(t, tc.hand, tc.auction)
			call, _, m := s.Choose(&v)
			assert.Equal(t, engine.Pass, call, "%s after %q: chose %s", tc.hand, tc.auction, m)
		})
	}
}

// TestCompetitiveMeaningsReadBack checks that the computed competitive
// calls are read back with what they promise, so the play's inference
// learns the trumps shown.
func TestCompetitiveMeaningsReadBack(t *testing.T) {
	t.Parallel()
	s := NewSystem()
	a := auctionOf(t, "1H 2C 2H 3C 3H")
	m, err := s.Explain(&a, 4)
	require.NoError(t, err)
	assert.Equal(t, FromTable, m.Source, "%s", m)
	assert.Equal(t, 6, m.MinLen[engine.Hearts], "nine trumps with partner's three: %s", m)
	assert.Contains(t, m.Text, "level of the fit")
	assert.Equal(t, 6, s.infer(&a, noReader)[engine.North].MinLen[engine.Hearts])

	b := auctionOf(t, "1H P 2H P P X P")
	m, err = s.Explain(&b, 5)
	require.NoError(t, err)
	assert.Equal(t, 2, m.MaxLen[engine.Hearts], "%s", m)
	assert.Equal(t, 8, m.MinHCP, "%s", m)
	assert.Equal(t, ForcingOne, m.Forcing)
	pass, err := s.Explain(&b, 6)
	require.NoError(t, err)
	assert.Equal(t, FromFallback, pass.Source, "the opponent's pass is not ours to read: %s", pass)

	// The doubler's second double over their raise reads back as 17+
	// short in their suit, so partner answers it as a takeout double.
	c := auctionOf(t, "1H X 3H P P X P")
	m, err = s.Explain(&c, 5)
	require.NoError(t, err)
	assert.Equal(t, FromTable, m.Source, "%s", m)
	assert.Equal(t, 17, m.MinHCP, "%s", m)
	assert.Equal(t, 2, m.MaxLen[engine.Hearts], "%s", m)
	v := viewFor(t, "KJT87.7.632.8432", "1H X 3H P P X P")
	call, _, am := s.Choose(&v)
	assert.Equal(t, "3S", call.String(), "answers the second takeout double: %s", am)

	// Opener's new suit after a two over one reads back as natural and
	// forcing, so responder does not pass it.
	e := auctionOf(t, "1H P 2D P 3C")
	m, err = s.Explain(&e, 4)
	require.NoError(t, err)
	assert.Equal(t, FromTable, m.Source, "%s", m)
	assert.Equal(t, 4, m.MinLen[engine.Clubs], "%s", m)
	assert.Equal(t, 5, m.MinLen[engine.Hearts], "%s", m)
	assert.Equal(t, ForcingOne, m.Forcing, "%s", m)

	// The strong minor rebid reads back as 15+ with six cards, forcing.
	f := auctionOf(t, "1D P 2C P 2D P 3C")
	m, err = s.Explain(&f, 6)
	require.NoError(t, err)
	assert.Equal(t, FromTable, m.Source, "%s", m)
	assert.Equal(t, 15, m.MinHCP, "%s", m)
	assert.Equal(t, 6, m.MinLen[engine.Clubs], "%s", m)
	assert.Equal(t, ForcingOne, m.Forcing, "%s", m)

	// The free advance promises its values and its suit.
	d := auctionOf(t, "1H X 2H 2S")
	m, err = s.Explain(&d, 3)
	require.NoError(t, err)
	assert.Equal(t, 6, m.MinHCP, "%s", m)
	assert.Equal(t, 4, m.MinLen[engine.Spades], "%s", m)
}

// TestFallbackGames checks the natural fallback's choice of game: a
// six-card major opposite a partner who has not denied two cards, a
// seven-card fit opposite partner's five-card major, partner's strength
// counted in the points partner's calls have shown, and five of a minor
// fit rather than 3NT with the opponents' suit unstopped (without the
// fit, a six-card suit below game); and that neither
// the cue bidder nor its partner leaves a doubled cue bid of the
// opponents' suit in; and that over their game past 3NT it bids five of a
// minor fit with 28 counted.
func TestFallbackGames(t *testing.T) {
	t.Parallel()
	s := NewSystem()
	for _, tc := range []struct{ name, hand, auction, want string }{
		{"six-card major rather than 3NT", "K42.AQJ984.7.Q42", "1C 1S 2H P 3D P", "4H"},
		{"3NT with a five-card major", "K842.AQJ98.7.Q42", "1C 1S 2H P 3D P", "3N"},
		{"game in a seven-card fourth suit over the jump shift rather than 3NT", "AJ76.6.AT98532.8", "1C P 1S P 3H P", "5D"},
		{"counts the jump rebid's points and raises to game", "Q4.K842.QJ73.J42", "1S P 1N P 3S P", "4S"},
		{"passes the jump rebid with a minimum", "Q4.8742.Q973.J42", "1S P 1N P 3S P", "P"},
		// Five spades shown opposite two make a seven-card fit: game in
		// the major, not 3NT; with a singleton, 3NT.
		{"4S with a doubleton opposite five spades", "K4.Q73.AQJ84.J62", "1S P 2D P 2H P", "4S"},
		{"the overcaller takes the doubled cue bid out", "AJ54.AJT62.95.84", "1C 1H P 2C X", "2H"},
		{"the cue bidder takes its doubled cue bid out", "98.983.KJ873.KJ5", "1C 1H P 2C X P P", "2H"},
		{"3NT with a singleton opposite five spades", "4.Q73.AQJ84.KJ62", "1S P 2D P 2H P", "3N"},
		{"no strong minor rebid with 12 HCP: game in the 5-2 major", "K4.Q2.865.AQJ976", "1S P 2C P 2N P", "4S"},
		// No 3NT with a suit the opponents bid unstopped: five of the
		// minor fit instead; with the stopper, 3NT.
		{"spades unstopped: five of the diamond fit", "85.AQ43.KQ3.AJ83", "1N 2S 3D P", "5D"},
		{"spades stopped: 3NT", "K5.AQ43.KQ3.J983", "1N 2S 3D P", "3N"},
		// Without a fit and without their suit stopped, a six-card suit
		// below game rather than 3NT. Partner's artificial 2NT (the
		// feature ask) promised no stopper in their suit.
		{"no 3NT with a void in the suit bid over partner's 2NT ask", "Q432..KQJT96.832", "2D P 2N 3H", "4D"},
		// Where the fallback would bid five of the fit minor, Blackwood
		// asks from 28 counted (points and partner's expected strength):
		// the sign-off is the same five of the minor.
		{"Blackwood instead of 5C over the jump rebid: 14 points and 16 expected", "K95.AQT83.654.A3", "1C P 1H P 3C P", "4N"},
		{"5C over the jump rebid: 11 points and 16 expected", "K95.QJT8.J654.A3", "1C P 1H P 3C P", "5C"},
		{"Blackwood instead of 5D over the single raise: 22 points and 8 expected", "AQJ.JT.AKQ763.K5", "1D P 2D P", "4N"},
		{"signs off in 5D with two aces missing", "KQJ.KT.KQJ763.K5", "1D P 2D P 4N P 5D P", "P"},
		// Over the opponents' game beyond 3NT, five of a minor fit counts
		// shortness and extra trumps as a major fit does.
		{"5D over their 4S: a void and eleven trumps", ".AK8.J98.AKJT932", "P P 4D 4S", "5D"},
		{"passes their 4S without the values", "9.Q872.J98.Q8532", "P P 4D 4S", "P"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := viewFor(t, tc.hand, tc.auction)
			call, _, m := s.Choose(&v)
			assert.Equal(t, tc.want, KeyCall(call), "%s after %q: chose %s", tc.hand, tc.auction, m)
		})
	}
}

func TestExplainNamesConventions(t *testing.T) {
	t.Parallel()
	s := NewSystem()
	a := auctionOf(t, "1N P 2C P 2D P 2N P")
	m, err := s.Explain(&a, 2)
	require.NoError(t, err)
	assert.True(t, m.Artificial)
	assert.Contains(t, m.Alert, "Stayman")
	assert.Equal(t, 8, m.MinHCP)
	m, err = s.Explain(&a, 4)
	require.NoError(t, err)
	assert.Equal(t, 3, m.MaxLen[engine.Hearts])
	assert.Equal(t, 3, m.MaxLen[engine.Spades])
	m, err = s.Explain(&a, 0)
	require.NoError(t, err)
	assert.Equal(t, 15, m.MinHCP)
	assert.Equal(t, 17, m.MaxHCP)
	assert.True(t, m.Balanced)
	assert.Contains(t, m.String(), "15-17 HCP")

	_, err = s.Explain(&a, 8)
	assert.Error(t, err)
	_, err = s.Explain(&a, -1)
	assert.Error(t, err)

	all := s.explainAll(&a)
	require.Len(t, all, 8)
	for i := range all {
		one, err := s.Explain(&a, i)
		require.NoError(t, err)
		assert.Equal(t, one, all[i], "call %d", i)
	}

	// 4NT with an agreed suit is Blackwood; directly over 1NT it is natural.
	b := auctionOf(t, "1S P 2N P 4S P 4N")
	m, err = s.Explain(&b, 6)
	require.NoError(t, err)
	assert.Contains(t, m.Alert, "Blackwood")
	assert.Equal(t, engine.Spades, m.Trump)
	q := auctionOf(t, "1N P 4N")
	m, err = s.Explain(&q, 2)
	require.NoError(t, err)
	assert.Empty(t, m.Alert)
	assert.Contains(t, m.Text, "quantitative")

	// Over a natural notrump rebid with no slam row of the table's own, 4NT
	// invites by count: 30-31 together with opener's 18 minimum.
	qn := auctionOf(t, "1C P 1H P 2N P 4N")
	m, err = s.Explain(&qn, 6)
	require.NoError(t, err)
	assert.Equal(t, FromTable, m.Source)
	assert.Contains(t, m.Text, "quantitative")
	assert.Equal(t, 12, m.MinHCP)
	assert.Equal(t, 13, m.MaxHCP)

	// A four-level new suit below game in the agreed major is a cue bid; a
	// suit the side has bid keeps its natural meaning.
	cb := auctionOf(t, "1S P 3S P 4D")
	m, err = s.Explain(&cb, 4)
	require.NoError(t, err)
	assert.True(t, m.Artificial)
	assert.Contains(t, m.Alert, "cue bid")
	assert.Equal(t, engine.Spades, m.Trump)
	assert.Equal(t, ForcingOne, m.Forcing)
	nat := auctionOf(t, "1S P 2H P 3H P 4H")
	m, err = s.Explain(&nat, 6)
	require.NoError(t, err)
	assert.False(t, m.Artificial, "%s", m)
	assert.NotContains(t, m.Text, "cue bid")

	// A call the table does not cover promises nothing.
	f := auctionOf(t, "7C")
	m, err = s.Explain(&f, 0)
	require.NoError(t, err)
	assert.Equal(t, FromFallback, m.Source)
	assert.Equal(t, 37, m.MaxHCP)
}

func TestTableIsWellFormed(t *testing.T) {
	t.Parallel()
	s := NewSystem()
	rows := s.allRows()
	require.Greater(t, len(rows), 1000, "the table should cover the spec's rows")
	keys := map[string]bool{}
	for _, r := range rows {
		m := r.Meaning
		if m.Artificial {
			assert.NotEmpty(t, m.Alert, "artificial call without an alert: %q %s", r.Key, m)
		}
		assert.NotEmpty(t, m.Text, "row %q %s has no text", r.Key, m.Call)
		assert.LessOrEqual(t, m.MinHCP, m.MaxHCP, "row %q %s", r.Key, m)
		sumMin := 0
		for su := range m.MinLen {
			assert.LessOrEqual(t, m.MinLen[su], m.MaxLen[su], "row %q %s", r.Key, m)
			sumMin += m.MinLen[su]
		}
		assert.LessOrEqual(t, sumMin, 13, "row %q %s", r.Key, m)
		if r.Key == "" && !m.Artificial && m.conv != convNone {
			continue
		}
		keys[r.Key] = true
		// Every keyed row's situation is a legal auction, and its call is
		// legal there (dealer North; the key starts at the opening bid).
		if r.Key == "" {
			continue
		}
		a := engine.NewAuction(engine.North)
		for _, f := range strings.Fields(r.Key) {
			c, err := engine.ParseCall(f)
			require.NoError(t, err, "key %q", r.Key)
			require.NoError(t, a.Add(c), "key %q", r.Key)
		}
		assert.True(t, a.Legal(m.Call), "row %q: %s is not legal there", r.Key, m.Call)
	}
	for _, want := range []string{"", "1N P", "1N P 2C P", "1N P 2D P", "1H P", "1C P", "2C P", "2C P 2D P",
		"2S P", "1D P 1S P", "1H", "1C 1S", "1H X", "1H X P", "1C 2C P", "1S P 2N P"} {
		assert.True(t, keys[want], "no rows for situation %q", want)
	}
}

// TestUnionDropsPointsAcrossTrumps: support points counted with different
// trump suits cannot be merged into one range; the union keeps HCP only.
func TestUnionDropsPointsAcrossTrumps(t *testing.T) {
	t.Parallel()
	for _, v := range []Valuation{DummyPoints, SlamPoints} {
		a := Meaning{Valuation: v, Trump: engine.Spades, MinPoints: 10, MaxPoints: 12, MaxHCP: 37}
		b := Meaning{Valuation: v, Trump: engine.Hearts, MinPoints: 11, MaxPoints: 14, MaxHCP: 37}
		a.union(&b)
		assert.Equal(t, HCPOnly, a.Valuation, "valuation %d", v)
		same := Meaning{Valuation: v, Trump: engine.Spades, MinPoints: 10, MaxPoints: 12, MaxHCP: 37}
		other := Meaning{Valuation: v, Trump: engine.Spades, MinPoints: 11, MaxPoints: 14, MaxHCP: 37}
		same.union(&other)
		assert.Equal(t, v, same.Valuation)
		assert.Equal(t, [2]int{10, 14}, [2]int{same.MinPoints, same.MaxPoints})
	}
}
