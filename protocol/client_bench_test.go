package protocol

import (
	"context"
	"net"
	"testing"
	"time"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/player/playertest"
)

// BenchmarkClientBoard measures the seat side of one whole played board (1C
// by North, 52 cards; about 70 lines each way for the seat) over net.Pipe
// against a scripted manager that checks every line. The figure per op is
// one board, seat and manager script together, with the Instant bot.
func BenchmarkClientBoard(b *testing.B) {
	for _, seat := range []engine.Seat{engine.North, engine.East, engine.South} {
		b.Run(seat.Name(), func(b *testing.B) {
			sb := playLowest(b, newScriptBoard(b, 1, "bench", auctionTo(engine.North, engine.North, engine.Bid(1, engine.StrainClubs)), nil))
			board := boardScript(seat, sb)
			steps := handshakeScript(seat, "bench", false)
			// Pre-render the manager's lines once.
			type rawStep struct {
				in   bool
				line string // what the seat must send
				out  []byte // what the manager sends, with CRLF
			}
			render := func(steps []scriptStep) []rawStep {
				var raw []rawStep
				for _, s := range steps {
					raw = append(raw, rawStep{s.in, s.line, []byte(s.line + "\r\n")})
				}
				return raw
			}
			raw, boardRaw := render(steps), render(board)
			mgr, seatEnd := net.Pipe()
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			done := make(chan error, 1)
			cl := NewClient(seatEnd, ClientConfig{Team: "bench", Seat: seat}, playertest.Instant{})
			go func() { done <- cl.Run(ctx) }()
			r := NewReader(mgr)
			play := func(steps []rawStep) {
				for _, s := range steps {
					if s.in {
						got, err := r.ReadLine()
						if err != nil || got != s.line {
							b.Fatalf("want %q, got %q (%v)", s.line, got, err)
						}
						continue
					}
					if _, err := mgr.Write(s.out); err != nil {
						b.Fatal(err)
					}
				}
			}
			play(raw)
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				play(boardRaw)
			}
			b.StopTimer()
			_, _ = mgr.Write([]byte("End of session\r\n"))
			if err := <-done; err != nil {
				b.Fatal(err)
			}
			mgr.Close()
		})
	}
}
