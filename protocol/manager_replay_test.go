package protocol

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
)

// scriptedPlayer makes the calls and plays the cards a transcript says the
// seat made, in order, and fails if asked for more or for the wrong kind.
type scriptedPlayer struct {
	mu      sync.Mutex
	actions []Message // Called and Played, in the recorded order
}

func (p *scriptedPlayer) next() (Message, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.actions) == 0 {
		return nil, errors.New("scripted player: asked for more actions than were recorded")
	}
	m := p.actions[0]
	p.actions = p.actions[1:]
	return m, nil
}

func (p *scriptedPlayer) Call(_ context.Context, _ *engine.View) (engine.Call, string, error) {
	m, err := p.next()
	if err != nil {
		return 0, "", err
	}
	c, ok := m.(Called)
	if !ok {
		return 0, "", fmt.Errorf("scripted player: asked for a call, recorded %q", m)
	}
	return c.Call, c.Alert, nil
}

func (p *scriptedPlayer) Card(_ context.Context, _ *engine.View) (engine.Card, error) {
	m, err := p.next()
	if err != nil {
		return 0, err
	}
	c, ok := m.(Played)
	if !ok {
		return 0, fmt.Errorf("scripted player: asked for a card, recorded %q", m)
	}
	return c.Card, nil
}

// managerSessions are recorded sessions of other table managers with
// openroom's seat-side client at one seat.
var managerSessions = []struct {
	file string
	seat engine.Seat
	team string
}{
	{"bridge_env-server-north.txt", engine.North, "openroom"},
}

// TestManagerTranscripts plays the manager's side of each recorded session
// to openroom's Client over TCP, with a player that makes the recorded
// decisions, and checks that the Client sends exactly the recorded lines in
// the recorded order and finishes the session without error.
func TestManagerTranscripts(t *testing.T) {
	for _, ms := range managerSessions {
		t.Run(strings.TrimSuffix(ms.file, ".txt"), func(t *testing.T) {
			script := readTranscript(t, filepath.Join("testdata", "managers", ms.file))
			bot := &scriptedPlayer{}
			for _, l := range script {
				if !l.out {
					continue
				}
				m, err := Parse(l.text)
				require.NoError(t, err, "%s:%d", ms.file, l.at)
				switch m := m.(type) {
				case Called:
					bot.actions = append(bot.actions, m)
				case Played:
					// The client's own cards and, as declarer, dummy's;
					// a dummy never sends one.
					bot.actions = append(bot.actions, m)
				}
			}
			ctx, cancel := context.WithTimeout(context.Background(), testDeadline)
			defer cancel()
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			require.NoError(t, err)
			defer ln.Close()
			clientDone := make(chan error, 1)
			go func() {
				var d net.Dialer
				nc, err := d.DialContext(ctx, "tcp", ln.Addr().String())
				if err != nil {
					clientDone <- err
					return
				}
				clientDone <- NewClient(nc, ClientConfig{Team: ms.team, Seat: ms.seat}, bot).Run(ctx)
			}()
			nc, err := ln.Accept()
			require.NoError(t, err)
			defer nc.Close()
			deadline, _ := ctx.Deadline()
			require.NoError(t, nc.SetDeadline(deadline))
			r := bufio.NewReader(nc)
			for _, l := range script {
				if !l.out {
					_, err := io.WriteString(nc, l.text+"\r\n")
					require.NoError(t, err, "%s:%d: send %q", ms.file, l.at, l.text)
					continue
				}
				got, err := r.ReadString('\n')
				require.NoError(t, err, "%s:%d: waiting for %q", ms.file, l.at, l.text)
				require.True(t, strings.HasSuffix(got, "\r\n"), "%s:%d: %q does not end in CR LF", ms.file, l.at, got)
				require.Equal(t, l.text, strings.TrimSuffix(got, "\r\n"), "%s:%d", ms.file, l.at)
			}
			select {
			case err := <-clientDone:
				require.NoError(t, err, "the client ends the session cleanly after End of session")
			case <-ctx.Done():
				t.Fatal("the client did not finish")
			}
			assert.Empty(t, bot.actions, "every recorded decision was asked for")
		})
	}
}
