package courseroot

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Manifest is the course's manifest of the labs as shipped, relative to the root: a SHA-256
// of every file of every lab (written by go test ./tools/lab -run TestShippedManifest -update).
const Manifest = "labs/shipped.sum"

// ShippedSums returns the manifest's hashes by file (relative to the root, with slashes), or
// nil when the course has no manifest.
func ShippedSums(root string) (map[string]string, error) {
	data, err := os.ReadFile(filepath.Join(root, Manifest))
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	sums := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		sum, file, ok := strings.Cut(line, "  ")
		if !ok || len(sum) != 64 {
			return nil, fmt.Errorf("%s:%d: want a SHA-256, two spaces and a file", Manifest, n)
		}
		sums[file] = sum
	}
	return sums, nil
}

// ShippedSum is the hash the manifest keeps of a file's contents: the SHA-256 of data with
// Windows line endings made plain, so that a checkout with autocrlf does not count as a change.
func ShippedSum(data []byte) string {
	sum := sha256.Sum256(bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n")))
	return hex.EncodeToString(sum[:])
}
