// Command sources prints, from the module cache, the lines of controller-runtime, client-go and
// apimachinery (at the versions in go.mod) that chapter 08 explains. Its argument picks the
// excerpts:
//
//   - queue: what becomes of a request whose reconcile returned an error or nil, the rate
//     limiter a controller gets when it sets none (one with the priority queue, the default, and
//     one without), and how that limiter's delay grows;
//   - watch: the backoff of a reflector whose watch failed and its arithmetic, the feature that
//     makes a reflector stream its initial state instead of listing it, where its log lines come
//     in that choice, the tombstone an informer makes for an object that a relist no longer
//     finds, and controller-runtime's DeleteStateUnknown.
//
// It fails if the lines are not there any more, or no longer say what the chapter says they do,
// so that the chapter is updated with the modules. The queue excerpts apply to the course's
// operator only if it leaves the limiter and the queue to controller-runtime: the program also
// fails if the operator's files (labs/08-operator, solutions/08-operator) set them.
//
//	go run ./chapters/code/08-operator/sources queue
//	go run ./chapters/code/08-operator/sources watch
package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// An excerpt is the lines of a file from the first that matches from to the first after it that
// matches to, keeping only those that match keep (and the first and last). With within, the
// excerpt lies inside the function whose first line matches within: that line is printed too,
// and from must come before the function's end. Each pattern of must has to match one of the
// lines printed.
type excerpt struct {
	module, file   string
	within         string
	from, to, keep string
	must           []string
}

