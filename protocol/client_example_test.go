package protocol_test

import (
	"context"
	"fmt"
	"log"
	"time"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/protocol"
)

// lowBot passes throughout the auction and plays its lowest legal card.
type lowBot struct{}

func (lowBot) Call(ctx context.Context, v *engine.View) (engine.Call, string, error) {
	return engine.Pass, "", nil
}

func (lowBot) Card(ctx context.Context, v *engine.View) (engine.Card, error) {
	legal, _ := v.LegalCards() // dummy's cards too, when v.Play.Turn() is dummy
	c, _ := legal.Lowest()
	return c, nil
}

// A Go bot sits down at a table manager with RunSession, which reconnects
// after a stopped board.
func ExampleRunSession() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	cfg := protocol.ClientConfig{Team: "My Team", Seat: engine.North}
	boards, err := protocol.RunSession(ctx, protocol.DialTCP("127.0.0.1:2000"), cfg, lowBot{}, 0)
	if err != nil {
		log.Print(err)
	}
	fmt.Println(boards, "boards played")
}

func ExampleParse() {
	m, err := protocol.Parse("WEST  BIDS 1n. alert. 15-17\r\n")
	if err != nil {
		log.Fatal(err)
	}
	c := m.(protocol.Called)
	fmt.Println(c.Seat.Name(), c.Call, c.Alert)
	fmt.Println(m)
	// Output:
	// West 1NT 15-17
	// West bids 1NT Alert. 15-17
}
