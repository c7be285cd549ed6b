package lab

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot/bidding"
	"github.com/openroom/openroom/results"
)

// A change to the bidding system measured against another program on the
// boards of a recorded match: a match against BEN at full strength takes
// two hours for 128 boards and its interval is a whole IMP wide, so a
// change that moves a few auctions cannot be seen in a new match. The bot
// decides the same way on the same board and seat, and so, mostly, does
// the other program, so replaying only the boards the change reaches,
// with the system before and after it, measures the change on those
// boards alone: ChangedBoards finds them, CompareReplay pairs the two
// replays (or a replay with the record, Overlay), and counts the rooms the
// change does not reach that played alike in both (those that did not add
// noise to the pairing).

// IsRefbot reports whether a player spec of a results record is a
// built-in refbot seat ("builtin:refbot:LEVEL").
func IsRefbot(player string) bool {
	return strings.HasPrefix(player, "builtin:refbot")
}

// ChangedRoom is one board-room of a recorded match on which the system
// after a change calls differently from the system before it at one of
// the bot's seats, given the calls recorded before that turn.
type ChangedRoom struct {
	// Record is the recorded board-room.
	Record *results.Record
	// At is the index in the auction of the first call that changes.
	At int
	// Before and After are the two systems' calls there.
	Before, After engine.Call
	// AsRecorded says whether the system before made every call the
	// record shows at the bot's seats before At: if not, the match was
	// played by another system (or an expert's simulated judgement), and
	// the replay measures that difference too.
	AsRecorded bool
}

// ChangedBoards walks each record's auction and, at each seat the bot
// holds (ours, given the record's player spec), asks both systems for
// their call given the recorded calls before it; a room is changed at the
// first turn where the calls differ. Only the systems' own choice is
// compared: a call that an expert bot would weigh by simulation may still
// change elsewhere. Adjusted boards and unfinished auctions are skipped at
// their end like any other.
func ChangedBoards(before, after *bidding.System, recs []results.Record, ours func(player string) bool) ([]ChangedRoom, error) {
	var out []ChangedRoom
	for i := range recs {
		r := &recs[i]
		s, err := r.Setup()
		if err != nil {
			return nil, fmt.Errorf("board %d %s: %w", r.Board, r.Room, err)
		}
		a := engine.NewAuction(s.Dealer)
		asRecorded := true
		for k, rc := range r.Auction {
			call, err := engine.ParseCall(rc.Call)
			if err != nil {
				return nil, fmt.Errorf("board %d %s: call %d %q: %w", r.Board, r.Room, k+1, rc.Call, err)
			}
			seat := a.Turn()
			if ours(r.Players.Get(seat)) {
				v := engine.NewView(seat, s.Number, s.Dealer, s.Vul, s.Deal[seat])
				v.Auction = a
				b, _, _ := before.Choose(&v)
				c, _, _ := after.Choose(&v)
				if b != c {
					out = append(out, ChangedRoom{Record: r, At: k, Before: b, After: c, AsRecorded: asRecorded})
					break
				}
				asRecorded = asRecorded && b == call
			}
			if err := a.Add(call); err != nil {
				return nil, fmt.Errorf("board %d %s: call %d %s: %w", r.Board, r.Room, k+1, call, err)
			}
		}
	}
	return out, nil
}

// ReplayBoard is one board of a replay paired with its record: the IMPs
// the bot's team scored on it in each.
type ReplayBoard struct {
	Match     string // the match and board number
	Board     int
	Recorded  int // IMPs to the bot's team as recorded (or in the control replay)
	Replayed  int // and as replayed
	Unchanged int // the board's rooms the change does not reach, of two
	// Reproduced counts those of the Unchanged rooms whose replay is the
	// record's: the same auction, play and score. Of the others, BotFirst
	// counts the rooms where the bot was the first to decide otherwise
	// (its play reads the auction with the system, so a change of the
	// system reaches its cards too) and OtherFirst those where the other
	// program was (noise, when it does not repeat itself).
	Reproduced, BotFirst, OtherFirst int
}

