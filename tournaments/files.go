package tournaments

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/openroom/openroom/lin"
	"github.com/openroom/openroom/pbn"
	"github.com/openroom/openroom/results"
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
	var buf bytes.Buffer
	w := pbn.NewWriter(&buf)
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
			g, err := pbn.FromRecord(*r, pbn.RecordOptions{})
			if err != nil {
				return fmt.Errorf("pbn: %w", err)
			}
			g.Set("Round", strconv.Itoa(m.Round))
			g.Set("HomeTeam", m.Home.Name)
			g.Set("VisitTeam", m.Visit.Name)
			if complete {
				nsIMPs := homeIMPs
				if r == closed {
					nsIMPs = -homeIMPs
				}
				g.Set("ScoreIMP", fmt.Sprintf("NS %d", nsIMPs))
			}
			if err := w.Write(g); err != nil {
				return err
			}
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
	var lines, links bytes.Buffer
	for _, b := range m.Boards {
		for _, room := range []string{RoomOpen, RoomClosed} {
			r := byRoom[roomKey{m.ID, room, b.Number}]
			if r == nil {
				continue
			}
			l, err := lin.Line(*r)
			if err != nil {
				return err
			}
			lines.WriteString(l)
			lines.WriteByte('\n')
			fmt.Fprintf(&links, "board %d %s: %s\n", b.Number, room, lin.HandViewerURL(l))
		}
	}
	base := filepath.Join(ev.Out, MatchFileName(m))
	if err := writeFileAtomic(base+".lin", lines.Bytes()); err != nil {
		return err
	}
	return writeFileAtomic(base+".bbo.txt", links.Bytes())
}

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
// (Report.WriteJSON).
func WriteSummaryFile(rep *Report) error {
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
	return writeFileAtomic(filepath.Join(rep.Event.Out, SummaryJSONFile), buf.Bytes())
}

// scoreFile scores an event from a results file and runs the match writers
// over it, as ScoreEvent and the writers do on the file's records, without
// holding them: it reads the file once, record by record, keeping of each
// board-room what the report needs and where its line is, and then reads
// back one match's records at a time for the writers, in the order they
// take them. Memory holds the report (tens of bytes a board-room) and the
// largest match's records. A missing file has no records.
func scoreFile(ev *Event, path string, writers []MatchWriter) (*Report, []string, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return ScoreEvent(ev, nil), nil, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("results: %w", err)
	}
	// The writers read the records back from this open file, so another
	// run's setting it aside (--fresh) in between changes nothing.
	defer f.Close()
	s := NewScorer(ev)
	if len(writers) > 0 {
		for _, ms := range s.matches {
			ms.at = make([]results.Span, len(ms.rooms))
		}
	}
	if err := results.Each(f, func(r *results.Record, at results.Span) error { s.add(r, at); return nil }, nil); err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
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
	var (
		warn []string
		buf  []byte
	)
	for _, ms := range s.matches {
		var recs []results.Record
		for _, b := range ms.nums {
			slot, _ := ms.slotOf(b)
			for i := 2 * slot; i < 2*slot+2; i++ {
				if !ms.in[i] {
					continue
				}
				at := ms.at[i]
				buf = slices.Grow(buf[:0], at.Len)[:at.Len]
				if _, err := f.ReadAt(buf, at.Off); err != nil {
					return nil, fmt.Errorf("results: line %d read again: %w", at.Line, err)
				}
				var r results.Record
				if err := results.Parse(bytes.TrimSpace(buf), &r); err != nil {
					return nil, fmt.Errorf("results: line %d changed while it was scored: %w", at.Line, err)
				}
				recs = append(recs, r)
			}
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
