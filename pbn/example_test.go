package pbn_test

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/pbn"
	"github.com/openroom/openroom/results"
)

const exampleFile = `% PBN 2.1
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQ2.K32.A32.K32 J543.QJ9.KJ9.QJ9 T98.AT87.QT8.AT8 76.654.7654.7654"]
[Contract "3NT"]
[Declarer "N"]
[Auction "N"]
1C =1= Pass 1H Pass
3NT AP
[Note "1:could be short"]

[Board "2"]
[Deal "E:AKQ2.K32.A32.K32 J543.QJ9.KJ9.QJ9 T98.AT87.QT8.AT8 76.654.7654.7654"]
`

func ExampleReader() {
	r := pbn.NewReader(strings.NewReader(exampleFile))
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err) // a malformed game: report it and go on with the next
			continue
		}
		a, err := g.Auction()
		if err != nil || a == nil {
			fmt.Println("board", g.Get("Board"), "has no auction")
			continue
		}
		var calls []string
		for _, c := range a.Calls {
			s := c.Seat.String() + ":" + c.Call.String()
			if c.Alert != "" {
				s += " (" + c.Alert + ")"
			}
			calls = append(calls, s)
		}
		fmt.Println(strings.Join(calls, " "))
	}
	// Output:
	// N:1C (could be short) E:Pass S:1H W:Pass N:3NT E:Pass S:Pass W:Pass
	// board 2 has no auction
}

func ExampleReadDeals() {
	deals, err := pbn.ReadDeals(strings.NewReader(exampleFile))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, d := range deals {
		// Board 2 has no Dealer or Vulnerable tag: the WBF conventions apply.
		fmt.Println(d.Number, d.Dealer, d.Vul, d.Deal[engine.North])
	}
	// Output:
	// 1 N None AKQ2.K32.A32.K32
	// 2 E NS 76.654.7654.7654
}

func ExampleFromRecord() {
	b := engine.NewBoard(1, engine.NewDealSource("example").Deal(1))
	for _, c := range []engine.Call{engine.Bid(1, engine.NoTrump), engine.Pass, engine.Pass, engine.Pass} {
		seat, _ := b.Turn()
		_ = b.Call(seat, c)
	}
	rec := results.FromBoard(b, []string{"15-17"})
	rec.Event, rec.Room = "Example", "open"
	rec.Termination = results.Termination{Kind: results.KindTimeout, Seat: "E"}

	g, err := pbn.FromRecord(rec, pbn.RecordOptions{Site: "Internet"})
	if err != nil {
		fmt.Println(err)
		return
	}
	g.Set("OptimumScore", "NS 120") // analyze adds its findings like this
	w := pbn.NewWriter(os.Stdout)
	w.OmitHeader = true
	if err := w.Write(g); err != nil {
		fmt.Println(err)
	}
	// Output:
	// [Event "Example"]
	// [Site "Internet"]
	// [Date "????.??.??"]
	// [Board "1"]
	// [West ""]
	// [North ""]
	// [East ""]
	// [South ""]
	// [Dealer "N"]
	// [Vulnerable "None"]
	// [Deal "N:A9.AK97.87.AT943 73.J864.AQJT3.65 QT52.QT5.K54.KQ8 KJ864.32.962.J72"]
	// [Scoring "IMP"]
	// [Declarer "N"]
	// [Contract "1NT"]
	// [Result ""]
	// [Generator "openroom"]
	// [OptimumScore "NS 120"]
	// [Room "Open"]
	// [Termination "time forfeit"]
	// [Auction "N"]
	// 1NT =1= AP
	// [Note "1:15-17"]
	// [Play "E"]
	// *
}
