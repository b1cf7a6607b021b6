// Envtest builds the kube-apiserver and etcd that the course's Kubernetes tests start, and
// says where they are.
//
// Usage:
//
//	go run ./tools/envtest [-print | -export DIR | -import DIR]
//
// Without flags it builds the binaries that are missing, from their Go module sources, into a
// per-user cache outside the course (about 10 minutes the first time on two cores; progress
// goes to standard error), then prints their folder. Tests find that folder themselves: nothing
// needs to be set. With -print it builds nothing: it prints the folder, or says in one sentence
// what is missing and exits 1.
//
// -export DIR copies the binaries from the course's cache into DIR, with a file ENVTEST naming
// their versions, their system and their SHA-256 sums, for a machine without the network (the
// room pack of go run ./tools/course pack does this). -import DIR, on that machine, checks the
// versions, the system and the sums and installs the binaries into its cache. Neither builds.
//
// $KUBEBUILDER_ASSETS, when set, is used instead (a reader who has setup-envtest);
// $GOMAPS_CACHE, when set, replaces the per-user cache folder. See package
// gomaps/labs/kubeassets for the versions and how they are built.
//
// Exit status: 0 success, 1 a failure, 2 a usage error.
package main

import (
	"context"
	"flag"
	"fmt"

	"gomaps/labs/kubeassets"
	"gomaps/tools/internal/cli"
)

func main() {
	var printOnly bool
	var exportTo, importFrom string
	p := &cli.Program{Name: "envtest", Path: "go run ./tools/envtest", Commands: []*cli.Command{{
		Usage: "[-print | -export DIR | -import DIR]",
		Flags: func(fs *flag.FlagSet) {
			fs.BoolVar(&printOnly, "print", false, "print the folder of the binaries, or what is missing; build nothing")
			fs.StringVar(&exportTo, "export", "", "copy the built binaries into `DIR`, for another machine")
			fs.StringVar(&importFrom, "import", "", "install the binaries exported into `DIR`")
		},
		Run: func(ctx context.Context, io cli.IO, args []string) error {
			if len(args) > 0 {
				return cli.Usagef("unexpected argument %q", args[0])
			}
			var dir string
			var err error
			switch {
			case printOnly && (exportTo != "" || importFrom != ""), exportTo != "" && importFrom != "":
				return cli.Usagef("-print, -export and -import go alone")
			case exportTo != "":
				dir, err = exportTo, kubeassets.Export(exportTo)
			case importFrom != "":
				dir, err = kubeassets.Import(ctx, importFrom)
			case printOnly:
				dir, err = kubeassets.Dir()
			default:
				dir, err = kubeassets.Build(ctx, io.Stderr)
			}
			if err != nil {
				return err
			}
			fmt.Fprintln(io.Stdout, dir)
			return nil
		},
	}}}
	p.Main()
}
