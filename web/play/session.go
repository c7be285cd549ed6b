package play

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/openroom/openroom/web/play/practice"
)

// session is one person's table (a practice.Table, played in the
// session's own goroutine) and the browser tabs that show it: one tab at
// a time holds the seat.
type session struct {
	id    string
	srv   *Server
	table *practice.Table

	mu       sync.Mutex
	holder   string // the tab that holds the seat
	conn     *conn  // the holder's live stream, if any
	lastSeen time.Time

	cancel context.CancelFunc
	done   chan struct{}
}

// conn is one live event stream of a tab.
type conn struct {
	tab   string
	taken chan string // receives the new holder's notice when another tab takes over
}

// The teams the play page's bots play for (practice.TeamNS).
const (
	teamNS = practice.TeamNS
	teamEW = practice.TeamEW
)

func newSession(srv *Server, id string) (*session, error) {
	cfg := practice.Config{Seat: srv.cfg.Seat, Level: srv.cfg.Level, Systems: srv.cfg.Systems, Mode: srv.cfg.Mode, WatchPartner: srv.cfg.WatchPartner,
		Seed: srv.cfg.Seed, FirstBoard: srv.cfg.FirstBoard, Deal: srv.cfg.Deal, Analyse: srv.analyse, Logf: srv.logf}
	t, err := practice.New(cfg)
	if err != nil {
		return nil, fmt.Errorf("play: %w", err)
	}
	return &session{id: id, srv: srv, table: t, done: make(chan struct{}), lastSeen: time.Now()}, nil
}

// start runs the session's table until ctx ends or stop.
func (s *session) start(ctx context.Context) {
	ctx, s.cancel = context.WithCancel(ctx)
	go func() {
		defer close(s.done)
		s.table.Run(ctx)
	}()
}

func (s *session) stop() {
	s.cancel()
	<-s.done
}
