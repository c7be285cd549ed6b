// Package refbot is openroom's reference bot. Its bidding is the SAYC-lite
// system as one table of call meanings (system*.go), a deterministic bidder
// that reads only its seat's View (bidding.go), the explanation of any call
// for alerts and logs (explain.go) and the auction inference that turns
// calls into soft constraints on the hidden hands (infer.go). Its play
// samples hidden worlds consistent with those facts and solves each double
// dummy (sampler, play and bot files).
package refbot
