// Labsize counts what can be counted in each chapter and lab of the course, and turns the counts
// into estimated minutes for a workshop's agenda, by a formula it prints above the table.
//
// Usage:
//
//	go run ./chapters/code/workshop/labsize
//
// The counts, per lab (read from the files, nothing is run):
//
//	steps   the highest N of the lab's TestStepN tests ("-": a lab not taught in steps)
//	tests   the Test and Fuzz functions of its *_test.go files, TestMain left out
//	edits   the TODO(NN) comments in its learner files: the places a learner edits
//	hints   the hints in its chapter, which go run ./tools/lab hint NN shows
//	lines   the code lines the solution has and the shipped stub does not (blank lines and
//	        comment lines left out): about what a learner types
//	words   the words of the chapter's prose: outside code fences, included files and the
//	        Hints section
//
// A file built only with a GOEXPERIMENT (lab 03's step 11, GOEXPERIMENT=simd on amd64) is left
// out of the counts: a room's machines may not build it, so no agenda plans its time.
//
// The estimates are not measurements: see the formula the program prints.
package main

import (
	"bufio"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"log"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"text/tabwriter"

	"gomaps/labs/courseroot"
)

// The assumptions of the estimate. None is measured: each is a guess, to be replaced by what an
// instructor observes in a room.
const (
	minutesPerUnit = 5   // to read a step's section and TODO, run the lab and read its failure
	linesPerMinute = 2   // to write and fix the solution's new lines
	wordsPerMinute = 300 // of a chapter's prose covered by a talk with its demos
	roundTo        = 5   // every estimate is rounded up to a multiple of this many minutes
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("labsize: ")
	root, _, err := courseroot.Find("")
	if err != nil {
		log.Fatal(err)
	}
	chapters, err := filepath.Glob(filepath.Join(root, "chapters", "[0-9][0-9]-*.md"))
	if err != nil || len(chapters) == 0 {
		log.Fatalf("no chapters in %s", filepath.Join(root, "chapters"))
	}
	fmt.Printf("estimate (not measured): lab minutes = %d x units + lines / %d, where units are the steps,\n", minutesPerUnit, linesPerMinute)
	fmt.Printf("or the edit points of a lab without steps; talk minutes = words / %d; each rounded up to %d.\n\n", wordsPerMinute, roundTo)
	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "chapter\tsteps\ttests\tedits\thints\tlines\twords\ttalk min\tlab min\t")
	for _, ch := range chapters {
		name := strings.TrimSuffix(filepath.Base(ch), ".md")
		words, err := proseWords(ch)
		if err != nil {
			log.Fatal(err)
		}
		talk := roundUp(float64(words) / wordsPerMinute)
		labDir := filepath.Join(root, "labs", name)
		if fi, err := os.Stat(labDir); err != nil || !fi.IsDir() {
			fmt.Fprintf(w, "%s\t-\t-\t-\t-\t-\t%d\t%d\t-\t\n", name, words, talk)
			continue
		}
		num := name[:2]
		l, err := countLab(labDir, filepath.Join(root, "solutions", name), num)
		if err != nil {
			log.Fatal(err)
		}
		hints, err := countHints(ch)
		if err != nil {
			log.Fatal(err)
		}
		units, steps := l.steps, strconv.Itoa(l.steps)
		if l.steps == 0 {
			units, steps = l.edits, "-"
		}
		lab := roundUp(float64(minutesPerUnit*units) + float64(l.lines)/linesPerMinute)
		fmt.Fprintf(w, "%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t\n", name, steps, l.tests, l.edits, hints, l.lines, words, talk, lab)
	}
	w.Flush()
}

func roundUp(minutes float64) int {
	n := int(minutes+roundTo-1e-9) / roundTo * roundTo
	return max(n, roundTo)
}

type labCounts struct {
	steps, tests, edits, lines int
}

var stepRE = regexp.MustCompile(`^(?:Test|Fuzz)Step([0-9]+)`)

func countLab(labDir, solDir, num string) (labCounts, error) {
	var c labCounts
	files, err := filepath.Glob(filepath.Join(labDir, "*.go"))
	if err != nil {
		return c, err
	}
	todo := "TODO(" + num + ")"
	fset := token.NewFileSet()
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			return c, err
		}
		if experimentOnly(src) {
			continue
		}
		if !strings.HasSuffix(f, "_test.go") {
			c.edits += strings.Count(string(src), todo)
			continue
		}
		af, err := parser.ParseFile(fset, f, src, parser.SkipObjectResolution)
		if err != nil {
			return c, err
		}
		for _, d := range af.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || fn.Name.Name == "TestMain" {
				continue
			}
			if n := fn.Name.Name; strings.HasPrefix(n, "Test") || strings.HasPrefix(n, "Fuzz") {
				c.tests++
				if m := stepRE.FindStringSubmatch(n); m != nil {
					step, _ := strconv.Atoi(m[1])
					c.steps = max(c.steps, step)
				}
			}
		}
	}
	sols, err := filepath.Glob(filepath.Join(solDir, "*.go"))
	if err != nil {
		return c, err
	}
	for _, sol := range sols {
		if src, err := os.ReadFile(sol); err != nil || experimentOnly(src) {
			continue
		}
		stub, err := codeLines(filepath.Join(labDir, filepath.Base(sol)))
		if err != nil {
			return c, err
		}
		have := map[string]int{}
		for _, line := range stub {
			have[line]++
		}
		lines, err := codeLines(sol)
		if err != nil {
			return c, err
		}
		for _, line := range lines {
			if have[line] > 0 {
				have[line]--
				continue
			}
			c.lines++
		}
	}
	return c, nil
}

// experimentBuildRE is a //go:build line that names a GOEXPERIMENT.
var experimentBuildRE = regexp.MustCompile(`(?m)^//go:build .*\bgoexperiment\.`)

// experimentOnly reports whether a Go file is built only with a GOEXPERIMENT (its //go:build
// line names one, not negated).
func experimentOnly(src []byte) bool {
	m := experimentBuildRE.Find(src)
	return m != nil && !strings.Contains(string(m), "!goexperiment.") && !strings.Contains(string(m), "!(")
}

// codeLines returns a Go file's lines, trimmed, without blank lines and comment lines.
func codeLines(path string) ([]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var lines []string
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "//") {
			continue
		}
		lines = append(lines, line)
	}
	return lines, nil
}

var hintRE = regexp.MustCompile(`^\?\?\?\+? tip "Hint \d+`)

func countHints(chapter string) (int, error) {
	data, err := os.ReadFile(chapter)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, line := range strings.Split(string(data), "\n") {
		if hintRE.MatchString(line) {
			n++
		}
	}
	return n, nil
}

// proseWords counts the words of a chapter outside code fences, included files and the Hints
// section.
func proseWords(chapter string) (int, error) {
	f, err := os.Open(chapter)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	words, inFence, inHints := 0, false, false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		trimmed := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(trimmed, "```"):
			inFence = !inFence
			continue
		case inFence:
			continue
		case strings.HasPrefix(line, "## "):
			inHints = line == "## Hints"
		}
		if inHints || strings.HasPrefix(trimmed, "--8<--") {
			continue
		}
		words += len(strings.Fields(line))
	}
	return words, sc.Err()
}
