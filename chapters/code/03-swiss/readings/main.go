package main

import (
	"fmt"
	"maps"
	"os"
	"path"
	"slices"
	"strings"

	"gomaps/labs/courseroot"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "readings:", err)
		os.Exit(1)
	}
}

// run prints the reading named by args[0], as the committed tables make it.
func run(args []string) error {
	wd, err := os.Getwd()
	if err != nil {
		return err
	}
	root, _, err := courseroot.Find(wd)
	if err != nil {
		return err
	}
	t, err := Read(root)
	if err != nil {
		return err
	}
	files, err := Of(t)
	if err != nil {
		return err
	}
	var names []string
	for _, f := range slices.Sorted(maps.Keys(files)) {
		names = append(names, strings.TrimSuffix(path.Base(f), ".txt"))
	}
	if len(args) != 1 {
		return fmt.Errorf("name one reading: %s", strings.Join(names, ", "))
	}
	text, ok := files["chapters/out/"+args[0]+".txt"]
	if !ok {
		return fmt.Errorf("no reading %q: the readings are %s", args[0], strings.Join(names, ", "))
	}
	_, err = fmt.Print(text)
	return err
}
