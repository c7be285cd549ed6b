package pbn

import (
	"bytes"
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
)

func readAll(t *testing.T, data string) []*Game {
	t.Helper()
	r := NewReader(strings.NewReader(data))
	var games []*Game
	for {
		g, err := r.Next()
		if err == io.EOF {
			return games
		}
		require.NoError(t, err)
		games = append(games, g)
	}
}

func sample(t testing.TB) string {
	t.Helper()
	b, err := os.ReadFile("testdata/sample.pbn")
	require.NoError(t, err)
	return string(b)
}

func TestReadSample(t *testing.T) {
	t.Parallel()
	for _, crlf := range []bool{false, true} {
		data := sample(t)
		if crlf {
			data = strings.ReplaceAll(data, "\n", "\r\n")
		}
		games := readAll(t, data)
		require.Len(t, games, 3, "crlf=%v", crlf)

		g := games[0]
		assert.Equal(t, `Club "Friday" game`, g.Get("Event"))
		assert.Equal(t, 9, g.Line, "first tag line")
		n, err := g.Board()
		require.NoError(t, err)
		assert.Equal(t, 1, n)
		d, err := g.Dealer()
		require.NoError(t, err)
		assert.Equal(t, engine.North, d)
		deal, err := g.Deal()
		require.NoError(t, err)
		assert.Equal(t, "AKQ2.K32.A32.K32", deal[engine.North].String())
		c, ok, err := g.Contract()
		require.NoError(t, err)
		require.True(t, ok)
		assert.Equal(t, engine.Contract{Level: 3, Strain: engine.NoTrump, Declarer: engine.North}, c)
		res, ok, err := g.Result()
		require.NoError(t, err)
		assert.True(t, ok)
		assert.Equal(t, 9, res)
		sc, ok, err := g.Score()
		require.NoError(t, err)
		assert.True(t, ok)
		assert.Equal(t, 400, sc)

		a, err := g.Auction()
		require.NoError(t, err)
		require.Len(t, a.Calls, 8)
		assert.Equal(t, "could be short", a.Calls[0].Alert)
		assert.Equal(t, 1, a.Calls[0].Note)
		assert.Equal(t, engine.Bid(3, engine.NoTrump), a.Calls[4].Call)
		assert.Equal(t, engine.Pass, a.Calls[7].Call)
		assert.Equal(t, engine.West, a.Calls[7].Seat)

		p, err := g.Play()
		require.NoError(t, err)
		require.Len(t, p.Cards, 52)
		assert.Equal(t, engine.East, p.Leader)
		assert.Equal(t, "SJ", p.Cards[0].String())
		assert.Equal(t, "S8", p.Cards[1].String(), "South plays second to trick 1")
		assert.Equal(t, "SK", p.Cards[4].String(), "North won trick 1 and leads trick 2")

		b, err := g.Replay()
		require.NoError(t, err)
		assert.Equal(t, engine.PhaseDone, b.Phase())
		assert.Equal(t, 9, b.DeclarerTricks())
		score, _ := b.ScoreNS()
		assert.Equal(t, 400, score)

		dd, ok, err := g.OptimumResultTable()
		require.NoError(t, err)
		require.True(t, ok)
		assert.Equal(t, 10, dd[engine.North][engine.NoTrump])
		assert.Equal(t, 5, dd[engine.West][engine.StrainDiamonds])

		// Inheritance and the Love/Both spellings.
		g2 := games[1]
		assert.Equal(t, `Club "Friday" game`, g2.Get("Event"))
		assert.Equal(t, "Wendy", g2.Get("West"))
		v, err := g2.Vulnerability()
		require.NoError(t, err)
		assert.Equal(t, engine.VulNone, v)
		c, ok, err = g2.Contract()
		require.NoError(t, err)
		assert.True(t, ok)
		assert.True(t, c.PassedOut())
		_, ok, err = g2.Result()
		require.NoError(t, err)
		assert.False(t, ok)
		b, err = g2.Replay()
		require.NoError(t, err)
		assert.Equal(t, engine.PhaseDone, b.Phase())

		v, err = games[2].Vulnerability()
		require.NoError(t, err)
		assert.Equal(t, engine.VulAll, v)
	}
}

func TestReadDeals(t *testing.T) {
	t.Parallel()
	deals, err := ReadDeals(strings.NewReader(sample(t)))
	require.NoError(t, err)
	require.Len(t, deals, 3)
	assert.Equal(t, 1, deals[0].Number)
	assert.Equal(t, engine.East, deals[1].Dealer)
	assert.Equal(t, engine.South, deals[2].Dealer)
	assert.Equal(t, engine.VulAll, deals[2].Vul)
	assert.Equal(t, "AKQ2.K32.A32.K32", deals[2].Deal[engine.South].String(), "the deal string starts with South")

	// Fallbacks: no Board tag (previous + 1), no Dealer or Vulnerable tag (WBF).
	in := `[Board "7"]
[Deal "N:AKQ2.K32.A32.K32 J543.QJ9.KJ9.QJ9 T98.AT87.QT8.AT8 76.654.7654.7654"]

[Deal "N:AKQ2.K32.A32.K32 J543.QJ9.KJ9.QJ9 T98.AT87.QT8.AT8 76.654.7654.7654"]
`
	deals, err = ReadDeals(strings.NewReader(in))
	require.NoError(t, err)
	require.Len(t, deals, 2)
	assert.Equal(t, engine.BoardSetup{Number: 7, Dealer: engine.South, Vul: engine.VulAll, Deal: deals[0].Deal}, deals[0])
	assert.Equal(t, 8, deals[1].Number)
	assert.Equal(t, engine.West, deals[1].Dealer)
	assert.Equal(t, engine.VulNone, deals[1].Vul)

	// A bad deal stops the read with the line and board.
	in = "[Board \"1\"]\n[Deal \"N:AKQ2.K32.A32.K32 J543.QJ9.KJ9.QJ9 T98.AT87.QT8.AT8 -\"]\n"
	_, err = ReadDeals(strings.NewReader(in))
	var pe *Error
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, 2, pe.Line)
	assert.Equal(t, "1", pe.Board)
	assert.Equal(t, "Deal", pe.Tag)
}

