package once

// The claims about the compiler and pprof that do not depend on the map runtime (sections 2.1,
// 2.3 and 4.2 of the post). The claims about the runtime's map functions as the compiler,
// pprof and delve show them are in package s2.

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/pprof"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	claims "gomaps/chapters/code/09-claims"
	"gomaps/chapters/code/09-claims/check"
)

func TestS2_17_TophashLoopDoesNotCompile(t *testing.T) {
	out, ok := check.Build(t, testdata("tophashloop"))
	if ok {
		t.Fatal("the post's loop compiled")
	}
	if !strings.Contains(out, "mismatched types int and uint8") {
		t.Fatalf("want the compiler's mismatched types error:\n%s", out)
	}
	// tophash[0] is a byte of the hash (or an empty mark), not a count of slots.
	check.Has(t, claims.Go125, "src/runtime/map_noswiss.go", `tophash \[abi\.OldMapBucketCount\]uint8`)
}

func TestS2_25_NAndLDisableOptimizationAndInlining(t *testing.T) {
	help, _ := check.Go(t, time.Minute, nil, "tool", "compile", "-help")
	for _, want := range []string{`-N\s+disable optimizations`, `-l\s+disable inlining`} {
		if !regexp.MustCompile(want).MatchString(help) {
			t.Errorf("go tool compile -help has no line %q", want)
		}
	}
	inlined := regexp.MustCompile(`inlining call to fill`)
	out, code := check.Go(t, 5*time.Minute, nil, "build", "-gcflags=-m", "-o", os.DevNull, dlvmap)
	if code != 0 || !inlined.MatchString(out) {
		t.Fatalf("go build -gcflags=-m: exit %d, want the call to fill inlined:\n%s", code, out)
	}
	out, code = check.Go(t, 5*time.Minute, nil, "build", "-gcflags=-m -l", "-o", os.DevNull, dlvmap)
	if code != 0 || inlined.MatchString(out) {
		t.Fatalf("go build -gcflags='-m -l': exit %d, want no inlining:\n%s", code, out)
	}
}

func TestS2_26_HeapSecondsIsADeltaProfile(t *testing.T) {
	srv := httptest.NewServer(pprof.Handler("heap"))
	defer srv.Close()
	resp, err := http.Get(srv.URL + "?seconds=1")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	io.Copy(io.Discard, resp.Body)
	if cd := resp.Header.Get("Content-Disposition"); resp.StatusCode != 200 || !strings.Contains(cd, `filename="heap-delta"`) {
		t.Fatalf("heap?seconds=1: status %d, Content-Disposition %q; want a heap-delta profile", resp.StatusCode, cd)
	}
}

func TestS2_58_CapOfAMapDoesNotCompile(t *testing.T) {
	out, ok := check.Build(t, testdata("capmap"))
	if ok {
		t.Fatal("cap of a map compiled")
	}
	if !regexp.MustCompile(`invalid argument: cache \(variable of type map\[string\]\*resource\) for built-in cap`).MatchString(out) {
		t.Fatalf("want the compiler's invalid argument error:\n%s", out)
	}
}
