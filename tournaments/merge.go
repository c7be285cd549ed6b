package tournaments

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/errgroup"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/results"
	"github.com/openroom/openroom/tournaments/report"
	"github.com/openroom/openroom/tournaments/shards"
)

// Errors of a merge; each is wrapped with the folders, lines and boards it
// is about.
var (
	// ErrShardMismatch means the shard folders are not shards of one
	// event: their fingerprints or their number of shards differ.
	ErrShardMismatch = errors.New("shards of different events")
	// ErrShardDuplicate means a shard, or a board-room, comes twice.
	ErrShardDuplicate = errors.New("duplicate")
	// ErrShardConflict means a shard folder holds a board-room that is not
	// its shard's, or one played with other cards than the event deals.
	ErrShardConflict = errors.New("conflict")
)

// ShardFolder is one shard's output folder and its manifest.
type ShardFolder struct {
	Dir      string
	Manifest *Manifest
}

// ShardSet is the folders of some shards of one event, checked to agree.
type ShardSet struct {
	// Event is the event the shards were played from, resolved from their
	// manifests; it is unsharded and its Out is the merge's output folder
	// once MergeAndScore has run.
	Event   *Event
	N       int           // shards the event was cut into
	Folders []ShardFolder // by shard number
}

// LoadShards reads the manifests of shard folders and checks that they are
// shards of one event (the same fingerprint and number of shards), each
// given once. A folder without a manifest is an error wrapping
// os.ErrNotExist.
func LoadShards(dirs []string) (*ShardSet, error) {
	if len(dirs) == 0 {
		return nil, errors.New("no shard folders")
	}
	set := &ShardSet{}
	byK := map[int]string{}
	for _, d := range dirs {
		m, err := readManifest(d)
		if err != nil {
			if errors.Is(err, os.ErrNotExist) {
				return nil, fmt.Errorf("%s: not a shard folder (no %s; was it run with --shard?): %w", d, ManifestFile, err)
			}
			return nil, err
		}
		if len(set.Folders) > 0 {
			first := set.Folders[0]
			if err := agree(first, ShardFolder{d, m}); err != nil {
				return nil, err
			}
		}
		if other, dup := byK[m.Shard.K]; dup {
			return nil, fmt.Errorf("%w: shard %s is in both %s and %s", ErrShardDuplicate, m.Shard, other, d)
		}
		byK[m.Shard.K] = d
		set.Folders = append(set.Folders, ShardFolder{Dir: d, Manifest: m})
	}
	sort.Slice(set.Folders, func(i, j int) bool { return set.Folders[i].Manifest.Shard.K < set.Folders[j].Manifest.Shard.K })
	first := set.Folders[0]
	set.N = first.Manifest.Shard.N
	f, err := ParseFile([]byte(first.Manifest.EventFile), filepath.Join(first.Dir, ManifestFile))
	if err != nil {
		return nil, err
	}
	f.noStart = true // the merge plays nothing: the bots' programs may be elsewhere
	ev, err := Resolve(f)
	if err != nil {
		return nil, err
	}
	if ev.Name != first.Manifest.Event {
		return nil, &ManifestError{Path: filepath.Join(first.Dir, ManifestFile), Msg: fmt.Sprintf("event %q, but its event file resolves to %q", first.Manifest.Event, ev.Name)}
	}
	set.Event = ev
	return set, nil
}

// agree checks that two shard folders are of one event, saying how they
// differ when they are not.
func agree(a, b ShardFolder) error {
	ma, mb := a.Manifest, b.Manifest
	if ma.Fingerprint != mb.Fingerprint {
		why := "different events"
		switch {
		case ma.Version != mb.Version:
			why = fmt.Sprintf("played by different builds (%s, %s)", ma.Version, mb.Version)
		case ma.EventFile == mb.EventFile:
			why = "the same event file with a different board set (PBN file content)"
		case ma.Event != mb.Event:
			why = fmt.Sprintf("different events (%q, %q)", ma.Event, mb.Event)
		}
		return fmt.Errorf("%w: %s and %s are %s: their fingerprints differ", ErrShardMismatch, a.Dir, b.Dir, why)
	}
	if ma.Shard.N != mb.Shard.N {
		return fmt.Errorf("%w: %s is shard %s and %s shard %s: the event was cut into different numbers of shards", ErrShardMismatch, a.Dir, ma.Shard, b.Dir, mb.Shard)
	}
	return nil
}

