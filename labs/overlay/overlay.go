// Package overlay runs a lab's tests with its solution in place, without
// touching the learner's files: go build's -overlay flag reads a JSON file
// that maps each learner file to its solved twin.
//
// It lives under labs/, beside inspect and kubeassets, rather than in tools/internal, so that a
// chapter's program (chapters/code/06-races/benchtable) can use it too.
package overlay

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// Solutions maps every file of solutions/NAME to its twin in labs/NAME, for
// each named lab, with absolute paths as -overlay wants them.
func Solutions(root string, labs ...string) (map[string]string, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	replace := map[string]string{}
	for _, name := range labs {
		dir := filepath.Join(abs, "solutions", name)
		entries, err := os.ReadDir(dir)
		if err != nil {
			return nil, fmt.Errorf("lab %s has no solution folder solutions/%s", name, name)
		}
		for _, e := range entries {
			if !e.IsDir() {
				replace[filepath.Join(abs, "labs", name, e.Name())] = filepath.Join(dir, e.Name())
			}
		}
	}
	return replace, nil
}

// Write writes the overlay file for replace to a temporary file and returns
// its name; the caller removes it.
func Write(replace map[string]string) (string, error) {
	data, err := json.Marshal(struct{ Replace map[string]string }{replace})
	if err != nil {
		return "", err
	}
	f, err := os.CreateTemp("", "lab-overlay-*.json")
	if err != nil {
		return "", err
	}
	defer f.Close()
	if _, err := f.Write(data); err != nil {
		return "", err
	}
	return f.Name(), f.Close()
}

// Explorer maps the files the book's explorer (chapters/code/explorer) builds with: the solutions of
// labs 02 and 03, and the one file of chapters/code/explorer/inlab each lab package gains, which
// exports what the explorer needs. Build with it and the tag explorer.
func Explorer(root string) (map[string]string, error) {
	replace, err := Solutions(root, "02-buckets", "03-swiss")
	if err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	for lab, dir := range map[string]string{"02-buckets": "buckets", "03-swiss": "swiss"} {
		src := filepath.Join(abs, "chapters", "code", "explorer", "inlab", dir, "explore.go")
		if _, err := os.Stat(src); err != nil {
			return nil, fmt.Errorf("the explorer's file for lab %s is missing: %v", lab, err)
		}
		replace[filepath.Join(abs, "labs", lab, "zz_explore.go")] = src
	}
	return replace, nil
}
