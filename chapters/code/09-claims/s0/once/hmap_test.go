package once

// The claims of the post's section 2.1 that are about the classic map's source only (Go 1.25,
// runtime/map_noswiss.go) and about what Go 1.26 and 1.27 no longer have. The claims that read a live map
// are in package s0.

import (
	"regexp"
	"testing"

	claims "gomaps/chapters/code/09-claims"
	"gomaps/chapters/code/09-claims/check"
)

func TestS0_13_BucketsIsAPointerNotASlice(t *testing.T) {
	hmap := check.FuncBody(t, claims.Go125, check.NoSwiss, `^type hmap struct`)
	if !check.Contains(hmap, "buckets    unsafe.Pointer // array of 2^B Buckets") {
		t.Errorf("hmap.buckets is not an unsafe.Pointer to an array of 2^B buckets:\n%s", hmap)
	}
	for _, line := range hmap {
		if regexp.MustCompile(`\[\]bmap`).MatchString(line) {
			t.Errorf("hmap has a []bmap: %s", line)
		}
	}
}

func TestS0_18_GrowWorkIsInMapNoswissGo(t *testing.T) {
	check.Has(t, claims.Go125, check.NoSwiss, `^\s+if h.growing\(\) \{`)
	check.Has(t, claims.Go125, check.NoSwiss, `^func growWork\(t \*maptype, h \*hmap, bucket uintptr\)`)
	for _, at := range []string{claims.Go126, claims.Go127} {
		check.Lacks(t, at, "src/runtime", `growWork`)
		check.Lacks(t, at, check.Swiss, `growWork`)
	}
}
