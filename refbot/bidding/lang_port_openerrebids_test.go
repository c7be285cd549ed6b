package bidding

import "testing"

func TestPortOpenerRebids(t *testing.T) {
	compareTables(t, builtBy((*builder).openerRebids), loadFragment(t, "systems/port/openerrebids.bid"))
}