// MissingRange is a run of board-rooms of a match that no shard folder
// holds.
type MissingRange struct {
	Match        string
	Rooms        string // "both rooms", "open room" or "closed room"
	First, Last  int    // board numbers
	Count        int    // boards
	From, To     int    // the shards (K) the boards belong to
	ShardMissing bool   // no folder of any of those shards was given
}

// String describes the range in one line.
func (r MissingRange) String() string {
	boards := fmt.Sprintf("board %d", r.First)
	if r.Count > 1 {
		boards = fmt.Sprintf("boards %d-%d", r.First, r.Last)
	}
	shards := fmt.Sprintf("shard %d", r.From)
	if r.To != r.From {
		shards = fmt.Sprintf("shards %d-%d", r.From, r.To)
	}
	why := "not played"
	if r.ShardMissing {
		why = "no folder given"
	}
	return fmt.Sprintf("match %s: %s, %s (%s: %s)", r.Match, boards, r.Rooms, shards, why)
}

// MergeResult is what a merge did.
type MergeResult struct {
	ResultsOut string // the merged results file
	Records    int    // board-rooms in it
	Expected   int    // board-rooms the event has
	Missing    []MissingRange
	Absent     []int    // shards (K) no folder was given for
	Skipped    []string // lines skipped: malformed (a line torn by a crash) or of another event
	// Report and Warnings are the merged event's report and the match
	// writers' failures, from MergeAndScore.
	Report   *report.Report
	Warnings []string
}

// matchSlots tracks, for one match, which board-rooms the merge has seen.
// It reads the match's boards from the event one at a time, rather than
// holding a copy of them as Match does.
type matchSlots struct {
	ev    *Event
	m     Match       // without its boards
	n     int         // boards in the match
	first int         // board number of position 0 when the numbers run on
	pos   map[int]int // board number -> position, when they do not
	seen  []uint64    // bit 2p: open room of position p; 2p+1: closed room
}

// newSlots returns the board-rooms of the event's matches, none seen yet.
func newSlots(ev *Event) map[string]*matchSlots {
	ms := ev.matches(false)
	slots := make(map[string]*matchSlots, len(ms))
	for _, m := range ms {
		slots[m.ID] = newMatchSlots(ev, m)
	}
	return slots
}

func newMatchSlots(ev *Event, m Match) *matchSlots {
	s := &matchSlots{ev: ev, m: m, n: ev.PerMatch, seen: make([]uint64, (2*ev.PerMatch+63)/64)}
	if s.n > 0 {
		s.first = s.board(0).Number
	}
	for i := range s.n {
		if s.board(i).Number != s.first+i {
			s.pos = make(map[int]int, s.n)
			for j := range s.n {
				s.pos[s.board(j).Number] = j
			}
			break
		}
	}
	return s
}

// board returns the board at position p of the match.
func (s *matchSlots) board(p int) engine.BoardSetup { return s.ev.roundBoard(s.m.Round, p) }

// position returns the position of a board number in the match.
func (s *matchSlots) position(board int) (int, bool) {
	if s.pos != nil {
		p, ok := s.pos[board]
		return p, ok
	}
	p := board - s.first
	return p, p >= 0 && p < s.n
}

func (s *matchSlots) bit(p int, room string) (word int, mask uint64) {
	r, _ := roomIndex(room)
	i := 2*p + r
	return i / 64, 1 << (i % 64)
}

// has reports whether the room of position p is seen; a position out of
// the match's range is not.
func (s *matchSlots) has(p int, room string) bool {
	if s == nil || p < 0 || p >= s.n {
		return false
	}
	w, mask := s.bit(p, room)
	return s.seen[w]&mask != 0
}

// mark marks the room of position p seen, and reports whether it was not
// yet. It is for one goroutine; the merge's shards mark theirs atomically.
func (s *matchSlots) mark(p int, room string) bool {
	w, mask := s.bit(p, room)
	if s.seen[w]&mask != 0 {
		return false
	}
	s.seen[w] |= mask
	return true
}

