package controllers

import (
	"context"
	"fmt"
	"strings"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
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
	// TODO(07): step 2. The same settings give the same text on every call:
	// one line per setting, in increasing order of key. As shipped, the
	// lines come in the order of the range, which starts at a random place
	// on every call.
	// See chapter 07, section "2. A payload in map order, and the hot loop".
	// stuck: go run ./tools/lab hint 07
	for k, v := range settings {
		fmt.Fprintf(&b, "%s=%s\n", k, v)
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
	// TODO(07): step 2. When the ConfigMap already holds the payload, Ensure
	// sends no update and returns controllerutil.OperationResultNone; only a
	// payload that differs is written (OperationResultUpdated). As shipped,
	// it updates on every call, changed or not. Whatever you change, write
	// only the payload: another writer's keys in the data, and the owner
	// references, stay as they were.
	// See chapter 07, section "2. A payload in map order, and the hot loop".
	// stuck: go run ./tools/lab hint 07
	cm := &corev1.ConfigMap{}
	if err := c.Get(ctx, key, cm); err != nil {
		if !apierrors.IsNotFound(err) {
			return controllerutil.OperationResultNone, err
		}
		cm.Name, cm.Namespace = key.Name, key.Namespace
		cm.Data = map[string]string{PayloadKey: Render(settings)}
		if err := c.Create(ctx, cm); err != nil {
			return controllerutil.OperationResultNone, err
		}
		return controllerutil.OperationResultCreated, nil
	}
	if cm.Data == nil {
		cm.Data = map[string]string{}
	}
	cm.Data[PayloadKey] = Render(settings)
	if err := c.Update(ctx, cm); err != nil {
		return controllerutil.OperationResultNone, err
	}
	return controllerutil.OperationResultUpdated, nil
}
