package once

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/pprof"
	"strings"
	"testing"

	"gomaps/chapters/code/09-claims/check"
)

// net/http/pprof's /debug/pprof/trace?seconds=N answers with a runtime execution trace of N
// seconds (a fraction is allowed); a controller-runtime manager serves it only when
// PprofBindAddress is set.
func TestS1_26_PprofTraceServesAnExecutionTrace(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(pprof.Trace))
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/debug/pprof/trace?seconds=0.2")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	head, _, _ := bytes.Cut(body, []byte{0})
	t.Logf("%s, %s, %d bytes, starting %q", resp.Status, resp.Header.Get("Content-Type"), len(body), head)
	if resp.StatusCode != http.StatusOK || !bytes.HasPrefix(body, []byte("go 1.")) || !strings.HasSuffix(string(head), " trace") {
		t.Errorf("GET /debug/pprof/trace: %s, body starting %q; want 200 and an execution trace", resp.Status, head)
	}
	check.Has(t, ctrlRuntime, "pkg/manager/manager.go", `It can be set to "" or "0" to disable the pprof serving`)
	check.Has(t, ctrlRuntime, "pkg/manager/manager.go", `if addr == "" \|\| addr == "0" \{`)
	check.Has(t, ctrlRuntime, "pkg/manager/internal.go", `mux\.HandleFunc\("/debug/pprof/trace", pprof\.Trace\)`)
}
