//go:build !unix

package refbot

import "time"

// cpuTime is not measured here.
func cpuTime() time.Duration { return 0 }
