//go:build !race

package main

import "github.com/openroom/openroom/tournaments"

// testPlayers seats run's built-in bots in the tests: theirs.
var testPlayers tournaments.PlayerFactory
