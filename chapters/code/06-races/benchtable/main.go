// Benchtable runs the benchmarks of chapters/code/06-races/bench (a map with
// a sync.Mutex, with a sync.RWMutex, sync.Map, and the sharded map of lab 06)
// over read/write mixes and GOMAXPROCS values, and prints benchstat's table,
// one column per map.
//
// Usage:
//
//	go run ./chapters/code/06-races/benchtable [-count N] [-benchtime T] [-cpu LIST] [-mine]
//
// The sharded map is the solution's (solutions/06-races), put in place with
// go test -overlay; with -mine it is yours, as labs/06-races has it.
package main

import (
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	"gomaps/chapters/code/internal/benchtab"
	"gomaps/labs/courseroot"
	"gomaps/labs/overlay"
)

const (
	benchPkg    = "./chapters/code/06-races/bench"
	labDir      = "labs/06-races"
	solutionDir = "solutions/06-races"
)

func main() {
	log.SetPrefix("benchtable: ")
	log.SetFlags(0)
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		log.Fatal(err)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("benchtable", flag.ContinueOnError)
	fs.SetOutput(stderr)
	count := fs.Int("count", 6, "runs of each benchmark (benchstat needs 6 for its confidence intervals)")
	benchtime := fs.String("benchtime", "100ms", "time per run of each benchmark")
	cpu := fs.String("cpu", "1,2,4", "GOMAXPROCS values to run each benchmark with")
	mine := fs.Bool("mine", false, "benchmark the sharded map of labs/06-races as it is, instead of the solution's")
	if err := fs.Parse(args); err != nil {
		os.Exit(2)
	}
	root, _, err := courseroot.Find("")
	if err != nil {
		return err
	}
	testArgs := []string{"test", "-run=^$", "-bench=^BenchmarkMap$", "-benchtime=" + *benchtime,
		"-count=" + strconv.Itoa(*count), "-cpu=" + *cpu}
	shown := append([]string{}, testArgs...) // the command as printed
	if *mine {
		shown = append(shown, benchPkg, "(the sharded map is yours, from "+labDir+")")
	} else {
		replace, err := overlay.Solutions(root, filepath.Base(labDir))
		if err != nil {
			return err
		}
		ov, err := overlay.Write(replace)
		if err != nil {
			return err
		}
		defer os.Remove(ov)
		testArgs = append(testArgs, "-overlay="+ov)
		shown = append(shown, "-overlay=<solution>", benchPkg, "(the sharded map is the solution's, from "+solutionDir+")")
	}
	testArgs = append(testArgs, benchPkg)
	fmt.Fprintf(stdout, "go %s\n", strings.Join(shown, " "))
	fmt.Fprintf(stdout, "cores (runtime.NumCPU): %d\n", runtime.NumCPU())

	results, err := benchtab.Go(root, nil, testArgs...)
	if err != nil {
		return fmt.Errorf("the benchmarks failed: %v\n%s", err, results)
	}
	fmt.Fprintf(stdout, "go tool benchstat -col /impl results\n\n")
	table, err := benchtab.Benchstat(root, results, "-col", "/impl")
	if err != nil {
		return err
	}
	_, err = io.WriteString(stdout, table)
	return err
}
