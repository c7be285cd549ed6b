package protocol

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
)

// seatTable starts a table of one board behind a TCP server and returns
// its address; the table runs until the test ends.
func seatTable(t *testing.T, cfg Config) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testDeadline)
	cfg.Boards = engine.SeededBoards("seat", numbers(1))
	if cfg.HandshakeTimeout == 0 {
		cfg.HandshakeTimeout = 2 * time.Second
	}
	tbl, err := NewTable(cfg)
	require.NoError(t, err)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	done := make(chan struct{})
	go func() {
		defer close(done)
		go (&Server{Table: tbl}).Serve(ctx, ln)
		tbl.Run(ctx)
	}()
	t.Cleanup(func() {
		cancel()
		<-done
	})
	return ln.Addr().String()
}

// rawSeat is a hand-driven connection for handshake tests.
type rawSeat struct {
	t  *testing.T
	nc net.Conn
	r  *bufio.Reader
}

func dialRaw(t *testing.T, addr string) *rawSeat {
	t.Helper()
	nc, err := net.DialTimeout("tcp", addr, time.Second)
	require.NoError(t, err)
	t.Cleanup(func() { nc.Close() })
	require.NoError(t, nc.SetDeadline(time.Now().Add(5*time.Second)))
	return &rawSeat{t: t, nc: nc, r: bufio.NewReader(nc)}
}

func (s *rawSeat) send(line string) {
	_, err := s.nc.Write([]byte(line + "\r\n"))
	require.NoError(s.t, err)
}

// recv returns the next line, or "" with the error once the table closed.
func (s *rawSeat) recv() (string, error) {
	line, err := s.r.ReadString('\n')
	if err != nil {
		return "", err
	}
	assert.True(s.t, strings.HasSuffix(line, "\r\n"), "lines end in CRLF: %q", line)
	return strings.TrimRight(line, "\r\n"), nil
}

// refused checks that the table answers with one refusal line and closes.
func (s *rawSeat) refused(contains string) {
	s.t.Helper()
	line, err := s.recv()
	require.NoError(s.t, err)
	assert.True(s.t, strings.HasPrefix(line, "Refused: "), line)
	assert.Contains(s.t, line, contains)
	_, err = s.recv()
	assert.Error(s.t, err, "the table must close after a refusal")
}

func (s *rawSeat) sit(team, seat string) {
	s.t.Helper()
	s.send(`Connecting "` + team + `" as ` + seat + ` using protocol version 18`)
	line, err := s.recv()
	require.NoError(s.t, err)
	require.True(s.t, strings.HasSuffix(line, "seated"), line)
}

func TestHandshakeRefusals(t *testing.T) {
	tests := []struct {
		name     string
		first    string // a seat that sits first, "" for none
		line     string
		contains string
	}{
		{"taken seat", "North", `Connecting "A" as North using protocol version 18`, "taken"},
		{"old version", "", `Connecting "A" as North using protocol version 17`, "version 17"},
		{"partner's team differs", "North", `Connecting "B" as South using protocol version 18`, "wrong team"},
		{"garbage", "", "GET / HTTP/1.1", "not a protocol line"},
		{"non-ASCII", "", "Connecting \"\xff\" as North using protocol version 18", "not a protocol line"},
		{"not a connect line", "", "North ready for teams", "Connecting"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			addr := seatTable(t, Config{})
			if tc.first != "" {
				dialRaw(t, addr).sit("A", tc.first)
			}
			s := dialRaw(t, addr)
			s.send(tc.line)
			s.refused(tc.contains)
		})
	}
}

func TestHandshakeVersion19AndConfiguredTeams(t *testing.T) {
	addr := seatTable(t, Config{NSTeam: "Home", EWTeam: "Away"})
	s := dialRaw(t, addr)
	s.send(`connecting "home" as any using protocol version 19`)
	line, err := s.recv()
	require.NoError(t, err)
	// An unknown seat word is not ANYPL.
	assert.True(t, strings.HasPrefix(line, "Refused: "), line)

	s = dialRaw(t, addr)
	s.send(`CONNECTING "home" AS ANYPL USING PROTOCOL VERSION 19`)
	line, err = s.recv()
	require.NoError(t, err)
	assert.Equal(t, `North ("Home") seated`, line)

	w := dialRaw(t, addr)
	w.send(`Connecting "Home" as West using protocol version 18`)
	w.refused("wrong team")
}

func TestIdleConnectionsAreDropped(t *testing.T) {
	addr := seatTable(t, Config{HandshakeTimeout: 400 * time.Millisecond, MaxPending: 2})
	// The server attaches connections in the order they arrive, so the
	// third finds two pending.
	idle1, idle2 := dialRaw(t, addr), dialRaw(t, addr)
	third := dialRaw(t, addr)
	third.refused("too many")
	// The idle ones are closed by the handshake timeout...
	for _, s := range []*rawSeat{idle1, idle2} {
		_, err := s.recv()
		assert.Error(t, err)
	}
	// ...which frees room for a real bot, and a seat held by an idle
	// seated bot is freed as well.
	n := dialRaw(t, addr)
	n.sit("A", "North")
	_, err := n.recv()
	assert.Error(t, err, "a seated bot that never asks for teams is dropped")
	dialRaw(t, addr).sit("A", "North")
}

func TestLongLineIsRefused(t *testing.T) {
	addr := seatTable(t, Config{})
	s := dialRaw(t, addr)
	_, err := s.nc.Write([]byte(strings.Repeat("x", 4*MaxLineLength)))
	require.NoError(t, err)
	_, err = s.recv()
	assert.Error(t, err, "a line longer than the limit ends the connection")
}

func TestServerRefusesStrangers(t *testing.T) {
	// A listener whose connections all look remote.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), testDeadline)
	defer cancel()
	tbl, err := NewTable(Config{Boards: engine.SeededBoards("x", numbers(1))})
	require.NoError(t, err)
	go (&Server{Table: tbl}).Serve(ctx, strangerListener{ln})
	s := dialRaw(t, ln.Addr().String())
	s.refused("may not take a seat")
}

// strangerListener makes every accepted connection come from 192.0.2.1.
type strangerListener struct{ net.Listener }

func (l strangerListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return strangerConn{c}, nil
}

type strangerConn struct{ net.Conn }

func (strangerConn) RemoteAddr() net.Addr { return &net.TCPAddr{IP: net.ParseIP("192.0.2.1"), Port: 9} }

func TestParseFaultPolicy(t *testing.T) {
	p, err := ParseFaultPolicy("Replay")
	require.NoError(t, err)
	assert.Equal(t, ReplayOnFault, p)
	_, err = ParseFaultPolicy("ignore")
	assert.Error(t, err)
}

func TestConnectingWithSelfDescription(t *testing.T) {
	// BEN run with --sendinfo names itself after the version number; it is
	// seated, and the table logs what it says about itself.
	var mu sync.Mutex
	var logs []string
	addr := seatTable(t, Config{Logf: func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		logs = append(logs, fmt.Sprintf(format, args...))
	}})
	s := dialRaw(t, addr)
	s.send(`Connecting "BEN" as North using protocol version 18 BEN 0.8.8.6 default.conf`)
	line, err := s.recv()
	require.NoError(t, err)
	assert.Equal(t, `North ("BEN") seated`, line)
	s.send("North ready for teams")
	// The log line is written before the seated line goes out.
	mu.Lock()
	defer mu.Unlock()
	assert.Contains(t, strings.Join(logs, "\n"), "BEN 0.8.8.6 default.conf")
}
