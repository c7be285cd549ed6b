package protocol

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/player"
	"github.com/openroom/openroom/results"
)

// transcriptLine is one line of a recorded robot session: sent by the
// robot (out) or by the table manager.
type transcriptLine struct {
	out  bool
	text string
	at   int // line number in the file
}

// readTranscript reads a testdata/robots file: "> " lines the robot sent,
// "< " lines it received, "#" comments and blank lines skipped.
func readTranscript(t *testing.T, path string) []transcriptLine {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var out []transcriptLine
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		switch {
		case l == "" || strings.HasPrefix(l, "#"):
		case strings.HasPrefix(l, "> "):
			out = append(out, transcriptLine{out: true, text: l[2:], at: n})
		case strings.HasPrefix(l, "< "):
			out = append(out, transcriptLine{text: l[2:], at: n})
		default:
			t.Fatalf("%s:%d: want \"> \", \"< \" or \"#\": %q", path, n, l)
		}
	}
	require.NoError(t, sc.Err())
	require.NotEmpty(t, out)
	return out
}

// timingFigures are the wall-clock figures of a timing line, which a replay
// cannot reproduce.
var timingFigures = regexp.MustCompile(`[0-9]`)

// comparable masks the figures of a timing line; other lines are compared
// exactly.
func comparable(line string) string {
	if strings.HasPrefix(line, "Timing") {
		return timingFigures.ReplaceAllString(line, "9")
	}
	return line
}

// robotSessions are the recorded sessions of real robots and the table
// they were played at (serve --boards 1-2 --seed SEED with the other three
// seats builtin:random; the robot's partner takes its team name).
var robotSessions = []struct {
	file     string
	seat     engine.Seat
	team     string // the robot's team name
	seed     string // serve's --seed
	noTiming bool   // serve --no-timing for the robot's seat
	// The recorded results: contract by declarer, tricks, NS score.
	want []string
}{
	{"ben-north.txt", engine.North, "BEN", "ben", false, []string{"5D E 7 200", "4H S 8 -200"}},
	{"ben-north-sendinfo.txt", engine.North, "BEN", "ben", false, []string{"5D E 7 200", "4H S 8 -200"}},
	{"bridge_env-north.txt", engine.North, "bridge_env", "bridge_env", true, []string{"1H E 5 100", "1NT W 5 100"}},
	{"bridge_env-east.txt", engine.East, "bridge_env", "bridge_env", true, []string{"1S N 8 110", "1C E 8 -90"}},
}

// TestRobotTranscripts replays the robot's side of each recorded session
// against a real Table over TCP, with the other three seats in-process as
// serve seated them, and checks that the table sends the robot exactly
// the recorded lines, in the recorded order (timing lines: all but their
// figures), then closes.
func TestRobotTranscripts(t *testing.T) {
	for _, rs := range robotSessions {
		t.Run(strings.TrimSuffix(rs.file, ".txt"), func(t *testing.T) {
			script := readTranscript(t, filepath.Join("testdata", "robots", rs.file))
			ctx, cancel := context.WithTimeout(context.Background(), testDeadline)
			defer cancel()

			var local [engine.NumSeats]LocalBot
			for s := engine.North; s < engine.NumSeats; s++ {
				if s != rs.seat {
					local[s] = ClientBot("builtin:random", player.Random{Seed: "builtin:random"})
				}
			}
			var mu sync.Mutex
			var recs []results.Record
			var noTiming [engine.NumSeats]bool
			noTiming[rs.seat] = rs.noTiming
			tbl, err := NewTable(Config{
				Boards:   engine.SeededBoards(rs.seed, []int{1, 2}),
				Local:    local,
				NoTiming: noTiming,
				Logf:     t.Logf,
				OnBoard: func(r results.Record) error {
					mu.Lock()
					defer mu.Unlock()
					recs = append(recs, r)
					return nil
				},
			})
			require.NoError(t, err)
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			require.NoError(t, err)
			srvCtx, stopSrv := context.WithCancel(ctx)
			srvDone := make(chan struct{})
			go func() {
				defer close(srvDone)
				(&Server{Table: tbl}).Serve(srvCtx, ln)
			}()
			runDone := make(chan error, 1)
			go func() { runDone <- tbl.Run(ctx) }()
			defer func() {
				cancel()
				stopSrv()
				<-srvDone
			}()

			d := net.Dialer{Timeout: time.Second}
			nc, err := d.DialContext(ctx, "tcp", ln.Addr().String())
			require.NoError(t, err)
			defer nc.Close()
			deadline, _ := ctx.Deadline()
			require.NoError(t, nc.SetDeadline(deadline))
			r := bufio.NewReader(nc)
			for _, l := range script {
				if l.out {
					_, err := io.WriteString(nc, l.text+"\r\n")
					require.NoError(t, err, "%s:%d: send %q", rs.file, l.at, l.text)
					continue
				}
				got, err := r.ReadString('\n')
				require.NoError(t, err, "%s:%d: waiting for %q", rs.file, l.at, l.text)
				require.True(t, strings.HasSuffix(got, "\r\n"), "%s:%d: %q does not end in CR LF", rs.file, l.at, got)
				require.Equal(t, comparable(l.text), comparable(strings.TrimSuffix(got, "\r\n")), "%s:%d", rs.file, l.at)
			}
			// Nothing more: the table half-closes, and the robot hangs up.
			extra, err := r.ReadString('\n')
			assert.True(t, errors.Is(err, io.EOF), "after the transcript: %q, %v", extra, err)
			nc.Close()

			select {
			case err := <-runDone:
				require.NoError(t, err)
			case <-ctx.Done():
				t.Fatal("the table did not finish")
			}
			mu.Lock()
			defer mu.Unlock()
			var got []string
			for _, rec := range recs {
				require.NotNil(t, rec.Tricks, "board %d", rec.Board)
				require.NotNil(t, rec.ScoreNS, "board %d", rec.Board)
				got = append(got, strings.Join([]string{rec.Contract, rec.Declarer, strconv.Itoa(*rec.Tricks), strconv.Itoa(*rec.ScoreNS)}, " "))
				assert.Equal(t, rs.team, rec.Players.Get(rs.seat))
			}
			assert.Equal(t, rs.want, got)
		})
	}
}
