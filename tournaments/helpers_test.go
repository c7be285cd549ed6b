package tournaments

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/openroom/openroom/pbn"
)

// pbnGames reads a PBN file's games as tag maps.
func pbnGames(b []byte) ([]map[string]string, error) {
	r := pbn.NewReader(bytes.NewReader(b))
	var out []map[string]string
	for {
		g, err := r.Next()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		m := map[string]string{}
		for _, n := range []string{"Board", "Room", "North", "HomeTeam", "ScoreIMP", "Score", "Contract"} {
			m[n] = g.Get(n)
		}
		out = append(out, m)
	}
}

func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }

// fmtSscanf finds "pid N" in a supervisor log.
func fmtSscanf(log string, pid *int) (int, error) {
	i := strings.Index(log, "pid ")
	if i < 0 {
		return 0, errors.New("no pid yet")
	}
	return fmt.Sscanf(log[i:], "pid %d", pid)
}
