// Package tournaments runs scheduled bot-vs-bot events: team matches with
// an open and a closed room, round robins of teams and gauntlets.
//
// The package is layered the way cutechess layers a chess tournament:
//
//   - the event (config.go) says who plays, on which boards and how;
//   - the schedule (schedule.go) turns it into matches and table jobs, each
//     one room of one segment of one match with its four seated bots;
//   - a TableRunner plays a table job and reports every finished board as a
//     results.Record; the runner is the only layer that knows about the
//     wire protocol, bot processes or in-process bots;
//   - Run (run.go) drives the jobs concurrently, writes the results stream,
//     resumes an interrupted event, and scores it (score.go): IMPs per board
//     between rooms, per-match totals with a confidence interval, WBF VPs
//     and round-robin standings.
//
// Every rule and score comes from package engine.
package tournaments
