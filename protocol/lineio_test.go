package protocol

import (
	"bytes"
	"errors"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
)

func TestReaderLines(t *testing.T) {
	in := "North passes\r\nEast passes\n\r\nSouth passes"
	r := NewReader(strings.NewReader(in))
	for _, want := range []string{"North passes", "East passes", "", "South passes"} {
		got, err := r.ReadLine()
		require.NoError(t, err)
		assert.Equal(t, want, got)
	}
	_, err := r.ReadLine()
	assert.ErrorIs(t, err, io.EOF)
}

func TestReaderTooLongLineIsSkipped(t *testing.T) {
	long := strings.Repeat("x", 3*MaxLineLength)
	exact := strings.Repeat("y", MaxLineLength)
	over := strings.Repeat("z", MaxLineLength+1)
	r := NewReader(strings.NewReader(long + "\r\nNorth passes\r\n" + exact + "\r\n" + over + "\nEnd of session\r\n"))

	_, err := r.ReadLine()
	require.ErrorIs(t, err, ErrLineTooLong)
	var pe *ParseError
	require.True(t, errors.As(err, &pe))
	assert.True(t, strings.HasPrefix(pe.Line, "xxxx"))
	assert.LessOrEqual(t, len(pe.Line), quoteLimit+3)

	m, line, err := r.ReadMessage()
	require.NoError(t, err)
	assert.Equal(t, "North passes", line)
	assert.Equal(t, Called{Seat: engine.North, Call: engine.Pass}, m)

	got, err := r.ReadLine()
	require.NoError(t, err)
	assert.Equal(t, exact, got)

	_, err = r.ReadLine()
	require.ErrorIs(t, err, ErrLineTooLong)

	m, _, err = r.ReadMessage()
	require.NoError(t, err)
	assert.Equal(t, EndOfSession{}, m)
}

func TestReaderEOFInsideLongLine(t *testing.T) {
	r := NewReader(strings.NewReader(strings.Repeat("x", 2*MaxLineLength)))
	_, err := r.ReadLine()
	require.ErrorIs(t, err, ErrLineTooLong)
	_, err = r.ReadLine()
	assert.ErrorIs(t, err, io.EOF)
}

func TestReadMessageKeepsBadLine(t *testing.T) {
	r := NewReader(strings.NewReader("North sings\r\n"))
	m, line, err := r.ReadMessage()
	assert.Nil(t, m)
	assert.Equal(t, "North sings", line)
	assert.ErrorIs(t, err, ErrUnknown)
	assert.Contains(t, err.Error(), `"North sings"`)
}

func TestWriter(t *testing.T) {
	var b bytes.Buffer
	w := NewWriter(&b)
	require.NoError(t, w.WriteMessage(Called{Seat: engine.West, Call: engine.Bid(1, engine.NoTrump)}))
	require.NoError(t, w.WriteLine("End of session"))
	assert.Equal(t, "West bids 1NT\r\nEnd of session\r\n", b.String())

	for _, bad := range []string{"a\r\nb", "a\nb", strings.Repeat("x", MaxLineLength+1)} {
		err := w.WriteLine(bad)
		assert.ErrorIs(t, err, ErrBadLine, "%q", bad)
	}
	err := w.WriteMessage(Seated{Seat: engine.North, Team: "x\r\nEnd of session"})
	assert.ErrorIs(t, err, ErrBadLine)
	assert.Equal(t, "West bids 1NT\r\nEnd of session\r\n", b.String(), "nothing written for refused lines")
}

func TestWriterAppendMessage(t *testing.T) {
	w := NewWriter(failWriter{}) // AppendMessage never writes
	buf, err := w.AppendMessage([]byte("North passes\r\n"), StartOfBoard{})
	require.NoError(t, err)
	assert.Equal(t, "North passes\r\nStart of board\r\n", string(buf))

	for _, bad := range []Message{
		Seated{Seat: engine.North, Team: "x\nEnd of session"},
		Refusal{Reason: "a\rb"},
		Teams{NS: strings.Repeat("n", 250), EW: strings.Repeat("e", 250)},
	} {
		got, err := w.AppendMessage(buf, bad)
		assert.ErrorIs(t, err, ErrBadLine, "%q", bad)
		assert.Equal(t, string(buf), string(got), "a refused line is cut off again")
	}

	var m Message = Cards{Seat: engine.North, Hand: mustHand(t, "AK3.QJT9.87.A654")}
	b := make([]byte, 0, 256)
	allocs := testing.AllocsPerRun(100, func() { b, _ = w.AppendMessage(b[:0], m) })
	assert.Zero(t, allocs)
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, io.ErrClosedPipe }

func TestWriterErrorCarriesLine(t *testing.T) {
	err := NewWriter(failWriter{}).WriteMessage(StartOfBoard{})
	require.ErrorIs(t, err, io.ErrClosedPipe)
	assert.Contains(t, err.Error(), `"Start of board"`)
}

