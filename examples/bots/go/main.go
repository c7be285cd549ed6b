// Command go is a starter bridge robot for the Blue Chip table manager
// protocol, version 18, in plain Go (standard library only): it plays
// legal random calls and cards. Make it your own in chooseCall and
// chooseCard; the rest is the conversation with the table manager.
//
// Usage: bot HOST PORT SEAT TEAM
// (an event file: command = ["/path/to/bot", "{host}", "{port}", "{seat}", "{name}"]).
package main

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"slices"
	"strconv"
	"strings"
)

var (
	seats   = []string{"North", "East", "South", "West"}
	strains = []string{"C", "D", "H", "S", "NT"} // in bidding order
	ranks   = "23456789TJQKA"
)

// bot is one seat's connection and what it knows of the board in play.
type bot struct {
	conn       net.Conn
	seat, team string
	me, dealer int
	hand       []string // nil until the board's cards come
	dummy      []string // nil until dummy's cards come
	calls      []string // "P", "X", "XX" or a bid such as "1NT"
	cards      []string // every card played, in order
	toLead     bool     // told "<Seat> to lead" (or "Dummy to lead"): a lead waits for it
	answered   string   // the state last answered, so no line goes twice
	rng        *rand.Rand
}

func main() {
	if len(os.Args) != 5 {
		fmt.Fprintln(os.Stderr, "usage: bot HOST PORT SEAT TEAM")
		os.Exit(64)
	}
	conn, err := net.Dial("tcp", net.JoinHostPort(os.Args[1], os.Args[2])) // Go sets TCP_NODELAY
	if err != nil {
		fmt.Fprintln(os.Stderr, "bot:", err)
		os.Exit(1)
	}
	b := &bot{conn: conn, seat: os.Args[3], team: os.Args[4], me: slices.Index(seats, os.Args[3])}
	b.send(`Connecting "%s" as %s using protocol version 18`, b.team, b.seat)
	in := bufio.NewScanner(conn)
	for in.Scan() {
		if !b.receive(strings.TrimSpace(in.Text())) {
			return
		}
	}
}

func (b *bot) send(format string, args ...any) { fmt.Fprintf(b.conn, format+"\r\n", args...) }

// receive takes one line from the table manager; false ends the session.
func (b *bot) receive(line string) bool {
	w := strings.Fields(line)
	switch {
	case strings.HasSuffix(line, "seated"):
		b.send("%s ready for teams", b.seat)
	case strings.HasPrefix(line, "Teams"):
		b.send("%s ready to start", b.seat)
	case line == "Start of board":
		b.hand, b.dummy, b.calls, b.cards, b.answered, b.toLead = nil, nil, nil, nil, "", false
		b.send("%s ready for deal", b.seat)
	case strings.HasPrefix(line, "Board number"):
		n, _ := strconv.Atoi(strings.TrimSuffix(w[2], "."))
		b.dealer = slices.Index(seats, strings.TrimSuffix(w[4], "."))
		b.rng = rand.New(rand.NewPCG(uint64(n), uint64(b.me))) // the same board, the same choices
		b.send("%s ready for cards", b.seat)
	case strings.HasPrefix(line, b.seat+"'s cards"):
		b.hand = parseHand(line)
	case strings.HasPrefix(line, "Dummy's cards"):
		b.dummy = parseHand(line)
	case len(w) >= 3 && w[1] == "bids":
		b.calls = append(b.calls, w[2])
	case len(w) >= 2 && slices.Contains([]string{"passes", "doubles", "redoubles"}, w[1]):
		b.calls = append(b.calls, map[string]string{"passes": "P", "doubles": "X", "redoubles": "XX"}[w[1]])
	case len(w) >= 3 && w[1] == "plays":
		b.cards = append(b.cards, w[2])
		b.dummy = slices.DeleteFunc(b.dummy, func(c string) bool { return c == w[2] })
	case strings.HasSuffix(line, " to lead"):
		b.toLead = true
	case line == "End of session" || strings.HasPrefix(line, "Refused"):
		return false
	default:
		return true // the timing line, anything else
	}
	if b.hand != nil {
		b.act()
	}
	return true
}

// act sends the one line the seat owes the table now, if it owes one.
func (b *bot) act() {
	state := fmt.Sprint(len(b.calls), len(b.cards), b.dummy != nil, b.toLead)
	if state == b.answered {
		return
	}
	b.answered = state
	if !b.auctionOver() {
		turn := (b.dealer + len(b.calls)) % 4
		if turn != b.me {
			b.send("%s ready for %s's bid", b.seat, seats[turn])
			return
		}
		call := b.chooseCall()
		b.calls = append(b.calls, call)
		words := map[string]string{"P": "passes", "X": "doubles", "XX": "redoubles"}[call]
		if isBid(call) {
			words = "bids " + call
		}
		b.send("%s %s", b.seat, words)
		b.act()
		return
	}
	if len(b.cards) == 52 || slices.Equal(b.calls, []string{"P", "P", "P", "P"}) {
		return // the board is over
	}
	strain, declarer := b.contract()
	dummy := (declarer + 2) % 4
	if len(b.cards) > 0 && b.me != dummy && b.dummy == nil {
		b.send("%s ready for dummy", b.seat) // only after the opening lead
		return
	}
	turn, trick := b.turn(strain, declarer), len(b.cards)/4+1
	if (turn == b.me && b.me != dummy) || (turn == dummy && b.me == declarer) {
		if len(b.cards)%4 == 0 && !b.toLead {
			return // a lead waits for "<Seat> to lead" (or "Dummy to lead")
		}
		b.toLead = false
		hand := &b.hand
		if turn != b.me {
			hand = &b.dummy
		}
		card := b.chooseCard(*hand)
		*hand = slices.DeleteFunc(*hand, func(c string) bool { return c == card })
		b.cards = append(b.cards, card)
		b.send("%s plays %s", seats[turn], card) // dummy's card goes under dummy's name
		b.act()
		return
	}
	name := seats[turn]
	if turn == dummy {
		name = "dummy"
	}
	b.send("%s ready for %s's card to trick %d", b.seat, name, trick)
}

