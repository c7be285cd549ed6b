// Command tablemanager is openroom's table manager: it scores boards, serves
// tables to bridge robots over the Blue Chip protocol, runs bot-vs-bot
// events, analyses results double dummy and serves a page where a person
// plays a seat against the reference bot.
//
// Usage:
//
//	tablemanager score CONTRACT DECLARER VULNERABILITY TRICKS
//	tablemanager score --rubber|--chicago [--dealer SEAT] < deals.txt
//	tablemanager serve [flags]
//	tablemanager run [EVENT.toml] [flags]
//	tablemanager analyze FILE.pbn [flags]
//	tablemanager play [--seat SEAT] [--level LEVEL] [--mode duplicate|rubber|chicago] [--listen ADDR]
//
// Run "tablemanager help" for the list of commands.
package main
