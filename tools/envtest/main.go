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
	"errors"
	"flag"
	"fmt"
	"io"

	"gomaps/labs/kubeassets"
	"gomaps/tools/internal/cli"
)

const usageLine = "usage: go run ./tools/envtest [-print | -export DIR | -import DIR]"

func main() {
	cli.Main(cli.Command{Name: "envtest", Usage: usageLine, Run: func(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
		return run(ctx, args, stdout, stderr)
	}})
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("envtest", flag.ContinueOnError)
	flags.SetOutput(io.Discard)
	printOnly := flags.Bool("print", false, "print the folder of the binaries, or what is missing; build nothing")
	exportTo := flags.String("export", "", "copy the built binaries into `DIR`, for another machine")
	importFrom := flags.String("import", "", "install the binaries exported into `DIR`")
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, usageLine)
			return nil
		}
		return cli.Usagef("%v", err)
	}
	if flags.NArg() > 0 {
		return cli.Usagef("unexpected argument %q", flags.Arg(0))
	}
	modes := 0
	for _, set := range []bool{*printOnly, *exportTo != "", *importFrom != ""} {
		if set {
			modes++
		}
	}
	if modes > 1 {
		return cli.Usagef("-print, -export and -import go alone")
	}
	var dir string
	var err error
	switch {
	case *exportTo != "":
		if err := kubeassets.Export(*exportTo); err != nil {
			return err
		}
		dir = *exportTo
	case *importFrom != "":
		dir, err = kubeassets.Import(ctx, *importFrom)
	case *printOnly:
		dir, err = kubeassets.Dir()
	default:
		dir, err = kubeassets.Build(ctx, stderr)
	}
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, dir)
	return nil
}
