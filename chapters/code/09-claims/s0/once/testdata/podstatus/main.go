// Podstatus is the sync.Map sample of post S0, section 2.3, as the post prints it, in a main
// function. It does not compile; the test asserts the compiler's messages.
package main

import (
	"sync"

	corev1 "k8s.io/api/core/v1"
)

func main() {
	var cache sync.Map
	cache.Store("pod-1", &corev1.Pod{Status: corev1.PodRunning})
	cache.Range(func(key, value interface{}) bool {
		pod := value.(*corev1.Pod)
		if pod.Status != corev1.PodRunning {
			return false
		}
		return true
	})
}
