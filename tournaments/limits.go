package tournaments

import "github.com/openroom/openroom/sandbox"

// resolveLimits reads a [limits] table (key: "limits" or
// "bots.NAME.limits"); a key left out stays zero.
func resolveLimits(f *File, key string, c LimitsConfig) (sandbox.Limits, error) {
	var l sandbox.Limits
	for _, x := range []struct {
		name string
		v    LimitValue
		size bool
		out  *int64
	}{
		{"memory", c.Memory, true, &l.Memory},
		{"procs", c.Procs, false, &l.Procs},
		{"files", c.Files, false, &l.Files},
		{"disk", c.Disk, true, &l.Disk},
		{"tmp", c.Tmp, true, &l.Tmp},
	} {
		if x.v == "" {
			continue
		}
		parse := sandbox.ParseCount
		if x.size {
			parse = sandbox.ParseSize
		}
		v, err := parse(string(x.v))
		if err != nil {
			return l, f.errorf(key+"."+x.name, "%s.%s: %v", key, x.name, err)
		}
		*x.out = v
	}
	return l, nil
}

// set says whether any key of a [limits] table is given.
func (c LimitsConfig) set() bool { return c != LimitsConfig{} }
