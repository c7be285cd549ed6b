//go:build !race

package main

import "github.com/openroom/openroom/tournaments/bots"

// testPlayers seats run's built-in bots in the tests: theirs.
var testPlayers bots.PlayerFactory
