//go:build !unix

package tournaments

import "time"

// cpuTime is not measured here.
func cpuTime() time.Duration { return 0 }
