package controllers

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// PayloadKey is the key of the ConfigMap's data that Ensure writes.
const PayloadKey = "app.properties"

// Render writes settings as a properties file, one "key=value" line per
// setting. The same settings must give the same text, byte for byte, on
// every call: the text is what the API server compares.
func Render(settings map[string]string) string {
	var b strings.Builder
	// Sorted keys: a range over the map would start at a random place on
	// every call.
	for _, k := range slices.Sorted(maps.Keys(settings)) {
		fmt.Fprintf(&b, "%s=%s\n", k, settings[k])
	}
	return b.String()
}

// Ensure makes the ConfigMap key hold Render(settings) under PayloadKey,
// creating it if it does not exist, and says what it did: created, updated,
// or unchanged when the ConfigMap already held that payload. It sends no
// update when nothing changed. The payload is all it writes: the other keys
// of the data, and the metadata (owner references, labels), are someone
// else's and stay as they were.
func Ensure(ctx context.Context, c client.Client, key types.NamespacedName, settings map[string]string) (controllerutil.OperationResult, error) {
	// CreateOrUpdate gets the ConfigMap, runs the mutate function on it, and
	// sends an update only if the result differs from what it got.
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: key.Name, Namespace: key.Namespace}}
	return controllerutil.CreateOrUpdate(ctx, c, cm, func() error {
		if cm.Data == nil {
			cm.Data = map[string]string{}
		}
		cm.Data[PayloadKey] = Render(settings)
		return nil
	})
}
