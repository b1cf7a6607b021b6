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
	// TODO(07): the lines come out in the order of the range, which starts
	// at a random place on every call.
	for k, v := range settings {
		fmt.Fprintf(&b, "%s=%s\n", k, v)
	}
	return b.String()
}

// Ensure makes the ConfigMap key hold Render(settings) under PayloadKey,
// creating it if it does not exist, and says what it did: created, updated,
// or unchanged when the ConfigMap already held that payload. It sends no
// update when nothing changed.
func Ensure(ctx context.Context, c client.Client, key types.NamespacedName, settings map[string]string) (controllerutil.OperationResult, error) {
	// TODO(07): this updates on every call, changed or not. Compare before
	// updating, as controllerutil.CreateOrUpdate does.
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
