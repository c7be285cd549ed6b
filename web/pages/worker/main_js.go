//go:build js && wasm

package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"syscall/js"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/player"
	"github.com/openroom/openroom/refbot"
	"github.com/openroom/openroom/web/play/practice"
)

// worker is the table running in this worker.
type worker struct {
	table  *practice.Table
	chains [engine.NumSeats]*practice.Chain
}

func main() {
	w := &worker{}
	// The worker's script hands each message of the page to openroomGo
	// as JSON text; a js.Func must not block, and none of these does.
	js.Global().Set("openroomGo", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) == 1 {
			w.message(args[0].String())
		}
		return nil
	}))
	js.Global().Call("openroomReady")
	select {}
}

// post sends the page a message.
func post(kind string, fields map[string]any) {
	m := map[string]any{"type": kind}
	for k, v := range fields {
		m[k] = v
	}
	js.Global().Call("postMessage", js.ValueOf(m))
}

// message handles one message of the page.
func (w *worker) message(data string) {
	var head struct {
		Type    string           `json:"type"`
		ID      int              `json:"id"`
		Request practice.Request `json:"request"`
	}
	if err := json.Unmarshal([]byte(data), &head); err != nil {
		post("fatal", map[string]any{"message": "a message the worker cannot read: " + err.Error()})
		return
	}
	switch head.Type {
	case "start":
		if err := w.start(data); err != nil {
			post("fatal", map[string]any{"message": err.Error()})
		}
	case "act":
		answer := map[string]any{"id": head.ID, "ok": true}
		if w.table == nil {
			answer["ok"], answer["error"] = false, "the table is not set up yet"
		} else if err := w.table.Act(head.Request); err != nil {
			answer["ok"], answer["error"] = false, err.Error()
		}
		post("acted", answer)
	}
}

// start sets up the table and runs it.
func (w *worker) start(data string) error {
	if w.table != nil {
		return errors.New("the table is already set up")
	}
	m, err := parseStart(data)
	if err != nil {
		return err
	}
	cfg, err := m.Config.tableConfig()
	if err != nil {
		return err
	}
	solver := practice.NewSharedSolver()
	cfg.Analyse, cfg.Prepare, cfg.Idle = solver.Analyse, solver.Prepare, solver.Idle
	cfg.Records = true
	cfg.Resume = m.Record
	cfg.OnChange = func(msg []byte) { post("state", map[string]any{"state": string(msg)}) }
	cfg.Logf = func(format string, args ...any) {
		js.Global().Get("console").Call("warn", fmt.Sprintf(format, args...))
	}
	cfg.Player = func(seat engine.Seat, seed uint64, opts []refbot.Option) (player.Player, error) {
		c, err := practice.NewChain(cfg.Level, seed, opts, solver)
		if err != nil {
			return nil, err
		}
		c.Heuristic = heuristic
		if m.Fault == "slow" || m.Fault == "throw" || m.Fault == "throw-js" {
			c.Fault = m.Fault
			if m.Fault == "throw-js" {
				c.Fault = "throw"
			}
		}
		if m.Failed == seat.String() {
			c.SkipSearch()
		}
		w.chains[seat] = c
		return c, nil
	}
	t, err := practice.New(cfg)
	if err != nil {
		return err
	}
	w.table = t
	go t.Run(context.Background())
	return nil
}

// heuristic asks the worker's JavaScript heuristic for the action of the
// seat whose view v is; it reads only that view.
func heuristic(v *engine.View) (action string, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("the JavaScript heuristic failed: %v", p)
		}
	}()
	buf, err := json.Marshal(practice.SeatView(v))
	if err != nil {
		return "", err
	}
	return js.Global().Call("openroomHeuristic", string(buf)).String(), nil
}
