package protocol

import (
	"testing"

	"github.com/openroom/openroom/engine"
)

var benchLines = []struct{ name, line string }{
	{"play", "West plays 3C"},
	{"ready-card", "South ready for West's card to trick 11"},
	{"call-alert", "North bids 1H Alert. 5+ hearts"},
	{"cards", "North's cards : S A K 3. H Q J T 9. D 8 7. C A 6 5 4."},
	{"sloppy", "WEST  PLAYS  9S.\r\n"},
}

var sinkMessage Message

func BenchmarkParse(b *testing.B) {
	for _, bl := range benchLines {
		b.Run(bl.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				m, err := Parse(bl.line)
				if err != nil {
					b.Fatal(err)
				}
				sinkMessage = m
			}
		})
	}
}

func BenchmarkFormat(b *testing.B) {
	h, _ := engine.ParseHand("AK3.QJT9.87.A654")
	msgs := []struct {
		name string
		m    Message
	}{
		{"play", Played{Seat: engine.West, Card: engine.NewCard(engine.Clubs, engine.Three)}},
		{"ready-card", ReadyForCard{Seat: engine.South, From: engine.West, Trick: 11}},
		{"cards", Cards{Seat: engine.North, Hand: h}},
	}
	for _, tc := range msgs {
		b.Run(tc.name+"/AppendTo", func(b *testing.B) {
			b.ReportAllocs()
			buf := make([]byte, 0, 128)
			for b.Loop() {
				buf = tc.m.AppendTo(buf[:0])
			}
		})
		b.Run(tc.name+"/String", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = tc.m.String()
			}
		})
	}
}
