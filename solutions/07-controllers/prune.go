package controllers

import (
	"strings"

	corev1 "k8s.io/api/core/v1"
)

// PodKeyPrefix starts every key that RecordEndpoints owns in a ConfigMap's
// data; other keys belong to someone else.
const PodKeyPrefix = "pod."

// RecordEndpoints makes data, the caller's map itself, hold one key per Pod
// of pods that has an IP, PodKeyPrefix + the Pod's name, with the IP as its
// value, and returns it (a new map when data is nil). The keys of data that
// do not start with PodKeyPrefix are left alone.
func RecordEndpoints(data map[string]string, pods []corev1.Pod) map[string]string {
	if data == nil {
		data = map[string]string{}
	}
	live := make(map[string]bool, len(pods))
	for _, pod := range pods {
		if pod.Status.PodIP == "" {
			continue
		}
		key := PodKeyPrefix + pod.Name
		live[key] = true
		data[key] = pod.Status.PodIP
	}
	// Keys of Pods that are gone (or have no IP any more) go too; deleting
	// during range is allowed, and the keys of others are left alone.
	for key := range data {
		if strings.HasPrefix(key, PodKeyPrefix) && !live[key] {
			delete(data, key)
		}
	}
	return data
}
