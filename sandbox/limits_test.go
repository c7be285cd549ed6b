package sandbox

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseSizeAndCount(t *testing.T) {
	type row struct {
		in   string
		want int64
		bad  bool
	}
	for _, parser := range []struct {
		name  string
		parse func(string) (int64, error)
		rows  []row
	}{
		{"ParseSize", ParseSize, []row{
			{in: "4GiB", want: 4 << 30},
			{in: "4 GiB", want: 4 << 30},
			{in: "4gib", want: 4 << 30},
			{in: "4G", want: 4 << 30},
			{in: "4g", want: 4 << 30},
			{in: "4GB", want: 4_000_000_000},
			{in: "512MiB", want: 512 << 20},
			{in: "512M", want: 512 << 20},
			{in: "100MB", want: 100_000_000},
			{in: "64KiB", want: 64 << 10},
			{in: "64k", want: 64 << 10},
			{in: "1.5GiB", want: 3 << 29},
			{in: "1TiB", want: 1 << 40},
			{in: "1000", want: 1000},
			{in: "1000B", want: 1000},
			{in: " 2GiB ", want: 2 << 30},
			{in: "unlimited", want: Unlimited},
			{in: "Unlimited", want: Unlimited},
			{in: "", bad: true},
			{in: "GiB", bad: true},
			{in: "0", bad: true},
			{in: "0.1", bad: true},
			{in: "-1", bad: true},
			{in: "-4GiB", bad: true},
			{in: "4XB", bad: true},
			{in: "4 GiB GiB", bad: true},
			{in: "inf", bad: true},
			{in: "NaN", bad: true},
			{in: "0x10", bad: true},
			{in: "1_000", bad: true},
			{in: "99999999TiB", bad: true},
			{in: "none", bad: true},
		}},
		{"ParseCount", ParseCount, []row{
			{in: "256", want: 256},
			{in: " 1 ", want: 1},
			{in: "unlimited", want: Unlimited},
			{in: "UNLIMITED", want: Unlimited},
			{in: "0", bad: true},
			{in: "-1", bad: true},
			{in: "1.5", bad: true},
			{in: "1k", bad: true},
			{in: "", bad: true},
			{in: "99999999999", bad: true},
		}},
	} {
		for _, tc := range parser.rows {
			got, err := parser.parse(tc.in)
			if tc.bad {
				assert.Error(t, err, "%s(%q)", parser.name, tc.in)
				continue
			}
			require.NoError(t, err, "%s(%q)", parser.name, tc.in)
			assert.Equal(t, tc.want, got, "%s(%q)", parser.name, tc.in)
		}
	}
}

func FuzzParseSize(f *testing.F) {
	for _, s := range []string{"4GiB", "1.5 g", "unlimited", "1e9", "0x1p3", "-0", "9e18"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseSize(s)
		if err == nil && v != Unlimited && v < 1 {
			t.Fatalf("ParseSize(%q) = %d", s, v)
		}
	})
}

func TestFormatSize(t *testing.T) {
	for in, want := range map[int64]string{
		4 << 30: "4 GiB", 64 << 20: "64 MiB", 3 << 29: "1536 MiB", 1000: "1000 B",
		4 << 10: "4 KiB", 1 << 40: "1 TiB", Unlimited: "unlimited",
	} {
		assert.Equal(t, want, FormatSize(in))
	}
}

func TestLimitsDefaultsAndOverrides(t *testing.T) {
	d := DefaultLimits()
	assert.Equal(t, Limits{Memory: 4 << 30, Procs: 256, Files: 1024, Disk: 1 << 30, Tmp: 1 << 30}, d)
	assert.Equal(t, d, Limits{}.WithDefaults())
	l := Limits{Memory: Unlimited, Procs: 8}.WithDefaults()
	assert.Equal(t, Limits{Memory: Unlimited, Procs: 8, Files: 1024, Disk: 1 << 30, Tmp: 1 << 30}, l)

	c := &Confiner{limits: l}
	g := c.Guard("", Limits{Memory: 2 << 30, Tmp: Unlimited})
	assert.Equal(t, Limits{Memory: 2 << 30, Procs: 8, Files: 1024, Disk: 1 << 30, Tmp: Unlimited}, g.Limits())
	assert.Equal(t, "", g.TmpSize(), "an unlimited /tmp has no --size")
	assert.Equal(t, "1073741824", c.Guard("", Limits{}).TmpSize())
}

func TestLimitError(t *testing.T) {
	assert.Equal(t, "killed: memory limit 4 GiB", (&LimitError{Limit: "memory", Value: 4 << 30}).Error())
	assert.Equal(t, "killed: process limit 256", (&LimitError{Limit: "process", Value: 256}).Error())
	assert.Equal(t, "killed: folder limit 16 MiB", (&LimitError{Limit: "folder", Value: 16 << 20}).Error())
}
