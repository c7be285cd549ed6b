// Package lin writes and reads BBO's LIN format for single boards, the
// subset openroom needs to open a played board in BBO's hand viewer: players
// (pn), the deal and dealer (md), vulnerability (sv), the board title (ah),
// the calls with alerts and explanations (mb, an), the cards in played order
// (pc) and a claim (mc). Other keys (st, rh, pg, qx, ...) are ignored when
// read and never written.
package lin
