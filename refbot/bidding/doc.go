// Package bidding is the reference bot's SAYC-lite bidding system: one
// table of call meanings (system*.go), a deterministic bidder that reads
// only its seat's View (bidding.go), the explanation of any call for
// alerts and logs (explain.go), and the auction inference that turns calls
// into soft constraints on the hidden hands (infer.go, softfacts.go,
// callmodel.go), which the card play's sampler takes.
package bidding
