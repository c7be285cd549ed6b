package tournaments

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"time"

	"github.com/BurntSushi/toml"

	"github.com/openroom/openroom/refbot"
	"github.com/openroom/openroom/results"
	"github.com/openroom/openroom/tournaments/bots"
	"github.com/openroom/openroom/tournaments/shards"
)

// ManifestFile is the name of a shard's manifest in its output folder.
const ManifestFile = "manifest.json"

// manifestFormat names the manifest's layout and the fingerprint's recipe.
const manifestFormat = "openroom-shard/v1"

// Manifest says what a shard folder holds: which event (its fingerprint,
// and the event itself as merge needs it), which shard of it and its
// boards, and where and when it was played. Every shard of one event has
// the same Fingerprint and EventFile.
type Manifest struct {
	Format string `json:"format"`
	// Fingerprint is a SHA-256 over everything that decides the records:
	// the program version, the event as resolved from its file and flags
	// (boards and seed, schedule, teams and bot specs, segment, clocks and
	// faults) and the content of its PBN file. Where a shard runs (output
	// folder, concurrency, listen address, remote bots' secrets and
	// addresses) is left out.
	Fingerprint string              `json:"fingerprint"`
	Version     string              `json:"version"`
	Event       string              `json:"event"`
	Shard       shards.Shard        `json:"shard"`
	Ranges      []shards.BoardRange `json:"ranges"`
	Host        string              `json:"host"`
	Started     time.Time           `json:"started"`
	// EventFile is the event as an event file (TOML) with the command
	// line's flags applied and no output folder: merge resolves it to
	// score the merged results and write the match files.
	EventFile string `json:"event_file"`
	// ClockCapped, written when the shard's run ends, counts its
	// board-rooms on which the clock shaped a built-in bot's decision
	// (omitted when none): the shard is then not reproducible from the
	// seed, and merge says so.
	ClockCapped *bots.ClockCapTally `json:"clock_capped,omitempty"`
}

// programVersion names the running program's build: its module version
// and, when it was built from a checkout, the commit. A build with
// uncommitted changes, or without the commit stamped (go build
// -buildvcs=false, a container build without .git), is named by the
// SHA-256 of its executable as well. Shards of one event must come from
// one build.
func programVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := bi.Main.Path + "@" + bi.Main.Version
	var rev, dirty string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+dirty"
			}
		}
	}
	if rev != "" {
		v += " " + rev + dirty
	}
	if rev == "" || dirty != "" {
		if sum := executableSum(); sum != "" {
			v += " exe:" + sum
		}
	}
	return v
}

