package k8scheck

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
)

const examples = "../../examples/kubernetes"

func load(t *testing.T) map[string]Object {
	t.Helper()
	objs, err := DecodeDir(examples)
	require.NoError(t, err)
	byName := map[string]Object{}
	for _, o := range objs {
		var name string
		switch v := o.Obj.(type) {
		case *batchv1.Job:
			name = v.Name
		case *corev1.ConfigMap:
			name = v.Name
		case *corev1.PersistentVolumeClaim:
			name = v.Name
		}
		require.NotEmpty(t, name, "%s: a %s without a name", o.File, o.Kind)
		byName[o.Kind+"/"+name] = o
	}
	return byName
}

func TestManifestsDecodeStrictly(t *testing.T) {
	objs := load(t)
	for _, k := range []string{"Job/openroom-shards", "Job/openroom-merge", "ConfigMap/openroom-event", "PersistentVolumeClaim/openroom-data"} {
		assert.Contains(t, objs, k)
	}
}

// TestStrictDecodeCatchesMistakes proves the check can fail: each
// manifest with one field misspelt, and one with a wrong type.
func TestStrictDecodeCatchesMistakes(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(examples, "*.yaml"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, field := range []string{"metadata:", "labels:", "completionMode:", "backoffLimitPerIndex:", "containerName:", "mountPath:", "claimName:", "accessModes:", "restartPolicy:"} {
			if !strings.Contains(string(data), field) {
				continue
			}
			t.Run(filepath.Base(f)+"/"+field, func(t *testing.T) {
				bad := strings.Replace(string(data), field, strings.TrimSuffix(field, ":")+"x:", 1)
				_, err := Decode(filepath.Base(f), []byte(bad))
				require.Error(t, err)
				assert.Contains(t, err.Error(), strings.TrimSuffix(field, ":")+"x")
			})
		}
	}
	_, err = Decode("t.yaml", []byte("apiVersion: batch/v1\nkind: Job\nspec:\n  completions: four\n"))
	assert.Error(t, err, "a string for an integer")
	_, err = Decode("t.yaml", []byte("apiVersion: batch/v1\nkind: CronJob\n"))
	assert.ErrorContains(t, err, "not one this check knows")
}

func arg(args []string, flag string) (string, bool) {
	for i, a := range args {
		if a == flag && i+1 < len(args) {
			return args[i+1], true
		}
	}
	return "", false
}

// TestShardsJob checks the Indexed Job: one pod per shard, per-index
// retries, usage and data errors failing the index for good, and --shard
// auto/N with N the number of completions.
func TestShardsJob(t *testing.T) {
	j := load(t)["Job/openroom-shards"].Obj.(*batchv1.Job)
	s := j.Spec
	require.NotNil(t, s.CompletionMode)
	assert.Equal(t, batchv1.IndexedCompletion, *s.CompletionMode)
	require.NotNil(t, s.Completions)
	n := int(*s.Completions)
	require.NotNil(t, s.BackoffLimitPerIndex)
	assert.Positive(t, *s.BackoffLimitPerIndex)
	assert.Equal(t, corev1.RestartPolicyNever, s.Template.Spec.RestartPolicy, "a pod failure policy needs restartPolicy Never")
	require.Len(t, s.Template.Spec.Containers, 1)
	c := s.Template.Spec.Containers[0]
	require.NotEmpty(t, c.Args)
	assert.Equal(t, "run", c.Args[0])
	shard, ok := arg(c.Args, "--shard")
	require.True(t, ok)
	assert.Equal(t, fmt.Sprintf("auto/%d", n), shard)

	require.NotNil(t, s.PodFailurePolicy)
	failed := map[int32]bool{}
	for _, r := range s.PodFailurePolicy.Rules {
		if r.Action == batchv1.PodFailurePolicyActionFailIndex && r.OnExitCodes != nil {
			assert.Equal(t, batchv1.PodFailurePolicyOnExitCodesOpIn, r.OnExitCodes.Operator)
			require.NotNil(t, r.OnExitCodes.ContainerName)
			assert.Equal(t, c.Name, *r.OnExitCodes.ContainerName)
			for _, v := range r.OnExitCodes.Values {
				failed[v] = true
			}
		}
	}
	assert.Equal(t, map[int32]bool{64: true, 65: true, 66: true}, failed, "usage, data and no-input errors fail the index at once")
}

// TestMergeJob checks that the merge Job reads every shard's folder of the
// shard Job from the same volume, and writes beside them.
func TestMergeJob(t *testing.T) {
	objs := load(t)
	shards := objs["Job/openroom-shards"].Obj.(*batchv1.Job)
	merge := objs["Job/openroom-merge"].Obj.(*batchv1.Job)
	n := int(*shards.Spec.Completions)
	sc, mc := shards.Spec.Template.Spec.Containers[0], merge.Spec.Template.Spec.Containers[0]
	assert.Equal(t, sc.Image, mc.Image)
	out, ok := arg(sc.Args, "--out")
	require.True(t, ok)
	require.NotEmpty(t, mc.Args)
	assert.Equal(t, "merge", mc.Args[0])
	mout, ok := arg(mc.Args, "--out")
	require.True(t, ok)
	assert.Equal(t, out, mout)
	var dirs []string
	for k := range n {
		dirs = append(dirs, fmt.Sprintf("%s/shard-%d-of-%d", out, k, n))
	}
	assert.Equal(t, dirs, mc.Args[len(mc.Args)-n:], "every shard's folder, once")
	assert.Equal(t, corev1.RestartPolicyNever, merge.Spec.Template.Spec.RestartPolicy)

	claim := func(j *batchv1.Job, c corev1.Container) (string, string) {
		for _, m := range c.VolumeMounts {
			if strings.HasPrefix(out, m.MountPath+"/") {
				for _, v := range j.Spec.Template.Spec.Volumes {
					if v.Name == m.Name && v.PersistentVolumeClaim != nil {
						return v.PersistentVolumeClaim.ClaimName, m.MountPath
					}
				}
			}
		}
		return "", ""
	}
	c1, p1 := claim(shards, sc)
	c2, p2 := claim(merge, mc)
	assert.NotEmpty(t, c1, "the shards write to a persistent volume")
	assert.Equal(t, c1, c2)
	assert.Equal(t, p1, p2)
	assert.Contains(t, objs, "PersistentVolumeClaim/"+c1)

	// The event the shards read is the ConfigMap's, with a fixed seed.
	cm := objs["ConfigMap/openroom-event"].Obj.(*corev1.ConfigMap)
	assert.Contains(t, cm.Data["event.toml"], "seed = ")
}
