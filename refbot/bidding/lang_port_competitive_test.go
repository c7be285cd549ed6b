package bidding

import "testing"

func TestPortOvercalls(t *testing.T) {
	compareTables(t, builtBy((*builder).overcalls), loadFragment(t, "systems/port/overcalls.bid"))
}
