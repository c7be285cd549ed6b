package bidding

import "testing"

func TestPortStrongTwoClubs(t *testing.T) {
	compareTables(t, builtBy((*builder).strongTwoClubs), loadFragment(t, "systems/port/strongtwoclubs.bid"))
}

func TestPortPreemptResponses(t *testing.T) {
	compareTables(t, builtBy((*builder).preemptResponses), loadFragment(t, "systems/port/preemptresponses.bid"))
}

func TestPortMajorResponses(t *testing.T) {
	compareTables(t, builtBy((*builder).majorResponses), loadFragment(t, "systems/port/majorresponses.bid"))
}

func TestPortMinorResponses(t *testing.T) {
	compareTables(t, builtBy((*builder).minorResponses), loadFragment(t, "systems/port/minorresponses.bid"))
}
