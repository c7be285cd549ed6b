// Package k8scheck checks the Kubernetes examples (examples/kubernetes):
// its test decodes every manifest strictly into the official API types
// (k8s.io/api), so a misspelt or misplaced field fails, and checks that
// the shard Job and the merge Job agree on the event's shards. It is a
// module of its own so that the main module does not depend on the
// Kubernetes libraries; run it with (cd tools/k8scheck && go test ./...).
package k8scheck
