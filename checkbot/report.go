package checkbot

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/openroom/openroom/protocol"
)

// Report is the outcome of a check: each scenario's verdict and the
// bot's timing.
type Report struct {
	Bot        string   `json:"bot"`
	Scenarios  []Result `json:"scenarios"`
	Passed     int      `json:"passed"`
	Failed     int      `json:"failed"`
	NotReached int      `json:"not_reached"`
	Limited    int      `json:"limited"`
	Timing     Timing   `json:"timing"`
}

// OK reports whether no scenario failed.
func (r *Report) OK() bool { return r.Failed == 0 }

// Timing is what the bot took: think time per call and per card (from
// the last line the table sent it to its call or card), and start-up
// (from its start to its `ready to start`).
type Timing struct {
	Call    Stat `json:"call"`
	Card    Stat `json:"card"`
	Startup Stat `json:"startup"`
}

// Stat summarises durations, in milliseconds.
type Stat struct {
	N   int     `json:"n"`
	P50 float64 `json:"p50_ms"`
	P95 float64 `json:"p95_ms"`
}

// newReport counts the verdicts and measures the bot's times.
func newReport(opt Options, res []Result) *Report {
	r := &Report{Bot: strings.Join(opt.Command, " "), Scenarios: res}
	if r.Bot == "" && opt.Listen != nil {
		r.Bot = "listening on " + opt.Listen.Addr().String()
	}
	var calls, cards, starts []time.Duration
	for _, s := range res {
		switch s.Status {
		case Pass:
			r.Passed++
		case Fail:
			r.Failed++
		case NotReached:
			r.NotReached++
		case Limited:
			r.Limited++
		}
		if s.startup > 0 {
			starts = append(starts, s.startup)
		}
		var prompt time.Time
		for _, e := range s.lines {
			if !e.FromBot {
				prompt = e.At
				continue
			}
			m, err := protocol.Parse(e.Text)
			if err != nil || prompt.IsZero() {
				continue
			}
			switch m.(type) {
			case protocol.Called:
				calls = append(calls, e.At.Sub(prompt))
			case protocol.Played:
				cards = append(cards, e.At.Sub(prompt))
			}
		}
	}
	r.Timing = Timing{Call: stat(calls), Card: stat(cards), Startup: stat(starts)}
	return r
}

// stat returns the count, median and 95th percentile of ds.
func stat(ds []time.Duration) Stat {
	if len(ds) == 0 {
		return Stat{}
	}
	slices.Sort(ds)
	at := func(q float64) float64 {
		i := int(q*float64(len(ds)-1) + 0.5)
		return float64(ds[i].Microseconds()) / 1000
	}
	return Stat{N: len(ds), P50: at(0.5), P95: at(0.95)}
}

// WriteText writes the report for people: one block per scenario, then
// the summary and the timing.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	for _, s := range r.Scenarios {
		WriteResult(&b, s)
	}
	fmt.Fprintf(&b, "\n%d scenarios: %d passed, %d failed, %d not reached, %d limited\n",
		len(r.Scenarios), r.Passed, r.Failed, r.NotReached, r.Limited)
	t := r.Timing
	fmt.Fprintf(&b, "time per call: p50 %s, p95 %s (%d calls)\n", ms(t.Call.P50), ms(t.Call.P95), t.Call.N)
	fmt.Fprintf(&b, "time per card: p50 %s, p95 %s (%d cards)\n", ms(t.Card.P50), ms(t.Card.P95), t.Card.N)
	fmt.Fprintf(&b, "start-up (start to ready to start): p50 %s, p95 %s (%d starts)\n", ms(t.Startup.P50), ms(t.Startup.P95), t.Startup.N)
	_, err := io.WriteString(w, b.String())
	return err
}

func ms(v float64) string { return fmt.Sprintf("%.1f ms", v) }

// WriteResult writes one scenario's verdict: a line, and for a failure
// what was expected, what came, why and where the guide explains it.
func WriteResult(w io.Writer, s Result) {
	fmt.Fprintf(w, "%-12s %-16s %-6s %s\n", strings.ToUpper(string(s.Status)), s.Name, s.Seat, s.Title)
	if s.Restarts > 0 {
		fmt.Fprintf(w, "    restarts: %d (check-bot started the bot again)\n", s.Restarts)
	}
	if s.Status == Pass {
		return
	}
	if s.Expected != "" {
		fmt.Fprintf(w, "    expected: %s\n", s.Expected)
	}
	if s.Came != "" {
		if s.Line > 0 {
			fmt.Fprintf(w, "    came:     %s (the bot's line %d)\n", s.Came, s.Line)
		} else {
			fmt.Fprintf(w, "    came:     %s\n", s.Came)
		}
	}
	if s.Why != "" {
		fmt.Fprintf(w, "    why:      %s\n", s.Why)
	}
	if s.Doc != "" {
		fmt.Fprintf(w, "    see:      %s\n", s.Doc)
	}
	if s.Status == Limited {
		fmt.Fprintf(w, "    note:     %s\n", limitedAdvice(s.Name))
	}
	if out := lastLines(s.Output, 5); out != "" && s.Status != NotReached {
		fmt.Fprintf(w, "    the bot's last output:\n%s", out)
	}
}

// limitedAdvice says how an event works around a limited scenario.
func limitedAdvice(name string) string {
	switch name {
	case "timing":
		return "the bot needs `timing = false` in its [bots.NAME] table (serve --no-timing SEAT); run check-bot with --no-timing"
	case "no-timing":
		return "the bot needs the timing line after each board: never set `timing = false` for it"
	}
	return "the bot plays at openroom's table, but may not at table managers that write these lines as shown (" + docOthers + ")"
}

// WriteJSON writes the report as one JSON document.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// lastLines returns the last n lines of out, indented.
func lastLines(out string, n int) string {
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	var b strings.Builder
	for _, l := range lines {
		if strings.TrimSpace(l) != "" {
			fmt.Fprintf(&b, "      | %s\n", l)
		}
	}
	return b.String()
}
