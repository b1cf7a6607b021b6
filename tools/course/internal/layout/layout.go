// Package layout is the layout command: it prints the layout of one of a lab's sample maps,
// built by the lab's solution, as text or as a Mermaid diagram.
package layout

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"

	"gomaps/labs/courseroot"
	"gomaps/labs/overlay"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/internal/cli"
	"gomaps/tools/internal/gocmd"
)

// layoutTestRE finds the test of a lab that prints the layout of a sample
// map when its test binary is given -layout=NAME.
var layoutTestRE = regexp.MustCompile(`(?m)^func (TestStep[0-9]+Layout)\(t \*testing\.T\)`)

// Command is the layout command.
func Command() *cli.Command {
	return &cli.Command{
		Name:  "layout",
		Usage: "LAB SAMPLE [FORMAT]",
		Short: "print the layout of a sample map built by a lab's solution",
		Long:  "print the layout of a sample map built by a lab's solution (labs 02 and 03), as text or as a Mermaid diagram: runs the lab's TestStepNLayout with -layout=SAMPLE; the lab is named as the lab runner names it (2, 02, 02-buckets or buckets)",
		Run: func(_ context.Context, io cli.IO, args []string) error {
			if len(args) < 2 || len(args) > 3 {
				return cli.Usagef("layout takes a lab, a sample and a format, as in: layout 02 overflow mermaid")
			}
			format := "text"
			if len(args) == 3 {
				format = args[2]
			}
			if format != "text" && format != "mermaid" {
				return cli.Usagef("layout: format %q: want text or mermaid", format)
			}
			root, err := base.FindRoot()
			if err != nil {
				return err
			}
			lab, err := findLab(root, args[0])
			if err != nil {
				return err
			}
			return Print(io.Stdout, root, gocmd.Machine(), lab, args[1], format)
		},
	}
}

// findLab returns the folder of the lab named arg, which must have a layout dump.
func findLab(root, arg string) (string, error) {
	var labs []string // the labs that have a layout dump
	for _, name := range courseroot.Labs(root) {
		if _, err := layoutTest(root, name); err == nil {
			labs = append(labs, name)
		}
	}
	for _, name := range labs {
		if courseroot.MatchLab(arg, name) {
			return name, nil
		}
	}
	return "", cli.Usagef("layout: %q is not a lab with a layout dump: name one of %s by its number (as in: layout 02 overflow)", arg, strings.Join(labs, ", "))
}

// Print prints the layout of sample of lab (its folder under labs/) in format (text or
// mermaid), built by the lab's solution with go.
func Print(stdout io.Writer, root string, g gocmd.Go, lab, sample, format string) error {
	test, err := layoutTest(root, lab)
	if err != nil {
		return err
	}
	replace, err := overlay.Solutions(root, lab)
	if err != nil {
		return err
	}
	ov, err := overlay.Write(replace)
	if err != nil {
		return err
	}
	defer os.Remove(ov)
	tmp, err := os.MkdirTemp("", "layout-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, "lab.test")
	build := g.In(root).Command(context.Background(), "test", "-c", "-o", bin, "-overlay="+ov, "./labs/"+lab)
	if out, err := build.CombinedOutput(); err != nil {
		return fmt.Errorf("lab %s with its solution does not build: %s", lab, base.FirstLines(string(out), 5))
	}
	var out, errOut bytes.Buffer
	cmd := exec.Command(bin, "-test.run=^"+test+"$", "-layout="+sample, "-layout-format="+format)
	cmd.Dir = filepath.Join(root, "labs", lab)
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("the layout of sample %q of lab %s failed: %s", sample, lab, base.FirstLines(out.String()+errOut.String(), 8))
	}
	text := strings.TrimSuffix(out.String(), "PASS\n")
	if strings.TrimSpace(text) == "" {
		return fmt.Errorf("lab %s printed no layout for sample %q: see the -layout flag of %s", lab, sample, test)
	}
	_, err = io.WriteString(stdout, text)
	return err
}

// layoutTest finds the name of the lab's layout test.
func layoutTest(root, lab string) (string, error) {
	files, _ := filepath.Glob(filepath.Join(root, "labs", lab, "*_test.go"))
	if len(files) == 0 {
		return "", fmt.Errorf("there is no lab %s with tests in labs/%s", lab, lab)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		if m := layoutTestRE.FindSubmatch(data); m != nil {
			return string(m[1]), nil
		}
	}
	return "", fmt.Errorf("lab %s has no layout test (func TestStepNLayout)", lab)
}
