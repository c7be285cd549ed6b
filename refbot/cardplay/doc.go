// Package cardplay is the reference bot's card play: the hard facts a seat
// knows (world.go), the sampler that draws hidden worlds consistent with
// them and the auction's soft constraints (sampler.go), the search that
// solves each world double dummy and chooses by the contract and IMPs
// (play.go, play_check.go, play_dds.go), heuristic rollouts for the
// opening lead and early cards (play_lead.go), the defenders' signals
// and their reading (signals.go), and the heuristic that plays when
// nothing is searched (heuristic.go). Every limit is a count,
// so that a decision is a pure function of the view, the seed and the
// settings (Params).
package cardplay
