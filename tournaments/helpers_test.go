package tournaments

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/player"
	"github.com/openroom/openroom/protocol"

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

// botModeEnv makes the test binary act as a bot process (see testBot).
const botModeEnv = "TOURNAMENTS_TEST_BOT"

// testBot is the test binary acting as a bot process:
//
//	crash                       exit at once with status 1
//	sleep                       wait to be stopped
//	dump FILE ARGS...           write the arguments to FILE, then wait
//	play HOST PORT SEAT TEAM    play a session with the random bot
//	crashonce MARKER HOST PORT SEAT TEAM
//	                            the same, but East's first process (no
//	                            MARKER file yet) dies at its third card
//	spy HOST PORT SEAT TEAM     try to read what a bot must not (see
//	                            spyBot), then play
//	attack ATTACK HOST PORT SEAT TEAM
//	                            break a limit (see attackBot)
func testBot(mode string, args []string) int {
	switch mode {
	case "attack":
		return attackBot(args)
	case "crash":
		return 1
	case "dump":
		if len(args) > 0 {
			_ = os.WriteFile(args[0], []byte(strings.Join(args, "\n")), 0o644)
		}
		time.Sleep(time.Minute)
	case "sleep":
		time.Sleep(time.Minute)
	case "spy":
		return spyBot(args)
	case "play", "crashonce":
		var bot player.Player
		marker := ""
		if mode == "crashonce" {
			marker, args = args[0], args[1:]
		}
		if len(args) != 4 {
			fmt.Fprintln(os.Stderr, "test bot: want HOST PORT SEAT TEAM, got", args)
			return 64
		}
		seat, err := engine.ParseSeat(args[2])
		if err != nil {
			fmt.Fprintln(os.Stderr, "test bot:", err)
			return 64
		}
		bot = player.Random{Seed: args[3]}
		if marker != "" && seat == engine.East {
			if _, err := os.Stat(marker); errors.Is(err, os.ErrNotExist) {
				bot = &dyingBot{Player: bot, marker: marker}
			}
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		_, err = protocol.RunSession(ctx, protocol.DialTCP(net.JoinHostPort(args[0], args[1])),
			protocol.ClientConfig{Team: args[3], Seat: seat}, bot, 10*time.Second)
		if err != nil {
			fmt.Fprintln(os.Stderr, "test bot:", err)
			return 1
		}
	}
	return 0
}

// dyingBot dies at its third card, leaving a marker so its restart lives.
type dyingBot struct {
	player.Player
	marker string
	cards  int
}

func (b *dyingBot) Card(ctx context.Context, v *engine.View) (engine.Card, error) {
	b.cards++
	if b.cards == 3 {
		_ = os.WriteFile(b.marker, []byte("died"), 0o644)
		os.Exit(2)
	}
	return b.Player.Card(ctx, v)
}

// syncBuf is a goroutine-safe log.
type syncBuf struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func (s *syncBuf) logf(format string, args ...any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.b.WriteString(strings.TrimSpace(sprintf(format, args...)) + "\n")
}

func waitClosed(t *testing.T, c <-chan struct{}, what string) {
	t.Helper()
	select {
	case <-c:
	case <-time.After(10 * time.Second):
		t.Fatalf("timed out waiting for %s", what)
	}
}
