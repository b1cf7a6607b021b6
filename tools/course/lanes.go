package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"gomaps/labs/lanes"
	"gomaps/tools/internal/cli"
)

// runLanes prints the lanes table (labs/lanes), or with -env NAME the lane's environment as
// NAME=value words, for a shell: env $(go run ./tools/course lanes -env classic) go test ./labs/04-growth
func runLanes(args []string, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("lanes", flag.ContinueOnError)
	env := flags.String("env", "", "print the environment of the lane `NAME`, one VAR=value word each")
	if help, err := parseFlags(flags, args, stdout); help || err != nil {
		return err
	}
	if flags.NArg() > 0 {
		return cli.Usagef("lanes: unexpected argument %q", flags.Arg(0))
	}
	if *env != "" {
		l, err := lanes.Get(*env)
		if err != nil {
			return cli.Usagef("lanes -env: %v", err)
		}
		fmt.Fprintln(stdout, strings.Join(l.Env(), " "))
		return nil
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "lane\tmap\tenvironment\tabout")
	for _, l := range lanes.All {
		name := l.Name
		if l.IsDefault() {
			name += " (default)"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", name, l.Map, strings.TrimSpace(l.Prefix()), l.About)
	}
	tw.Flush()
	fmt.Fprintf(stdout, "what depends on the map runtime (packages marked %s) runs on every lane: go run ./tools/course check -lane NAME\n", lanes.Marker)
	return nil
}
