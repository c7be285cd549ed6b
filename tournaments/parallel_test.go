package tournaments

import (
	"errors"
	"fmt"
	"runtime"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestInParallel calls fn once for every index, on one core and on
// several, and reports the failure of the lowest index whatever the
// timing.
func TestInParallel(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, procs := range []int{1, 2, 4} {
		runtime.GOMAXPROCS(procs)
		for _, n := range []int{0, 1, parallelChunk, 10*parallelChunk + 3} {
			t.Run(fmt.Sprintf("procs=%d/n=%d", procs, n), func(t *testing.T) {
				calls := make([]atomic.Int32, n)
				require.NoError(t, inParallel(n, func(i int) error { calls[i].Add(1); return nil }))
				for i := range calls {
					assert.Equal(t, int32(1), calls[i].Load(), "index %d", i)
				}
				if n < 3 {
					return
				}
				failAt := map[int]bool{n - 1: true, n / 2: true, 2: true}
				err := inParallel(n, func(i int) error {
					if failAt[i] {
						return errors.New(fmt.Sprint(i))
					}
					return nil
				})
				assert.EqualError(t, err, "2", "the lowest index that failed")
			})
		}
	}
}
