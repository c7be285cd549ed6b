package bidding

import (
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// fuzzLine is how every line of a syntax, expansion or check error of
// FuzzLoad's file begins.
var fuzzLine = regexp.MustCompile(`^fuzz\.bid:([0-9]+): `)

// FuzzLoad feeds arbitrary files to the loader: it never panics, returns
// a system or an error (never both, never neither), and every error but
// the two about the file as a whole (not UTF-8, too large) names the file
// and a line that the file has, on each line of the message.
func FuzzLoad(f *testing.F) {
	src, err := BuiltinSource("sayc-lite")
	require.NoError(f, err)
	f.Add(src)
	for _, seed := range []string{
		header,
		header + "about \"a {1 + 2 * 3} b\"\nsituation \"\"\n1N \"15-17\" hcp 15..17 balanced\n",
		header + "situation \"1S P\"\nfor s in H D C if s != D\n  2{s} \"new suit\" hcp 10.. len s 5.. when good(s)\nend\n",
		header + "define f(k, lvl)\n  situation \"{k}\"\n  {lvl}N \"notrump\" hcp 8.. when stoppers()\nend\nuse f(\"1S\", 2)\nuse f(\"1H P\", 1)\n",
		header + "situation \"\"\nif 1 == 2\n  1C \"no\"\nelif S > H\n  1D \"yes\" need 3\nelse\n  1H \"no\"\nend\n",
		header + "situation \"1C\"\nX \"takeout\" hcp 12.. shortin(C) conv cue\n",
		"system \"D\"\nbase \"sayc-lite\"\nabout \"mine\"\nsituation \"1N P\"\n2C \"Stayman\" alert \"asks\" forcing\n",
		header + "let a = \"x\"\nlet a = \"{a}{a}\"\nlet a = \"{a}{a}\"\nabout \"{a}\"\n",
	} {
		f.Add([]byte(seed))
	}
	for _, c := range langErrorCases() {
		f.Add([]byte(c.src))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		sys, err := Load("fuzz.bid", src)
		if err == nil {
			require.NotNil(t, sys)
			require.NotEmpty(t, sys.Name())
			n := 0
			for _, k := range sys.keys {
				n += len(sys.rows[k])
			}
			require.Equal(t, sys.count, n)
			require.NoError(t, sys.WriteCard(io.Discard))
			return
		}
		require.Nil(t, sys)
		msg := err.Error()
		if msg == "fuzz.bid: not UTF-8 text" || strings.HasPrefix(msg, "fuzz.bid: ") && strings.Contains(msg, "more than a system file may hold") {
			return
		}
		lines := strings.Count(string(src), "\n") + 1
		for _, ln := range strings.Split(msg, "\n") {
			m := fuzzLine.FindStringSubmatch(ln)
			require.NotNil(t, m, "error line without file:LINE: %q", ln)
			n, err := strconv.Atoi(m[1])
			require.NoError(t, err)
			require.True(t, n >= 1 && n <= lines, "line %d of a file of %d lines: %q", n, lines, ln)
		}
	})
}
