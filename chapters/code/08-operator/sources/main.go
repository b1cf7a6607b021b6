// Command sources prints, from the module cache, the lines of controller-runtime and client-go
// (at the versions in go.mod) that chapter 08 explains: what becomes of a request whose
// reconcile returned an error or nil, the rate limiter of its retries, the backoff of a
// reflector whose watch failed, the tombstone an informer makes for an object that a relist no
// longer finds, and controller-runtime's DeleteStateUnknown. It fails if they are not there any
// more, so that the chapter is updated with the modules.
//
//	go run ./chapters/code/08-operator/sources
package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
)

// An excerpt is the lines of a file from the first that matches from to the first after it that
// matches to, keeping only those that match keep (and the first and last).
type excerpt struct {
	module, file   string
	from, to, keep string
}

var excerpts = []excerpt{
	{
		module: "sigs.k8s.io/controller-runtime", file: "pkg/internal/controller/controller.go",
		from: `^func \(c \*Controller\[request\]\) reconcileHandler`, to: `^}`,
		keep: `switch \{|^\tcase |^\tdefault:|TerminalError\(nil\)|RateLimited: true|Forget\(req\)`,
	},
	{
		module: "k8s.io/client-go", file: "util/workqueue/default_rate_limiters.go",
		from: `^func DefaultTypedControllerRateLimiter`, to: `^}`,
		keep: `.`,
	},
	{
		module: "k8s.io/client-go", file: "tools/cache/reflector.go",
		from: `^func NewReflectorWithOptions`, to: `^}`,
		keep: `NewExponentialBackoffManager`,
	},
	{
		// The informers' queue (RealFIFO, the default since client-go v0.33: the
		// InOrderInformers feature) when a relist replaces its contents.
		module: "k8s.io/client-go", file: "tools/cache/the_real_fifo.go",
		from: `Detect deletions for objects not present in the queue, but present in KnownObjects`, to: `^\t}$`,
		keep: `knownKeys :=|range knownKeys|newKeys.Has|DeletedFinalStateUnknown\{|Key: +knownKey|Obj: +deletedObj`,
	},
	{
		module: "sigs.k8s.io/controller-runtime", file: "pkg/internal/source/event_handler.go",
		from: `^func \(e \*EventHandler\[object, request\]\) OnDelete`, to: `^}`,
		keep: `tombstone, ok :=|DeleteStateUnknown = true|obj = tombstone.Obj`,
	},
}

func main() {
	for _, e := range excerpts {
		if err := e.print(); err != nil {
			fmt.Fprintln(os.Stderr, "sources:", err)
			os.Exit(1)
		}
	}
}

func (e excerpt) print() error {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Version}} {{.Dir}}", e.module).Output()
	if err != nil {
		return fmt.Errorf("go list -m %s: %v (run go mod download)", e.module, err)
	}
	version, dir, _ := strings.Cut(strings.TrimSpace(string(out)), " ")
	f, err := os.Open(filepath.Join(dir, e.file))
	if err != nil {
		return err
	}
	defer f.Close()
	from, to, keep := regexp.MustCompile(e.from), regexp.MustCompile(e.to), regexp.MustCompile(e.keep)
	fmt.Printf("// %s %s, %s\n", e.module, version, e.file)
	in, n, shown := false, 0, 0
	for sc := bufio.NewScanner(f); sc.Scan(); {
		n++
		line := sc.Text()
		switch {
		case !in && from.MatchString(line):
			in = true
		case !in:
			continue
		case to.MatchString(line):
			fmt.Printf("%4d %s\n\n", n, strings.ReplaceAll(line, "\t", "    "))
			if shown < 2 {
				return fmt.Errorf("%s: only %d lines of %s match", e.file, shown, e.from)
			}
			return nil
		case !keep.MatchString(line):
			continue
		}
		fmt.Printf("%4d %s\n", n, strings.ReplaceAll(line, "\t", "    "))
		shown++
	}
	return fmt.Errorf("%s has no lines from %s to %s: the chapter's excerpt is out of date", e.file, e.from, e.to)
}
