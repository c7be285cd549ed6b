// Package tournaments runs scheduled bot-vs-bot events: team matches with
// an open and a closed room, round robins of teams and gauntlets.
//
// The package is layered the way cutechess layers a chess tournament:
//
//   - the event (config.go, event.go) says who plays, on which boards and
//     how; its bots are package bots' specs, and a shard of it (package
//     shards) plays a part of every match;
//   - the schedule (schedule.go) turns it into matches and table jobs, each
//     one room of one segment of one match with its four seated bots;
//   - a TableRunner plays a table job and reports every finished board as a
//     results.Record. ProtocolRunner seats the bots through the protocol
//     host (built-in bots over pipes, command bots as processes that
//     package bots supervises, remote bots on a listen address); SimRunner asks built-in bots
//     in-process, for tests and benchmarks. No other layer knows about the
//     wire protocol or processes;
//   - Run (run.go) drives the jobs concurrently, writes the results stream
//     under one lock, resumes an interrupted event, and scores it
//     (score.go) into a report (package report, which also writes it):
//     IMPs per board between the rooms, per-match totals, IMPs a board with
//     a 95% confidence interval, WBF VPs and standings;
//   - the shards' folders are checked and merged into one (merge.go).
//
// Every rule and score comes from package engine.
//
// # Event files
//
// An event file is TOML; every key is optional and an unknown key is an
// error naming it and its line (testdata/example.toml shows them all):
//
//	name = "club-night"        # the results' "event"; default: the file's name
//	out = "out/club-night"     # output folder, relative to the file
//	concurrency = 4            # tables in play at once; default: the cores
//	segment = 16               # boards a table plays in one session
//	lin = false                # also write LIN lines and BBO links
//	listen = "127.0.0.1:2000"  # where remote bots connect
//	allow = ["192.0.2.0/24"]   # who beyond loopback may connect there
//
//	[boards]                   # seed and count, or pbn
//	seed = 7                   # integer or string; none: a fresh random one, kept in OUT/seed
//	count = 32                 # boards per match; each round plays the next ones
//	pbn = "boards.pbn"         # deals from a PBN file instead
//
//	[schedule]
//	kind = "round-robin"       # "match", "round-robin" or "gauntlet"
//	teams = ["A", "B", "C"]    # the order of the pairing; default: by name
//	hero = "A"                 # gauntlet: the team that meets all others
//
//	[clocks]                   # Go durations: "30s", "5m"
//	action = "30s"             # one call or card
//	board = "5m"               # a side's budget for one board
//	start = "60s"              # the four bots sitting down
//
//	[faults]
//	policy = "adjust"          # A+/A- (±3 IMPs), or "replay"
//	restarts = 3               # restarts of a crashing bot before giving up
//	reconnect = "10s"          # how long a seat may take to come back
//
//	[bots.NAME]                # exactly one of:
//	builtin = "refbot"         #   a built-in bot ("random" or "refbot")
//	level = "expert"           #   and its level
//	command = "./bot {host} {port} {seat} {name}"  # a program to start
//	remote = true              #   a bot that connects to listen by itself
//	timing = false             # and optionally: send it no timing lines
//
//	[teams.NAME]
//	bots = ["NAME"]            # one bot for all seats, or two (N/E, S/W);
//	                           # "builtin:random" etc. need no [bots] table
//
// # Output
//
// The output folder holds results.jsonl (one line per board-room, synced
// as each board ends), summary.txt, one PBN file per match with both rooms
// (and, with lin, a .lin and a .bbo.txt file per match) and logs/ with the
// command bots' output. Running the same event again resumes it: board-
// rooms already in results.jsonl are not played again, and the report is
// computed from the file's content alone, so it is the same as an
// uninterrupted run's. Results of another event (other cards for the same
// board-room) are refused; Options.Fresh sets them aside.
package tournaments
