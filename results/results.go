package results

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"

	"github.com/openroom/openroom/engine"
)

// Ruleset names the rule set every record is played under.
const Ruleset = "bridge-duplicate-practice-v1"

// Termination kinds.
const (
	KindNormal     = "normal"
	KindIllegal    = "illegal"
	KindTimeout    = "timeout"
	KindDisconnect = "disconnect"
	KindProtocol   = "protocol"
)

// Call is one call of the auction as recorded. Alerted is written for
// every alerted call and Alert holds its explanation, if any: a bare alert
// is {"alerted": true} with no alert. Records written before Alerted
// existed have only the text; read them with IsAlerted.
type Call struct {
	Seat    string `json:"seat"`
	Call    string `json:"call"`
	Alerted bool   `json:"alerted,omitempty"`
	Alert   string `json:"alert,omitempty"`
}

// IsAlerted reports whether the call was alerted, with or without an
// explanation (an explanation alone, as older records have it, counts).
func (c Call) IsAlerted() bool { return c.Alerted || c.Alert != "" }

// Termination says how a board ended: normally, or stopped by a fault of a
// seat. Seat names the first seat at fault; Seats lists every seat at fault
// when there is more than one (a board that could not start because seats
// of both sides were missing).
type Termination struct {
	Kind   string   `json:"kind"`
	Seat   string   `json:"seat,omitempty"`
	Seats  []string `json:"seats,omitempty"`
	Detail string   `json:"detail,omitempty"`
}

// Adjusted is the artificial adjusted score of a board stopped by a fault:
// "A+" to the side not at fault, "A-" to the side at fault.
type Adjusted struct {
	NS string `json:"ns"`
	EW string `json:"ew"`
}

// Seats maps a seat letter to a value; it marshals as {"N": ..., "E": ..., "S": ..., "W": ...}.
type Seats struct {
	N string `json:"N"`
	E string `json:"E"`
	S string `json:"S"`
	W string `json:"W"`
}

// Get returns the value for a seat.
func (s *Seats) Get(seat engine.Seat) string {
	switch seat {
	case engine.North:
		return s.N
	case engine.East:
		return s.E
	case engine.South:
		return s.S
	}
	return s.W
}

// Set sets the value for a seat.
func (s *Seats) Set(seat engine.Seat, v string) {
	switch seat {
	case engine.North:
		s.N = v
	case engine.East:
		s.E = v
	case engine.South:
		s.S = v
	default:
		s.W = v
	}
}

// SideTimes is each side's think time on a board in milliseconds.
type SideTimes struct {
	NS int64 `json:"NS"`
	EW int64 `json:"EW"`
}

// Record is one finished board in one room. Required keys are always
// written; optional ones are omitted when empty.
type Record struct {
	Ruleset     string         `json:"ruleset"`
	Event       string         `json:"event"`
	Match       string         `json:"match"`
	Room        string         `json:"room"`
	Table       string         `json:"table"`
	Board       int            `json:"board"`
	Dealer      string         `json:"dealer"`
	Vulnerable  string         `json:"vulnerable"`
	Deal        string         `json:"deal"`
	Players     Seats          `json:"players"`
	Auction     []Call         `json:"auction"`
	Play        []string       `json:"play"`
	Contract    string         `json:"contract"`
	Declarer    string         `json:"declarer"`
	Tricks      *int           `json:"tricks"`
	ScoreNS     *int           `json:"score_ns"`
	Termination Termination    `json:"termination"`
	Adjusted    *Adjusted      `json:"adjusted,omitempty"`
	TimeMS      SideTimes      `json:"time_ms"`
	Seed        string         `json:"seed,omitempty"`    // the deal seed, when dealt from one (engine.BoardSetup.Seed)
	Attempt     int            `json:"attempt,omitempty"` // replay count under the replay fault policy
	Extra       map[string]any `json:"extra,omitempty"`   // tool-specific additions
	ClockCapped []ClockCap     `json:"clock_capped,omitempty"`

	// board is the board the record was made from, when a table kept it
	// (SetBoard): the writers and the live view read it instead of
	// replaying the strings above. Unexported, so that it is never
	// written and never set apart from the facts it gives.
	board *engine.Board
}

// ClockCap counts one seat's decisions on a board that the clock, not its
// built-in bot's counts, shaped (a machine far slower or busier than
// expected): the board may then not replay the same from its seed. A
// record lists such seats in ClockCapped (clock_capped), omitted when
// there are none.
type ClockCap struct {
	Seat      string `json:"seat"`
	Decisions int    `json:"decisions"`
}

