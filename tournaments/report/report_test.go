package report

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestMeanCI95(t *testing.T) {
	t.Parallel()
	m, lo, hi := MeanCI95(nil)
	assert.Equal(t, 0.0, m)
	assert.True(t, math.IsNaN(lo) && math.IsNaN(hi))
	m, lo, _ = MeanCI95([]float64{4})
	assert.Equal(t, 4.0, m)
	assert.True(t, math.IsNaN(lo))
	m, lo, hi = MeanCI95([]float64{1, 3})
	assert.Equal(t, 2.0, m)
	assert.InDelta(t, 2-12.706*1, lo, 1e-9) // sd sqrt(2), se 1
	assert.InDelta(t, 2+12.706*1, hi, 1e-9)
	// large samples approach the normal quantile
	assert.InDelta(t, 2.021, tQuantile975(40), 0.001)
	assert.InDelta(t, 1.984, tQuantile975(100), 0.001)
	assert.InDelta(t, 1.962, tQuantile975(1000), 0.001)
}
