package play

import "github.com/openroom/openroom/web/play/practice"

// The messages of the page's event stream are the practice table's
// (package practice): State is one, everything the person's seat may know
// now; Result the finished board; Totals the running session.
type (
	State      = practice.State
	Result     = practice.Result
	Totals     = practice.Totals
	CallInfo   = practice.CallInfo
	PlayedCard = practice.PlayedCard
	SideCount  = practice.SideCount
)
