package main

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/web/play/practice"
)

// startMsg is the page's first message: the table to set up (the page's
// query), the record to resume, and the seat whose decision was being made
// when the worker before this one died.
type startMsg struct {
	Type   string           `json:"type"`
	Config pageConfig       `json:"config"`
	Record *practice.Record `json:"record,omitempty"`
	Failed string           `json:"failed,omitempty"`
	Fault  string           `json:"fault,omitempty"`
}

// pageConfig is the page's query: the same as `tablemanager play`'s flags.
type pageConfig struct {
	Seat  string `json:"seat"`
	Level string `json:"level"`
	Mode  string `json:"mode"`
	Seed  string `json:"seed"`
	Board int    `json:"board"`
	Deal  string `json:"deal"`
	// Partner "watch" leaves the partner's contracts to the partner's
	// bot; by default the person plays them.
	Partner string `json:"partner"`
}

// tableConfig reads the page's query as a table's configuration.
func (c pageConfig) tableConfig() (practice.Config, error) {
	var cfg practice.Config
	seat := engine.South
	if c.Seat != "" {
		s, err := engine.ParseSeat(c.Seat)
		if err != nil {
			return cfg, fmt.Errorf("seat: %v", err)
		}
		seat = s
	}
	level := strings.ToLower(c.Level)
	if level == "" {
		level = "expert"
	}
	mode, err := practice.ParseMode(strings.ToLower(c.Mode))
	if c.Mode == "" {
		mode, err = practice.Duplicate, nil
	}
	if err != nil {
		return cfg, fmt.Errorf("mode: %v", err)
	}
	cfg = practice.Config{Seat: seat, Level: level, Mode: mode, Seed: c.Seed, FirstBoard: c.Board}
	switch strings.ToLower(c.Partner) {
	case "", "play":
	case "watch":
		cfg.WatchPartner = true
	default:
		return cfg, fmt.Errorf("partner: %q is neither play nor watch", c.Partner)
	}
	if c.Deal != "" {
		d, err := engine.ParseDeal(c.Deal)
		if err != nil {
			return cfg, fmt.Errorf("deal: %v", err)
		}
		n := max(c.Board, 1)
		setup := engine.NewBoardSetup(n, d)
		cfg.Deal = &setup
	}
	if err := cfg.Check(); err != nil {
		return cfg, err
	}
	return cfg, nil
}

// parseStart reads the start message.
func parseStart(data string) (startMsg, error) {
	var m startMsg
	if err := json.Unmarshal([]byte(data), &m); err != nil {
		return m, fmt.Errorf("the start message: %v", err)
	}
	return m, nil
}