// ReplayReport pairs a replay of changed boards with the recorded match.
type ReplayReport struct {
	// Boards are the replayed boards, by match and number.
	Boards []ReplayBoard
	// Total is the number of boards of the recorded match played in both
	// rooms: the boards not replayed count as unchanged (a difference of
	// zero), so Mean is the change's effect on a board of the match.
	Total int
	// Mean is the replay's IMPs a board to the bot's team less the
	// record's, over Total boards; Half is its 95% interval's half-width.
	Mean, Half float64
	// Gained and Lost sum the boards' differences in the bot's favour and
	// against it.
	Gained, Lost int
}

// CompareReplay pairs the replayed board-rooms with the recorded ones of
// the same match, board and room (the record, or a control replay laid
// over it by Overlay). changed names the recorded rooms the change
// reaches in the bidding (ChangedBoards); for the others ReplayBoard says
// whether they played alike and, if not, who first played otherwise. A
// board counts only when both rooms are scored in both files.
func CompareReplay(recorded, replayed []results.Record, changed []ChangedRoom, ours func(player string) bool) (*ReplayReport, error) {
	hit := map[roomKey]bool{}
	for _, c := range changed {
		hit[keyOf(c.Record)] = true
	}
	rep := byRoom(replayed)
	// Each board's two rooms, as recorded.
	type bkey struct {
		match string
		board int
	}
	rooms := map[bkey][]*results.Record{}
	for i := range recorded {
		r := &recorded[i]
		k := bkey{r.Match, r.Board}
		rooms[k] = append(rooms[k], r)
	}
	report := &ReplayReport{}
	var diffs []int
	for k, rs := range rooms {
		if len(rs) != 2 {
			continue
		}
		was, ok := teamIMPs(rs[0], rs[1], ours)
		if !ok {
			continue
		}
		report.Total++
		r0, r1 := rep[keyOf(rs[0])], rep[keyOf(rs[1])]
		if r0 == nil && r1 == nil {
			continue
		}
		if r0 == nil || r1 == nil {
			return nil, fmt.Errorf("match %s board %d: the replay has one room of two", k.match, k.board)
		}
		now, ok := teamIMPs(r0, r1, ours)
		if !ok {
			return nil, fmt.Errorf("match %s board %d: the replay is not scored in both rooms", k.match, k.board)
		}
		b := ReplayBoard{Match: k.match, Board: k.board, Recorded: was, Replayed: now}
		for i, r := range rs {
			if hit[keyOf(r)] {
				continue
			}
			b.Unchanged++
			switch firstOtherwise(r, []*results.Record{r0, r1}[i], ours) {
			case alike:
				b.Reproduced++
			case botFirst:
				b.BotFirst++
			default:
				b.OtherFirst++
			}
		}
		report.Boards = append(report.Boards, b)
		d := now - was
		diffs = append(diffs, d)
		if d > 0 {
			report.Gained += d
		} else {
			report.Lost -= d
		}
	}
	sort.Slice(report.Boards, func(i, j int) bool {
		a, b := report.Boards[i], report.Boards[j]
		return a.Match < b.Match || a.Match == b.Match && a.Board < b.Board
	})
	report.Mean, report.Half = MeanInterval(diffs, report.Total)
	return report, nil
}

// Overlay returns the recorded board-rooms with those a control replay
// holds (the same match, board and room) in their place. A match played by
// an older program does not replay as recorded even where a change of the
// system does not reach; replaying the changed boards twice, with the
// system before and after, and pairing the two, measures the change alone,
// while the record still counts the boards of the match.
func Overlay(recorded, control []results.Record) []results.Record {
	by := byRoom(control)
	out := make([]results.Record, len(recorded))
	for i, r := range recorded {
		if c := by[keyOf(&r)]; c != nil {
			r = *c
		}
		out[i] = r
	}
	return out
}

