package protocol

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
)

func mustHand(t testing.TB, pbn string) engine.Hand {
	t.Helper()
	h, err := engine.ParseHand(pbn)
	require.NoError(t, err)
	return h
}

func mustCard(t testing.TB, s string) engine.Card {
	t.Helper()
	c, err := engine.ParseCard(s)
	require.NoError(t, err)
	return c
}

// canonicalCases pairs each message kind with its exact canonical line, as
// docs/protocol.md gives it.
func canonicalCases(t testing.TB) []struct {
	line string
	msg  Message
} {
	return []struct {
		line string
		msg  Message
	}{
		{`Connecting "TeamName" as North using protocol version 18`, Connect{Team: "TeamName", Seat: engine.North, Version: 18}},
		{`Connecting "Deep Blue" as ANYPL using protocol version 18`, Connect{Team: "Deep Blue", AnySeat: true, Version: 18}},
		{`Connecting "x" as West using protocol version 19`, Connect{Team: "x", Seat: engine.West, Version: 19}},
		{`North ("TeamName") seated`, Seated{Seat: engine.North, Team: "TeamName"}},
		{`Refused: seat North is taken`, Refusal{Reason: "seat North is taken"}},
		{`North ready for teams`, ReadyForTeams{Seat: engine.North}},
		{`Teams : N/S : "NSName" E/W : "EWName"`, Teams{NS: "NSName", EW: "EWName"}},
		{`East ready to start`, ReadyToStart{Seat: engine.East}},
		{`Start of board`, StartOfBoard{}},
		{`South ready for deal`, ReadyForDeal{Seat: engine.South}},
		{`Board number 1. Dealer North. Neither vulnerable.`, BoardInfo{Number: 1, Dealer: engine.North, Vul: engine.VulNone}},
		{`Board number 2. Dealer East. N/S vulnerable.`, BoardInfo{Number: 2, Dealer: engine.East, Vul: engine.VulNS}},
		{`Board number 3. Dealer South. E/W vulnerable.`, BoardInfo{Number: 3, Dealer: engine.South, Vul: engine.VulEW}},
		{`Board number 16. Dealer West. Both vulnerable.`, BoardInfo{Number: 16, Dealer: engine.West, Vul: engine.VulAll}},
		{`West ready for cards`, ReadyForCards{Seat: engine.West}},
		{`North's cards : S A K 3. H Q J T 9. D 8 7. C A 6 5 4.`, Cards{Seat: engine.North, Hand: mustHand(t, "AK3.QJT9.87.A654")}},
		{`East's cards : S Q J T 9 8 7 6 5 4 2. H -. D -. C K Q 3.`, Cards{Seat: engine.East, Hand: mustHand(t, "QJT9876542...KQ3")}},
		{`Dummy's cards : S A K 3. H -. D 8 7 6 5. C A 6 5 4 3.`, DummyCards{Hand: mustHand(t, "AK3..8765.A6543")}},
		{`North passes`, Called{Seat: engine.North, Call: engine.Pass}},
		{`East doubles`, Called{Seat: engine.East, Call: engine.Double}},
		{`South redoubles`, Called{Seat: engine.South, Call: engine.Redouble}},
		{`West bids 1C`, Called{Seat: engine.West, Call: engine.Bid(1, engine.StrainClubs)}},
		{`North bids 7NT`, Called{Seat: engine.North, Call: engine.Bid(7, engine.NoTrump)}},
		{`North bids 1H Alert. 5+ hearts`, Called{Seat: engine.North, Call: engine.Bid(1, engine.StrainHearts), Alerted: true, Alert: "5+ hearts"}},
		{`North bids 2C Alert.`, Called{Seat: engine.North, Call: engine.Bid(2, engine.StrainClubs), Alerted: true}},
		{`East doubles Alert. takeout`, Called{Seat: engine.East, Call: engine.Double, Alerted: true, Alert: "takeout"}},
		{`East ready for North's bid`, ReadyForBid{Seat: engine.East, From: engine.North}},
		{`West to lead`, ToLead{Seat: engine.West}},
		{`Dummy to lead`, ToLead{Dummy: true}},
		{`West plays 3C`, Played{Seat: engine.West, Card: mustCard(t, "3C")}},
		{`North plays TD`, Played{Seat: engine.North, Card: mustCard(t, "TD")}},
		{`Dummy plays 5C`, Played{Dummy: true, Card: mustCard(t, "5C")}},
		{`North plays 3C. info`, Played{Seat: engine.North, Card: mustCard(t, "3C"), Signal: "info"}},
		{`South ready for West's card to trick 1`, ReadyForCard{Seat: engine.South, From: engine.West, Trick: 1}},
		{`East ready for dummy's card to trick 2`, ReadyForCard{Seat: engine.East, Dummy: true, Trick: 2}},
		{`North ready for South's card to trick 13`, ReadyForCard{Seat: engine.North, From: engine.South, Trick: 13}},
		{`East ready for dummy`, ReadyForDummy{Seat: engine.East}},
		{`East received dummy`, ReceivedDummy{Seat: engine.East}},
		{`Timing - N/S : this board  01:36,  total  0:01:36.  E/W : this board  01:34,  total  0:01:34.`,
			Timing{NSBoard: 96 * time.Second, NSTotal: 96 * time.Second, EWBoard: 94 * time.Second, EWTotal: 94 * time.Second}},
		{`Timing - N/S : this board  00:00,  total  12:03:09.  E/W : this board  125:07,  total  0:00:00.`,
			Timing{NSTotal: (12*3600 + 3*60 + 9) * time.Second, EWBoard: (125*60 + 7) * time.Second}},
		{`End of session`, EndOfSession{}},
	}
}

