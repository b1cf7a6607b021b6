// Package courseroot finds the course's root folder, for every command and program of the
// course: the nearest folder at or above a start folder that has a go.mod and a labs/ folder.
//
// It lives under labs/, beside inspect and kubeassets, rather than in tools/internal, so that a
// chapter's program (chapters/code/06-races/benchtable) can use it too.
package courseroot

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// ErrNotFound is returned when no folder at or above the start is a course root.
var ErrNotFound = errors.New("no course here: run this inside the course's folder (the one with go.mod and labs/)")

// Find returns the absolute root of the course that holds dir ("" for the current folder), and
// the module path its go.mod declares.
func Find(dir string) (root, module string, err error) {
	if dir == "" {
		if dir, err = os.Getwd(); err != nil {
			return "", "", err
		}
	}
	if dir, err = filepath.Abs(dir); err != nil {
		return "", "", err
	}
	for d := dir; ; d = filepath.Dir(d) {
		if module, err := Module(d); err == nil {
			return d, module, nil
		} else if !errors.Is(err, ErrNotFound) {
			return "", "", err
		}
		if filepath.Dir(d) == d {
			return "", "", ErrNotFound
		}
	}
}

// Module returns the module path of root's go.mod when root is a course root (a go.mod and a
// labs/ folder), or an error: ErrNotFound when it is not one, another one when its go.mod
// cannot be read.
func Module(root string) (string, error) {
	data, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return "", ErrNotFound
	}
	if fi, err := os.Stat(filepath.Join(root, "labs")); err != nil || !fi.IsDir() {
		return "", ErrNotFound
	}
	module := ParseGoMod(data).Module
	if module == "" {
		return "", fmt.Errorf("%s has no module line", filepath.Join(root, "go.mod"))
	}
	return module, nil
}

// GoMod is what the course's commands read from a go.mod: the module path, the go line and the
// required modules.
type GoMod struct {
	Module  string
	Go      string
	Require []Requirement
}

// A Requirement is one module a go.mod requires, direct or // indirect.
type Requirement struct{ Path, Version string }

// ParseGoMod reads a go.mod's module, go and require lines. It uses only the standard library,
// so that the course's commands build on a machine whose module cache is empty and offline
// (go run ./tools/course unpack): a line is a verb and its words, a module path may be quoted,
// "//" starts a comment, and "verb (" opens a block whose lines take that verb. Other
// directives are skipped.
func ParseGoMod(data []byte) GoMod {
	var f GoMod
	block := ""
	for _, line := range strings.Split(string(data), "\n") {
		if i := strings.Index(line, "//"); i >= 0 {
			line = line[:i]
		}
		words := strings.Fields(line)
		for i, w := range words {
			if u, err := strconv.Unquote(w); err == nil {
				words[i] = u
			}
		}
		switch {
		case len(words) == 0:
			continue
		case block != "" && len(words) == 1 && words[0] == ")":
			block = ""
			continue
		case block == "" && len(words) == 2 && words[1] == "(":
			block = words[0]
			continue
		case block != "":
			words = append([]string{block}, words...)
		}
		switch {
		case words[0] == "module" && len(words) == 2:
			f.Module = words[1]
		case words[0] == "go" && len(words) == 2:
			f.Go = words[1]
		case words[0] == "require" && len(words) == 3:
			f.Require = append(f.Require, Requirement{words[1], words[2]})
		}
	}
	return f
}

// labFolder is a lab's folder name: its number, a dash, its package name ("01-basics").
var labFolder = regexp.MustCompile(`^([0-9]{2})-([a-z][a-z0-9]*)$`)

// Labs lists the folder names of the course's labs (labs/NN-word), in name order.
func Labs(root string) []string {
	entries, _ := os.ReadDir(filepath.Join(root, "labs"))
	var names []string
	for _, e := range entries {
		if e.IsDir() && labFolder.MatchString(e.Name()) {
			names = append(names, e.Name())
		}
	}
	return names
}

// MatchLab reports whether a reader's name for a lab names the lab folder name: its number
// ("1", "01"), its folder ("01-basics") or its package ("basics").
func MatchLab(arg, name string) bool {
	m := labFolder.FindStringSubmatch(name)
	if m == nil {
		return false
	}
	if arg == name || arg == m[1] || arg == m[2] {
		return true
	}
	n, err1 := strconv.Atoi(arg)
	num, err2 := strconv.Atoi(m[1])
	return err1 == nil && err2 == nil && n == num
}

// CacheEnv, when set, is the folder of the course's caches instead of the user's cache
// folder's gomaps/: envtest's binaries, the lab runner's records, check's step records.
const CacheEnv = "GOMAPS_CACHE"

// CacheDir is the folder of the course's caches, outside the course: $GOMAPS_CACHE, or gomaps/
// in the user's cache folder. Nothing in it is needed to read the course; all of it can be
// rebuilt.
func CacheDir() (string, error) {
	root := os.Getenv(CacheEnv)
	if root == "" {
		user, err := os.UserCacheDir()
		if err != nil {
			return "", fmt.Errorf("the course needs a cache folder, and this user has none (%v): set %s to a folder", err, CacheEnv)
		}
		root = filepath.Join(user, "gomaps")
	}
	if !filepath.IsAbs(root) {
		return "", fmt.Errorf("%s is %s: it must be an absolute path", CacheEnv, root)
	}
	return root, nil
}
