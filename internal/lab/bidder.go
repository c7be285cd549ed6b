package lab

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strconv"
	"time"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot"
	"github.com/openroom/openroom/refbot/bidding"
)

// bidder makes the call of the seat whose view it is given.
type bidder func(v *engine.View) (engine.Call, error)

// systemBidder bids the system's own calls.
func systemBidder(sys *bidding.System) bidder {
	return func(v *engine.View) (engine.Call, error) {
		c, _, _ := sys.Choose(v)
		return c, nil
	}
}

// callTimes are the durations of a bot's calls, for the report.
type callTimes struct{ d []time.Duration }

// String gives the calls' count, p50, p95 and the longest.
func (t *callTimes) String() string {
	if len(t.d) == 0 {
		return "calls: none"
	}
	d := append([]time.Duration(nil), t.d...)
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	at := func(q float64) time.Duration { return d[min(len(d)-1, int(q*float64(len(d))))] }
	// A call that simulated takes milliseconds; the system's own, microseconds.
	slow := d[sort.Search(len(d), func(i int) bool { return d[i] >= time.Millisecond }):]
	out := fmt.Sprintf("calls: %d, p50 %v, p95 %v, max %v", len(d), at(0.5), at(0.95), d[len(d)-1])
	if len(slow) > 0 {
		out += fmt.Sprintf("; %d simulated (1 ms or more): p50 %v, p95 %v", len(slow), slow[len(slow)/2], slow[min(len(slow)-1, int(0.95*float64(len(slow))))])
	}
	return out
}

// newBidder returns the system's bidder, or with a level refbot's at that
// level, seeded as a run seeds teams NS and EW, with the times of its
// calls.
func newBidder(sys *bidding.System, level string, opts ...refbot.Option) (bidder, *callTimes, error) {
	if level == "" {
		return systemBidder(sys), nil, nil
	}
	var bots [2]*refbot.Bot
	for side, team := range []string{"NS", "EW"} {
		b, err := refbot.NewBuiltin(level, refbot.TeamSeed(team), append([]refbot.Option{refbot.WithSystem(sys)}, opts...)...)
		if err != nil {
			return nil, nil, err
		}
		bots[side] = b
	}
	times := &callTimes{}
	return func(v *engine.View) (engine.Call, error) {
		start := time.Now()
		c, _, err := bots[v.Seat.Side()].Call(context.Background(), v)
		times.d = append(times.d, time.Since(start))
		return c, err
	}, times, nil
}

// penaltyOptions returns the bot options of a penalty margin given as
// text: "" for the level's, "off" for never, else IMPs a layout.
func penaltyOptions(margin string) ([]refbot.Option, error) {
	switch margin {
	case "":
		return nil, nil
	case "off":
		return []refbot.Option{refbot.WithPenaltyMargin(math.Inf(1))}, nil
	}
	m, err := strconv.ParseFloat(margin, 64)
	if err != nil || math.IsNaN(m) {
		return nil, fmt.Errorf("%q is neither IMPs a layout nor \"off\"", margin)
	}
	return []refbot.Option{refbot.WithPenaltyMargin(m)}, nil
}
