package lin_test

import (
	"fmt"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/lin"
	"github.com/openroom/openroom/results"
)

func ExampleLine() {
	b := engine.NewBoard(1, engine.NewDealSource("example").Deal(1))
	for _, c := range []engine.Call{engine.Bid(1, engine.NoTrump), engine.Pass, engine.Pass, engine.Pass} {
		seat, _ := b.Turn()
		_ = b.Call(seat, c)
	}
	_ = b.PlayCard(engine.East, engine.NewCard(engine.Diamonds, engine.Ace))
	rec := results.FromBoard(b, []string{"15-17"})
	rec.Players = results.Seats{N: "nora", E: "ed", S: "sam", W: "wu"}

	line, err := lin.Line(rec)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(line)
	fmt.Println(lin.HandViewerURL("pn|sam,wu,nora,ed|ah|Board 1|"))
	// Output:
	// pn|sam,wu,nora,ed|md|3SQT52HQT5DK54CKQ8,SKJ864H32D962CJ72,SA9HAK97D87CAT943,S73HJ864DAQJT3C65|ah|Board 1|sv|o|mb|1N!|an|15-17|mb|p|mb|p|mb|p|pc|DA|
	// https://www.bridgebase.com/tools/handviewer.html?lin=pn%7Csam%2Cwu%2Cnora%2Ced%7Cah%7CBoard%201%7C
}
