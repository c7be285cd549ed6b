package bidding

import "testing"

func TestPortNotrump(t *testing.T) {
	compareTables(t, builtBy((*builder).notrumpSystems), loadFragment(t, "systems/port/notrump.bid"))
}
