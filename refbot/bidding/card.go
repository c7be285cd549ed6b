package bidding

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// WriteCard writes the system's convention card: its name and preamble,
// then every situation in the order the file names it, with each row's
// call, what it shows, how forcing it is, its alert and its condition,
// in the order the bidder tries them; last, the conventions the
// interpreter applies in every system (Blackwood, cue bids, notrump slams
// by count, competitive rows, the natural fallback).
func (s *System) WriteCard(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%s\n%s\n", s.name, strings.Repeat("=", len(s.name)))
	for _, a := range s.about {
		fmt.Fprintln(bw, a)
	}
	for _, k := range s.keys {
		fmt.Fprintf(bw, "\n%s\n", situationTitle(k))
		for _, r := range s.rows[k] {
			m := r.Meaning
			fmt.Fprintf(bw, "  %-3s %s", KeyCall(m.Call), m.constraints())
			var flags []string
			if m.Forcing != NotForcing {
				flags = append(flags, m.Forcing.String())
			}
			if m.Alert != "" {
				flags = append(flags, "alert: "+m.Alert)
			}
			if r.Cond != "" {
				flags = append(flags, "when "+r.Cond)
			}
			if len(flags) > 0 {
				fmt.Fprintf(bw, " [%s]", strings.Join(flags, "; "))
			}
			if m.Text != "" {
				fmt.Fprintf(bw, " - %s", m.Text)
			}
			fmt.Fprintln(bw)
		}
	}
	fmt.Fprint(bw, interpreterConventions)
	fmt.Fprintln(bw, s.slam.cardLine())
	return bw.Flush()
}

// situationTitle writes a situation for the card: "Opening bids" or
// "1H P 1S P ?".
func situationTitle(key string) string {
	if key == "" {
		return "Opening bids (any seat)"
	}
	return key + " ?"
}

// interpreterConventions describes what the interpreter does in every
// system, beyond the file's rows.
const interpreterConventions = `
In every system (the interpreter's own rules)
  Control-showing cue bids below game in an agreed major, with their answers.
  A bot that simulates (expert) weighs a game in a fit within reach of slam (the pass of partner's
  game, and the sign-off over partner's cue bid, included) against the ace ask.
  Notrump slams by count where the file has no slam row: 6NT with 32 combined HCP, 7NT with 35,
  a quantitative 4NT over partner's natural notrump with 30-31.
  Competitive rows computed from the auction where the file has no situation: competing to the
  level of the fit, acting over their raise (direct or balancing), answers to a takeout double,
  the doubler's rebid.
  A natural fallback where no row fits: game with 25 combined points (with a suit of theirs
  unstopped, five of the minor fit, or a six-card suit below game, rather than 3NT), a forced bid
  in the fit or the longest suit, else pass. A fallback call promises nothing.
The ace ask (option aces)
`

// cardLine describes the system's ace ask for the convention card.
func (sr *slamRows) cardLine() string {
	if sr.keycard {
		return "  Roman Key Card Blackwood 1430, 4NT with an agreed suit: five key cards (the aces and the trump king);\n" +
			"  answers 5C 1/4, 5D 0/3, 5H 2 without the trump queen, 5S 2 with it; the next step asks for the queen\n" +
			"  (the agreed suit denies it, 5NT shows it); 5NT asks for kings (6C 0/4, 6D 1, 6H 2, 6S 3)."
	}
	return "  Blackwood 4NT with an agreed suit (answers 5C 0/4, 5D 1, 5H 2, 5S 3), 5NT for kings."
}
