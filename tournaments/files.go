package tournaments

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/openroom/openroom/lin"
	"github.com/openroom/openroom/pbn"
	"github.com/openroom/openroom/results"
	"github.com/openroom/openroom/tournaments/report"
)

// MatchFileName returns the base name (without extension) of a match's
// files in the event folder.
func MatchFileName(m Match) string { return sanitize(m.ID) }

// WritePBN is a MatchWriter that writes DIR/<match>.pbn: every board of
// the match in board order, the open room then the closed room, with
// auction, play, score and the Room, Round, HomeTeam, VisitTeam and, when
// both rooms are in, ScoreIMP (the board's IMPs to that room's N-S) tags.
// The file is rewritten whole (through a temporary file) after every run,
// so it always matches the results file.
func WritePBN(ev *Event, m Match, recs []results.Record) error {
	byRoom := map[roomKey]*results.Record{}
	for i := range recs {
		byRoom[keyOf(&recs[i])] = &recs[i]
	}
	// The games in the file's order, each with its ScoreIMP tag ("" for
	// none); they are made on every core and written in order. A record
	// made at a table is written from the board it kept; one read back
	// from the results file (a resumed or merged event) is replayed once,
	// most of the work then.
	type item struct {
		r     *results.Record
		score string
		g     *pbn.Game
	}
	var items []item
	for _, b := range m.Boards {
		open, closed := byRoom[roomKey{m.ID, RoomOpen, b.Number}], byRoom[roomKey{m.ID, RoomClosed, b.Number}]
		homeIMPs, complete := 0, open != nil && closed != nil
		if complete {
			homeIMPs, _ = BoardIMPs(open, closed, ev.AdjustedIMPs())
		}
		for _, r := range []*results.Record{open, closed} {
			if r == nil {
				continue
			}
			it := item{r: r}
			if complete {
				nsIMPs := homeIMPs
				if r == closed {
					nsIMPs = -homeIMPs
				}
				it.score = fmt.Sprintf("NS %d", nsIMPs)
			}
			items = append(items, it)
		}
	}
	round := strconv.Itoa(m.Round)
	var buf bytes.Buffer
	w := pbn.NewWriter(&buf)
	// A window of games at a time, so that a long match holds its text and
	// a window's games, not every game.
	for lo := 0; lo < len(items); lo += pbnWindow {
		win := items[lo:min(lo+pbnWindow, len(items))]
		err := inParallel(len(win), func(i int) error {
			r := win[i].r
			p, err := r.Played()
			if err != nil {
				return fmt.Errorf("pbn: board %d: %w", r.Board, err)
			}
			g, err := pbn.FromBoard(p, pbn.RecordOptions{})
			if err != nil {
				return fmt.Errorf("pbn: %w", err)
			}
			g.Set("Round", round)
			g.Set("HomeTeam", m.Home.Name)
			g.Set("VisitTeam", m.Visit.Name)
			if win[i].score != "" {
				g.Set("ScoreIMP", win[i].score)
			}
			win[i].g = g
			return nil
		})
		if err != nil {
			return err
		}
		for i := range win {
			if err := w.Write(win[i].g); err != nil {
				return err
			}
			win[i].g = nil
		}
	}
	return writeFileAtomic(filepath.Join(ev.Out, MatchFileName(m)+".pbn"), buf.Bytes())
}

// WriteLIN is a MatchWriter that writes DIR/<match>.lin, one LIN line per
// board-room (board order, open room first), and DIR/<match>.bbo.txt, one
// BBO hand-viewer link per board-room, each line starting with the board
// and room.
func WriteLIN(ev *Event, m Match, recs []results.Record) error {
	byRoom := map[roomKey]*results.Record{}
	for i := range recs {
		byRoom[keyOf(&recs[i])] = &recs[i]
	}
	type item struct {
		r          *results.Record
		line, link string
	}
	var items []item
	for _, b := range m.Boards {
		for _, room := range []string{RoomOpen, RoomClosed} {
			if r := byRoom[roomKey{m.ID, room, b.Number}]; r != nil {
				items = append(items, item{r: r})
			}
		}
	}
	// Made on every core, written in order; as for PBN, a record is
	// replayed only when it was read back from the results file.
	err := inParallel(len(items), func(i int) error {
		r := items[i].r
		p, err := r.Played()
		if err != nil {
			return fmt.Errorf("lin: board %d: %w", r.Board, err)
		}
		l := lin.FromBoard(p).String()
		items[i].line = l
		items[i].link = fmt.Sprintf("board %d %s: %s\n", r.Board, r.Room, lin.HandViewerURL(l))
		return nil
	})
	if err != nil {
		return err
	}
	var lines, links bytes.Buffer
	for _, it := range items {
		lines.WriteString(it.line)
		lines.WriteByte('\n')
		links.WriteString(it.link)
	}
	base := filepath.Join(ev.Out, MatchFileName(m))
	if err := writeFileAtomic(base+".lin", lines.Bytes()); err != nil {
		return err
	}
	return writeFileAtomic(base+".bbo.txt", links.Bytes())
}

