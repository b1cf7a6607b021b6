package course

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"

	"gomaps/labs/courseroot"
)

// StateFile is where the runner keeps a record of one kind ("hints", "results", "checkpoints")
// for this course: in the user's cache folder (courseroot.CacheDir), never in the course's files.
func (c *Course) StateFile(kind string) string {
	dir, err := courseroot.CacheDir()
	if err != nil {
		return ""
	}
	sum := sha256.Sum256([]byte(c.Root))
	return filepath.Join(dir, kind, hex.EncodeToString(sum[:8])+".json")
}

// LoadState reads a record into v; a missing or broken record leaves v as it is.
func (c *Course) LoadState(kind string, v any) {
	if f := c.StateFile(kind); f != "" {
		if data, err := os.ReadFile(f); err == nil {
			json.Unmarshal(data, v)
		}
	}
}

// SaveState writes a record. A failure is not reported: the runner only does more work next
// time.
func (c *Course) SaveState(kind string, v any) {
	f := c.StateFile(kind)
	if f == "" {
		return
	}
	data, _ := json.MarshalIndent(v, "", "\t")
	if os.MkdirAll(filepath.Dir(f), 0o755) == nil {
		os.WriteFile(f, data, 0o644)
	}
}