// roomKey names a board-room of a match.
type roomKey struct {
	match, room string
	board       int
}

func keyOf(r *results.Record) roomKey { return roomKey{r.Match, r.Room, r.Board} }

// byRoom indexes records by their board-room.
func byRoom(recs []results.Record) map[roomKey]*results.Record {
	by := make(map[roomKey]*results.Record, len(recs))
	for i := range recs {
		by[keyOf(&recs[i])] = &recs[i]
	}
	return by
}

// MeanInterval returns the mean of total values of which diffs are the
// ones not zero (the boards not replayed count as zero), and the
// half-width of its 95% interval.
func MeanInterval(diffs []int, total int) (mean, half float64) {
	if total <= 0 {
		return 0, 0
	}
	sum, sq := 0.0, 0.0
	for _, d := range diffs {
		sum += float64(d)
		sq += float64(d * d)
	}
	n := float64(total)
	mean = sum / n
	if total > 1 {
		v := (sq - n*mean*mean) / (n - 1)
		half = 1.96 * math.Sqrt(math.Max(v, 0)/n)
	}
	return mean, half
}

// teamIMPs returns the IMPs the bot's team (the side ours says it holds in
// each room) scored on a board from its two rooms; ok is false when a
// room is not scored or the bot holds neither side or both in a room.
func teamIMPs(a, b *results.Record, ours func(string) bool) (int, bool) {
	sa, oka := teamScore(a, ours)
	sb, okb := teamScore(b, ours)
	if !oka || !okb {
		return 0, false
	}
	return engine.IMPs(sa + sb), true
}

// teamScore is a room's score from the bot's side.
func teamScore(r *results.Record, ours func(string) bool) (int, bool) {
	if r.ScoreNS == nil {
		return 0, false
	}
	ns := ours(r.Players.N) && ours(r.Players.S)
	ew := ours(r.Players.E) && ours(r.Players.W)
	switch {
	case ns && !ew:
		return *r.ScoreNS, true
	case ew && !ns:
		return -*r.ScoreNS, true
	}
	return 0, false
}

// Who first decided otherwise in two plays of a board-room.
const (
	alike = iota
	botFirst
	otherFirst
)

// firstOtherwise compares two plays of a board-room: alike when the calls,
// cards and score are the same, else whether the first call or card that
// differs was the bot's (ours) or the other program's (a card of dummy's
// is declarer's). A record that does not decode counts as the other's.
func firstOtherwise(a, b *results.Record, ours func(string) bool) int {
	for i := 0; i < min(len(a.Auction), len(b.Auction)); i++ {
		if a.Auction[i].Call != b.Auction[i].Call {
			s, err := a.Setup()
			if err != nil {
				return otherFirst
			}
			auction := engine.NewAuction(s.Dealer)
			return whose(a, auction.SeatOf(i), ours)
		}
	}
	if len(a.Auction) != len(b.Auction) {
		return otherFirst
	}
	for i := 0; i < min(len(a.Play), len(b.Play)); i++ {
		if a.Play[i] != b.Play[i] {
			p, err := a.Decode()
			if err != nil {
				return otherFirst
			}
			play := p.Board.Play()
			seat := play.SeatOf(i)
			if seat == play.Dummy() {
				seat = play.Declarer()
			}
			return whose(a, seat, ours)
		}
	}
	if len(a.Play) != len(b.Play) || a.ScoreNS == nil || b.ScoreNS == nil || *a.ScoreNS != *b.ScoreNS {
		return otherFirst
	}
	return alike
}

// whose says whether the seat's decisions were the bot's.
func whose(r *results.Record, seat engine.Seat, ours func(string) bool) int {
	if ours(r.Players.Get(seat)) {
		return botFirst
	}
	return otherFirst
}
