// Command compare runs the lookup benchmark of chapters/code/03-swiss/limit, cockroachdb/swiss
// with its default bucket limit and with the runtime's 1024, and the built-in map, side by side,
// and prints benchstat's table with the default build as the base.
//
//	go run ./chapters/code/03-swiss/limit/compare [-count N] [-benchtime T]
package main

import (
	"flag"
	"fmt"
	"log"
	"strconv"
	"strings"

	"gomaps/chapters/code/internal/benchtab"
	"gomaps/labs/courseroot"
)

const (
	pkg  = "./chapters/code/03-swiss/limit"
	cols = "/impl@(cockroach cockroach-1024 builtin)"
)

func main() {
	log.SetPrefix("compare: ")
	log.SetFlags(0)
	count := flag.Int("count", 20, "runs of each benchmark (benchstat needs at least 6 for its confidence intervals)")
	benchtime := flag.String("benchtime", "100ms", "time per run of each benchmark")
	flag.Parse()
	root, _, err := courseroot.Find("")
	if err != nil {
		log.Fatal(err)
	}
	args := []string{"test", "-run=^$", "-bench=^BenchmarkLookup$", "-benchtime=" + *benchtime, "-count=" + strconv.Itoa(*count), pkg}
	fmt.Printf("go %s > results\n", strings.Join(args, " "))
	results, err := benchtab.Go(root, nil, args...)
	if err != nil {
		log.Fatalf("the benchmark failed: %v\n%s", err, results)
	}
	fmt.Printf("go tool benchstat -col %q results\n\n", cols)
	table, err := benchtab.Benchstat(root, results, "-col", cols)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(table)
}