// MergeAndScore merges the shard folders' results into out (see merge),
// then scores the merged results as a run does at its end, as
// tablemanager merge does, in one reading of the shards' records: each
// record is scored as it is copied, rather than decoded again from the
// merged file (decoding the JSON is most of the work), and the match
// writers read their records back from the merged file. The report and
// the writers' failures are in the result's Report and Warnings; they are
// those of scoring the merged file (scoreFile), byte for byte (the scoring does not depend on the
// records' order, and the merge takes no board-room twice). Its memory is
// the merge's and the report's (tens of bytes a board-room).
func (s *ShardSet) MergeAndScore(out string, writers []MatchWriter) (*MergeResult, error) {
	sc := &mergeScorer{Scorer: NewScorer(s.Event)}
	if len(writers) > 0 {
		sc.track(true)
	}
	res, err := s.merge(out, sc)
	if err != nil {
		return nil, err
	}
	// The records' places in the part files become places in the merged
	// file, whose parts are in the folders' order.
	for _, ms := range sc.matches {
		for i := range ms.at {
			if ms.in[i] {
				k := ms.part[i]
				ms.at[i].Off += sc.partOff[k]
				ms.at[i].Line += sc.partLine[k]
			}
		}
		ms.part = nil
	}
	res.Report = sc.Report()
	f, err := os.Open(res.ResultsOut)
	if err != nil {
		return nil, fmt.Errorf("merge: %w", err)
	}
	defer f.Close()
	if res.Warnings, err = sc.writeMatches(f, writers); err != nil {
		return nil, fmt.Errorf("%s: %w", res.ResultsOut, err)
	}
	return res, nil
}

// mergeScorer scores the records a merge copies, from the shards' reading
// goroutines.
type mergeScorer struct {
	mu sync.Mutex
	*Scorer
	partOff  []int64 // by part: where it starts in the merged file
	partLine []int   // and the lines before it
}

// merge writes DIR/results.jsonl (DIR = out) from the shard folders'
// results: their records, checked against the event's schedule and each
// shard's boards, copied as they are, shard by shard. It streams: memory
// holds one line and two bits a scheduled board-room, whatever the number
// of records. A board-room in a folder that is not its shard's, played
// with other cards, or given twice fails the merge (ErrShardConflict,
// ErrShardDuplicate) and leaves DIR as it was. Board-rooms that no folder
// holds are listed in the result's Missing; the results are written all
// the same, so that a partial merge can be scored. The set's Event then
// has Out set to out, ready for scoring. A scorer sc, when
// given, scores each record as it is copied.
func (s *ShardSet) merge(out string, sc *mergeScorer) (*MergeResult, error) {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, fmt.Errorf("%w %s cannot be created: %w", ErrNoOutput, out, err)
	}
	for _, f := range s.Folders {
		if same(f.Dir, out) {
			return nil, fmt.Errorf("merge: the output folder %s is shard %s's folder: merge into another one", out, f.Manifest.Shard)
		}
	}
	unlock, err := lockOut(out)
	if err != nil {
		return nil, err
	}
	defer unlock()
	ev := s.Event
	ev.Out = out
	res := &MergeResult{ResultsOut: filepath.Join(out, ResultsFile)}

	slots := newSlots(ev)
	res.Expected = 2 * ev.PerMatch * len(slots)
	tmp, err := os.CreateTemp(out, ".tmp-"+ResultsFile+"-*")
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNoOutput, err)
	}
	defer os.Remove(tmp.Name()) // after the rename, a no-op
	err = s.copyShards(out, slots, tmp, res, sc)
	if err == nil {
		err = tmp.Chmod(0o644)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), res.ResultsOut)
	}
	if err != nil {
		return nil, fmt.Errorf("merge: write %s: %w", res.ResultsOut, err)
	}
	// As a run of the whole event records them, so that a run into the
	// merged folder resumes only with the same bots.
	if err := recordBots(ev); err != nil {
		return nil, fmt.Errorf("merge: %w", err)
	}
	present := map[int]bool{}
	for _, f := range s.Folders {
		present[f.Manifest.Shard.K] = true
	}
	for k := 0; k < s.N; k++ {
		if !present[k] {
			res.Absent = append(res.Absent, k)
		}
	}
	for _, m := range ev.matches(false) {
		res.Missing = append(res.Missing, s.missing(slots[m.ID], present)...)
	}
	return res, nil
}

