package protocol

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/player"
	"github.com/openroom/openroom/results"
)

// The table against the protocol's own seat-side Client and Random bot,
// over TCP with RunSession, and in-process with ClientBot.

func TestTableWithClientsOverTCP(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), testDeadline)
	defer cancel()
	boards := engine.SeededBoards("clients", numbers(16))
	var recs []results.Record
	tbl, err := NewTable(Config{Boards: boards, NSTeam: "TeamNS", EWTeam: "TeamEW", OnBoard: func(r results.Record) error {
		recs = append(recs, r)
		return nil
	}})
	require.NoError(t, err)
	addr := serveLoopback(t, ctx, tbl)
	var wg sync.WaitGroup
	played := make([]int, 4)
	errs := make([]error, 4)
	for s := engine.North; s < engine.NumSeats; s++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Every seat asks for ANYPL: the table seats each by its team.
			cfg := ClientConfig{Team: "Team" + s.Side().String(), AnySeat: true}
			played[s], errs[s] = RunSession(ctx, DialTCP(addr), cfg, player.Random{Seed: s.String()}, time.Second)
		}()
	}
	require.NoError(t, tbl.Run(ctx))
	wg.Wait()
	for s := range errs {
		require.NoError(t, errs[s])
		assert.Equal(t, 16, played[s])
	}
	checkRecords(t, recs, boards)
	for _, r := range recs {
		assert.Equal(t, results.KindNormal, r.Termination.Kind)
		assert.Equal(t, "TeamEW", r.Players.W)
	}
}

func TestTableWithInProcessClients(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), testDeadline)
	defer cancel()
	boards := engine.SeededBoards("inproc", numbers(8))
	var recs []results.Record
	var local [4]LocalBot
	for s := range local {
		local[s] = ClientBot("Home", player.Random{Seed: "9"})
	}
	tbl, err := NewTable(Config{Boards: boards, Local: local, OnBoard: func(r results.Record) error {
		recs = append(recs, r)
		return nil
	}})
	require.NoError(t, err)
	require.NoError(t, tbl.Run(ctx))
	checkRecords(t, recs, boards)
	for _, r := range recs {
		assert.Equal(t, results.KindNormal, r.Termination.Kind)
	}
}
