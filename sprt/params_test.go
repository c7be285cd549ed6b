package sprt

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseParams(t *testing.T) {
	t.Parallel()
	def := func(m0, m1 float64) Params {
		return Params{IMP0: m0, IMP1: m1, Alpha: DefaultAlpha, Beta: DefaultBeta, MinBoards: DefaultMinBoards}
	}
	tests := []struct {
		in      string
		want    Params
		key     string // the key the error names; "-" for none
		errPart string
	}{
		{"imp0=0,imp1=0.5,alpha=0.05,beta=0.05", def(0, 0.5), "", ""},
		{"imp0=0,imp1=0.5", def(0, 0.5), "", ""},
		{" imp1 = 1 , imp0 = -1 ", def(-1, 1), "", ""},
		{"imp0=0,imp1=0.5,alpha=0.01,beta=0.1,min_boards=0", Params{IMP1: 0.5, Alpha: 0.01, Beta: 0.1}, "", ""},
		{"imp0=0,imp1=0.5,min_boards=64", Params{IMP1: 0.5, Alpha: 0.05, Beta: 0.05, MinBoards: 64}, "", ""},
		{"", Params{}, "-", "no parameters"},
		{"imp0=0", Params{}, "imp1", "imp1 is missing"},
		{"imp1=0.5", Params{}, "imp0", "imp0 is missing"},
		{"imp0=0,imp1=0.5,gamma=1", Params{}, "gamma", `unknown key "gamma"`},
		{"imp0=0,imp1=0.5,imp0=1", Params{}, "imp0", "imp0 is given twice"},
		{"imp0=0,imp1", Params{}, "-", `"imp1": want key=value`},
		{"imp0=0,,imp1=1", Params{}, "-", `"": want key=value`},
		{"=3", Params{}, "-", "want key=value"},
		{"imp0=zero,imp1=0.5", Params{}, "imp0", `imp0 "zero": want a number`},
		{"imp0=0,imp1=NaN", Params{}, "imp1", `imp1 "NaN": want a number`},
		{"imp0=0,imp1=inf", Params{}, "imp1", `imp1 "inf": want a number`},
		{"imp0=0.5,imp1=0.5", Params{}, "imp1", "imp1 0.5: want more than imp0 0.5"},
		{"imp0=1,imp1=0", Params{}, "imp1", "want more than imp0"},
		{"imp0=0,imp1=25", Params{}, "imp1", "imp1 25: want IMPs a board from -24 to 24"},
		{"imp0=-30,imp1=0", Params{}, "imp0", "imp0 -30"},
		{"imp0=0,imp1=0.5,alpha=0", Params{}, "alpha", "alpha 0: want a probability between 0 and 1"},
		{"imp0=0,imp1=0.5,beta=1", Params{}, "beta", "beta 1: want a probability"},
		{"imp0=0,imp1=0.5,alpha=-0.1", Params{}, "alpha", "alpha -0.1"},
		{"imp0=0,imp1=0.5,alpha=0.6,beta=0.5", Params{}, "beta", "want alpha+beta below 1"},
		{"imp0=0,imp1=0.5,min_boards=-1", Params{}, "min_boards", "min_boards -1: want 0 to 1000000"},
		{"imp0=0,imp1=0.5,min_boards=1.5", Params{}, "min_boards", `min_boards "1.5": want a whole number`},
		{"imp0=0,imp1=0.5,min_boards=2000000", Params{}, "min_boards", "min_boards 2000000"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			p, err := ParseParams(tc.in)
			if tc.errPart == "" {
				require.NoError(t, err)
				assert.Equal(t, tc.want, p)
				back, err := ParseParams(p.String())
				require.NoError(t, err)
				assert.Equal(t, p, back, "String writes what ParseParams reads")
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.errPart)
			var pe *ParamError
			require.True(t, errors.As(err, &pe))
			if tc.key == "-" {
				assert.Empty(t, pe.Key)
			} else {
				assert.Equal(t, tc.key, pe.Key)
			}
		})
	}
}

func TestNewRefusesBadParams(t *testing.T) {
	t.Parallel()
	_, err := New(Params{IMP0: 1, IMP1: 0, Alpha: 0.05, Beta: 0.05})
	require.Error(t, err)
	_, err = New(Params{})
	require.Error(t, err)
}

func FuzzParseParams(f *testing.F) {
	for _, s := range []string{
		"imp0=0,imp1=0.5,alpha=0.05,beta=0.05", "imp0=-1,imp1=1,min_boards=64", "", "imp0=0,imp1",
		"imp0=1e308,imp1=1e309", "alpha=0x1p-3,imp0=0,imp1=0.5", "imp0=0,imp1=0.5,min_boards=99999999999999999999",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseParams(s)
		if err != nil {
			var pe *ParamError
			require.True(t, errors.As(err, &pe), "error %v is not a *ParamError", err)
			require.NotEmpty(t, err.Error())
			return
		}
		require.NoError(t, p.Validate())
		back, err := ParseParams(p.String())
		require.NoError(t, err)
		require.Equal(t, p, back)
		st, err := New(p)
		require.NoError(t, err)
		st.Add(3)
		r := st.Result()
		require.NotContains(t, r.LLRLine()+r.BoardsLine()+r.VerdictLine(), "NaN")
	})
}
