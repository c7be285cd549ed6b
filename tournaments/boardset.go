package tournaments

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/openroom/openroom/engine"
)

// Board is one board of a board set: its number, dealer, vulnerability
// and the four hands.
type Board struct {
	Number int
	Dealer engine.Seat
	Vul    engine.Vulnerability
	Deal   engine.Deal
}

// SeededBoards deals boards first..first+count-1 from a seed with
// engine.DealSource, with the WBF dealer and vulnerability of each number.
// The deal of a board depends only on the seed and its number.
func SeededBoards(seed string, first, count int) []Board {
	ds := engine.NewDealSource(seed)
	out := make([]Board, count)
	for i := range out {
		n := first + i
		out[i] = Board{Number: n, Dealer: engine.BoardDealer(n), Vul: engine.BoardVulnerability(n), Deal: ds.Deal(n)}
	}
	return out
}

// ReadPBNFile reads the deals of a PBN file; see ReadPBNDeals.
func ReadPBNFile(path string) ([]Board, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("board set: %w", err)
	}
	defer f.Close()
	boards, err := ReadPBNDeals(f)
	if err != nil {
		return nil, fmt.Errorf("board set %s: %w", path, err)
	}
	return boards, nil
}

// ReadPBNDeals reads the boards of a PBN stream: per game the Board, Deal,
// Dealer and Vulnerable tags (everything else is skipped). A game without a
// Board tag takes the previous number plus one; one without Dealer or
// Vulnerable takes the WBF convention of its number; "#" copies the
// previous game's value. Games are separated by blank lines. Errors name
// the line.
func ReadPBNDeals(r io.Reader) ([]Board, error) {
	type game struct {
		line                       int
		board, deal, dealer, vul   string
		hasBoard, hasDeal, started bool
	}
	var (
		out     []Board
		cur     game
		prev    game
		seen    = map[int]int{} // board number -> line
		lineNo  int
		inBrace bool
	)
	finish := func() error {
		if !cur.started {
			return nil
		}
		g := cur
		prev, cur = cur, game{}
		if !g.hasDeal {
			if !g.hasBoard {
				return nil // a header game (Event, Site ...) with no board in it
			}
			return fmt.Errorf("line %d: board %q has no Deal tag", g.line, g.board)
		}
		b := Board{}
		if g.hasBoard {
			n, err := strconv.Atoi(strings.TrimSpace(g.board))
			if err != nil || n < 1 {
				return fmt.Errorf("line %d: Board %q: want a number from 1", g.line, g.board)
			}
			b.Number = n
		} else if len(out) > 0 {
			b.Number = out[len(out)-1].Number + 1
		} else {
			b.Number = 1
		}
		if l, dup := seen[b.Number]; dup {
			return fmt.Errorf("line %d: board %d appears twice (first at line %d)", g.line, b.Number, l)
		}
		seen[b.Number] = g.line
		d, err := engine.ParseDeal(g.deal)
		if err != nil {
			return fmt.Errorf("line %d: board %d: %w", g.line, b.Number, err)
		}
		if err := d.Validate(); err != nil {
			return fmt.Errorf("line %d: board %d: %w", g.line, b.Number, err)
		}
		b.Deal = d
		b.Dealer = engine.BoardDealer(b.Number)
		if g.dealer != "" {
			if b.Dealer, err = engine.ParseSeat(g.dealer); err != nil {
				return fmt.Errorf("line %d: board %d: Dealer: %w", g.line, b.Number, err)
			}
		}
		b.Vul = engine.BoardVulnerability(b.Number)
		if g.vul != "" {
			if b.Vul, err = engine.ParseVulnerability(g.vul); err != nil {
				return fmt.Errorf("line %d: board %d: Vulnerable: %w", g.line, b.Number, err)
			}
		}
		out = append(out, b)
		return nil
	}
	br := bufio.NewScanner(r)
	br.Buffer(make([]byte, 0, 4096), 1<<20)
	for br.Scan() {
		lineNo++
		line := br.Text()
		if inBrace {
			i := strings.IndexByte(line, '}')
			if i < 0 {
				continue
			}
			inBrace = false
			line = line[i+1:]
		}
		t := strings.TrimSpace(line)
		if t == "" {
			if err := finish(); err != nil {
				return nil, err
			}
			continue
		}
		if t[0] == '%' || t[0] == ';' {
			continue
		}
		if t[0] == '{' {
			if !strings.Contains(t, "}") {
				inBrace = true
			}
			continue
		}
		if t[0] != '[' {
			continue // auction, play and table sections
		}
		name, value, ok := parseTag(t)
		if !ok {
			return nil, fmt.Errorf("line %d: malformed tag %q", lineNo, t)
		}
		if !cur.started {
			cur = game{line: lineNo, started: true}
		}
		if value == "#" {
			switch name {
			case "Deal":
				value = prev.deal
			case "Dealer":
				value = prev.dealer
			case "Vulnerable":
				value = prev.vul
			case "Board":
				value = prev.board
			}
		}
		switch name {
		case "Board":
			cur.board, cur.hasBoard = value, true
			cur.line = lineNo
		case "Deal":
			cur.deal, cur.hasDeal = value, true
		case "Dealer":
			cur.dealer = value
		case "Vulnerable":
			cur.vul = value
		}
	}
	if err := br.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %w", lineNo+1, err)
	}
	if err := finish(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no boards (no game with a Deal tag)")
	}
	return out, nil
}

// parseTag reads `[Name "value"]`.
func parseTag(t string) (name, value string, ok bool) {
	if !strings.HasPrefix(t, "[") {
		return "", "", false
	}
	end := strings.LastIndexByte(t, ']')
	if end < 0 {
		return "", "", false
	}
	body := strings.TrimSpace(t[1:end])
	sp := strings.IndexAny(body, " \t")
	if sp <= 0 {
		return "", "", false
	}
	name = body[:sp]
	v := strings.TrimSpace(body[sp:])
	if len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' {
		return "", "", false
	}
	return name, strings.ReplaceAll(v[1:len(v)-1], `\"`, `"`), true
}