func (b *bot) auctionOver() bool {
	n := len(b.calls)
	return n >= 4 && slices.Equal(b.calls[n-3:], []string{"P", "P", "P"})
}

// contract returns the final strain and the declarer: the first of the
// declaring side to name that strain.
func (b *bot) contract() (strain string, declarer int) {
	last := -1
	for i, c := range b.calls {
		if isBid(c) {
			last = i
		}
	}
	strain = b.calls[last][1:]
	for i, c := range b.calls {
		if isBid(c) && c[1:] == strain && i%2 == last%2 {
			return strain, (b.dealer + i) % 4
		}
	}
	return strain, -1
}

// turn returns the seat to play: the winner of the last trick leads.
func (b *bot) turn(strain string, declarer int) int {
	leader := (declarer + 1) % 4
	for t := 0; t+4 <= len(b.cards); t += 4 {
		trick := b.cards[t : t+4]
		best := 0
		for k := range trick {
			if power(trick[k], trick[0][1:], strain) > power(trick[best], trick[0][1:], strain) {
				best = k
			}
		}
		leader = (leader + best) % 4
	}
	return (leader + len(b.cards)%4) % 4
}

// legalCalls lists the calls the seat may make now: pass, double,
// redouble, and every bid above the last.
func (b *bot) legalCalls() []string {
	calls := []string{"P"}
	low, last := 0, -1
	for i, c := range b.calls {
		if isBid(c) {
			low, last = (int(c[0]-'0')-1)*5+slices.Index(strains, c[1:])+1, i
		}
	}
	if last >= 0 {
		after := b.calls[last+1:]
		theirs := (len(b.calls)-last)%2 == 1
		x, xx := slices.Index(after, "X"), slices.Contains(after, "XX")
		if theirs && x < 0 {
			calls = append(calls, "X")
		}
		if x >= 0 && !xx && (len(after)-x)%2 == 1 {
			calls = append(calls, "XX")
		}
	}
	for n := low; n < 35; n++ {
		calls = append(calls, fmt.Sprintf("%d%s", n/5+1, strains[n%5]))
	}
	return calls
}

// chooseCall: pass when weak or once the auction is high, else a random
// legal call up to the four level. Make it your own.
func (b *bot) chooseCall() string {
	points := 0
	for _, c := range b.hand {
		points += max(0, strings.IndexByte("JQKA", c[0])+1)
	}
	legal := b.legalCalls()
	bids := slices.DeleteFunc(slices.Clone(b.calls), func(c string) bool { return !isBid(c) })
	if points < 12 || (len(bids) > 0 && bids[len(bids)-1][0] >= '3') {
		return "P"
	}
	choices := slices.DeleteFunc(legal[1:], func(c string) bool { return isBid(c) && c[0] > '4' })
	return choices[b.rng.IntN(len(choices))]
}

// chooseCard: a random card, following suit when it can. Make it your own.
func (b *bot) chooseCard(hand []string) string {
	follow := hand
	if n := len(b.cards) % 4; n > 0 {
		led := b.cards[len(b.cards)-n][1:]
		if same := slices.DeleteFunc(slices.Clone(hand), func(c string) bool { return c[1:] != led }); len(same) > 0 {
			follow = same
		}
	}
	return follow[b.rng.IntN(len(follow))]
}

// parseHand reads `North's cards : S A K 3. H -. D 8 7. C A 6.` as
// ["AS" "KS" "3S" "8D" ...].
func parseHand(line string) []string {
	cards := []string{}
	_, suits, _ := strings.Cut(line, ":")
	for part := range strings.SplitSeq(suits, ".") {
		w := strings.Fields(part)
		for _, r := range w[min(1, len(w)):] {
			if r != "-" {
				cards = append(cards, r+w[0])
			}
		}
	}
	return cards
}

// power ranks a card in a trick: trumps above the suit led, the rest never win.
func power(card, led, strain string) int {
	rank := strings.IndexByte(ranks, card[0])
	switch card[1:] {
	case strain:
		return rank + 100
	case led:
		return rank + 50
	}
	return rank
}

func isBid(c string) bool { return c != "P" && c != "X" && c != "XX" }
