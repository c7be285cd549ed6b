// Package refbot is openroom's reference bot: Bot, the player.Player of one
// seat, its levels and their play settings, and its options. The bidding
// is package bidding's system (SAYC-lite unless told otherwise), with
// expert's judgement decisions simulated (package simulate); the play
// is package cardplay's: hidden worlds sampled to fit what the seat has
// seen and the auction's inference, each solved double dummy, within the
// level's counts, so that a decision is a pure function of the view, the
// seed and the settings.
package refbot
