package k8scheck

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"
)

// Object is one decoded manifest with the file it came from.
type Object struct {
	File string
	Kind string
	Obj  any // *batchv1.Job, *corev1.ConfigMap or *corev1.PersistentVolumeClaim
}

// kinds maps apiVersion/kind to a new value of its official type.
var kinds = map[string]func() any{
	"batch/v1/Job":             func() any { return new(batchv1.Job) },
	"v1/ConfigMap":             func() any { return new(corev1.ConfigMap) },
	"v1/PersistentVolumeClaim": func() any { return new(corev1.PersistentVolumeClaim) },
}

// Decode reads one YAML manifest (one or more documents separated by
// "---" lines) strictly: an unknown kind, an unknown or misspelt field, a
// field given twice or a value of the wrong type is an error naming the
// document.
func Decode(name string, data []byte) ([]Object, error) {
	var out []Object
	for i, doc := range splitDocuments(data) {
		var head struct {
			APIVersion string `json:"apiVersion"`
			Kind       string `json:"kind"`
		}
		if err := yaml.Unmarshal(doc, &head); err != nil {
			return nil, fmt.Errorf("%s: document %d: %w", name, i+1, err)
		}
		key := head.APIVersion + "/" + head.Kind
		mk, ok := kinds[key]
		if !ok {
			return nil, fmt.Errorf("%s: document %d: apiVersion %q kind %q is not one this check knows", name, i+1, head.APIVersion, head.Kind)
		}
		obj := mk()
		if err := yaml.UnmarshalStrict(doc, obj); err != nil {
			return nil, fmt.Errorf("%s: document %d (%s): %w", name, i+1, head.Kind, err)
		}
		out = append(out, Object{File: name, Kind: head.Kind, Obj: obj})
	}
	return out, nil
}

// splitDocuments cuts a YAML stream at its "---" lines, dropping
// documents that hold only comments or nothing.
func splitDocuments(data []byte) [][]byte {
	var docs [][]byte
	var cur bytes.Buffer
	flush := func() {
		content := false
		for _, l := range strings.Split(cur.String(), "\n") {
			if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "#") {
				content = true
				break
			}
		}
		if content {
			docs = append(docs, append([]byte(nil), cur.Bytes()...))
		}
		cur.Reset()
	}
	for _, l := range strings.SplitAfter(string(data), "\n") {
		if strings.TrimRight(l, " \r\n") == "---" {
			flush()
			continue
		}
		cur.WriteString(l)
	}
	flush()
	return docs
}

// DecodeDir decodes every *.yaml file of a folder, in name order.
func DecodeDir(dir string) ([]Object, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	var out []Object
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		objs, err := Decode(filepath.Base(f), data)
		if err != nil {
			return nil, err
		}
		out = append(out, objs...)
	}
	return out, nil
}
