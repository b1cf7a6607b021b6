// Command gogcrace measures S0-41's claim, that GOGC=10 makes a map's concurrency error come
// sooner. It starts this program again as a child, many times under GOGC=10, GOGC=100 and
// GOGC=off in turn (interleaved, so that the machine's load falls on every setting alike). In
// each child two goroutines store new Pod-like objects into one map[string]*pod, as the post's
// informer store does, so that the collector runs often under GOGC=10 and never under off,
// until the runtime stops the child with "fatal error: concurrent map writes". The time to the
// crash is measured by the child itself, so that no scheduling of this process enters it: every
// 10 writes, a writer stores the time since the writers were released into a file that this
// process shares with it (fd 3, mapped into the child's memory), and the last time stored
// before the runtime stopped the child is its time to the crash, to within 10 writes.
//
// It prints, per setting, the runs, the crashes, the median time with a 95% confidence interval
// (distribution free, from order statistics) and the mean; then, for GOGC=10 against each other
// setting, the two-sided p-value of a Mann-Whitney U test (normal approximation): a small p says
// the times differ, and the medians say which way.
package main

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"
)

// runs is the number of children per setting.
const runs = 60

// settings are the values of GOGC compared; the first is the post's.
var settings = []string{"10", "100", "off"}

const childEnv = "GOGCRACE_CHILD"

// clockFD is the child's descriptor of the file into which its writers store the time.
const clockFD = 3

// pod stands in for a *v1.Pod: a store of an informer keeps pointers to new objects.
type pod struct {
	name   string
	phase  string
	labels [8]string
	ready  bool
}

// child races two writers on one map until the runtime stops the process.
func child() {
	runtime.GOMAXPROCS(max(2, runtime.GOMAXPROCS(0)))
	clock, err := mapClock(clockFD)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gogcrace: mapping the clock file:", err)
		os.Exit(1)
	}
	m := map[string]*pod{}
	keys := make([]string, 100)
	for i := range keys {
		keys[i] = fmt.Sprint("default/pod-", i)
		m[keys[i]] = &pod{name: keys[i]}
	}
	start := make(chan struct{})
	var t0 time.Time // set before start is closed
	var wg sync.WaitGroup
	deadline := time.Now().Add(30 * time.Second)
	for w := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			for i := 0; time.Now().Before(deadline); i++ {
				for j, k := range keys {
					m[k] = &pod{name: k, phase: "Running", ready: (i+w)%2 == 0}
					if j%10 == 9 {
						clock.Store(int64(time.Since(t0)))
					}
				}
			}
		}()
	}
	t0 = time.Now()
	close(start)
	wg.Wait()
	fmt.Println("no crash")
}

// result is one child's run.
type result struct {
	took    time.Duration // from the writers' start to the last time they stored
	crashed bool          // it ended with fatal error: concurrent map writes
	other   string        // else, the first line of its standard error
}

func run(gogc string) (result, error) {
	clock, err := os.CreateTemp("", "gogcrace-clock-*")
	if err != nil {
		return result{}, err
	}
	defer os.Remove(clock.Name())
	defer clock.Close()
	if err := clock.Truncate(8); err != nil { // the child maps 8 bytes: the file must hold them
		return result{}, err
	}
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), childEnv+"=1", "GOGC="+gogc, "GOTRACEBACK=single")
	cmd.ExtraFiles = []*os.File{clock} // the child's clockFD
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return result{}, err
	}
	if err := cmd.Start(); err != nil {
		return result{}, err
	}
	var r result
	fatal := false
	var first string // the first line the child wrote on its standard error
	sc := bufio.NewScanner(stderr)
	for sc.Scan() {
		line := sc.Text()
		if !fatal && strings.HasPrefix(line, "fatal error: ") {
			fatal = true
			r.crashed = line == "fatal error: concurrent map writes"
		}
		if first == "" {
			first = strings.TrimSpace(line)
		}
	}
	err = cmd.Wait()
	if !fatal {
		r.other = fmt.Sprintf("no fatal error (%v): %s", err, first)
		return r, nil
	}
	if !r.crashed {
		r.other = first
		return r, nil
	}
	var b [8]byte
	if _, err := clock.ReadAt(b[:], 0); err != nil {
		return result{}, err
	}
	r.took = time.Duration(binary.NativeEndian.Uint64(b[:]))
	return r, nil
}

