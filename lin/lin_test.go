package lin

import (
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/results"
)

// playedRecord plays a board of a seeded deal set: the calls given (alerts
// by call index), then up to maxCards cards, each the highest legal card.
func playedRecord(t testing.TB, board int, calls []string, alerts map[int]string, maxCards int) results.Record {
	t.Helper()
	b := engine.NewBoard(board, engine.NewDealSource("lin-test").Deal(board))
	al := make([]string, len(calls))
	for i, s := range calls {
		c, err := engine.ParseCall(s)
		require.NoError(t, err)
		seat, _ := b.Turn()
		require.NoError(t, b.Call(seat, c))
		al[i] = alerts[i]
	}
	for n := 0; n < maxCards && b.Phase() == engine.PhasePlay; n++ {
		seat, _ := b.Turn()
		c, _ := b.LegalCards().Highest()
		require.NoError(t, b.PlayCard(seat, c))
	}
	rec := results.FromBoard(b, al)
	rec.Players = results.Seats{N: "Nora", E: "Ed, Jr.", S: "Sam|S", W: "Wu"}
	return rec
}

func TestRecordRoundTrip(t *testing.T) {
	t.Parallel()
	recs := map[string]results.Record{
		"full":        playedRecord(t, 1, []string{"1NT", "Pass", "3NT", "Pass", "Pass", "Pass"}, nil, 52),
		"passed out":  playedRecord(t, 2, []string{"Pass", "Pass", "Pass", "Pass"}, nil, 0),
		"alerts":      playedRecord(t, 3, []string{"1C", "X", "XX", "Pass", "Pass", "Pass"}, map[int]string{0: "16+ | strong", 2: "10+"}, 52),
		"partial":     playedRecord(t, 4, []string{"2S", "Pass", "Pass", "Pass"}, nil, 17),
		"mid-auction": playedRecord(t, 16, []string{"1H"}, nil, 0),
		"bare alert":  playedRecord(t, 5, []string{"1C", "X", "XX", "Pass", "Pass", "Pass"}, map[int]string{2: "10+"}, 52),
		"old-style":   playedRecord(t, 6, []string{"1C", "1D", "Pass", "Pass", "Pass"}, map[int]string{0: "short"}, 52),
	}
	// `North bids 1C Alert.` as the table records it, and a record written
	// before the alerted flag (text only).
	recs["bare alert"].Auction[0].Alerted = true
	recs["old-style"].Auction[0].Alerted = false
	for name, rec := range recs {
		t.Run(name, func(t *testing.T) {
			line, err := Line(rec)
			require.NoError(t, err)
			assert.NotContains(t, line, "\n")
			b, err := Parse(line)
			require.NoError(t, err)
			assert.Equal(t, rec.Board, b.Number)
			assert.Equal(t, rec.Dealer, b.Dealer.String())
			assert.Equal(t, rec.Vulnerable, b.Vul.String())
			assert.Equal(t, rec.Deal, b.Deal.Format(b.Dealer))
			assert.Equal(t, "Nora", b.Players[engine.North])
			assert.Equal(t, "Ed  Jr.", b.Players[engine.East], "a comma cannot be carried")
			assert.Equal(t, "Sam S", b.Players[engine.South])
			require.Len(t, b.Calls, len(rec.Auction))
			for i, rc := range rec.Auction {
				assert.Equal(t, rc.Call, b.Calls[i].Call.String())
				assert.Equal(t, rc.IsAlerted(), b.Calls[i].Alert, "call %d alerted", i)
				assert.Equal(t, strings.ReplaceAll(rc.Alert, "|", " "), b.Calls[i].Explanation)
			}
			var cards []string
			for _, c := range b.Cards {
				cards = append(cards, c.String())
			}
			assert.Equal(t, rec.Play, append([]string{}, cards...))
			again, err := Parse(b.String())
			require.NoError(t, err)
			assert.Equal(t, b, again)
		})
	}
}

