// The post's line with the standard library's runtime/trace: it has no FromContext.
package main

import (
	"context"
	"fmt"
	"runtime/trace"
)

func main() {
	ctx := context.Background()
	fmt.Println("traceID", trace.FromContext(ctx).SpanID())
}