func TestWriterDoesNotAllocate(t *testing.T) {
	w := NewWriter(io.Discard)
	var m Message = Cards{Seat: engine.North, Hand: mustHand(t, "AK3.QJT9.87.A654")}
	allocs := testing.AllocsPerRun(100, func() { _ = w.WriteMessage(m) })
	assert.Zero(t, allocs)
}

func TestConnOverPipe(t *testing.T) {
	a, b := net.Pipe()
	ca, cb := NewConn(a), NewConn(b)
	defer ca.Close()
	defer cb.Close()
	deadline := time.Now().Add(5 * time.Second)
	require.NoError(t, ca.SetDeadline(deadline))
	require.NoError(t, cb.SetDeadline(deadline))
	assert.Same(t, a, ca.NetConn())

	go func() { _ = ca.WriteMessage(ReadyForTeams{Seat: engine.South}) }()
	m, line, err := cb.ReadMessage()
	require.NoError(t, err)
	assert.Equal(t, "South ready for teams", line)
	assert.Equal(t, ReadyForTeams{Seat: engine.South}, m)

	require.NoError(t, cb.SetReadDeadline(time.Now().Add(10*time.Millisecond)))
	_, err = cb.ReadLine()
	var ne net.Error
	require.True(t, errors.As(err, &ne))
	assert.True(t, ne.Timeout())
	require.NoError(t, ca.SetWriteDeadline(deadline))
}

// readerModel is what a Reader must return for data, line by line: the
// line without its LF and one CR before it, or "" with tooLong set.
func readerModel(data []byte) (lines []string, tooLong []bool) {
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		line = bytes.TrimSuffix(line, []byte{'\r'})
		long := len(line) > MaxLineLength
		if long {
			line = nil
		}
		lines, tooLong = append(lines, string(line)), append(tooLong, long)
	}
	return lines, tooLong
}

// readAll reads data through a Reader in chunks of n bytes, as readerModel
// describes it.
func readAll(t *testing.T, data []byte, n int) (lines []string, tooLong []bool) {
	r := NewReader(&chunkReader{data: data, n: n})
	for i := 0; ; i++ {
		if i > len(data)+1 {
			t.Fatalf("more lines than bytes")
		}
		line, err := r.ReadLine()
		if errors.Is(err, io.EOF) {
			return lines, tooLong
		}
		if err != nil && !errors.Is(err, ErrLineTooLong) {
			t.Fatalf("unexpected error %v", err)
		}
		if len(line) > MaxLineLength {
			t.Fatalf("line of %d bytes", len(line))
		}
		lines, tooLong = append(lines, line), append(tooLong, err != nil)
	}
}

func TestReaderAtTheLimit(t *testing.T) {
	x := func(n int) string { return strings.Repeat("x", n) }
	streams := []string{
		x(MaxLineLength) + "\r\n" + x(MaxLineLength) + "\n" + x(MaxLineLength) + "\r",
		x(MaxLineLength) + "\r\r\nok\n",
		x(MaxLineLength-1) + "\r\r\nok\n",
		x(MaxLineLength) + "\rx\nok\r\n",
		"a\nb\n" + x(MaxLineLength+1) + "\nc\n" + x(5*MaxLineLength) + "\r\n\nd",
		x(MaxLineLength+1) + "\n" + x(MaxLineLength+1) + "\n",
		x(MaxLineLength) + "\r",
		"\n\n\r\n",
	}
	for i, s := range streams {
		wantLines, wantLong := readerModel([]byte(s))
		for _, n := range []int{1, 2, 3, 7, 64, MaxLineLength - 1, MaxLineLength, MaxLineLength + 1, MaxLineLength + 2, 4096} {
			lines, long := readAll(t, []byte(s), n)
			assert.Equal(t, wantLines, lines, "stream %d, chunks of %d", i, n)
			assert.Equal(t, wantLong, long, "stream %d, chunks of %d", i, n)
		}
	}
}

// FuzzReader checks that any byte stream, in any chunks, reads as the
// model says: bounded lines, each over-long line an error, and an end.
func FuzzReader(f *testing.F) {
	f.Add([]byte("North passes\r\nEast passes\n"), uint16(7))
	f.Add([]byte(strings.Repeat("x", 2*MaxLineLength)+"\nEnd of session"), uint16(200))
	f.Add([]byte(strings.Repeat("x", MaxLineLength)+"\r\r\n"), uint16(MaxLineLength))
	f.Add([]byte("\r\r\n\n\x00\xff"), uint16(1))
	f.Fuzz(func(t *testing.T, data []byte, chunk uint16) {
		// Feed the data in chunks, as a network would.
		lines, long := readAll(t, data, int(chunk%1100)+1)
		wantLines, wantLong := readerModel(data)
		if !assert.Equal(t, wantLines, lines) || !assert.Equal(t, wantLong, long) {
			t.FailNow()
		}
		for _, line := range lines {
			_, _ = Parse(line)
		}
	})
}

type chunkReader struct {
	data []byte
	n    int
}

func (c *chunkReader) Read(p []byte) (int, error) {
	if len(c.data) == 0 {
		return 0, io.EOF
	}
	n := min(len(p), c.n, len(c.data))
	copy(p, c.data[:n])
	c.data = c.data[n:]
	return n, nil
}
