package pack

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"gomaps/labs/kubeassets"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/course/internal/book"
	"gomaps/tools/course/internal/install"
	"gomaps/tools/course/internal/steps"
	"gomaps/tools/internal/cli"
)

// UnpackCommand is the unpack command.
func UnpackCommand() *cli.Command {
	return &cli.Command{
		Name:  "unpack",
		Usage: "DIR",
		Short: "install a room pack on a laptop with no network",
		Long:  "install a room pack on a laptop with no network: check every file against MANIFEST, go mod download and the Go " + classic.Release() + " toolchain from the pack (go.sum and the checksum database's records check them), envtest -import, mkdocs from the Debian packages when it is missing (as root; otherwise it prints the command), then go list -deps -test ./... and the toolchain with GOPROXY=off. course and envtest use only the standard library, so they build before anything is unpacked",
		Run: base.Run(func(ctx context.Context, env *base.Env, args []string) error {
			if len(args) != 1 {
				return cli.Usagef("unpack: name the room pack's folder (go run ./tools/course unpack DIR)")
			}
			return unpack(ctx, env, args[0])
		}),
	}
}

// unpack installs the room pack in dir for the course env is in. A failed step is
// cli.ErrFailed; a pack it refuses, an error before any step.
func unpack(ctx context.Context, env *base.Env, dir string) error {
	u, err := openPack(ctx, env, dir)
	if err != nil {
		return fmt.Errorf("unpack: %v", err)
	}
	list := []steps.Step{
		{Name: "verify", Title: "check every file of the pack against its " + manifestFile, Run: u.verify},
		{Name: "modules", Title: "install the modules into the module cache (" + u.goenv["GOMODCACHE"] + ")", Run: func() (string, error) {
			return "go mod download took every module from the pack, each checked against go.sum", u.run(nil, "mod", "download")
		}},
		{Name: "toolchain", Title: "install the Go " + classic.Release() + " toolchain (the classic map)", Run: func() (string, error) {
			return "GOTOOLCHAIN=" + classic.Toolchain + " go version works; the toolchain was checked against the checksum database's records in the pack",
				u.run([]string{"GOTOOLCHAIN=" + classic.Toolchain}, "version")
		}},
	}
	if base.IsDir(filepath.Join(u.pack, envtestDir)) {
		list = append(list, steps.Step{Name: "envtest", Title: "install kube-apiserver and etcd for envtest (go run ./tools/envtest -import)", Run: u.envtest})
	}
	if base.IsDir(filepath.Join(u.pack, debsDir)) {
		list = append(list, steps.Step{Name: "mkdocs", Title: "install mkdocs for the book, if it is missing", Run: u.debs})
	}
	list = append(list, steps.Step{Name: "offline", Title: "check that the course builds with the network off (GOPROXY=off)", Run: u.offline})
	return runSteps(env, list, &u.notes, func() string {
		return "this laptop has what the course needs, with no network: start with go run ./tools/lab run 01"
	})
}

type unpacker struct {
	*base.Env
	ctx     context.Context
	pack    string            // absolute
	header  map[string]string // MANIFEST's first lines, by their first word
	entries []packEntry       // the files MANIFEST lists
	goenv   map[string]string // go env
	notes   []string
}

// packEntry is one file line of MANIFEST: SHA-256, size, and path (slash-separated, in the pack).
type packEntry struct {
	sum, path string
	size      int64
}

// openPack reads MANIFEST, refusing a pack made for another system or version of the course.
func openPack(ctx context.Context, env *base.Env, dir string) (*unpacker, error) {
	pack, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	u := &unpacker{Env: env, ctx: ctx, pack: pack}
	if err := u.readManifest(); err != nil {
		return nil, err
	}
	if h := u.header["system"]; h != packOS() {
		return nil, fmt.Errorf("this pack is for %s and this laptop is %s: ask for a pack made on a %s machine", h, packOS(), packOS())
	}
	gosum, err := base.FileSum(filepath.Join(env.Root, "go.sum"))
	if err != nil {
		return nil, err
	}
	if gosum != u.header["go.sum"] {
		return nil, fmt.Errorf("this course's go.sum is not the one the pack was made for (commit %.12s), so the pack may lack modules it needs: clone the course from %s", u.header["commit"], filepath.Join(dir, BundleFile))
	}
	u.goenv, err = env.Go.GoEnv()
	return u, err
}

// readManifest reads MANIFEST: its header, then a line per file, "SHA-256 size path".
func (u *unpacker) readManifest() error {
	data, err := os.ReadFile(filepath.Join(u.pack, manifestFile))
	if err != nil {
		return fmt.Errorf("%s is not a room pack (no %s): make one with go run ./tools/course pack DIR", u.pack, manifestFile)
	}
	u.header = map[string]string{}
	for _, line := range strings.Split(string(data), "\n") {
		words := strings.SplitN(line, " ", 3)
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case len(words) == 3 && len(words[0]) == 64:
			size, err := strconv.ParseInt(words[1], 10, 64)
			if err != nil {
				return fmt.Errorf("%s: bad line %q", manifestFile, line)
			}
			u.entries = append(u.entries, packEntry{sum: words[0], size: size, path: words[2]})
		default:
			key, value, _ := strings.Cut(line, " ")
			u.header[key] = value
		}
	}
	if u.header["system"] == "" || u.header["go.sum"] == "" || len(u.entries) == 0 {
		return fmt.Errorf("%s in %s is incomplete: copy the pack again", manifestFile, u.pack)
	}
	if h := u.header["classic"]; h != classic.Toolchain {
		return fmt.Errorf("the pack carries the %s toolchain and this course needs %s: make the pack again with this course", h, classic.Toolchain)
	}
	return nil
}