// executableSum returns the first 16 hex digits of the SHA-256 of the
// running executable, or "" if it cannot be read.
func executableSum() string {
	path, err := os.Executable()
	if err != nil {
		return ""
	}
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return ""
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// NewManifest returns the manifest of a sharded event, resolved from f
// (the event file with the flags applied). The event must be sharded
// (SetShard).
func NewManifest(f *File, ev *Event) (*Manifest, error) {
	if ev.Shard.N == 0 {
		return nil, errors.New("manifest: the event is not sharded")
	}
	stored := *f
	stored.Name = ev.Name
	stored.Out, stored.Concurrency = "", 0
	if ev.PBN != "" {
		abs, err := filepath.Abs(ev.PBN)
		if err != nil {
			return nil, fmt.Errorf("manifest: %w", err)
		}
		stored.Boards.PBN = abs
	}
	stored.Teams = make(map[string]TeamConfig, len(f.Teams))
	for n, tc := range f.Teams {
		if tc.System != "" && refbot.IsSystemFile(tc.System) {
			abs, err := filepath.Abs(f.systemPath(tc.System))
			if err != nil {
				return nil, fmt.Errorf("manifest: %w", err)
			}
			tc.System = abs
		}
		stored.Teams[n] = tc
	}
	eventFile, err := encodeFile(&stored)
	if err != nil {
		return nil, err
	}
	version := programVersion()
	fp, err := fingerprint(&stored, ev, version)
	if err != nil {
		return nil, err
	}
	host, _ := os.Hostname()
	return &Manifest{
		Format:      manifestFormat,
		Fingerprint: fp,
		Version:     version,
		Event:       ev.Name,
		Shard:       ev.Shard,
		Ranges:      ev.ShardRanges(),
		Host:        host,
		Started:     time.Now().UTC(),
		EventFile:   eventFile,
	}, nil
}

// fingerprint hashes what decides an event's records (see Manifest).
func fingerprint(stored *File, ev *Event, version string) (string, error) {
	f := *stored
	// A machine's own settings (the bots' limits among them) do not
	// decide the records.
	f.Listen, f.Allow, f.Limits = "", nil, LimitsConfig{}
	f.Bots = make(map[string]BotConfig, len(stored.Bots))
	for name, b := range stored.Bots {
		b.Secret, b.Addresses, b.Limits = "", nil, LimitsConfig{}
		f.Bots[name] = b
	}
	canon, err := encodeFile(&f)
	if err != nil {
		return "", err
	}
	pbnSum := ""
	if ev.PBN != "" {
		f, err := results.OpenRegular(ev.PBN)
		if err != nil {
			return "", fmt.Errorf("manifest: %w", err)
		}
		h := sha256.New()
		_, err = io.Copy(h, f)
		f.Close()
		if err != nil {
			return "", fmt.Errorf("manifest: %w", err)
		}
		pbnSum = hex.EncodeToString(h.Sum(nil))
	}
	systems, err := systemSums(stored)
	if err != nil {
		return "", err
	}
	in, err := json.Marshal(struct {
		Format, Version, Event, PBN string
		Systems                     map[string]string `json:",omitempty"`
	}{manifestFormat, version, canon, pbnSum, systems})
	if err != nil {
		return "", fmt.Errorf("manifest: %w", err)
	}
	sum := sha256.Sum256(in)
	return hex.EncodeToString(sum[:]), nil
}

// systemSums hashes the teams' system files, by team: a shard that reads
// another text under the same path would bid otherwise.
func systemSums(f *File) (map[string]string, error) {
	var out map[string]string
	for n, tc := range f.Teams {
		if tc.System == "" || !refbot.IsSystemFile(tc.System) {
			continue
		}
		src, err := os.ReadFile(f.systemPath(tc.System))
		if err != nil {
			return nil, fmt.Errorf("manifest: team %q: %w", n, err)
		}
		if out == nil {
			out = map[string]string{}
		}
		sum := sha256.Sum256(src)
		out[n] = hex.EncodeToString(sum[:])
	}
	return out, nil
}

// encodeFile writes an event file as TOML (keys in a fixed order).
func encodeFile(f *File) (string, error) {
	var buf bytes.Buffer
	if err := toml.NewEncoder(&buf).Encode(f); err != nil {
		return "", fmt.Errorf("manifest: encode the event: %w", err)
	}
	return buf.String(), nil
}

// readManifest reads DIR/manifest.json.
func readManifest(dir string) (*Manifest, error) {
	path := filepath.Join(dir, ManifestFile)
	// A manifest is a few kilobytes: the bound keeps a damaged one from
	// filling the memory.
	data, err := readSmall(path, results.MaxLine)
	if err != nil {
		return nil, err
	}
	return parseManifest(data, path)
}

// parseManifest reads a manifest; path is for messages.
func parseManifest(data []byte, path string) (*Manifest, error) {
	var m Manifest
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return nil, &ManifestError{Path: path, Msg: err.Error()}
	}
	switch {
	case m.Format != manifestFormat:
		return nil, &ManifestError{Path: path, Msg: fmt.Sprintf("format %q: want %q", m.Format, manifestFormat)}
	case m.Fingerprint == "" || m.EventFile == "":
		return nil, &ManifestError{Path: path, Msg: "no fingerprint or event"}
	case m.Shard.N == 0:
		return nil, &ManifestError{Path: path, Msg: "no shard"}
	}
	if err := m.Shard.Check(); err != nil {
		return nil, &ManifestError{Path: path, Msg: err.Error()}
	}
	return &m, nil
}

// ManifestError is a manifest that cannot be read.
type ManifestError struct {
	Path, Msg string
}

func (e *ManifestError) Error() string { return fmt.Sprintf("%s: %s", e.Path, e.Msg) }

// writeManifest puts a shard's manifest in its output folder, refusing a
// folder that holds another event's or another shard's (unless fresh,
// when the old results have been set aside).
func writeManifest(dir string, m *Manifest, fresh bool) error {
	old, err := readManifest(dir)
	switch {
	case err == nil && !fresh && (old.Fingerprint != m.Fingerprint || old.Shard != m.Shard):
		what := "another event"
		if old.Fingerprint == m.Fingerprint {
			what = "shard " + old.Shard.String() + " of this event"
		} else if old.Version != m.Version {
			what = "an event played by another build (" + old.Version + ")"
		}
		return fmt.Errorf("%w: %s holds %s (use another output folder, or --fresh)", ErrOtherEvent, dir, what)
	case err != nil && !errors.Is(err, os.ErrNotExist) && !fresh:
		return fmt.Errorf("%w: %w", ErrOtherEvent, err)
	}
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return fmt.Errorf("manifest: %w", err)
	}
	if err := writeFileAtomic(filepath.Join(dir, ManifestFile), append(data, '\n')); err != nil {
		return fmt.Errorf("%w: %w", ErrNoOutput, err)
	}
	return nil
}