var groups = map[string][]excerpt{
	"queue": {
		{
			module: "sigs.k8s.io/controller-runtime", file: "pkg/internal/controller/controller.go",
			from: `^func \(c \*Controller\[request\]\) reconcileHandler`, to: `^}`,
			keep: `switch \{|^\tcase |^\tdefault:|TerminalError\(nil\)|RateLimited: true|Forget\(req\)`,
			must: []string{`RateLimited: true`, `Forget\(req\)`},
		},
		{
			// A controller's options left unset take the manager's (its Controller field).
			module: "sigs.k8s.io/controller-runtime", file: "pkg/controller/controller.go",
			from: `^func \(options \*TypedOptions\[request\]\) DefaultFromConfig`, to: `^}`,
			keep: `options\.UsePriorityQueue == nil|options\.UsePriorityQueue = config\.UsePriorityQueue`,
			must: []string{`options\.UsePriorityQueue = config\.UsePriorityQueue`},
		},
		{
			// The rate limiter: unset, it depends on UsePriorityQueue, which unset means true.
			module: "sigs.k8s.io/controller-runtime", file: "pkg/controller/controller.go",
			within: `^func NewTypedUnmanaged\[`,
			from:   `^\tif options\.RateLimiter == nil \{$`, to: `^\t}$`,
			keep: `.`,
			must: []string{
				`if ptr\.Deref\(options\.UsePriorityQueue, true\) \{`,
				`options\.RateLimiter = workqueue\.NewTypedItemExponentialFailureRateLimiter\[request\]\(5\*time\.Millisecond, 1000\*time\.Second\)`,
				`options\.RateLimiter = workqueue\.DefaultTypedControllerRateLimiter\[request\]\(\)`,
			},
		},
		{
			// The queue: unset, the same setting picks it.
			module: "sigs.k8s.io/controller-runtime", file: "pkg/controller/controller.go",
			within: `^func NewTypedUnmanaged\[`,
			from:   `^\tif options\.NewQueue == nil \{$`, to: `^\t}$`,
			keep: `if ptr\.Deref\(options\.UsePriorityQueue, true\) \{|return priorityqueue\.New\(|o\.RateLimiter = rateLimiter|return workqueue\.NewTypedRateLimitingQueueWithConfig\(`,
			must: []string{
				`if ptr\.Deref\(options\.UsePriorityQueue, true\) \{`,
				`return priorityqueue\.New\(`,
				`return workqueue\.NewTypedRateLimitingQueueWithConfig\(rateLimiter`,
			},
		},
		{
			// The priority queue asks the rate limiter for the delay of a rate-limited add.
			module: "sigs.k8s.io/controller-runtime", file: "pkg/controller/priorityqueue/priorityqueue.go",
			from: `^func \(w \*priorityqueue\[T\]\) lockedAddWithOpts`, to: `^}`,
			keep: `if o\.RateLimited \{|rlAfter := w\.rateLimiter\.When\(key\)|readyAt = ptr\.To\(w\.now\(\)\.Add\(after\)\)`,
			must: []string{`rlAfter := w\.rateLimiter\.When\(key\)`},
		},
		{
			// The limiter without the priority queue.
			module: "k8s.io/client-go", file: "util/workqueue/default_rate_limiters.go",
			from: `^func DefaultTypedControllerRateLimiter`, to: `^}`,
			keep: `.`,
			must: []string{
				`NewTypedMaxOfRateLimiter\(`,
				`NewTypedItemExponentialFailureRateLimiter\[T\]\(5\*time\.Millisecond, 1000\*time\.Second\)`,
				`rate\.NewLimiter\(rate\.Limit\(10\), 100\)`,
			},
		},
		{
			// The delay of the per-item limiter: base * 2^failures, at most max.
			module: "k8s.io/client-go", file: "util/workqueue/default_rate_limiters.go",
			from: `^func \(r \*TypedItemExponentialFailureRateLimiter\[T\]\) When`, to: `^}`,
			keep: `^\t(exp|r\.failures|backoff|if|calculated|return)\b|^\t\treturn\b`,
			must: []string{
				`backoff := float64\(r\.baseDelay\.Nanoseconds\(\)\) \* math\.Pow\(2, float64\(exp\)\)`,
				`if calculated > r\.maxDelay \{`,
			},
		},
	},
	"watch": {
		{
			module: "k8s.io/client-go", file: "tools/cache/reflector.go",
			from: `^func NewReflectorWithOptions`, to: `^}`,
			keep: `backoff will stop at|0\.22 QPS|NewExponentialBackoffManager|r\.useWatchList = |DoesClientNotSupportWatchListSemantics\(lw\)`,
			must: []string{
				`wait\.NewExponentialBackoffManager\(800\*time\.Millisecond, 30\*time\.Second, 2\*time\.Minute, 2\.0, 1\.0, reflectorClock\)`,
				`r\.useWatchList = clientfeatures\.FeatureGates\(\)\.Enabled\(clientfeatures\.WatchListClient\)`,
			},
		},
		{
			// What the reflector's arguments are.
			module: "k8s.io/apimachinery", file: "pkg/util/wait/backoff.go",
			from: `^func NewExponentialBackoffManager\(initBackoff, maxBackoff, resetDuration time\.Duration, backoffFactor, jitter float64`, to: `^}`,
			keep: `Duration: +initBackoff,|Factor: +backoffFactor,|Jitter: +jitter,|Cap: +maxBackoff,|backoffResetDuration: +resetDuration,`,
			must: []string{`Cap: +maxBackoff,`, `backoffResetDuration: +resetDuration,`},
		},
		{
			// Back to the first wait when the last one started longer ago than resetDuration.
			module: "k8s.io/apimachinery", file: "pkg/util/wait/backoff.go",
			from: `^func \(b \*exponentialBackoffManagerImpl\) getNextBackoff`, to: `^}`,
			keep: `.`,
			must: []string{
				`if b\.clock\.Now\(\)\.Sub\(b\.lastBackoffStart\) > b\.backoffResetDuration \{`,
				`b\.backoff\.Duration = b\.initialBackoff`,
				`b\.lastBackoffStart = b\.clock\.Now\(\)`,
			},
		},
		{
			// Each wait: the duration, jittered; the next duration: twice it, capped.
			module: "k8s.io/apimachinery", file: "pkg/util/wait/backoff.go",
			from: `^func delay\(`, to: `^}`,
			keep: `if steps < 1 \{|return Jitter\(duration, jitter\), duration, 0|next = time\.Duration\(float64\(duration\) \* factor\)|if cap > 0 && next > cap \{|^\t+next = cap$|^\t+steps = 0$|duration = Jitter\(duration, jitter\)|return duration, next, steps`,
			must: []string{
				`next = time\.Duration\(float64\(duration\) \* factor\)`,
				`if cap > 0 && next > cap \{`,
				`return Jitter\(duration, jitter\), duration, 0`,
				`duration = Jitter\(duration, jitter\)`,
			},
		},
		{
			module: "k8s.io/apimachinery", file: "pkg/util/wait/wait.go",
			from: `^var jitterRand = `, to: `^}`,
			keep: `^func Jitter\(|wait := duration \+`,
			must: []string{
				`^var jitterRand = rand\.Float64$`,
				`wait := duration \+ time\.Duration\(jitterRand\(\)\*maxFactor\*float64\(duration\)\)`,
			},
		},
		{
			// The feature gate of client-go's own features, by Kubernetes version.
			module: "k8s.io/client-go", file: "features/known_features.go",
			from: `^\tWatchListClient: \{$`, to: `^\t},$`,
			keep: `.`,
			must: []string{`Version: version\.MustParse\("1\.35"\), Default: true`},
		},
		{
			// client-go's default gates take the last spec of each feature (the newest version's).
			module: "k8s.io/client-go", file: "features/features.go",
			from: `^func unversionedFeatureGates\(`, to: `^}`,
			keep: `latestSpec := specs\[len\(specs\)-1\]|unversioned\[feature\] = latestSpec`,
			must: []string{`latestSpec := specs\[len\(specs\)-1\]`},
		},
		{
			module: "k8s.io/client-go", file: "features/features.go",
			from: `^func init\(\) \{`, to: `^}`,
			keep: `newEnvVarFeatureGates\(unversionedFeatureGates\(defaultVersionedKubernetesFeatureGates\)\)`,
			must: []string{`newEnvVarFeatureGates\(unversionedFeatureGates\(defaultVersionedKubernetesFeatureGates\)\)`},
		},
		{
			// A stream of the initial state (watch-list) or a list; the log lines around them.
			module: "k8s.io/client-go", file: "tools/cache/reflector.go",
			from: `^func \(r \*Reflector\) ListAndWatchWithContext`, to: `^}`,
			keep: `"Listing and watching"|fallbackToList := |if r\.useWatchList \{|w, err = r\.watchList\(ctx\)|^\t\t\tlogger\.V\(4\)\.Info\($|Falling back to regular list|fallbackToList = true|if fallbackToList \{|err = r\.list\(ctx\)|"Caches populated"`,
			must: []string{
				`logger\.V\(3\)\.Info\("Listing and watching"`,
				`w, err = r\.watchList\(ctx\)`,
				`err = r\.list\(ctx\)`,
				`^\t\t\tlogger\.V\(4\)\.Info\($`,
				`logger\.V\(2\)\.Info\("Caches populated"`,
			},
		},
		{
			// The informers' queue (RealFIFO, the default since client-go v0.33: the
			// InOrderInformers feature) when a relist replaces its contents.
			module: "k8s.io/client-go", file: "tools/cache/the_real_fifo.go",
			from: `Detect deletions for objects not present in the queue, but present in KnownObjects`, to: `^\t}$`,
			keep: `knownKeys :=|range knownKeys|newKeys.Has|DeletedFinalStateUnknown\{|Key: +knownKey|Obj: +deletedObj`,
			must: []string{`DeletedFinalStateUnknown\{`},
		},
		{
			module: "sigs.k8s.io/controller-runtime", file: "pkg/internal/source/event_handler.go",
			from: `^func \(e \*EventHandler\[object, request\]\) OnDelete`, to: `^}`,
			keep: `tombstone, ok :=|DeleteStateUnknown = true|obj = tombstone.Obj`,
			must: []string{`DeleteStateUnknown = true`},
		},
	},
}

