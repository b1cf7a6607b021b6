// Storerace uses one client-go cache.Store (cache.NewStore, what an informer's store is built
// on) from several goroutines at once: Replace and List, as post S0 says race, plus Add,
// Update, Delete and GetByKey. Run it with -race: the detector reports nothing, because every
// method takes the store's lock.
package main

import (
	"fmt"
	"strconv"
	"sync"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/tools/cache"
)

func pod(i int, phase corev1.PodPhase) *corev1.Pod {
	return &corev1.Pod{
		ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: "web-" + strconv.Itoa(i)},
		Status:     corev1.PodStatus{Phase: phase},
	}
}

func main() {
	store := cache.NewStore(cache.MetaNamespaceKeyFunc)
	const rounds, pods = 300, 50
	var wg sync.WaitGroup
	wg.Go(func() { // the reflector's relist
		for range rounds {
			list := make([]any, 0, pods)
			for i := range pods {
				list = append(list, pod(i, corev1.PodRunning))
			}
			if err := store.Replace(list, "1"); err != nil {
				panic(err)
			}
		}
	})
	wg.Go(func() { // the watch events
		for r := range rounds {
			p := pod(r%pods, corev1.PodPending)
			_ = store.Add(p)
			_ = store.Update(p)
			_ = store.Delete(p)
		}
	})
	for range 2 { // readers: a controller's List and GetByKey
		wg.Go(func() {
			for r := range rounds {
				_ = len(store.List())
				_, _, _ = store.GetByKey("default/web-" + strconv.Itoa(r%pods))
			}
		})
	}
	wg.Wait()
	fmt.Printf("%d rounds of Replace, Add/Update/Delete, List and GetByKey at once: %d pods in the store\n", rounds, len(store.ListKeys()))
}
