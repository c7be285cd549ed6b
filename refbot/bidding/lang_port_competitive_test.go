package bidding

import "testing"

func TestPortOvercalls(t *testing.T) {
	compareTables(t, builtBy((*builder).overcalls), loadFragment(t, "systems/port/overcalls.bid"))
}

func TestPortContested(t *testing.T) {
	compareTables(t, builtBy((*builder).contested), loadFragment(t, "systems/port/contested.bid"))
}