func TestString(t *testing.T) {
	t.Parallel()
	rec := playedRecord(t, 3, []string{"1C", "X", "XX", "Pass", "Pass", "Pass"}, map[int]string{0: "16+"}, 5)
	line, err := Line(rec)
	require.NoError(t, err)
	// Board 3: dealer South (digit 1), EW vulnerable.
	assert.True(t, strings.HasPrefix(line, "pn|Sam S,Wu,Nora,Ed  Jr.|md|1S"), line)
	assert.Contains(t, line, "|ah|Board 3|sv|e|mb|1C!|an|16+|mb|d|mb|r|mb|p|mb|p|mb|p|pc|")
	assert.Equal(t, 5, strings.Count(line, "pc|"))
	assert.True(t, strings.HasSuffix(line, "|"))

	b := &Record{Dealer: engine.East, Vul: engine.VulAll, Calls: []Call{{Call: engine.Bid(2, engine.NoTrump)}}, Claimed: true, Claim: 9}
	b.Deal = engine.NewDealSource("x").Deal(1)
	s := b.String()
	assert.True(t, strings.HasPrefix(s, "md|4S"), "no pn when no names: %s", s)
	assert.Contains(t, s, "|sv|b|mb|2N|mc|9|")
}

func TestParseBBO(t *testing.T) {
	t.Parallel()
	// A LIN line in BBO's own style: extra keys, lower-case, the fourth hand
	// left out, page breaks and line breaks between pairs.
	in := "pn|south,west,north,east|st||md|3S AKQ2HK32DA32CK32,SJ543HQJ9DKJ9CQJ9,ST98HAT87DQT8CAT8,|rh||ah|Board 5|sv|N|\n" +
		"mb|1N!|an|15-17|mb|P|mb|3N|mb|p|mb|p|mb|p|pg||\npc|s8|pc|SA|pc|s3|pc|s6|pg||mc|10|"
	b, err := Parse(in)
	require.NoError(t, err)
	assert.Equal(t, 5, b.Number)
	assert.Equal(t, engine.North, b.Dealer)
	assert.Equal(t, engine.VulNS, b.Vul)
	assert.Equal(t, "south", b.Players[engine.South])
	assert.Equal(t, "east", b.Players[engine.East])
	assert.Equal(t, "AKQ2.K32.A32.K32", b.Deal[engine.South].String())
	assert.Equal(t, "T98.AT87.QT8.AT8", b.Deal[engine.North].String())
	assert.Equal(t, "76.654.7654.7654", b.Deal[engine.East].String(), "the missing hand is the rest of the deck")
	require.Len(t, b.Calls, 6)
	assert.Equal(t, Call{Call: engine.Bid(1, engine.NoTrump), Alert: true, Explanation: "15-17"}, b.Calls[0])
	require.Len(t, b.Cards, 4)
	assert.Equal(t, "S8", b.Cards[0].String())
	assert.True(t, b.Claimed)
	assert.Equal(t, 10, b.Claim)
}