func TestReaderMalformed(t *testing.T) {
	t.Parallel()
	good := "[Board \"9\"]\n[Dealer \"W\"]\n"
	tests := []struct {
		name  string
		bad   string
		line  int // line of the error within the whole input
		board string
		want  string
	}{
		{"unclosed value", "[Board \"4\"]\n[Event \"x]\n", 2, "4", "not closed"},
		{"no value", "[Board \"5\"]\n[Event]\n", 2, "5", "quoted value"},
		{"no bracket", "[Board \"5\"]\n[Event \"x\"\n", 2, "5", "want ]"},
		{"board after error", "[Event \"x]\n[Board \"6\"]\n", 1, "6", "not closed"},
		{"data before tag", "1S Pass\n[Board \"2\"]\n", 1, "2", "before any tag"},
		{"inherit nothing", "[Board \"3\"]\n[Foo \"#\"]\n", 2, "3", "previous game"},
		{"empty name", "[ \"x\"]\n", 1, "", "want [Name"},
		{"unclosed comment at the end", "[Board \"8\"]\n{ open\n", 2, "8", "not closed"},
		{"unclosed comment", "[Board \"8\"]\n{ open\nstill\n", 4, "8", "not closed"},
		{"unclosed string", "[Board \"8\"]\n[Auction \"N\"]\n\"abc\n", 3, "8", "string token"},
		{"long line", "[Board \"8\"]\n[Event \"" + strings.Repeat("x", MaxLineBytes) + "\"]\n", 2, "8", "too long"},
		{"two deals", "[Board \"9\"]\n[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n[Dealer \"N\"]\n[Deal \"E:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n", 4, "9", "Deal: a second Deal tag in one game (the first is on line 2)"},
		{"the same deal twice", "[Board \"9\"][Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n", 2, "9", "second Deal tag"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := tc.bad
			if tc.name != "unclosed comment at the end" {
				in += "\n" + good
			}
			r := NewReader(strings.NewReader(in))
			g, err := r.Next()
			assert.Nil(t, g)
			var pe *Error
			require.ErrorAs(t, err, &pe)
			assert.Equal(t, tc.line, pe.Line)
			assert.Equal(t, tc.board, pe.Board)
			assert.Contains(t, pe.Error(), tc.want)
			if tc.name == "unclosed comment at the end" {
				_, err = r.Next()
				assert.Equal(t, io.EOF, err)
				return
			}
			g, err = r.Next()
			require.NoError(t, err, "the reader skips to the next game")
			assert.Equal(t, "9", g.Get("Board"))
			_, err = r.Next()
			assert.Equal(t, io.EOF, err)
		})
	}
}

func TestReaderGameTooLarge(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("[Board \"1\"]\n[Auction \"N\"]\n")
	line := strings.Repeat("Pass ", 1000) + "\n"
	for b.Len() <= MaxGameBytes {
		b.WriteString(line)
	}
	b.WriteString("\n[Board \"2\"]\n")
	r := NewReader(strings.NewReader(b.String()))
	_, err := r.Next()
	require.ErrorIs(t, err, ErrGameTooLarge)
	g, err := r.Next()
	require.NoError(t, err)
	assert.Equal(t, "2", g.Get("Board"))
}

func TestReaderTokens(t *testing.T) {
	t.Parallel()
	in := "\xEF\xBB\xBF% PBN 2.1\n" +
		"[Event \"a\\\\b\"][Site \"x;y{z}\"] ; two tags on a line\n" +
		"[Board \"1\"] [Auction \"S\"] 1S { an opening } Pass\n" +
		"  2S \"a string; kept\" Pass\n" +
		"[Foo \"Declarer;Denomination\\2R\"]\n" +
		"[Event \"again\"]\n" +
		"  %not an escape\n"
	games := readAll(t, in)
	require.Len(t, games, 1)
	g := games[0]
	assert.Equal(t, "again", g.Get("Event"), "a repeated tag replaces the first")
	assert.Equal(t, 0, g.index("Event"), "in its place")
	assert.Equal(t, "x;y{z}", g.Get("Site"))
	assert.Equal(t, []string{"1S Pass", `2S "a string; kept" Pass`}, g.Section("Auction"))
	assert.Equal(t, `Declarer;Denomination\2R`, g.Get("Foo"))
	assert.Equal(t, []string{"%not an escape"}, g.Tag("Event").Lines)
}

func TestReaderIOError(t *testing.T) {
	t.Parallel()
	boom := errors.New("boom")
	r := NewReader(io.MultiReader(strings.NewReader("[Board \"1\"]\n"), errReader{boom}))
	_, err := r.Next()
	require.ErrorIs(t, err, boom)
	_, err = r.Next()
	require.ErrorIs(t, err, boom, "sticky")
}

type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

func TestReaderEmpty(t *testing.T) {
	t.Parallel()
	for _, in := range []string{"", "\n\n", "% PBN 2.1\n% EXPORT\n", "{just a comment}\n\n; and this\n"} {
		_, err := NewReader(bytes.NewBufferString(in)).Next()
		assert.Equal(t, io.EOF, err, "%q", in)
	}
}
