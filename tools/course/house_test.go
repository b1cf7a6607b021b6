package main

import (
	"bytes"
	"gomaps/tools/course/internal/base"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The map of the tools, tools/README.md, and the rules it states.
const houseMap = "tools/README.md"

// commandRow is a row of the map's tables of tools/course's and tools/lab's commands.
var commandRow = regexp.MustCompile("(?m)^\\| `(tools/(?:course|lab)/internal/[a-z]+)` \\| `[a-z]+`")

// TestHouse holds tools/README.md to the code: every package it names exists, every package of
// tools/course/internal and tools/lab/internal is on it, no service imports a command, and only
// check imports other commands.
func TestHouse(t *testing.T) {
	root, err := base.FindRoot()
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(root, houseMap))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for _, m := range regexp.MustCompile("`((?:tools|labs)/[a-z0-9/]*[a-z0-9])`").FindAllStringSubmatch(text, -1) {
		if files, _ := filepath.Glob(filepath.Join(root, m[1], "*.go")); len(files) == 0 {
			t.Errorf("%s names %s, which is no package", houseMap, m[1])
		}
	}
	var commands []string
	for _, m := range commandRow.FindAllStringSubmatch(text, -1) {
		commands = append(commands, "gomaps/"+m[1])
	}
	imports := courseImports(t, root)
	for pkg, deps := range imports {
		rel := strings.TrimPrefix(pkg, "gomaps/")
		if !strings.Contains(text, "`"+rel+"`") {
			t.Errorf("%s does not name %s: say what it owns", houseMap, rel)
		}
		if strings.HasSuffix(pkg, "/internal/check") {
			continue
		}
		for _, dep := range deps {
			if slices.Contains(commands, dep) && dep != pkg {
				kind := "service"
				if slices.Contains(commands, pkg) {
					kind = "command"
				}
				t.Errorf("%s %s imports the command %s: only check imports commands; move what they share into a service", kind, rel, strings.TrimPrefix(dep, "gomaps/"))
			}
		}
	}
	courseCommands := 0
	for _, c := range commands {
		if strings.HasPrefix(c, "gomaps/tools/course/") {
			courseCommands++
		}
	}
	if courseCommands < 10 {
		t.Errorf("%s lists %d commands of tools/course; want them all", houseMap, courseCommands)
	}
}

// courseImports returns the packages of tools/course/internal and tools/lab/internal, and what
// each imports.
func courseImports(t *testing.T, root string) map[string][]string {
	t.Helper()
	cmd := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Imports " "}}`, "./tools/course/internal/...", "./tools/lab/internal/...")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list ./tools/course/internal/... ./tools/lab/internal/...: %v", err)
	}
	imports := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		imports[f[0]] = f[1:]
	}
	return imports
}

// toolsBudget is the most non-test lines of Go that tools/ may hold (outside testdata/), and
// toolsRatio the most they may be to the labs' and solutions' lines: the tools serve the labs and
// the book, and must stay lighter than what they serve. Raising either is a decision, made in
// the commit that needs it and said in its message.
const (
	toolsBudget = 15_000
	toolsRatio  = 1.1
)

// TestToolsBudget holds tools/ to toolsBudget, so that the tools grow only by a decision.
func TestToolsBudget(t *testing.T) {
	root, err := base.FindRoot()
	if err != nil {
		t.Fatal(err)
	}
	tools := goLines(t, filepath.Join(root, "tools"))
	served := goLines(t, filepath.Join(root, "labs")) + goLines(t, filepath.Join(root, "solutions"))
	t.Logf("tools/: %d non-test lines of Go; labs/ and solutions/: %d (%.2f : 1)", tools, served, float64(tools)/float64(served))
	if tools > toolsBudget {
		t.Errorf("tools/ holds %d non-test lines of Go, over its budget of %d: cut as much elsewhere in tools/, or raise toolsBudget in tools/course/house_test.go in this commit and say why in its message", tools, toolsBudget)
	}
	if ratio := float64(tools) / float64(served); ratio > toolsRatio {
		t.Errorf("tools/ holds %.2f lines of Go for each line of labs/ and solutions/, over %.2f: cut tools/, or raise toolsRatio in tools/course/house_test.go in this commit and say why in its message", ratio, toolsRatio)
	}
}

// goLines counts the lines of the .go files under dir that are not tests and not under testdata/.
func goLines(t *testing.T, dir string) int {
	t.Helper()
	n := 0
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && (d.Name() == "testdata" || d.Name() == "node_modules"):
			return filepath.SkipDir
		case d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go"):
			return nil
		}
		data, err := os.ReadFile(path)
		n += bytes.Count(data, []byte("\n"))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}
