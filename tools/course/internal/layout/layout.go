// Package layout is the layout command: it prints the layout of one of a lab's sample maps,
// built by the lab's solution, as text or as a Mermaid diagram.
package layout

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"gomaps/labs/courseroot"
	"gomaps/labs/overlay"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/internal/cli"
)

// Command is the layout command.
func Command() *cli.Command {
	return &cli.Command{
		Name:  "layout",
		Usage: "LAB SAMPLE [FORMAT]",
		Short: "print the layout of a sample map built by a lab's solution",
		Long:  "print the layout of a sample map built by a lab's solution (labs 02 and 03), as text or as a Mermaid diagram: runs the lab's TestStepNLayout with -layout=SAMPLE; the lab is named as the lab runner names it (2, 02, 02-buckets or buckets)",
		Run: base.Run(func(ctx context.Context, env *base.Env, args []string) error {
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
			var labs []string // the labs that have a layout dump
			for _, lab := range courseroot.Labs(env.Root) {
				if test := layoutTest(env.Root, lab); test != "" && courseroot.MatchLab(args[0], lab) {
					return Print(ctx, env, lab, test, args[1], format)
				} else if test != "" {
					labs = append(labs, lab)
				}
			}
			return cli.Usagef("layout: %q is not a lab with a layout dump: name one of %s by its number (as in: layout 02 overflow)", args[0], strings.Join(labs, ", "))
		}),
	}
}

// layoutTestRE finds the test of a lab that prints the layout of a sample map when its test
// binary is given -layout=NAME.
var layoutTestRE = regexp.MustCompile(`(?m)^func (TestStep[0-9]+Layout)\(t \*testing\.T\)`)

// layoutTest returns the name of the lab's layout test, or "".
func layoutTest(root, lab string) string {
	files, _ := filepath.Glob(filepath.Join(root, "labs", lab, "*_test.go"))
	for _, f := range files {
		if data, err := os.ReadFile(f); err == nil && layoutTestRE.Match(data) {
			return string(layoutTestRE.FindSubmatch(data)[1])
		}
	}
	return ""
}

// Print prints the layout of sample of lab (its folder under labs/) in format (text or
// mermaid), built by the lab's solution with env's go command and printed by its test.
func Print(ctx context.Context, env *base.Env, lab, test, sample, format string) error {
	replace, err := overlay.Solutions(env.Root, lab)
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
	if out, err := env.Go.Command(ctx, "test", "-c", "-o", bin, "-overlay="+ov, "./labs/"+lab).CombinedOutput(); err != nil {
		return fmt.Errorf("lab %s with its solution does not build: %s", lab, base.FirstLines(string(out), 5))
	}
	var out, errOut bytes.Buffer
	cmd := env.Command(ctx, bin, "-test.run=^"+test+"$", "-layout="+sample, "-layout-format="+format)
	cmd.Dir, cmd.Stdout, cmd.Stderr = filepath.Join(env.Root, "labs", lab), &out, &errOut
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("the layout of sample %q of lab %s failed: %s", sample, lab, base.FirstLines(out.String()+errOut.String(), 8))
	}
	text := strings.TrimSuffix(out.String(), "PASS\n")
	if strings.TrimSpace(text) == "" {
		return fmt.Errorf("lab %s printed no layout for sample %q: see the -layout flag of %s", lab, sample, test)
	}
	_, err = env.Stdout.Write([]byte(text))
	return err
}
