package main

import (
	"bytes"
	"context"
	"io"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/protocol"
	"github.com/openroom/openroom/results"
)

func TestUsageErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no connect", []string{"--seat", "North"}, "--connect"},
		{"bad address", []string{"--connect", "nowhere", "--seat", "North"}, "--connect"},
		{"no seat", []string{"--connect", "127.0.0.1:1"}, "--seat"},
		{"bad seat", []string{"--connect", "127.0.0.1:1", "--seat", "Middle"}, "--seat"},
		{"bad level", []string{"--connect", "127.0.0.1:1", "--seat", "N", "--level", "godlike"}, "level"},
		{"bad name", []string{"--connect", "127.0.0.1:1", "--seat", "N", "--name", `a"b`}, "--name"},
		{"stray argument", []string{"--connect", "127.0.0.1:1", "--seat", "N", "extra"}, "unexpected"},
		{"unknown flag", []string{"--colour"}, "unknown flag"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var errs bytes.Buffer
			code := run(context.Background(), tc.args, io.Discard, &errs, protocol.DialTCP)
			assert.Equal(t, exitUsage, code)
			assert.Contains(t, errs.String(), tc.want)
		})
	}
}

func TestUnreachableManager(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	require.NoError(t, ln.Close()) // nobody listens there now
	var errs bytes.Buffer
	code := run(context.Background(), []string{"--connect", addr, "--seat", "North"}, io.Discard, &errs, protocol.DialTCP)
	assert.Equal(t, exitUnavailable, code, errs.String())
}

// TestFourRefbotsPlayASession runs a protocol table on 127.0.0.1:0 and
// four refbot commands (in-process) against it, one per seat.
func TestFourRefbotsPlayASession(t *testing.T) {
	t.Parallel()
	recs, logs := playSession(t, engine.SeededBoards("cmd-refbot", []int{1, 2}), func(seat, team string) []string {
		return []string{"--seat", seat, "--name", team, "--level", "easy", "--seed", "5", "--explain"}
	})
	require.Len(t, recs, 2)
	assert.Contains(t, logs[0].String(), "meaning=", "--explain logs every call's meaning")
}

// playSession runs a protocol table on 127.0.0.1:0 dealing the boards and
// four refbot commands (in-process) against it, one per seat, each with
// --connect and the arguments args gives for its seat and team (NS or
// EW). Every command must end the session with status 0; it returns the
// table's records and each seat's log, North first.
func playSession(t *testing.T, boards []engine.BoardSetup, args func(seat, team string) []string) ([]results.Record, []bytes.Buffer) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Second)
	defer cancel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	var recs []results.Record
	tbl, err := protocol.NewTable(protocol.Config{
		Boards:  boards,
		OnBoard: func(r results.Record) error { recs = append(recs, r); return nil },
	})
	require.NoError(t, err)
	go func() {
		for {
			nc, err := ln.Accept()
			if err != nil {
				return
			}
			tbl.Attach(nc)
		}
	}()
	tableErr := make(chan error, 1)
	go func() { tableErr <- tbl.Run(ctx) }()

	var wg sync.WaitGroup
	codes := make([]int, 4)
	logs := make([]bytes.Buffer, 4)
	for i, seat := range []string{"North", "East", "South", "West"} {
		team := "NS"
		if i%2 == 1 {
			team = "EW"
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			a := append([]string{"--connect", ln.Addr().String()}, args(seat, team)...)
			codes[i] = run(ctx, a, io.Discard, &logs[i], protocol.DialTCP)
		}()
	}
	wg.Wait()
	require.NoError(t, <-tableErr)
	for i := range codes {
		require.Equal(t, exitOK, codes[i], logs[i].String())
	}
	require.Len(t, recs, len(boards))
	return recs, logs
}
