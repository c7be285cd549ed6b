package protocol

import (
	"bufio"
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/player/playertest"
	"github.com/openroom/openroom/results"
)

// FuzzTableLine sends whatever the fuzzer makes, as one or more lines, from
// South in the middle of a board, then hangs up. Whatever it is (garbage,
// a line for another seat, an illegal or out-of-turn action, a huge line),
// the table must not panic, must stop the board against South and nobody
// else, and must end the session with its one record. FuzzParse covers the
// parser itself; this covers what the table does with what it parses.
func FuzzTableLine(f *testing.F) {
	for _, s := range []string{
		"South ready for North's bid",
		"South passes",
		"South bids 1NT Alert. strong",
		"SOUTH  PLAYS  AS",
		"South ready for dummy",
		"North passes",
		"South ready for deal\nSouth ready for cards",
		"South ready for West's card to trick 14",
		"Connecting \"x\" as South using protocol version 18",
		"End of session",
		"South received dummy\nSouth ready to start",
		"\x00\xff garbage",
		strings.Repeat("A", 2*MaxLineLength),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		var recs []results.Record
		cfg := Config{
			Boards:           engine.SeededBoards("fuzz", []int{1}),
			ActionTimeout:    time.Second,
			ReconnectTimeout: time.Millisecond,
			OnBoard:          func(r results.Record) error { recs = append(recs, r); return nil },
		}
		for _, s := range []engine.Seat{engine.North, engine.East, engine.West} {
			cfg.Local[s] = ClientBot("T"+s.Side().String(), playertest.Instant{})
		}
		tbl, err := NewTable(cfg)
		if err != nil {
			t.Fatal(err)
		}
		host, seat := net.Pipe()
		tbl.Attach(host)
		go fuzzSouth(seat, data)
		if err := tbl.Run(ctx); err != nil {
			t.Fatalf("Run: %v", err)
		}
		if len(recs) != 1 {
			t.Fatalf("%d records, want 1", len(recs))
		}
		if r := recs[0]; r.Complete() || r.Termination.Seat != "S" {
			t.Fatalf("termination %+v, want a fault by South", r.Termination)
		}
	})
}

// fuzzSouth sits down as South, asks for the deal and its cards, sends
// data and hangs up.
func fuzzSouth(nc net.Conn, data string) {
	defer nc.Close()
	nc.SetDeadline(time.Now().Add(5 * time.Second))
	r := bufio.NewReader(nc)
	w := func(s string) bool {
		_, err := nc.Write([]byte(s + "\r\n"))
		return err == nil
	}
	w(`Connecting "TNS" as South using protocol version 18`)
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		switch {
		case strings.HasPrefix(line, "South (\"TNS\") seated"):
			w("South ready for teams")
		case strings.HasPrefix(line, "Teams"):
			w("South ready to start")
		case strings.HasPrefix(line, "Start of board"):
			w("South ready for deal")
		case strings.HasPrefix(line, "Board number"):
			w("South ready for cards")
		case strings.HasPrefix(line, "South's cards"):
			// Keep reading while sending: a pipe write waits for the
			// reader, and the table may be writing to us too.
			go func() {
				for _, l := range strings.Split(data, "\n") {
					if !w(l) {
						break
					}
				}
				nc.Close()
			}()
		}
	}
}
