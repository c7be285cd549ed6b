package player_test

import (
	"context"
	"fmt"
	"log"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/player"
)

// A Referee plays a board in-process between four players, each asked with
// its own seat's view only, and says how the board ended.
func ExampleReferee() {
	board := engine.NewBoard(1, engine.NewDealSource("example").Deal(1))
	r := player.Random{Seed: "my team"}
	ref := player.Referee{Players: [engine.NumSeats]player.Player{r, r, r, r}}
	outcome, err := ref.Play(context.Background(), board)
	if err != nil {
		log.Fatal(err)
	}
	contract, _ := board.Contract()
	score, _ := board.ScoreNS()
	fmt.Println(outcome, contract, contract.Declarer.Name(), score)
	// Output:
	// played 7S South -200
}
