// Package protocol speaks the Blue Chip Bridge Table Manager protocol,
// version 18, the plain-text line protocol that computer-bridge
// championships and existing robots use. docs/protocol.md in the
// repository describes the protocol as this package speaks it: the lines
// in both directions, the variants it accepts, and openroom's fault
// policy.
//
// The package has three layers:
//
//   - The wire format: a typed Message for every line in both directions,
//     Parse to read a line leniently (any case, CRLF or LF, runs of spaces,
//     one trailing period, 1N, Dummy plays, alerts and signals) and
//     AppendTo/String to write each message in its one canonical form.
//     Reader, Writer and Conn carry lines over a connection with a bounded
//     line length, in the style of net/textproto.
//   - The seat side: a Client that seats itself at a table manager, follows
//     the session, builds its seat's engine.View only from the lines it
//     receives, and asks a Bot for each call and card.
//   - The manager side for one table (host*.go, table*.go).
//
// Rule decisions (legal calls, legal cards, the contract) are never made
// here: they come from package engine.
package protocol
