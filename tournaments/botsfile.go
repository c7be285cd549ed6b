package tournaments

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/openroom/openroom/results"
	"github.com/openroom/openroom/tournaments/bots"
)

// BotsFile is the name of the file in an event's folder that records the
// bot each team played its results there with, so that a resume does not
// mix two programs in one match.
const BotsFile = "bots.json"

// botsFormat names the layout of BotsFile.
const botsFormat = "openroom-bots/v1"

// ErrBotChanged means the output folder holds results a team played with
// another bot than the event now gives it: resuming would mix two
// programs in one match.
var ErrBotChanged = errors.New("a team's bot changed")

// botsRecord is the content of BotsFile: each team's bots (its two
// seats' pairs, the same bot twice for a team of one), as botCommand
// writes them.
type botsRecord struct {
	Format string              `json:"format"`
	Teams  map[string][]string `json:"teams"`
}

// botCommand names a bot as the event resolves it: the built-in bot and
// its level, "remote", or the command line with its placeholders. A
// remote bot's secret and addresses are not part of it: they are not for
// the folder, and do not make it another program.
func botCommand(b bots.Spec) string {
	switch b.Kind {
	case bots.KindBuiltin:
		if b.Level != "" {
			return "builtin:" + b.Builtin + ":" + b.Level
		}
		return "builtin:" + b.Builtin
	case bots.KindRemote:
		return "remote"
	}
	args := make([]string, len(b.Command))
	for i, a := range b.Command {
		if a == "" || strings.ContainsAny(a, " \t\n'\"\\") {
			a = strconv.Quote(a)
		}
		args[i] = a
	}
	return strings.Join(args, " ")
}

// eventBots is the record of an event's teams' bots.
func eventBots(ev *Event) *botsRecord {
	rec := &botsRecord{Format: botsFormat, Teams: make(map[string][]string, len(ev.Teams))}
	for _, t := range ev.Teams {
		rec.Teams[t.Name] = []string{botCommand(t.Bots[0]), botCommand(t.Bots[1])}
	}
	return rec
}

// checkBots compares the teams' bots with those the folder's results were
// played with (BotsFile), when the folder has results: a team whose bot
// changed is an error wrapping ErrBotChanged naming the team and both
// bots. A folder without the file (written before it existed, or with no
// results yet) passes; recordBots then writes it. Teams the file does not
// name, or the event no longer has, are not compared: their boards are
// not the same board-rooms.
func checkBots(ev *Event) error {
	path := filepath.Join(ev.Out, BotsFile)
	data, err := readSmall(path, results.MaxLine)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("%w: %w", ErrOtherEvent, err)
	}
	if st, err := os.Stat(filepath.Join(ev.Out, ResultsFile)); err != nil || st.Size() == 0 {
		return nil // nothing played to mix with
	}
	var old botsRecord
	if err := json.Unmarshal(data, &old); err != nil || old.Format != botsFormat {
		return fmt.Errorf("%w: %s: not a record of the teams' bots (%s)", ErrOtherEvent, path, botsFormat)
	}
	now := eventBots(ev)
	teams := make([]string, 0, len(now.Teams))
	for t := range now.Teams {
		teams = append(teams, t)
	}
	sort.Strings(teams)
	for _, t := range teams {
		was, ok := old.Teams[t]
		if !ok {
			continue
		}
		for i, b := range now.Teams[t] {
			if i < len(was) && was[i] != b {
				return fmt.Errorf("%w: %s: team %s played the results there with %s, now with %s (give it the old bot, use another output folder, or --fresh to set those results aside)",
					ErrBotChanged, ev.Out, t, strconv.Quote(was[i]), strconv.Quote(b))
			}
		}
	}
	return nil
}

// recordBots writes BotsFile with the event's teams' bots, unless it says
// that already.
func recordBots(ev *Event) error {
	data, err := json.MarshalIndent(eventBots(ev), "", "  ")
	if err != nil {
		return fmt.Errorf("%w: %w", ErrNoOutput, err)
	}
	data = append(data, '\n')
	path := filepath.Join(ev.Out, BotsFile)
	if old, err := readSmall(path, results.MaxLine); err == nil && bytes.Equal(old, data) {
		return nil
	}
	if err := writeFileAtomic(path, data); err != nil {
		return fmt.Errorf("%w: %w", ErrNoOutput, err)
	}
	return nil
}
