package once

import (
	"testing"

	"gomaps/chapters/code/09-claims/check/kube"
)

// TestMain stops the API server and etcd that a test started (S0-45's experiment uses etcd).
func TestMain(m *testing.M) { kube.Main(m) }
