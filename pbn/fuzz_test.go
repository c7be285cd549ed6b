package pbn

import (
	"bytes"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// normalGame is a game reduced to what the export format preserves: tag
// values and section lines by name (mandatory tags always present), and the
// notes as a sorted list.
type normalGame struct {
	Tags  map[string]string
	Lines map[string][]string
	Notes []string
}

func normalize(g *Game) normalGame {
	n := normalGame{Tags: map[string]string{}, Lines: map[string][]string{}}
	for _, m := range mandatoryTags {
		n.Tags[m] = ""
	}
	for _, t := range g.Tags {
		if t.Name == "Note" {
			n.Notes = append(n.Notes, t.Value+"\x00"+strings.Join(t.Lines, "\n"))
			continue
		}
		n.Tags[t.Name] = t.Value
		if len(t.Lines) > 0 {
			n.Lines[t.Name] = t.Lines
		}
	}
	slices.Sort(n.Notes)
	return n
}

func FuzzReader(f *testing.F) {
	f.Add([]byte(sample(f)))
	f.Add([]byte(strings.ReplaceAll(sample(f), "\n", "\r\n")))
	for _, rec := range roundTripCases(f) {
		g, err := FromRecord(rec, RecordOptions{Date: time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC)})
		require.NoError(f, err)
		f.Add([]byte(g.String()))
	}
	f.Add([]byte("[Board \"1\"]\n[Foo \"#\"]\n\n[Event \"x\\\"y\\\\\"]{c\n\n}[A \"b\"] 1 \"s\" ; z\n  %q\n"))
	f.Add([]byte("[Contract \"4S\"][Declarer \"N\"][Play \"E\"]\nSA - - -\n- SK - *\n"))
	f.Add([]byte("[Auction \"W\"]\n1S =1= X =2= AP\n[Note \"1:a\"]\n[Play \"N\"]\n[Note \"1:b\"]\n"))

	f.Fuzz(func(t *testing.T, data []byte) {
		r := NewReader(bytes.NewReader(data))
		for range 200 {
			g, err := r.Next()
			if err == io.EOF {
				return
			}
			if err != nil {
				if _, ok := err.(*Error); !ok {
					t.Fatalf("non-*Error from an in-memory reader: %v", err)
				}
				continue
			}
			exercise(g)
			checkReparse(t, g)
		}
	})
}

// exercise calls every accessor; none may panic.
func exercise(g *Game) {
	_, _ = g.Board()
	_, _ = g.Dealer()
	_, _ = g.Vulnerability()
	_, _ = g.Deal()
	_, _, _ = g.Contract()
	_, _, _ = g.Result()
	_, _, _ = g.Score()
	_, _, _ = g.OptimumResultTable()
	_, _ = ParseDoubleDummyTricks(g.Get("DoubleDummyTricks"))
	_, _ = g.Setup(0)
	_, _ = g.Replay()
}

// checkReparse writes a game and reads it back: the same tags, sections and
// notes, and the same auction and play after SetAuction and SetPlay.
func checkReparse(t *testing.T, g *Game) {
	t.Helper()
	text, err := g.AppendExport(nil)
	if err != nil {
		t.Fatalf("a game that was read cannot be written: %v", err)
	}
	r := NewReader(bytes.NewReader(text))
	g2, err := r.Next()
	if err != nil {
		t.Fatalf("re-read: %v\n%s", err, text)
	}
	if _, err := r.Next(); err != io.EOF {
		t.Fatalf("re-read gives more than one game: %v\n%s", err, text)
	}
	require.Equal(t, normalize(g), normalize(g2), "%s", text)

	if a, err := g.Auction(); err == nil && a != nil {
		c := g.Clone()
		require.NoError(t, c.SetAuction(a))
		a2, err := c.Auction()
		require.NoError(t, err, "%s", c)
		require.Equal(t, stripNotes(a), stripNotes(a2), "%s", c)
	}
	if p, err := g.Play(); err == nil && p != nil {
		trump, err := g.trump()
		require.NoError(t, err)
		c := g.Clone()
		require.NoError(t, c.SetPlay(p, trump))
		p2, err := c.Play()
		require.NoError(t, err, "%s", c)
		require.Equal(t, p, p2, "%s", c)
	}
}

func stripNotes(a *Auction) *Auction {
	out := &Auction{Dealer: a.Dealer}
	for _, c := range a.Calls {
		c.Note = 0
		out.Calls = append(out.Calls, c)
	}
	return out
}