// ClockCappedDecisions returns how many decisions of the board the clock
// shaped, over every seat.
func (r *Record) ClockCappedDecisions() int {
	n := 0
	for _, c := range r.ClockCapped {
		n += c.Decisions
	}
	return n
}

// Key identifies a board-room within an event, for resuming.
type Key struct {
	Event, Match, Room, Table string
	Board                     int
}

// Key returns the record's identity.
func (r *Record) Key() Key {
	return Key{r.Event, r.Match, r.Room, r.Table, r.Board}
}

// Complete reports whether the board was played to its end (not stopped by a fault).
func (r *Record) Complete() bool { return r.Termination.Kind == KindNormal }

// FromBoard fills the board's facts from a board state machine: number,
// dealer, vulnerability, deal and its seed, auction, play, contract,
// declarer and, when the board is done, tricks and score. Alerts are given
// per call index (nil for none): each call's explanation, "" for none; a
// call with an explanation is marked Alerted. A bare alert (no
// explanation) is marked by the caller setting Auction[i].Alerted. Termination defaults to normal when the
// board is done; a board stopped by a fault gets its outcome with
// SetOutcome. Identity and players are stamped by an Identity, times by
// the table.
func FromBoard(b *engine.Board, alerts []string) Record {
	r := Record{
		Ruleset:    Ruleset,
		Board:      b.Number(),
		Dealer:     b.Dealer().String(),
		Vulnerable: b.Vulnerability().String(),
		Deal:       b.Deal().Format(b.Dealer()),
		Seed:       b.Setup().Seed,
		Auction:    []Call{},
		Play:       []string{},
	}
	a := b.Auction()
	for i, c := range a.Calls() {
		rc := Call{Seat: a.SeatOf(i).String(), Call: c.String()}
		if i < len(alerts) {
			rc.Alert = alerts[i]
			rc.Alerted = rc.Alert != ""
		}
		r.Auction = append(r.Auction, rc)
	}
	for _, c := range b.Play().Cards() {
		r.Play = append(r.Play, c.String())
	}
	if c, ok := b.Contract(); ok {
		r.Contract = c.String()
		if !c.PassedOut() {
			r.Declarer = c.Declarer.String()
		}
	}
	if score, ok := b.ScoreNS(); ok {
		r.ScoreNS = &score
		r.Termination = Termination{Kind: KindNormal}
		if c, _ := b.Contract(); !c.PassedOut() {
			t := b.DeclarerTricks()
			r.Tricks = &t
		}
	}
	return r
}

// Writer appends records to a JSON Lines stream, one line per record,
// flushing (and, for files, syncing) each before Write returns.
type Writer struct {
	w    io.Writer
	sync func() error
}

// NewWriter returns a Writer on w. If w has a Sync method (an *os.File), each
// record is synced to stable storage.
func NewWriter(w io.Writer) *Writer {
	rw := &Writer{w: w}
	if s, ok := w.(interface{ Sync() error }); ok {
		rw.sync = s.Sync
	}
	return rw
}

// Write appends one record as a single line.
func (w *Writer) Write(r *Record) error {
	b, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("results: encode board %d: %w", r.Board, err)
	}
	b = append(b, '\n')
	if _, err := w.w.Write(b); err != nil {
		return fmt.Errorf("results: write board %d: %w", r.Board, err)
	}
	if w.sync != nil {
		if err := w.sync(); err != nil {
			return fmt.Errorf("results: sync board %d: %w", r.Board, err)
		}
	}
	return nil
}

// OpenAppend opens (creating if needed) a results file for appending. A last
// line cut short by a crash is left in place; Read skips it, and the next
// record starts on a fresh line.
func OpenAppend(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return nil, fmt.Errorf("results: %w", err)
	}
	// Make sure a torn last line does not swallow the next record.
	if st, err := f.Stat(); err == nil && st.Size() > 0 {
		last := make([]byte, 1)
		if _, err := f.ReadAt(last, st.Size()-1); err == nil && last[0] != '\n' {
			if _, err := f.Write([]byte{'\n'}); err != nil {
				f.Close()
				return nil, fmt.Errorf("results: %w", err)
			}
		}
	}
	return f, nil
}

// ErrMalformed marks a line that is not a valid record.
var ErrMalformed = errors.New("malformed results line")

// LineError is a line of a results stream that is malformed, too long
// (ErrLineTooLong) or a record refused (ErrMismatch). Path, when set,
// names the file: the error then reads "path:line: what".
type LineError struct {
	Path string
	Line int
	Err  error
}

