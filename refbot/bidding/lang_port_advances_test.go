package bidding

import "testing"

func TestPortAdvances(t *testing.T) {
	compareTables(t, builtBy((*builder).advances), loadFragment(t, "systems/port/advances.bid"))
}