// copyShards copies the shard folders' records to w, in shard order. The
// shards are read at once, as many as there are cores (decoding the
// records is most of the work), each into a part file of its own that is
// then appended to w, so the merged file is the same whatever the timing.
func (s *ShardSet) copyShards(out string, slots map[string]*matchSlots, w *os.File, res *MergeResult, sc *mergeScorer) error {
	parts := make([]*os.File, len(s.Folders))
	counts := make([]MergeResult, len(s.Folders))
	errs := make([]error, len(s.Folders))
	defer func() {
		for _, p := range parts {
			if p != nil {
				p.Close()
				os.Remove(p.Name())
			}
		}
	}()
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, f := range s.Folders {
		g.Go(func() error {
			part, err := os.CreateTemp(out, ".tmp-part-*")
			if err != nil {
				errs[i] = fmt.Errorf("%w: %w", ErrNoOutput, err)
				return nil
			}
			parts[i] = part
			bw := bufio.NewWriterSize(part, 1<<20)
			if errs[i] = s.copyShard(f, slots, bw, &counts[i], sc, int32(i)); errs[i] == nil {
				if err := bw.Flush(); err != nil {
					errs[i] = fmt.Errorf("merge: %w", err)
				}
			}
			return nil
		})
	}
	g.Wait()
	// The first shard's error, so that the message does not depend on
	// which shard was read first.
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	var off int64
	lines := 0
	for i, p := range parts {
		if _, err := p.Seek(0, io.SeekStart); err != nil {
			return fmt.Errorf("merge: %w", err)
		}
		n, err := io.Copy(w, p)
		if err != nil {
			return fmt.Errorf("merge: %w", err)
		}
		if sc != nil {
			sc.partOff = append(sc.partOff, off)
			sc.partLine = append(sc.partLine, lines)
		}
		off += n
		lines += counts[i].Records // a line a record
		res.Records += counts[i].Records
		res.Skipped = append(res.Skipped, counts[i].Skipped...)
	}
	return nil
}

// copyShard copies one shard folder's records of the event.
func (s *ShardSet) copyShard(f ShardFolder, slots map[string]*matchSlots, w *bufio.Writer, res *MergeResult, sc *mergeScorer, part int32) error {
	path := filepath.Join(f.Dir, ResultsFile)
	in, err := results.OpenRegular(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil // a shard that finished no board yet
	}
	if err != nil {
		return fmt.Errorf("merge: %w", err)
	}
	defer in.Close()
	return s.copyRecords(in, path, f.Manifest.Shard, slots, w, res, sc, part)
}