func TestParseErrors(t *testing.T) {
	t.Parallel()
	deal := "md|1SAKQ2HK32DA32CK32,SJ543HQJ9DKJ9CQJ9,ST98HAT87DQT8CAT8,S76H654D7654C7654|"
	tests := []struct {
		name, in string
		pair     int
		want     string
	}{
		{"no deal", "pn|a,b,c,d|", 1, "no deal"},
		{"dangling key", deal + "mb", 2, "without a value"},
		{"dealer digit", "md|5SAKQ2HK32DA32CK32,,,|", 1, "dealer digit"},
		{"two missing", "md|1SAKQ2HK32DA32CK32,,,|", 1, "more than one hand"},
		{"short hand", "md|1SAKQHK32DA32CK32,SJ543HQJ9DKJ9CQJ9,ST98HAT87DQT8CAT8,|", 1, "holds"},
		{"bad rank", "md|1SAKQXHK32DA32CK32,,,|", 1, "not a suit or a rank"},
		{"rank first", "md|1AKQ2,,,|", 1, "before any suit"},
		{"repeat", "md|1SAKQ2HK32DA32CK32,SA543HQJ9DKJ9CQJ9,,|", 1, "two hands"},
		{"bad vul", deal + "sv|z|", 2, "vulnerability"},
		{"call before deal", "mb|p|" + deal, 1, "before the deal"},
		{"bad call", deal + "mb|8C|", 2, "call"},
		{"insufficient", deal + "mb|2C|mb|1S|", 3, "insufficient"},
		{"orphan note", deal + "an|hi|", 2, "before any call"},
		{"bad card", deal + "pc|Z9|", 2, "card"},
		{"card twice", deal + "pc|SA|pc|SA|", 3, "twice"},
		{"bad claim", deal + "mc|14|", 2, "claim"},
		{"second deal", deal + deal, 2, "second deal"},
		{"too long", strings.Repeat("x", MaxLen+1), 0, "too long"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(tc.in)
			var le *Error
			require.ErrorAs(t, err, &le)
			assert.Equal(t, tc.pair, le.Pair)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestHandViewerURL(t *testing.T) {
	t.Parallel()
	lin := "pn|A B,c,d,e|md|1S&=+?#|"
	u := HandViewerURL(lin)
	assert.True(t, strings.HasPrefix(u, "https://www.bridgebase.com/tools/handviewer.html?lin="))
	assert.NotContains(t, u, "+")
	assert.NotContains(t, u, " ")
	assert.Contains(t, u, "%20")
	parsed, err := url.Parse(u)
	require.NoError(t, err)
	assert.Equal(t, lin, parsed.Query().Get("lin"))
	assert.Len(t, parsed.Query(), 1, "the LIN's & and = do not split the query")
}

func TestFromRecordErrors(t *testing.T) {
	t.Parallel()
	base := playedRecord(t, 1, []string{"1NT", "Pass", "Pass", "Pass"}, nil, 4)
	for name, mut := range map[string]func(*results.Record){
		"dealer": func(r *results.Record) { r.Dealer = "X" },
		"vul":    func(r *results.Record) { r.Vulnerable = "?" },
		"deal":   func(r *results.Record) { r.Deal = "nonsense" },
		"call":   func(r *results.Record) { r.Auction = []results.Call{{Seat: "N", Call: "1Z"}} },
		"card":   func(r *results.Record) { r.Play = []string{"ZZ"} },
		"insufficient call": func(r *results.Record) {
			r.Auction = []results.Call{{Seat: "N", Call: "1NT"}, {Seat: "E", Call: "1C"}}
			r.Play, r.Contract, r.Declarer = nil, "", ""
		},
		"card not held": func(r *results.Record) { r.Play = []string{r.Play[1]} },
		"contract":      func(r *results.Record) { r.Contract = "2NT" },
		"declarer":      func(r *results.Record) { r.Declarer = "E" },
	} {
		rec := base
		mut(&rec)
		_, err := Line(rec)
		assert.Error(t, err, name)
	}
}

// TestFromBoardIsFromRecord writes boards as LIN from records that kept
// their board (nothing replayed) and from the records decoded, and wants
// the same line.
func TestFromBoardIsFromRecord(t *testing.T) {
	t.Parallel()
	for _, rec := range []results.Record{
		playedRecord(t, 1, []string{"1NT", "Pass", "3NT", "Pass", "Pass", "Pass"}, map[int]string{0: "15-17"}, 52),
		playedRecord(t, 2, []string{"Pass", "Pass", "Pass", "Pass"}, nil, 0),
		playedRecord(t, 4, []string{"2S", "Pass", "Pass", "Pass"}, nil, 17),
		playedRecord(t, 16, []string{"1H"}, nil, 0),
	} {
		want, err := Line(rec)
		require.NoError(t, err)
		d, err := rec.Decode()
		require.NoError(t, err)
		rec.SetBoard(d.Board)
		p, err := rec.Played()
		require.NoError(t, err)
		assert.Equal(t, want, FromBoard(p).String(), "board %d", rec.Board)
	}
}
