package results

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/openroom/openroom/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCheck forges each fact of a played record, and of a fault's, that
// the replay decides: Check refuses it naming the field; the record as
// written passes.
func TestCheck(t *testing.T) {
	t.Parallel()
	played := writeRead(t, ptr(FromBoard(playedBoard(t), nil)))
	fault := FromBoard(playedBoard(t), nil)
	fault.Play = fault.Play[:20]
	fault.SetOutcome(engine.Fault(engine.Timeout, "slow", engine.East))
	fault = writeRead(t, &fault)
	passed, err := engine.Replay(playedBoard(t).Setup(), []engine.Call{engine.Pass, engine.Pass, engine.Pass, engine.Pass}, nil)
	require.NoError(t, err)
	passedOut := writeRead(t, ptr(FromBoard(passed, nil)))

	tests := []struct {
		name   string
		base   Record
		change func(r *Record)
		field  string // "" for a record that passes
	}{
		{"played as written", played, func(*Record) {}, ""},
		{"fault as written", fault, func(*Record) {}, ""},
		{"passed out as written", passedOut, func(*Record) {}, ""},
		{"score_ns", played, func(r *Record) { *r.ScoreNS += 10 }, "score_ns"},
		{"score_ns missing", played, func(r *Record) { r.ScoreNS = nil }, "score_ns"},
		{"tricks", played, func(r *Record) { *r.Tricks = 13 - *r.Tricks }, "tricks"},
		{"tricks missing", played, func(r *Record) { r.Tricks = nil }, "tricks"},
		{"contract", played, func(r *Record) { r.Contract = "3NT" }, "contract"},
		{"contract missing", played, func(r *Record) { r.Contract = "" }, "contract"},
		{"declarer", played, func(r *Record) { r.Declarer = "E" }, "declarer"},
		{"a card", played, func(r *Record) { r.Play[0], r.Play[1] = r.Play[1], r.Play[0] }, "play"},
		{"a card not held", played, func(r *Record) { r.Play[0] = "SA" }, "play"},
		{"a card cut", played, func(r *Record) { r.Play = r.Play[:51] }, "play"},
		{"a call", played, func(r *Record) { r.Auction[1].Call = "1C" }, "auction"}, // insufficient over 1NT
		{"a call's seat", played, func(r *Record) { r.Auction[1].Seat = "S" }, "auction"},
		{"vulnerability", played, func(r *Record) { r.Vulnerable = "Both" }, "score_ns"},
		{"dealer", played, func(r *Record) { r.Dealer = "Z" }, "dealer"},
		{"deal", played, func(r *Record) { r.Deal = "N:AKQ" }, "deal"},
		{"no termination", played, func(r *Record) { r.Termination.Kind = "" }, "termination"},
		{"normal with a seat at fault", played, func(r *Record) { r.Termination.Seat = "N" }, "termination"},
		{"normal with an adjusted score", played, func(r *Record) { r.Adjusted = &Adjusted{NS: "A+", EW: "A-"} }, "adjusted"},
		{"passed out with tricks", passedOut, func(r *Record) { r.Tricks = ptr(7) }, "tricks"},
		{"passed out with a score", passedOut, func(r *Record) { r.ScoreNS = ptr(100) }, "score_ns"},
		{"fault with a score", fault, func(r *Record) { r.ScoreNS = ptr(100) }, "score_ns"},
		{"fault with tricks", fault, func(r *Record) { r.Tricks = ptr(9) }, "tricks"},
		{"fault's adjusted scores swapped", fault, func(r *Record) { r.Adjusted = &Adjusted{NS: "A-", EW: "A+"} }, "adjusted"},
		{"fault's adjusted score missing", fault, func(r *Record) { r.Adjusted = nil }, "adjusted"},
		{"fault at no seat", fault, func(r *Record) { r.Termination.Seat = ""; r.Adjusted = &Adjusted{NS: "A+", EW: "A+"} }, "termination"},
		{"fault's contract", fault, func(r *Record) { r.Contract = "7NT" }, "contract"},
	}
	var c Checker // one checker for every record, as a reader uses it
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := tt.base
			r.Auction = append([]Call(nil), r.Auction...)
			r.Play = append([]string(nil), r.Play...)
			if r.ScoreNS != nil {
				r.ScoreNS = ptr(*r.ScoreNS)
			}
			if r.Tricks != nil {
				r.Tricks = ptr(*r.Tricks)
			}
			tt.change(&r)
			err := c.Check(&r)
			if tt.field == "" {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.ErrorIs(t, err, ErrMismatch)
			var fe *FieldError
			require.ErrorAs(t, err, &fe)
			assert.Equal(t, tt.field, fe.Field, err.Error())
		})
	}
}