// operatorSets matches a line of the course's operator that would choose the controller's
// rate limiter or queue itself, in its own options or in its manager's.
var operatorSets = regexp.MustCompile(`\b(RateLimiter|UsePriorityQueue|NewQueue)\b|\bController:|config\.Controller\b`)

func main() {
	if len(os.Args) != 2 || groups[os.Args[1]] == nil {
		fmt.Fprintln(os.Stderr, "usage: sources queue|watch (see the doc comment of chapters/code/08-operator/sources)")
		os.Exit(2)
	}
	group := os.Args[1]
	if group == "queue" {
		if err := checkOperator(); err != nil {
			fmt.Fprintln(os.Stderr, "sources:", err)
			os.Exit(1)
		}
	}
	for _, e := range groups[group] {
		if err := e.print(); err != nil {
			fmt.Fprintln(os.Stderr, "sources:", err)
			os.Exit(1)
		}
	}
}

// checkOperator fails if a file of the course's operator, the lab's or the solution's (tests
// included: step 8 makes its own manager), sets the controller's rate limiter or queue, which
// the queue excerpts assume it does not.
func checkOperator() error {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}").Output()
	if err != nil {
		return fmt.Errorf("go list -m: %v", err)
	}
	root := strings.TrimSpace(string(out))
	for _, dir := range []string{"labs/08-operator", "solutions/08-operator"} {
		files, err := filepath.Glob(filepath.Join(root, dir, "*.go"))
		if err != nil {
			return err
		}
		if len(files) == 0 {
			return fmt.Errorf("%s has no Go files", dir)
		}
		for _, name := range files {
			text, err := os.ReadFile(name)
			if err != nil {
				return err
			}
			for i, line := range strings.Split(string(text), "\n") {
				if operatorSets.MatchString(line) {
					return fmt.Errorf("%s/%s:%d sets the controller's rate limiter or queue (%s): the chapter says the operator gets controller-runtime's defaults",
						dir, filepath.Base(name), i+1, strings.TrimSpace(line))
				}
			}
		}
	}
	return nil
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
	var within *regexp.Regexp
	if e.within != "" {
		within = regexp.MustCompile(e.within)
	}
	funcEnd := regexp.MustCompile(`^}`)
	var lines []string // the lines printed, without their numbers
	var text strings.Builder
	fmt.Fprintf(&text, "// %s %s, %s\n", e.module, version, e.file)
	show := func(n int, line string) {
		fmt.Fprintf(&text, "%4d %s\n", n, strings.ReplaceAll(line, "\t", "    "))
		lines = append(lines, line)
	}
	inFunc := within == nil
	in, n := false, 0
	for sc := bufio.NewScanner(f); sc.Scan(); {
		n++
		line := sc.Text()
		switch {
		case !inFunc && within.MatchString(line):
			inFunc = true
			show(n, line)
			continue
		case !inFunc:
			continue
		case !in && from.MatchString(line):
			in = true
		case !in && within != nil && funcEnd.MatchString(line):
			return fmt.Errorf("%s: no line matches %s in the function of %s: the chapter's excerpt is out of date", e.file, e.from, e.within)
		case !in:
			continue
		case to.MatchString(line):
			show(n, line)
			if len(lines) < 3 {
				return fmt.Errorf("%s: only %d lines after %s match", e.file, len(lines)-2, e.from)
			}
			for _, m := range e.must {
				if !slices.ContainsFunc(lines, regexp.MustCompile(m).MatchString) {
					return fmt.Errorf("%s: no line from %s to %s matches %s: the chapter's excerpt is out of date", e.file, e.from, e.to, m)
				}
			}
			fmt.Println(text.String())
			return nil
		case !keep.MatchString(line):
			continue
		}
		show(n, line)
	}
	return fmt.Errorf("%s has no lines from %s to %s: the chapter's excerpt is out of date", e.file, e.from, e.to)
}
