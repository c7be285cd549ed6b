// Command openroom-relay is the relay inside a command bot's sandbox (see
// package sandbox): it listens on the sandbox's loopback, starts the bot
// and hands each connection the bot opens to tablemanager, which seats it
// at the bot's own seat.
//
// tablemanager runs it when it finds it beside itself (make build puts
// both in bin/), and otherwise runs itself as the relay. The relay is
// started once for every bot and every restart of one, so it is a program
// of its own: it starts in a third of the time tablemanager takes, which
// carries every other command.
//
// It is not meant to be run by hand.
package main

import (
	"os"

	"github.com/openroom/openroom/sandbox"
)

func main() {
	os.Exit(sandbox.RelayMain(os.Args[1:]))
}
