// Package bots is the bot layer of an event: what a bot is (Spec: a
// built-in bot, a program to start, or a remote bot that connects by
// itself), the built-in bots as players, and the processes of command bots,
// started once per table seat, supervised, restarted with a growing pause
// and run in their sandbox when the event has one. It knows nothing of
// schedules or results files: the event seats what it resolves here, and a
// table runner starts what it needs.
package bots