// copyRecords copies the records of shard sh from a results stream (read
// from path) to w, marking each board-room in slots, and gives each to sc
// (if not nil) with its place in w, as the part-th part.
func (s *ShardSet) copyRecords(in io.Reader, path string, sh shards.Shard, slots map[string]*matchSlots, w *bufio.Writer, res *MergeResult, sc *mergeScorer, part int32) error {
	var (
		r      results.Record
		check  results.Checker
		failed error // the merge's own error, not the stream's
		off    int64 // of the next line in w
	)
	err := results.EachLine(in, func(b []byte, at results.Span) (err error) {
		defer func() { failed = err }()
		line := at.Line
		// A line is a record exactly when results.Read takes it as one
		// (results.Parse), so that what the merge counts is what the merged
		// file scores; the auction's and play's arrays are reused from line
		// to line.
		r = results.Record{Auction: r.Auction[:0], Play: r.Play[:0]}
		if results.Parse(b, &r) != nil {
			res.Skipped = append(res.Skipped, fmt.Sprintf("%s: line %d: malformed (a line torn by a crash?)", path, line))
			return nil
		}
		if r.Event != s.Event.Name {
			res.Skipped = append(res.Skipped, fmt.Sprintf("%s: line %d: a record of event %q", path, line, r.Event))
			return nil
		}
		where := func() string { // only for an error: not made for every line
			return fmt.Sprintf("%s: line %d: board %d of match %q, %s room", path, line, r.Board, r.Match, r.Room)
		}
		ms := slots[r.Match]
		if _, known := roomIndex(r.Room); ms == nil || !known {
			return fmt.Errorf("%w: %s is not in the event's schedule", ErrShardConflict, where())
		}
		p, ok := ms.position(r.Board)
		if !ok {
			return fmt.Errorf("%w: %s is not in the event's schedule", ErrShardConflict, where())
		}
		if lo, hi := sh.Span(ms.n); p < lo || p >= hi {
			return fmt.Errorf("%w: %s belongs to shard %d, not to this folder's shard %s", ErrShardConflict, where(), shards.Of(p, ms.n, sh.N), sh)
		}
		bd := ms.board(p)
		if r.Deal != bd.Deal.Format(bd.Dealer) {
			return fmt.Errorf("%w: %s was played with other cards than the event deals", ErrShardConflict, where())
		}
		// Copied only once replayed: a forged record would change the
		// merged summary.
		if err := dealtAs(bd, &r); err != nil {
			return atLine(path, line, err)
		}
		if err := check.Check(&r); err != nil {
			return atLine(path, line, err)
		}
		// Shards are read at once, and two may share a word at the edge of
		// their ranges.
		word, mask := ms.bit(p, r.Room)
		if atomic.OrUint64(&ms.seen[word], mask)&mask != 0 {
			return fmt.Errorf("%w: %s is there twice", ErrShardDuplicate, where())
		}
		_, err = w.Write(b)
		if err == nil {
			err = w.WriteByte('\n')
		}
		if err != nil {
			return fmt.Errorf("merge: %w", err)
		}
		res.Records++
		if sc != nil {
			at := results.Span{Off: off, Len: len(b), Line: res.Records}
			sc.mu.Lock()
			sc.addFrom(&r, at, part)
			sc.mu.Unlock()
		}
		off += int64(len(b)) + 1
		return nil
	})
	if failed != nil {
		return failed
	}
	if err != nil {
		return fmt.Errorf("merge: %w", inFile(path, err))
	}
	return nil
}

// missing lists the runs of a match's board-rooms not seen.
func (s *ShardSet) missing(ms *matchSlots, present map[int]bool) []MissingRange {
	var out []MissingRange
	n := ms.n
	state := func(p int) int { // bit 0: open missing, bit 1: closed missing
		st := 0
		for i, room := range []string{RoomOpen, RoomClosed} {
			if w, mask := ms.bit(p, room); ms.seen[w]&mask == 0 {
				st |= 1 << i
			}
		}
		return st
	}
	for p := 0; p < n; {
		st := state(p)
		if st == 0 {
			p++
			continue
		}
		k := shards.Of(p, n, s.N)
		q := p + 1
		// A run stays within one shard, so it says whose boards they are.
		for _, hi := (shards.Shard{K: k, N: s.N}).Span(n); q < hi && state(q) == st; q++ {
		}
		r := MissingRange{
			Match: ms.m.ID, First: ms.board(p).Number, Last: ms.board(q - 1).Number, Count: q - p,
			From: k, To: k, ShardMissing: !present[k],
		}
		switch st {
		case 1:
			r.Rooms = "open room"
		case 2:
			r.Rooms = "closed room"
		default:
			r.Rooms = "both rooms"
		}
		// Consecutive shards with no folder make one range.
		if last := len(out) - 1; last >= 0 && r.ShardMissing && out[last].ShardMissing &&
			out[last].To == k-1 && out[last].Rooms == r.Rooms && out[last].Match == r.Match && s.adjacent(ms, out[last], p) {
			out[last].Last, out[last].Count, out[last].To = r.Last, out[last].Count+r.Count, k
		} else {
			out = append(out, r)
		}
		p = q
	}
	return out
}

// adjacent reports whether position p comes right after range r.
func (s *ShardSet) adjacent(ms *matchSlots, r MissingRange, p int) bool {
	return p > 0 && ms.board(p-1).Number == r.Last
}

// same reports whether two paths are one folder.
func same(a, b string) bool {
	sa, err := os.Stat(a)
	if err != nil {
		return false
	}
	sb, err := os.Stat(b)
	return err == nil && os.SameFile(sa, sb)
}
