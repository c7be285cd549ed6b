package dds

import (
	"testing"
	"unsafe"
)

// TestBucketSize checks that a bucket keeps its first chunk without
// growing: probing reads buckets, so their size is what it costs.
func TestBucketSize(t *testing.T) {
	if got := unsafe.Sizeof(ttBucket{}); got != 24 {
		t.Errorf("ttBucket is %d bytes, want 24", got)
	}
}
