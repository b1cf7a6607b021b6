// Package lanes is the lanes command: the table of the map runtimes the course runs on
// (labs/lanes), or one lane's environment for a shell.
package lanes

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"text/tabwriter"

	"gomaps/labs/lanes"
	"gomaps/tools/internal/cli"
)

// Command is the lanes command.
func Command() *cli.Command {
	var env string
	return &cli.Command{
		Name:  "lanes",
		Usage: "[-env NAME]",
		Short: "list the map runtimes the course runs on, or print one's environment",
		Long:  "list the lanes; -env NAME prints a lane's environment for a shell: env $(go run ./tools/course lanes -env classic) go test ./labs/04-growth",
		Flags: func(fs *flag.FlagSet) {
			fs.StringVar(&env, "env", "", "print the environment of the lane `NAME`, one VAR=value word each")
		},
		NoArgs: true,
		Run: func(_ context.Context, io cli.IO, _ []string) error {
			if env != "" {
				l, err := lanes.Get(env)
				if err != nil {
					return cli.Usagef("lanes -env: %v", err)
				}
				fmt.Fprintln(io.Stdout, strings.Join(l.Env(), " "))
				return nil
			}
			tw := tabwriter.NewWriter(io.Stdout, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "lane\tmap\tenvironment\tabout")
			for _, l := range lanes.All {
				name := l.Name
				if l.IsDefault() {
					name += " (default)"
				}
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", name, l.Map, strings.TrimSpace(l.Prefix()), l.About)
			}
			tw.Flush()
			fmt.Fprintf(io.Stdout, "what depends on the map runtime (packages marked %s) runs on every lane: go run ./tools/course check -lane NAME\n", lanes.Marker)
			return nil
		},
	}
}
