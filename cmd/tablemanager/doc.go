// Command tablemanager is openroom's table manager: it scores boards, serves
// tables to bridge robots over the Blue Chip protocol, runs bot-vs-bot
// events and analyses results double dummy.
//
// Usage:
//
//	tablemanager score CONTRACT DECLARER VULNERABILITY TRICKS
//	tablemanager score --rubber|--chicago [--dealer SEAT] < deals.txt
//	tablemanager serve [flags]
//	tablemanager run [EVENT.toml] [flags]
//	tablemanager analyze FILE.pbn [flags]
//
// Run "tablemanager help" for the list of commands.
package main
