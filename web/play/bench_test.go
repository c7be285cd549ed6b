package play

import (
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/openroom/openroom/engine"
)

// BenchmarkCardToReply measures, per refbot level, the time from the
// person's card (POST /api/act) to the state in which the person must act
// again, over whole boards: the bots' replies plus the table's own cost.
// With easy bots (no search: microseconds a card) it is the table's own
// overhead; with searching levels it is to be read against the bots'
// budgets (up to three bot cards a round: 3 × 40, 90 or 180 ms). It
// reports the median, 95th percentile and slowest round in ms.
//
//	go test -run '^$' -bench CardToReply -benchtime 300x ./web/play/
func BenchmarkCardToReply(b *testing.B) {
	for _, level := range []string{"easy", "medium", "expert"} {
		b.Run(level, func(b *testing.B) {
			ts := newTestServer(b, Config{Seat: engine.South, Level: level, Seed: "bench", Analyse: noAnalysis})
			c := newClient(b, ts.URL, "tab-bench-"+level)
			c.open()
			defer c.close()
			rng := rand.New(rand.NewPCG(9, 9))
			var rounds []time.Duration
			b.ResetTimer()
			ready := func(st *State) bool { return st.Your != "" }
			st := c.waitState(ready, nil)
			for len(rounds) < b.N {
				switch st.Your {
				case "call":
					c.mustAct("call", "call", grandSlammer(st, rng)) // South declares: every card is a round
					st = c.waitState(ready, nil)
				case "card":
					start := time.Now()
					c.mustAct("card", "card", st.LegalCards[rng.IntN(len(st.LegalCards))])
					st = c.waitState(ready, nil)
					rounds = append(rounds, time.Since(start))
				case "next":
					c.mustAct("next")
					st = c.waitState(ready, nil)
				}
			}
			b.StopTimer()
			slices.Sort(rounds)
			ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
			b.ReportMetric(ms(rounds[len(rounds)/2]), "p50-ms")
			b.ReportMetric(ms(rounds[len(rounds)*95/100]), "p95-ms")
			b.ReportMetric(ms(rounds[len(rounds)-1]), "max-ms")
		})
	}
}

// BenchmarkFirstState measures a new person's page load without a
// browser: the page, its eleven assets (the shared modules too) and the
// event stream up to the first state with the person's cards dealt.
func BenchmarkFirstState(b *testing.B) {
	ts := newTestServer(b, Config{Seat: engine.South, Level: "easy", Seed: "first", MaxSessions: b.N + 1, Analyse: noAnalysis})
	assets := []string{"/assets/play.css", "/assets/js/main.js", "/assets/js/table.js", "/assets/js/bidding.js",
		"/assets/js/viewer.js", "/assets/js/keys.js", "/assets/js/hand.js",
		"/shared/dom.js", "/shared/cards.js", "/shared/replay.js", "/shared/viewer.js"}
	for i := range b.N {
		c := newClient(b, ts.URL, fmt.Sprintf("tab-first-%06d", i))
		resp, err := c.hc.Get(ts.URL + "/")
		if err != nil || resp.StatusCode != http.StatusOK {
			b.Fatalf("page: %v %v", err, resp)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		for _, a := range assets {
			resp, err := c.hc.Get(ts.URL + a)
			if err != nil || resp.StatusCode != http.StatusOK {
				b.Fatalf("%s: %v %v", a, err, resp)
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
		c.stream()
		c.waitState(func(st *State) bool { return len(st.Hands["S"]) == 13 }, nil)
		c.close()
	}
}
