package bidding

import "testing"

func TestPortResponderRebids(t *testing.T) {
	compareTables(t, builtBy((*builder).responderRebids), loadFragment(t, "systems/port/responderrebids.bid"))
}
