package protocol

// The boilerplate every message type shares.

// Kind returns KindConnect.
func (Connect) Kind() Kind { return KindConnect }

// String returns the canonical line without CRLF.
func (m Connect) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (Connect) isMessage() {}

// Kind returns KindSeated.
func (Seated) Kind() Kind { return KindSeated }

// String returns the canonical line without CRLF.
func (m Seated) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (Seated) isMessage() {}

// Kind returns KindRefusal.
func (Refusal) Kind() Kind { return KindRefusal }

// String returns the canonical line without CRLF.
func (m Refusal) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (Refusal) isMessage() {}

// Kind returns KindReadyForTeams.
func (ReadyForTeams) Kind() Kind { return KindReadyForTeams }

// String returns the canonical line without CRLF.
func (m ReadyForTeams) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (ReadyForTeams) isMessage() {}

// Kind returns KindTeams.
func (Teams) Kind() Kind { return KindTeams }

// String returns the canonical line without CRLF.
func (m Teams) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (Teams) isMessage() {}

// Kind returns KindReadyToStart.
func (ReadyToStart) Kind() Kind { return KindReadyToStart }

// String returns the canonical line without CRLF.
func (m ReadyToStart) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (ReadyToStart) isMessage() {}

// Kind returns KindStartOfBoard.
func (StartOfBoard) Kind() Kind { return KindStartOfBoard }

// String returns the canonical line without CRLF.
func (m StartOfBoard) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (StartOfBoard) isMessage() {}

// Kind returns KindReadyForDeal.
func (ReadyForDeal) Kind() Kind { return KindReadyForDeal }

// String returns the canonical line without CRLF.
func (m ReadyForDeal) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (ReadyForDeal) isMessage() {}

// Kind returns KindBoardInfo.
func (BoardInfo) Kind() Kind { return KindBoardInfo }

// String returns the canonical line without CRLF.
func (m BoardInfo) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (BoardInfo) isMessage() {}

// Kind returns KindReadyForCards.
func (ReadyForCards) Kind() Kind { return KindReadyForCards }

// String returns the canonical line without CRLF.
func (m ReadyForCards) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (ReadyForCards) isMessage() {}

// Kind returns KindCards.
func (Cards) Kind() Kind { return KindCards }

// String returns the canonical line without CRLF.
func (m Cards) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (Cards) isMessage() {}

// Kind returns KindDummyCards.
func (DummyCards) Kind() Kind { return KindDummyCards }

// String returns the canonical line without CRLF.
func (m DummyCards) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (DummyCards) isMessage() {}

// Kind returns KindCalled.
func (Called) Kind() Kind { return KindCalled }

// String returns the canonical line without CRLF.
func (m Called) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (Called) isMessage() {}

// Kind returns KindReadyForBid.
func (ReadyForBid) Kind() Kind { return KindReadyForBid }

// String returns the canonical line without CRLF.
func (m ReadyForBid) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (ReadyForBid) isMessage() {}

// Kind returns KindToLead.
func (ToLead) Kind() Kind { return KindToLead }

// String returns the canonical line without CRLF.
func (m ToLead) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (ToLead) isMessage() {}

// Kind returns KindPlayed.
func (Played) Kind() Kind { return KindPlayed }

// String returns the canonical line without CRLF.
func (m Played) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (Played) isMessage() {}

// Kind returns KindReadyForCard.
func (ReadyForCard) Kind() Kind { return KindReadyForCard }

// String returns the canonical line without CRLF.
func (m ReadyForCard) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (ReadyForCard) isMessage() {}

// Kind returns KindReadyForDummy.
func (ReadyForDummy) Kind() Kind { return KindReadyForDummy }

// String returns the canonical line without CRLF.
func (m ReadyForDummy) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (ReadyForDummy) isMessage() {}

// Kind returns KindReceivedDummy.
func (ReceivedDummy) Kind() Kind { return KindReceivedDummy }

// String returns the canonical line without CRLF.
func (m ReceivedDummy) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (ReceivedDummy) isMessage() {}

// Kind returns KindTiming.
func (Timing) Kind() Kind { return KindTiming }

// String returns the canonical line without CRLF.
func (m Timing) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (Timing) isMessage() {}

// Kind returns KindEndOfSession.
func (EndOfSession) Kind() Kind { return KindEndOfSession }

// String returns the canonical line without CRLF.
func (m EndOfSession) String() string { return string(m.AppendTo(make([]byte, 0, 64))) }

func (EndOfSession) isMessage() {}