func (e *LineError) Error() string {
	if e.Path != "" {
		return fmt.Sprintf("%s:%d: %v", e.Path, e.Line, e.Err)
	}
	return fmt.Sprintf("results: line %d: %v", e.Line, e.Err)
}
func (e *LineError) Unwrap() error { return e.Err }

// Span is where a line is in a results stream.
type Span struct {
	Off  int64 // of the line's first byte
	Len  int   // bytes, without the newline
	Line int   // its line number (from 1), for an error
}

// EachLine calls fn with every line of a stream that is not blank, its
// spaces trimmed, and where it is, in order; the line is fn's only until it
// returns. It stops at fn's first error and returns it; a line longer
// than MaxLine stops it with a *LineError wrapping ErrLineTooLong, read no
// further than MaxLine; other errors are for I/O. It holds one line,
// whatever the stream's length: it is the one reader of results streams
// (Each, Read, and a merge that copies lines).
func EachLine(in io.Reader, fn func(line []byte, at Span) error) error {
	br := bufio.NewReaderSize(in, MaxLine)
	var (
		off  int64
		line int
	)
	for {
		b, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			return &LineError{Line: line + 1, Err: ErrLineTooLong}
		}
		if len(b) > 0 {
			line++
			at := Span{Off: off, Len: len(bytes.TrimSuffix(b, []byte{'\n'})), Line: line}
			off += int64(len(b))
			if t := bytes.TrimSpace(b); len(t) > 0 {
				if ferr := fn(t, at); ferr != nil {
					return ferr
				}
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("results: line %d: %w", line+1, err)
		}
	}
}