// verify checks the size and SHA-256 of every file MANIFEST lists.
func (u *unpacker) verify() (string, error) {
	var total int64
	for _, e := range u.entries {
		path := filepath.Join(u.pack, filepath.FromSlash(e.path))
		fi, err := os.Stat(path)
		if err != nil {
			return "", fmt.Errorf("%s is missing from the pack: copy the pack again", e.path)
		}
		if fi.Size() != e.size {
			return "", fmt.Errorf("%s has %d bytes and %s says %d: the copy is incomplete, copy the pack again", e.path, fi.Size(), manifestFile, e.size)
		}
		if sum, err := base.FileSum(path); err != nil {
			return "", err
		} else if sum != e.sum {
			return "", fmt.Errorf("%s is damaged (its SHA-256 is not the one %s lists): copy the pack again", e.path, manifestFile)
		}
		total += e.size
	}
	return fmt.Sprintf("%d files, %s, all as listed", len(u.entries), base.MB(total)), nil
}

// run runs a go command in the course with the pack as its only module source, and env.
func (u *unpacker) run(env []string, args ...string) error {
	return goQuiet(u.ctx, u.Env, packGoEnv(u.pack, u.goenv["GOSUMDB"]), env, args...)
}

func (u *unpacker) envtest() (string, error) {
	if os.Getenv(kubeassets.AssetsEnv) != "" {
		u.notes = append(u.notes, kubeassets.AssetsEnv+" is set, so the course's tests use that folder, not the binaries unpack installed; unset it to use them")
	}
	dir, err := kubeassets.Import(u.ctx, filepath.Join(u.pack, envtestDir))
	return "in " + dir, err
}

// debs installs mkdocs from the pack's Debian packages when the book cannot be served yet.
func (u *unpacker) debs() (string, error) {
	if book.FindPython(u.Root) != "" {
		return "mkdocs is installed already: nothing to do", nil
	}
	readBook := "read the book from " + filepath.Join(u.pack, bookDir, "index.html") + " instead"
	data, _ := os.ReadFile(filepath.Join(u.pack, debsDir, systemFile))
	want, have := strings.TrimSpace(string(data)), debianSystem()
	if have != want {
		u.notes = append(u.notes, "mkdocs is not installed; "+readBook)
		if have == "" {
			return "skipped: the pack's packages are for " + want + " and this laptop does not use apt", nil
		}
		return "skipped: the pack's packages are for " + want + " and this laptop is " + have, nil
	}
	debs, err := neededDebs(filepath.Join(u.pack, debsDir))
	if err != nil {
		return "", err
	}
	args := append([]string{"install", "-y", "--no-download"}, debs...)
	if !install.CanApt() {
		u.notes = append(u.notes, "to serve the book, install mkdocs as root: apt-get "+strings.Join(args, " ")+"; or "+readBook)
		return fmt.Sprintf("not root: %d packages to install, the command is printed at the end", len(debs)), nil
	}
	err = install.Quiet{
		What:  fmt.Sprintf("%s from the pack's %d Debian packages", book.Tools, len(debs)),
		Log:   "unpack-debs",
		Fix:   "install them by hand, as root: apt-get " + strings.Join(args, " ") + "; or " + readBook,
		Steps: []install.Step{{Name: "apt-get install --no-download", Cmd: install.AptGet(u.ctx, u.Env, args...)}},
	}.Run(u.Stdout)
	return fmt.Sprintf("%d packages installed", len(debs)), err
}

// neededDebs lists the .deb files in dir whose package is not installed at that version or newer.
func neededDebs(dir string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.deb"))
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("the pack's %s/ has no packages: make the pack again", debsDir)
	}
	var need []string
	for _, file := range files {
		fields, err := exec.Command("dpkg-deb", "--showformat=${Package} ${Version}", "--show", file).Output()
		if err != nil {
			return nil, fmt.Errorf("dpkg-deb --show %s: %v", filepath.Base(file), err)
		}
		pkg, version, _ := strings.Cut(strings.TrimSpace(string(fields)), " ")
		installed, err := exec.Command("dpkg-query", "--showformat=${db:Status-Status} ${Version}", "--show", pkg).Output()
		if status, have, _ := strings.Cut(string(installed), " "); err != nil || status != "installed" ||
			exec.Command("dpkg", "--compare-versions", have, "ge", version).Run() != nil {
			need = append(need, file)
		}
	}
	if len(need) == 0 {
		return nil, errors.New("every package of the pack is installed and mkdocs still does not start: install " + strings.Join(book.Packages, " ") + " when online")
	}
	return need, nil
}

// offline checks with GOPROXY=off that the course loads, the toolchain runs and envtest works.
func (u *unpacker) offline() (string, error) {
	off := []string{"GOPROXY=off"}
	if err := u.run(off, "list", "-deps", "-test", "./..."); err != nil {
		return "", err
	}
	if err := u.run(append(off, "GOTOOLCHAIN="+classic.Toolchain), "version"); err != nil {
		return "", err
	}
	summary := "every package of the course and its tests loads, and the Go " + classic.Release() + " toolchain runs"
	if base.IsDir(filepath.Join(u.pack, envtestDir)) {
		if _, err := kubeassets.Dir(); err != nil {
			return "", err
		}
		summary += "; envtest finds its binaries"
	}
	return summary, nil
}