// inParallel calls fn(i) for every i below n, on as many goroutines as
// there are cores (GOMAXPROCS), in chunks of consecutive i, and returns the
// error of the lowest i that failed, so the result does not depend on the
// timing. fn must only touch what belongs to its i.
func inParallel(n int, fn func(i int) error) error {
	workers := min(runtime.GOMAXPROCS(0), (n+parallelChunk-1)/parallelChunk)
	if workers < 2 {
		for i := range n {
			if err := fn(i); err != nil {
				return err
			}
		}
		return nil
	}
	chunks := (n + parallelChunk - 1) / parallelChunk
	errs := make([]error, chunks)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for c := int(next.Add(1) - 1); c < chunks; c = int(next.Add(1) - 1) {
				for i := c * parallelChunk; i < min(n, (c+1)*parallelChunk); i++ {
					if err := fn(i); err != nil {
						errs[c] = err
						break
					}
				}
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// pbnWindow is the games WritePBN makes at once.
const pbnWindow = 1024

// parallelChunk is the consecutive items one goroutine of inParallel
// takes at a time: enough to make handing them out cheap.
const parallelChunk = 64

// writeFileAtomic writes a file through a temporary file, synced, and a
// rename, so a reader never sees half of it and it is whole after a crash.
func writeFileAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tmp-"+filepath.Base(path)+"-*")
	if err != nil {
		return err
	}
	// CreateTemp makes the file private (0600); the results of an event are
	// for whoever may read its folder, as results.jsonl is.
	werr := tmp.Chmod(0o644)
	if werr == nil {
		_, werr = tmp.Write(data)
	}
	if werr == nil {
		werr = tmp.Sync()
	}
	cerr := tmp.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), path)
	}
	if werr != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("write %s: %w", path, werr)
	}
	return nil
}

// WriteSummaryFile writes DIR/summary.txt, the summary and the board by
// board table, and DIR/summary.json, the same figures for programs
// (report.Report.WriteJSON).
func WriteSummaryFile(rep *report.Report) error {
	var buf bytes.Buffer
	if err := rep.WriteSummary(&buf); err != nil {
		return err
	}
	buf.WriteString("\n")
	if err := rep.WriteBoards(&buf); err != nil {
		return err
	}
	if err := writeFileAtomic(filepath.Join(rep.Event.Out, "summary.txt"), buf.Bytes()); err != nil {
		return err
	}
	buf.Reset()
	if err := rep.WriteJSON(&buf); err != nil {
		return err
	}
	return writeFileAtomic(filepath.Join(rep.Event.Out, report.SummaryJSONFile), buf.Bytes())
}

// scoreFile scores an event from a results file and runs the match writers
// over it, as ScoreEvent and the writers do on the file's records, without
// holding them: it reads the file once, record by record, keeping of each
// board-room what the report needs and where its line is, and then reads
// back one match's records at a time for the writers, in the order they
// take them. Memory holds the report (tens of bytes a board-room) and the
// largest match's records. A missing file has no records. Every record is
// checked as it is read (see dealtAs): the first one refused is an error
// wrapping results.ErrMismatch that names the file, line and field.
func scoreFile(ev *Event, path string, writers []MatchWriter) (*report.Report, []string, error) {
	f, err := results.OpenRegular(path)
	if errors.Is(err, os.ErrNotExist) {
		return ScoreEvent(ev, nil), nil, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("results: %w", err)
	}
	// The writers read the records back from this open file, so another
	// run's setting it aside (--fresh) in between changes nothing.
	defer f.Close()
	return scoreStream(ev, path, f, writers)
}

// scoreStream is scoreFile on an open results file, read through once and
// then at the records' places; path is for messages.
func scoreStream(ev *Event, path string, f interface {
	io.Reader
	io.ReaderAt
}, writers []MatchWriter) (*report.Report, []string, error) {
	s := NewScorer(ev)
	if len(writers) > 0 {
		s.track(false)
	}
	err := results.EachChecked(f, ofEvent(ev), func(r *results.Record, at results.Span) error {
		if bd, ok := s.board(r); ok {
			if err := dealtAs(bd, r); err != nil {
				return atLine(path, at.Line, err)
			}
		}
		s.add(r, at)
		return nil
	}, nil)
	if err != nil {
		return nil, nil, inFile(path, err)
	}
	rep := s.Report()
	warn, err := s.writeMatches(f, writers)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return rep, warn, nil
}

// writeMatches runs the match writers over every match with records,
// reading the match's records back from the results file in board order,
// the open room then the closed room.
func (s *Scorer) writeMatches(f io.ReaderAt, writers []MatchWriter) ([]string, error) {
	if len(writers) == 0 {
		return nil, nil
	}
	var warn []string
	for _, ms := range s.matches {
		var spans []results.Span
		for _, b := range ms.nums {
			slot, _ := ms.slotOf(b)
			for i := 2 * slot; i < 2*slot+2; i++ {
				if ms.in[i] {
					spans = append(spans, ms.at[i])
				}
			}
		}
		// Decoded on every core; the first failure in the file's order is
		// the one reported.
		recs := make([]results.Record, len(spans))
		err := inParallel(len(spans), func(i int) error {
			at := spans[i]
			buf := make([]byte, at.Len)
			if _, err := f.ReadAt(buf, at.Off); err != nil {
				return fmt.Errorf("results: line %d read again: %w", at.Line, err)
			}
			if err := results.Parse(bytes.TrimSpace(buf), &recs[i]); err != nil {
				return fmt.Errorf("results: line %d changed while it was scored: %w", at.Line, err)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		if len(recs) == 0 {
			continue
		}
		m := ms.m
		m.Boards = s.ev.roundBoards(m.Round)
		for _, w := range writers {
			if err := w(s.ev, m, recs); err != nil {
				warn = append(warn, fmt.Sprintf("match %s: %v", m.ID, err))
			}
		}
	}
	return warn, nil
}