// Parse reads one line of a results stream into r, which it overwrites:
// an error wrapping ErrMalformed when the line is not a record (not JSON
// of one, or without its rule set or board). It is what Read, Each and the
// merge take as a record, so that they agree on every line.
func Parse(line []byte, r *Record) error {
	if err := json.Unmarshal(line, r); err != nil {
		return fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	if r.Ruleset == "" || r.Board == 0 {
		return fmt.Errorf("%w: missing ruleset or board", ErrMalformed)
	}
	return nil
}

// Each calls fn with every record of a JSON Lines stream, in order, and
// where its line is; each record is a new one, fn's to keep. Blank lines are
// skipped; a malformed line (a line torn by a crash) is given to bad, when
// not nil, and skipped, exactly as Read does. It stops at fn's first error
// and returns it; other errors are for I/O. fn and bad are called on the
// caller's goroutine, one at a time.
//
// Decoding the lines' JSON is most of the work, so with more than one
// core (GOMAXPROCS) the lines are decoded on every core, in batches, while
// fn takes the records in order; memory then holds a few batches of lines
// and records (a few MB), whatever the stream's length.
func Each(in io.Reader, fn func(r *Record, at Span) error, bad func(*LineError)) error {
	return each(in, fn, bad, runtime.GOMAXPROCS(0), nil)
}

// EachChecked is Each with every record that which selects (every record
// for a nil which) checked against its replay (Checker.Check) as it is
// decoded, on the decoding goroutines: the first record refused stops it
// with a *LineError wrapping the *FieldError (ErrMismatch), after fn has
// taken the records before it. It is how a results file written earlier
// is read back: by a resume, a merge and a re-scoring alike. which is
// called on the decoding goroutines, at once.
func EachChecked(in io.Reader, which func(*Record) bool, fn func(r *Record, at Span) error, bad func(*LineError)) error {
	if which == nil {
		which = func(*Record) bool { return true }
	}
	return each(in, fn, bad, runtime.GOMAXPROCS(0), which)
}

// each is Each decoding on workers goroutines (on the caller's alone below
// two), checking the records which selects (none for a nil which).
func each(in io.Reader, fn func(r *Record, at Span) error, bad func(*LineError), workers int, which func(*Record) bool) error {
	if workers < 2 {
		return eachSerial(in, fn, bad, newChecker(which))
	}
	work := make(chan *lineBatch, workers)
	order := make(chan *lineBatch, 2*workers) // bounds the batches in flight
	quit := make(chan struct{})
	var readErr error
	go func() {
		defer close(work)
		defer close(order)
		readErr = sendBatches(in, work, order, quit)
	}()
	for range workers {
		go func() {
			c := newChecker(which)
			for b := range work {
				b.parse(c)
				close(b.done)
			}
		}()
	}
	if err := takeBatches(order, quit, fn, bad); err != nil {
		return err
	}
	return readErr // written before order was closed
}

// eachSerial is each on the caller's goroutine alone.
func eachSerial(in io.Reader, fn func(r *Record, at Span) error, bad func(*LineError), c *Checker) error {
	return EachLine(in, func(line []byte, at Span) error {
		r := new(Record)
		if err := Parse(line, r); err != nil {
			if bad != nil {
				bad(&LineError{Line: at.Line, Err: err})
			}
			return nil
		}
		if err := c.check(r); err != nil {
			return &LineError{Line: at.Line, Err: err}
		}
		return fn(r, at)
	})
}

// sendBatches reads the stream's lines into batches and sends each to
// order (where fn takes them in turn) and then to work (where a decoder
// takes it), until the stream ends or quit is closed.
func sendBatches(in io.Reader, work, order chan<- *lineBatch, quit <-chan struct{}) error {
	b := &lineBatch{}
	send := func() bool {
		size := cap(b.buf) // b is the workers' once sent
		b.done = make(chan struct{})
		select {
		case order <- b:
		case <-quit:
			return false
		}
		work <- b
		// The next batch's lines take about as much room: no growing.
		b = &lineBatch{buf: make([]byte, 0, size), ends: make([]int, 0, batchLines), at: make([]Span, 0, batchLines)}
		return true
	}
	err := EachLine(in, func(line []byte, at Span) error {
		select {
		case <-quit:
			return errQuit
		default:
		}
		b.add(line, at)
		if len(b.at) == batchLines && !send() {
			return errQuit
		}
		return nil
	})
	if err == nil && len(b.at) > 0 {
		send()
	}
	return err
}

// takeBatches gives fn the records of the batches in order, each once
// decoded, and bad the lines that are not records. At fn's first error,
// or a record refused, it closes quit (the reader stops; the batches sent
// are drained) and returns that error.
func takeBatches(order <-chan *lineBatch, quit chan struct{}, fn func(r *Record, at Span) error, bad func(*LineError)) error {
	var err error
	for b := range order {
		<-b.done
		for i := 0; err == nil && i < len(b.at); i++ {
			if b.errs[i] != nil && errors.Is(b.errs[i], ErrMismatch) {
				err = &LineError{Line: b.at[i].Line, Err: b.errs[i]}
				close(quit)
				break
			}
			if b.errs[i] != nil {
				if bad != nil {
					bad(&LineError{Line: b.at[i].Line, Err: b.errs[i]})
				}
				continue
			}
			if err = fn(b.recs[i], b.at[i]); err != nil {
				close(quit)
			}
		}
	}
	return err
}

// batchLines is the lines of a batch decoded at once by one goroutine.
const batchLines = 256

var errQuit = errors.New("results: stopped")

// lineBatch is consecutive lines of a stream and, once done is closed,
// their records or errors.
type lineBatch struct {
	buf  []byte // the lines, one after the other
	ends []int  // where each line ends in buf
	at   []Span
	recs []*Record
	errs []error
	done chan struct{}
}

func (b *lineBatch) add(line []byte, at Span) {
	b.buf = append(b.buf, line...)
	b.ends = append(b.ends, len(b.buf))
	b.at = append(b.at, at)
}

// parse decodes the batch's lines and, with a checker, checks their
// records.
func (b *lineBatch) parse(c *Checker) {
	b.recs = make([]*Record, len(b.at))
	b.errs = make([]error, len(b.at))
	start := 0
	for i, end := range b.ends {
		r := new(Record)
		if err := Parse(b.buf[start:end], r); err != nil {
			b.errs[i] = err
		} else if err := c.check(r); err != nil {
			b.errs[i] = err
		} else {
			b.recs[i] = r
		}
		start = end
	}
	b.buf = nil
}

// Read reads every record of a JSON Lines stream. Blank lines are skipped. A
// malformed line is reported in bad (with its line number) and skipped, so a
// line torn by a crash costs only itself; err is for I/O errors.
func Read(r io.Reader) (recs []Record, bad []*LineError, err error) {
	err = Each(r, func(rec *Record, _ Span) error {
		recs = append(recs, *rec)
		return nil
	}, func(e *LineError) { bad = append(bad, e) })
	return recs, bad, err
}

// ReadFile reads a results file; a missing file gives no records and no
// error, and one that is not a regular file (a FIFO, a device) an error
// wrapping ErrNotRegular.
func ReadFile(path string) ([]Record, []*LineError, error) {
	f, err := OpenRegular(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("results: %w", err)
	}
	defer f.Close()
	return Read(f)
}
