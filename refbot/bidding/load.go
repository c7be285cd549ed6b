package bidding

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
)

// builtinFiles are the systems that ship with refbot, one file each.
//
//go:embed systems/*.bid
var builtinFiles embed.FS

// maxFileSize bounds a system file: the largest built-in one is a small
// fraction of it.
const maxFileSize = 1 << 20

// Load reads a bidding system from the text of its file. file names the
// file in errors ("sayc-lite.bid:12: ..."). The file is checked whole: a
// syntax error, an unknown name, an illegal call, an empty range or a row
// that no hand can reach is an error naming its line.
func Load(file string, src []byte) (*System, error) {
	if len(src) > maxFileSize {
		return nil, fmt.Errorf("%s: %d bytes, more than a system file may hold (%d)", file, len(src), maxFileSize)
	}
	if !utf8.Valid(src) {
		return nil, fmt.Errorf("%s: not UTF-8 text", file)
	}
	t, err := expandSystem(string(src))
	if err != nil {
		var se *SyntaxError
		if errors.As(err, &se) && se.File == "" {
			se.File = file
		}
		return nil, err
	}
	if err := checkTable(file, t); err != nil {
		return nil, err
	}
	return newSystem(t), nil
}

// builtinLoads parses each built-in file once per process, on first use:
// a System is immutable, so every bot of a program shares one. It holds a
// func() (*System, error) by name, for the built-in names only.
var builtinLoads sync.Map

// Builtin returns the built-in system of that name (see BuiltinNames).
func Builtin(name string) (*System, error) {
	if f, ok := builtinLoads.Load(name); ok {
		return f.(func() (*System, error))()
	}
	src, err := BuiltinSource(name)
	if err != nil {
		return nil, err
	}
	f, _ := builtinLoads.LoadOrStore(name, sync.OnceValues(func() (*System, error) { return Load(name+".bid", src) }))
	return f.(func() (*System, error))()
}

// BuiltinSource returns the text of a built-in system's file.
func BuiltinSource(name string) ([]byte, error) {
	src, err := builtinFiles.ReadFile(path.Join("systems", name+".bid"))
	if err != nil {
		return nil, fmt.Errorf("no built-in bidding system %q (built in: %s)", name, strings.Join(BuiltinNames(), ", "))
	}
	return src, nil
}

// BuiltinNames lists the built-in systems by name, sorted.
func BuiltinNames() []string {
	ents, _ := fs.ReadDir(builtinFiles, "systems")
	var out []string
	for _, e := range ents {
		if n, ok := strings.CutSuffix(e.Name(), ".bid"); ok && !e.IsDir() {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

// newSystem makes the system a file expanded to.
func newSystem(t *table) *System {
	return &System{name: t.name, about: t.about, rows: t.rows, keys: t.keys, keyLine: t.keyLine, count: t.count, slam: newSlamRows(t.options["aces"] == "rkc1430")}
}

// Name returns the system's name as its file gives it.
func (s *System) Name() string { return s.name }

// ReadingOpponents returns the system that bids as s and reads the other
// side's calls by opp, the opponents' system (their convention card), in
// its choices, its inference and its call model. A nil opp, or s itself,
// reads every call by s. Explain stays s's own reading.
func (s *System) ReadingOpponents(opp *System) *System {
	if opp == nil || opp == s {
		return s
	}
	c := *s
	c.opp = opp.own()
	return &c
}

// own returns the system without an opponents' reading.
func (s *System) own() *System {
	if s.opp == nil {
		return s
	}
	c := *s
	c.opp = nil
	return &c
}