// TestEachCheckedStopsAtAForgery reads a stream with a forged record on
// one goroutine and on several: the records before it are taken, and the
// error names its line; records which does not select are not checked.
func TestEachCheckedStopsAtAForgery(t *testing.T) {
	t.Parallel()
	good := FromBoard(playedBoard(t), nil)
	good.Event = "e"
	forged := good
	forged.ScoreNS = ptr(*good.ScoreNS + 1000)
	other := forged
	other.Event = "other"
	var in bytes.Buffer
	w := NewWriter(&in)
	for i := 1; i <= 600; i++ {
		r := good
		switch i {
		case 300:
			r = other
		case 500:
			r = forged
		}
		require.NoError(t, w.Write(&r))
	}
	for _, workers := range []int{1, 3} {
		n := 0
		err := each(bytes.NewReader(in.Bytes()), func(*Record, Span) error { n++; return nil }, nil, workers,
			func(r *Record) bool { return r.Event == "e" })
		var le *LineError
		require.ErrorAs(t, err, &le, "%d workers", workers)
		assert.Equal(t, 500, le.Line)
		le.Path = "out/results.jsonl"
		assert.Equal(t, "out/results.jsonl:500: score_ns 900 but the deal, auction and play give -100", le.Error())
		assert.Equal(t, 499, n, "the records before it are taken")
	}
}

// endless is a stream of one byte, never a newline, for n bytes.
type endless struct{ n int64 }

func (e *endless) Read(p []byte) (int, error) {
	if e.n <= 0 {
		return 0, io.EOF
	}
	k := min(int64(len(p)), e.n)
	for i := range p[:k] {
		p[i] = 'x'
	}
	e.n -= k
	return int(k), nil
}

// TestLongLineBounded reads a 64 MiB line: an error naming the line,
// after allocating about the reader's buffer, not the line.
func TestLongLineBounded(t *testing.T) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	err := EachLine(io.MultiReader(strings.NewReader("{}\n"), &endless{64 << 20}), func([]byte, Span) error { return nil })
	runtime.ReadMemStats(&after)
	var le *LineError
	require.ErrorAs(t, err, &le)
	assert.ErrorIs(t, err, ErrLineTooLong)
	assert.Equal(t, 2, le.Line)
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(4*MaxLine), "allocated beyond the line cap")
}

// TestOpenRegular refuses a FIFO and a link to /dev/zero at once, and
// opens a regular file and a link to one.
func TestOpenRegular(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	reg := filepath.Join(dir, "file")
	require.NoError(t, os.WriteFile(reg, []byte("x\n"), 0o644))
	fifo := filepath.Join(dir, "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	zero := filepath.Join(dir, "zero")
	require.NoError(t, os.Symlink("/dev/zero", zero))
	link := filepath.Join(dir, "link")
	require.NoError(t, os.Symlink(reg, link))
	for _, tt := range []struct {
		path string
		ok   bool
	}{{reg, true}, {link, true}, {fifo, false}, {zero, false}} {
		done := make(chan error, 1)
		go func() {
			f, err := OpenRegular(tt.path)
			if err == nil {
				f.Close()
			}
			done <- err
		}()
		select {
		case err := <-done:
			if tt.ok {
				assert.NoError(t, err, tt.path)
			} else {
				assert.ErrorIs(t, err, ErrNotRegular, tt.path)
				assert.True(t, errors.Is(err, ErrNotRegular) && strings.Contains(err.Error(), tt.path))
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: open did not return", tt.path)
		}
	}
}
