// The post's line with k8s.io/utils/trace, which has a FromContext: its *Trace has no SpanID.
package main

import (
	"context"
	"fmt"

	"k8s.io/utils/trace"
)

func main() {
	ctx := context.Background()
	fmt.Println("traceID", trace.FromContext(ctx).SpanID())
}
