package main

import (
	"fmt"

	"github.com/openroom/openroom/sandbox"
	"github.com/openroom/openroom/tournaments"
	flag "github.com/spf13/pflag"
)

// botLimitFlags defines the flags of the limits per command bot, keyed
// by their [limits] key.
func botLimitFlags(fs *flag.FlagSet) map[string]*string {
	d := sandbox.DefaultLimits()
	return map[string]*string{
		"memory": fs.String("bot-memory", "", fmt.Sprintf("memory of each command bot, all its processes together, e.g. 2GiB, or unlimited (default %s)", sandbox.FormatSize(d.Memory))),
		"procs":  fs.String("bot-procs", "", fmt.Sprintf("processes and threads of each command bot, or unlimited (default %d)", d.Procs)),
		"files":  fs.String("bot-files", "", fmt.Sprintf("open files of each process of a command bot, or unlimited (default %d)", d.Files)),
		"disk":   fs.String("bot-disk", "", fmt.Sprintf("bytes a command bot may keep in its folder DIR/logs/TABLE-SEAT (also its largest file), or unlimited (default %s)", sandbox.FormatSize(d.Disk))),
		"tmp":    fs.String("bot-tmp", "", fmt.Sprintf("size of a command bot's private /tmp, or unlimited (default %s)", sandbox.FormatSize(d.Tmp))),
	}
}

// applyLimitFlags checks the limit flags that were set and puts them
// over the event file's [limits].
func applyLimitFlags(fs *flag.FlagSet, rf *runFlags, f *tournaments.File) error {
	for _, x := range []struct {
		key  string
		size bool
		out  *tournaments.LimitValue
	}{
		{"memory", true, &f.Limits.Memory},
		{"procs", false, &f.Limits.Procs},
		{"files", false, &f.Limits.Files},
		{"disk", true, &f.Limits.Disk},
		{"tmp", true, &f.Limits.Tmp},
	} {
		name := "bot-" + x.key
		if !fs.Changed(name) {
			continue
		}
		v := *rf.botLimits[x.key]
		parse := sandbox.ParseCount
		if x.size {
			parse = sandbox.ParseSize
		}
		if _, err := parse(v); err != nil {
			return fmt.Errorf("--%s: %v", name, err)
		}
		*x.out = tournaments.LimitValue(v)
	}
	return nil
}
