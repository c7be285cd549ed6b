package tournaments

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/results"
)

// A results file read back (by a resume, a merge or a re-scoring) is
// trusted no more than any other input: results.EachChecked replays each
// record and refuses one that its deal, auction and play contradict, and
// dealtAs refuses one of a scheduled board-room whose board is not the one
// the event deals there. Both errors wrap results.ErrMismatch and name the
// file, the line and the field.

// ofEvent selects the records of an event: the ones a resume, a merge and
// a re-scoring check, for they alone count (others in the file are passed
// over).
func ofEvent(ev *Event) func(*results.Record) bool {
	name := ev.Name
	return func(r *results.Record) bool { return r.Event == name }
}

// dealtAs checks that a record of a scheduled board-room was played on the
// event's board bd: its cards, dealer and vulnerability.
func dealtAs(bd engine.BoardSetup, r *results.Record) error {
	switch {
	case r.Dealer != bd.Dealer.String():
		return &results.FieldError{Field: "dealer", Msg: fmt.Sprintf("%q but the event deals board %d from %s", r.Dealer, bd.Number, bd.Dealer)}
	case r.Vulnerable != bd.Vul.String():
		return &results.FieldError{Field: "vulnerable", Msg: fmt.Sprintf("%q but board %d of the event is %s", r.Vulnerable, bd.Number, bd.Vul)}
	case r.Deal != bd.Deal.Format(bd.Dealer):
		return &results.FieldError{Field: "deal", Msg: fmt.Sprintf("is not board %d's as the event deals it", bd.Number)}
	}
	return nil
}

// atLine places a record's error at its line of a results file.
func atLine(path string, line int, err error) error {
	return &results.LineError{Path: path, Line: line, Err: err}
}

// inFile names the file in an error of a results reader: a
// *results.LineError then reads "path:line: what"; any other error is
// prefixed with the path.
func inFile(path string, err error) error {
	var le *results.LineError
	if errors.As(err, &le) && le.Path == "" {
		le.Path = path
		return err
	}
	return fmt.Errorf("%s: %w", path, err)
}

// readSmall reads a small file of the output folder (a manifest, the seed,
// the teams' bots) whole: at most limit bytes, and only a regular file, so
// that a link to /dev/zero or a FIFO put in its place is an error at once
// rather than a hang or the memory filled.
func readSmall(path string, limit int64) ([]byte, error) {
	f, err := results.OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, &os.PathError{Op: "read", Path: path, Err: fmt.Errorf("%w: larger than %d bytes", errTooLarge, limit)}
	}
	return data, nil
}

// errTooLarge marks a small file of the output folder that is not small.
var errTooLarge = errors.New("file too large")
