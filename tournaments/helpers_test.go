package tournaments

import (
	"bytes"
	"errors"
	"io"

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