func TestFormatCanonical(t *testing.T) {
	for _, tc := range canonicalCases(t) {
		t.Run(tc.line, func(t *testing.T) {
			assert.Equal(t, tc.line, tc.msg.String())
			assert.Equal(t, "x"+tc.line, string(tc.msg.AppendTo([]byte("x"))))
		})
	}
}

func TestParseCanonical(t *testing.T) {
	kinds := map[MessageKind]bool{}
	for _, tc := range canonicalCases(t) {
		t.Run(tc.line, func(t *testing.T) {
			for _, line := range []string{tc.line, tc.line + "\r\n", tc.line + "\n"} {
				m, err := Parse(line)
				require.NoError(t, err)
				assert.Equal(t, tc.msg, m)
				assert.Equal(t, tc.msg.Kind(), m.Kind())
			}
		})
		kinds[tc.msg.Kind()] = true
	}
	for k := KindConnect; k <= KindEndOfSession; k++ {
		assert.True(t, kinds[k], "no canonical case for kind %s", k)
		assert.NotEqual(t, "unknown", k.String())
	}
}

func TestParseVariants(t *testing.T) {
	n, e, s, w := engine.North, engine.East, engine.South, engine.West
	tests := []struct {
		line string
		want Message
	}{
		// Case, blanks, trailing period, line endings.
		{"WEST PASSES", Called{Seat: w, Call: engine.Pass}},
		{"west passes.", Called{Seat: w, Call: engine.Pass}},
		{"  North   bids  1N  \r\n", Called{Seat: n, Call: engine.Bid(1, engine.NoTrump)}},
		{"North\tbids\t3n", Called{Seat: n, Call: engine.Bid(3, engine.NoTrump)}},
		{"north bids 1nt.", Called{Seat: n, Call: engine.Bid(1, engine.NoTrump)}},
		{"North bids 1H. Alert. 5+  hearts.", Called{Seat: n, Call: engine.Bid(1, engine.StrainHearts), Alerted: true, Alert: "5+ hearts"}},
		{"North bids 1H alert 5+ Hearts", Called{Seat: n, Call: engine.Bid(1, engine.StrainHearts), Alerted: true, Alert: "5+ Hearts"}},
		{"North bids 1H ALERT", Called{Seat: n, Call: engine.Bid(1, engine.StrainHearts), Alerted: true}},
		{"North bids 2D weak two", Called{Seat: n, Call: engine.Bid(2, engine.StrainDiamonds), Alerted: true, Alert: "weak two"}},
		{"East bids pass", Called{Seat: e, Call: engine.Pass}},
		{"East bids X", Called{Seat: e, Call: engine.Double}},
		{"East double", Called{Seat: e, Call: engine.Double}},
		{"East pass", Called{Seat: e, Call: engine.Pass}},
		{"WEST PLAYS 9S", Played{Seat: w, Card: mustCard(t, "9S")}},
		{"West plays 9s.", Played{Seat: w, Card: mustCard(t, "9S")}},
		{"West plays 10s", Played{Seat: w, Card: mustCard(t, "TS")}},
		{"West plays SA", Played{Seat: w, Card: mustCard(t, "AS")}},
		{"dummy plays 5c", Played{Dummy: true, Card: mustCard(t, "5C")}},
		{"DUMMY PLAYS 5C. low  encourages.", Played{Dummy: true, Card: mustCard(t, "5C"), Signal: "low encourages"}},
		{"North plays 3C info", Played{Seat: n, Card: mustCard(t, "3C"), Signal: "info"}},
		{"dummy to lead.", ToLead{Dummy: true}},
		{"SOUTH TO LEAD", ToLead{Seat: s}},
		{"east ready for north's bid.", ReadyForBid{Seat: e, From: n}},
		{"East  ready  for  NORTH'S  bid", ReadyForBid{Seat: e, From: n}},
		{"East ready for Dummy's card to trick 2", ReadyForCard{Seat: e, Dummy: true, Trick: 2}},
		{"East ready for dummys card to trick 2", ReadyForCard{Seat: e, Dummy: true, Trick: 2}},
		{"East ready for North's card to trick 2.", ReadyForCard{Seat: e, From: n, Trick: 2}},
		{"East ready for North's card", ReadyForCard{Seat: e, From: n}},
		{"east ready for dummy.", ReadyForDummy{Seat: e}},
		{"EAST RECEIVED DUMMY", ReceivedDummy{Seat: e}},
		{"north ready for teams.", ReadyForTeams{Seat: n}},
		{"NORTH READY TO START", ReadyToStart{Seat: n}},
		{"North ready for deal.", ReadyForDeal{Seat: n}},
		{"North ready for cards.", ReadyForCards{Seat: n}},
		{`connecting "Wb 5" as anypl using protocol version 19`, Connect{Team: "Wb 5", AnySeat: true, Version: 19}},
		{`CONNECTING "BEN" AS SOUTH USING PROTOCOL VERSION 18.`, Connect{Team: "BEN", Seat: s, Version: 18}},
		{`Connecting Jack as East using protocol version 18`, Connect{Team: "Jack", Seat: e, Version: 18}},
		{`Connecting "" as East using protocol version 17`, Connect{Team: "", Seat: e, Version: 17}},
		{`Connecting "BEN" as North using protocol version 18 BEN 0.8.8.6 default.conf`, Connect{Team: "BEN", Seat: n, Version: 18, Info: "BEN 0.8.8.6 default.conf"}},
		{`Connecting "BEN" as North using protocol version 18  BEN  v2. `, Connect{Team: "BEN", Seat: n, Version: 18, Info: "BEN v2"}},
		{`North orNS seated`, Seated{Seat: n, Team: "orNS"}},
		{`SOUTH team ew SEATED`, Seated{Seat: s, Team: "team ew"}},
		{`NORTH ("TeamName") SEATED`, Seated{Seat: n, Team: "TeamName"}},
		{`North (TeamName) seated.`, Seated{Seat: n, Team: "TeamName"}},
		{`North "Team" seated`, Seated{Seat: n, Team: "Team"}},
		{`North ("Team  Name") seated`, Seated{Seat: n, Team: "Team Name"}},
		{`Teams: N/S: "a b" E/W: "c"`, Teams{NS: "a b", EW: "c"}},
		{`TEAMS : E/W : "c" N/S : "a"`, Teams{NS: "a", EW: "c"}},
		{`Teams : N/S : ns E/W : ew.`, Teams{NS: "ns", EW: "ew"}},
		{"START OF BOARD", StartOfBoard{}},
		{"start of board.", StartOfBoard{}},
		{"board number 17. dealer north. both vulnerable", BoardInfo{Number: 17, Dealer: n, Vul: engine.VulAll}},
		{"Board number 5 Dealer North None vulnerable", BoardInfo{Number: 5, Dealer: n, Vul: engine.VulNone}},
		{"Board number 6. Dealer East. e/w vulnerable.", BoardInfo{Number: 6, Dealer: e, Vul: engine.VulEW}},
		{"north's cards : s a k 3. h q j t 9. d 8 7. c a 6 5 4.", Cards{Seat: n, Hand: mustHand(t, "AK3.QJT9.87.A654")}},
		{"North's cards: S AK3 H QJT9 D 87 C A654", Cards{Seat: n, Hand: mustHand(t, "AK3.QJT9.87.A654")}},
		{"North's cards : C A 6 5 4. D 8 7. H Q J 10 9. S A K 3.", Cards{Seat: n, Hand: mustHand(t, "AK3.QJT9.87.A654")}},
		{"DUMMY'S CARDS : S A K 3. H -. D 8 7 6 5. C A 6 5 4 3.", DummyCards{Hand: mustHand(t, "AK3..8765.A6543")}},
		{"dummy's cards : S A K 3. D 8 7 6 5. C A 6 5 4 3", DummyCards{Hand: mustHand(t, "AK3..8765.A6543")}},
		{"timing - n/s : this board 01:36, total 0:01:36. e/w : this board 01:34, total 0:01:34.",
			Timing{NSBoard: 96 * time.Second, NSTotal: 96 * time.Second, EWBoard: 94 * time.Second, EWTotal: 94 * time.Second}},
		{"Timing - E/W : this board 00:02, total 0:00:03. N/S : this board 00:04, total 00:05",
			Timing{NSBoard: 4 * time.Second, NSTotal: 5 * time.Second, EWBoard: 2 * time.Second, EWTotal: 3 * time.Second}},
		{"END OF SESSION.", EndOfSession{}},
		{"refused: team names differ", Refusal{Reason: "team names differ"}},
	}
	for _, tc := range tests {
		t.Run(tc.line, func(t *testing.T) {
			m, err := Parse(tc.line)
			require.NoError(t, err)
			assert.Equal(t, tc.want, m)
			// The canonical form of a variant reads back as the same message.
			m2, err := Parse(m.String())
			require.NoError(t, err)
			assert.Equal(t, m, m2)
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		line string
		is   error
		says string
	}{
		{"", ErrEmptyLine, "empty"},
		{"  .\r\n", ErrEmptyLine, "empty"},
		{strings.Repeat("a", MaxLineLength+1), ErrLineTooLong, "513 bytes"},
		{"North plays 3C\x00", ErrNotASCII, "0x00 at offset 14"},
		{"North bids 1\xc3\xa9", ErrNotASCII, "0xc3"},
		{"Hello world", ErrUnknown, `"Hello"`},
		{"North", ErrUnknown, "seat name alone"},
		{"North sings", ErrUnknown, `"sings"`},
		{"Nobody's cards : S A", ErrUnknown, "Nobody's"},
		{"North bids 8C", ErrMalformed, `call "8C"`},
		{"North bids 1Z", ErrMalformed, `call "1Z"`},
		{"North bids", ErrMalformed, "call is missing"},
		{"North plays 1Z", ErrMalformed, `card "1Z"`},
		{"North plays", ErrMalformed, "card is missing"},
		{"Dummy plays", ErrMalformed, "card is missing"},
		{"Dummy sleeps", ErrMalformed, "sleeps"},
		{"North's cards : A K S", ErrMalformed, "before any suit"},
		{"North's cards : S A A", ErrMalformed, "AS given twice"},
		{"North's cards : S A S K", ErrMalformed, "suit S given twice"},
		{"North's cards : S A X", ErrMalformed, "neither a suit nor a rank"},
		{"North's hand : S A", ErrMalformed, `want "cards"`},
		{"North ready for lunch", ErrMalformed, "lunch"},
		{"North ready for East's lunch", ErrMalformed, "lunch"},
		{"North ready for Bob's bid", ErrMalformed, `seat "Bob"`},
		{"North ready for East's card to trick 14", ErrMalformed, `trick "14"`},
		{"North ready for East's card to trick 0", ErrMalformed, `trick "0"`},
		{"North ready for East's card to trick", ErrMalformed, `trick ""`},
		{"North ready for East's card to bed", ErrMalformed, "trick"},
		{"North ready for teams now", ErrMalformed, "now"},
		{"North ready", ErrMalformed, "ready for"},
		{"North to", ErrMalformed, "lead"},
		{"North seated", ErrMalformed, "without a team"},
		{`North ("a"b") seated`, ErrMalformed, "quote inside"},
		{`North ("a seated`, ErrMalformed, "quote inside"},
		{`North ("a") sat`, ErrMalformed, "seated"},
		{`Connecting "a as North using protocol version 18`, ErrMalformed, "unterminated"},
		{`Connecting "a" as Nowhere using protocol version 18`, ErrMalformed, `seat "Nowhere"`},
		{`Connecting "a" as North using protocol version x`, ErrMalformed, "version"},
		{`Connecting "a" as North using protocol`, ErrMalformed, "end of the line"},
		{`Connecting`, ErrMalformed, "quoted name"},
		{`Connecting "a" as North using protocol version 0`, ErrMalformed, "version"},
		{`Connecting a"b as North using protocol version 18`, ErrMalformed, "quote inside"},
		{`Teams : N/S : "a" N/S : "b"`, ErrMalformed, "N/S and E/W"},
		{`Teams : N/S : "a"`, ErrMalformed, "want a quoted name"},
		{"Start of game", ErrMalformed, "board"},
		{"End of session now", ErrMalformed, "now"},
		{"Board number 0. Dealer North. Neither vulnerable.", ErrMalformed, "board number"},
		{"Board number one. Dealer North. Neither vulnerable.", ErrMalformed, "board number"},
		{"Board number 1. Dealer Nobody. Neither vulnerable.", ErrMalformed, "dealer"},
		{"Board number 1. Dealer North. Sometimes vulnerable.", ErrMalformed, "vulnerability"},
		{"Timing - N/S : this board 1:2:3:4, total 0:00:00. E/W : this board 00:00, total 0:00:00.", ErrMalformed, "time"},
		{"Timing - N/S : this board 01:, total 0:00:00. E/W : this board 00:00, total 0:00:00.", ErrMalformed, "time"},
		{"Timing - N/S : this board 01, total 0:00:00. E/W : this board 00:00, total 0:00:00.", ErrMalformed, "time"},
		{"Timing - N/S : this board 00:01, total 0:00:00.", ErrMalformed, "end of the line"},
	}
	for _, tc := range tests {
		t.Run(tc.line, func(t *testing.T) {
			m, err := Parse(tc.line)
			require.Error(t, err)
			assert.Nil(t, m)
			assert.ErrorIs(t, err, tc.is)
			assert.Contains(t, err.Error(), tc.says)
			var pe *ParseError
			require.True(t, errors.As(err, &pe))
			assert.LessOrEqual(t, len(pe.Line), quoteLimit+3)
		})
	}
}

func TestVersionSupported(t *testing.T) {
	assert.True(t, VersionSupported(18))
	assert.True(t, VersionSupported(19))
	assert.False(t, VersionSupported(17))
	assert.False(t, VersionSupported(0))
}

func TestConnectZeroVersionWritesCurrent(t *testing.T) {
	assert.Equal(t, `Connecting "t" as South using protocol version 18`, Connect{Team: "t", Seat: engine.South}.String())
}

func TestConnectInfoIsWrittenAfterTheVersion(t *testing.T) {
	// Without Info the line is the canonical one; with it, the text
	// follows the version as BEN sends it.
	assert.Equal(t, `Connecting "BEN" as North using protocol version 18 BEN 0.8.8.6 default.conf`,
		Connect{Team: "BEN", Seat: engine.North, Info: "BEN 0.8.8.6 default.conf"}.String())
}

// FuzzParse checks that Parse never panics and that what it accepts writes
// back to a line that reads as the same message.
func FuzzParse(f *testing.F) {
	for _, tc := range canonicalCases(f) {
		f.Add(tc.line)
	}
	for _, s := range []string{"WEST PASSES", "North bids 1H Alert. x", "dummy plays 10c. hi", "Teams : N/S : \"\" E/W : \"\"",
		"North's cards : S -. H -. D -. C -.", "Timing - N/S : this board 99:99, total 9:99:99. E/W : this board 0:0, total 0:0:0", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		m, err := Parse(line)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Parse(%q): error %v is not a *ParseError", line, err)
			}
			return
		}
		out := m.String()
		m2, err := Parse(out)
		if err != nil {
			t.Fatalf("Parse(%q) = %#v, whose line %q does not parse: %v", line, m, out, err)
		}
		if m2 != m {
			t.Fatalf("Parse(%q) = %#v; its line %q reads back as %#v", line, m, out, m2)
		}
		if out2 := m2.String(); out2 != out {
			t.Fatalf("canonical form not stable: %q then %q", out, out2)
		}
	})
}
