package practice

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// FuzzParseRequest: any body is either refused with a message or is a
// request of a known kind carrying what that kind needs; nothing panics.
func FuzzParseRequest(f *testing.F) {
	for _, s := range []string{
		`{"kind":"call","call":"1H"}`, `{"kind":"call","call":"Pass","alert":"weak"}`,
		`{"kind":"card","card":"SA"}`, `{"kind":"next"}`, `{"kind":"replay"}`, `{"kind":"takeover"}`,
		`{"kind":"claim"}`, `{}`, `[]`, `null`, `{"kind":"call"}`, `{"kind":1}`, `{"kind":"call","call":"1H"} x`,
		"{\"kind\":\"call\",\"call\":\"1C\",\"alert\":\"\\u0000\"}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		req, err := ParseRequest(body)
		if err != nil {
			require.NotEmpty(t, err.Error())
			return
		}
		switch req.Kind {
		case "call":
			require.NotEmpty(t, req.Call)
			require.LessOrEqual(t, len([]rune(req.Alert)), MaxAlert)
		case "card":
			require.NotEmpty(t, req.Card)
		case "load":
			require.NotEmpty(t, req.Deals)
			require.LessOrEqual(t, len(req.Deals), MaxLoad)
		case "next", "replay", "takeover":
		default:
			t.Fatalf("accepted kind %q", req.Kind)
		}
	})
}