func main() {
	if os.Getenv(childEnv) == "1" {
		child()
		return
	}
	if errNoSharedClock != nil {
		fmt.Fprintln(os.Stderr, "gogcrace:", errNoSharedClock)
		os.Exit(1)
	}
	took := map[string][]float64{} // milliseconds, crashed runs only
	others := map[string][]string{}
	for range runs {
		for _, s := range settings {
			r, err := run(s)
			if err != nil {
				fmt.Fprintln(os.Stderr, "gogcrace:", err)
				os.Exit(1)
			}
			if r.crashed {
				took[s] = append(took[s], float64(r.took)/float64(time.Millisecond))
			} else {
				others[s] = append(others[s], r.other)
			}
		}
	}
	fmt.Printf("two goroutines storing new objects into one map[string]*pod until the runtime stops them,\n")
	fmt.Printf("%d runs per setting, interleaved; time from the writers' start to the fatal error\n\n", runs)
	fmt.Printf("%-9s %5s %8s %11s   %-26s   %11s\n", "GOGC", "runs", "crashed", "median", "95% CI of the median", "mean")
	for _, s := range settings {
		t := slices.Sorted(slices.Values(took[s]))
		if len(t) == 0 {
			fmt.Printf("%-9s %5d %8d\n", s, runs, 0)
			continue
		}
		lo, hi := medianCI(len(t))
		fmt.Printf("%-9s %5d %8d %8.2f ms   [%8.2f ms, %8.2f ms]   %8.2f ms\n", s, runs, len(t), median(t), t[lo], t[hi], mean(t))
	}
	fmt.Println()
	for _, s := range settings[1:] {
		fmt.Printf("GOGC=%s against GOGC=%s: Mann-Whitney p = %.3f\n", settings[0], s, mannWhitney(took[settings[0]], took[s]))
	}
	for _, s := range settings {
		for _, o := range others[s] {
			fmt.Printf("GOGC=%s: a run without the fatal error: %s\n", s, o)
		}
	}
}

func median(sorted []float64) float64 {
	n := len(sorted)
	if n%2 == 1 {
		return sorted[n/2]
	}
	return (sorted[n/2-1] + sorted[n/2]) / 2
}

func mean(x []float64) float64 {
	sum := 0.0
	for _, v := range x {
		sum += v
	}
	return sum / float64(len(x))
}

// medianCI returns the 0-based ranks lo and hi of the order statistics that bound a confidence
// interval of at least 95% for the median of n values: the widest symmetric pair whose tails,
// under Binomial(n, 1/2), hold at most 2.5% each.
func medianCI(n int) (lo, hi int) {
	// P(X <= k) for X ~ Binomial(n, 1/2).
	cdf := func(k int) float64 {
		p := 0.0
		for i := 0; i <= k; i++ {
			lg, _ := math.Lgamma(float64(n + 1))
			li, _ := math.Lgamma(float64(i + 1))
			lni, _ := math.Lgamma(float64(n - i + 1))
			p += math.Exp(lg - li - lni - float64(n)*math.Ln2)
		}
		return p
	}
	k := 0
	for k+1 < n && cdf(k) <= 0.025 {
		k++
	}
	// cdf(k-1) <= 2.5%: the interval [x(k), x(n-1-k)] in 0-based ranks covers the median with
	// probability 1 - 2*cdf(k-1) >= 95%.
	lo, hi = max(k-1, 0), min(n-k, n-1)
	if k == 0 {
		lo, hi = 0, n-1
	}
	return lo, hi
}

// mannWhitney returns the two-sided p-value of the Mann-Whitney U test of a against b, from the
// normal approximation with the correction for ties.
func mannWhitney(a, b []float64) float64 {
	n1, n2 := float64(len(a)), float64(len(b))
	if n1 == 0 || n2 == 0 {
		return math.NaN()
	}
	type v struct {
		x     float64
		fromA bool
	}
	all := make([]v, 0, len(a)+len(b))
	for _, x := range a {
		all = append(all, v{x, true})
	}
	for _, x := range b {
		all = append(all, v{x, false})
	}
	slices.SortFunc(all, func(p, q v) int {
		switch {
		case p.x < q.x:
			return -1
		case p.x > q.x:
			return 1
		}
		return 0
	})
	ranksA, ties := 0.0, 0.0
	for i := 0; i < len(all); {
		j := i
		for j < len(all) && all[j].x == all[i].x {
			j++
		}
		rank := float64(i+j+1) / 2 // the mean of ranks i+1 .. j
		for k := i; k < j; k++ {
			if all[k].fromA {
				ranksA += rank
			}
		}
		t := float64(j - i)
		ties += t*t*t - t
		i = j
	}
	u := ranksA - n1*(n1+1)/2
	n := n1 + n2
	mu := n1 * n2 / 2
	sigma := math.Sqrt(n1 * n2 / 12 * ((n + 1) - ties/(n*(n-1))))
	if sigma == 0 {
		return 1
	}
	z := (math.Abs(u-mu) - 0.5) / sigma
	return math.Erfc(max(z, 0) / math.Sqrt2)
}
