// Package pack is the room pack: everything the course needs offline, made once on the
// instructor's machine (the pack command, Make) and installed on each learner's laptop with no
// network (the unpack command). Its layout:
//
//	MANIFEST        what the pack is for (system, course commit, go.sum), then every file's
//	                SHA-256, size and path
//	README.txt      how to unpack it
//	proxy/          a GOPROXY=file:// tree: the modules the course builds, the classic lane's
//	                toolchain module, and the checksum database's records that verify it
//	envtest/        kube-apiserver and etcd, as go run ./tools/envtest -export writes them
//	book/           the built book, readable from disk (book/index.html; the Chinese edition
//	                book/zh/index.html)
//	debs/           the Debian packages of mkdocs for the book, for the same Debian release
//	course.bundle   the course's last commit, as a git bundle to clone
package pack

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"time"

	"gomaps/labs/kubeassets"
	"gomaps/labs/lanes"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/course/internal/book"
	"gomaps/tools/course/internal/install"
	"gomaps/tools/course/internal/steps"
	"gomaps/tools/internal/cli"
	"gomaps/tools/internal/gocmd"
)

const (
	manifestFile, readmeFile, systemFile   = "MANIFEST", "README.txt", "SYSTEM" // SYSTEM, in debs/: the Debian release
	proxyDir, envtestDir, bookDir, debsDir = "proxy", "envtest", "book", "debs"
	// BundleFile is the course's last commit in a pack: a git bundle to clone.
	BundleFile = "course.bundle"
)

// classic is the lane whose toolchain a pack carries: the one the installed go cannot run.
var classic = lanes.Classic()

// Command is the pack command.
func Command() *cli.Command {
	var o Options
	return &cli.Command{
		Name:  "pack",
		Usage: "[-envtest=false] [-book=false] [-debs=false] [-bundle=false] DIR",
		Short: "write a room pack, for a workshop without internet",
		Long:  "write a room pack into DIR, for a workshop without internet: a GOPROXY=file:// tree of the modules the course builds and of the Go " + classic.Release() + " toolchain, with the checksum database's records that verify the toolchain (proxy/), kube-apiserver and etcd (envtest/, built first when missing), the built book (book/), the Debian packages of mkdocs on a machine that uses apt (debs/), the course's last commit (course.bundle), a README.txt and a MANIFEST with every file's SHA-256 and size; then it installs the pack's modules and toolchain into an empty module cache from the pack alone, to check it. DIR must be new, empty or an earlier pack, outside the course. The pack is for the system it is made on",
		Flags: func(fs *flag.FlagSet) {
			fs.BoolVar(&o.Envtest, "envtest", true, "include kube-apiserver and etcd (go run ./tools/envtest builds them first when they are missing)")
			fs.BoolVar(&o.Book, "book", true, "include the built book")
			fs.BoolVar(&o.Debs, "debs", true, "include the Debian packages of mkdocs (on a machine that uses apt)")
			fs.BoolVar(&o.Bundle, "bundle", true, "include the course's last commit as a git bundle")
		},
		Run: base.Run(func(ctx context.Context, env *base.Env, args []string) error {
			if len(args) != 1 {
				return cli.Usagef("pack: name the folder to write the pack into (go run ./tools/course pack DIR)")
			}
			o.Dir = args[0]
			return Make(ctx, env, o)
		}),
	}
}

// Options say where Make writes a pack, and what it holds besides the modules (as the flags).
type Options struct {
	Dir                         string
	Envtest, Book, Debs, Bundle bool
}

// Make writes a room pack of the course env is in into o.Dir, with env's go command, then
// checks it. A failed step is cli.ErrFailed; a folder it refuses, an error before any step.
func Make(ctx context.Context, env *base.Env, o Options) error {
	dir, err := filepath.Abs(o.Dir)
	if err != nil {
		return err
	}
	if rel, err := filepath.Rel(env.Root, dir); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return fmt.Errorf("pack: %s is inside the course: choose a folder outside it (the pack holds Go files the course's go vet ./... would read)", o.Dir)
	}
	if err := preparePackDir(dir); err != nil {
		return err
	}
	p := &packer{Env: env, ctx: ctx, dir: dir}
	if p.goenv, err = env.Go.GoEnv(); err != nil {
		return fmt.Errorf("pack: %v", err)
	}
	start := time.Now()
	list := []steps.Step{
		{Name: "modules", Title: "download the course's modules and the Go " + classic.Release() + " toolchain (the network is needed here only)", Run: p.download},
		{Name: "proxy", Title: "copy them into " + proxyDir + "/, a GOPROXY=file:// tree, with the checksum database's records of the toolchain", Run: p.copyModules},
		{Name: "envtest", Title: "export kube-apiserver and etcd into " + envtestDir + "/ (go run ./tools/envtest -export)", Run: p.exportEnvtest},
		{Name: "book", Title: "build the book into " + bookDir + "/ (mkdocs build)", Run: p.buildBook},
		{Name: "debs", Title: "download the Debian packages of mkdocs into " + debsDir + "/", Run: p.downloadDebs},
		{Name: "bundle", Title: "bundle the course's last commit into " + BundleFile, Run: p.bundle},
		{Name: "manifest", Title: "write " + manifestFile + " (SHA-256 and size of every file) and " + readmeFile, Run: p.writeManifest},
		{Name: "check", Title: "install the pack's modules and toolchain into an empty module cache, from the pack alone", Run: p.selfCheck},
	}
	left := map[string]bool{"envtest": !o.Envtest, "book": !o.Book, "debs": !o.Debs, "bundle": !o.Bundle}
	list = slices.DeleteFunc(list, func(s steps.Step) bool { return left[s.Name] })
	return runSteps(env, list, &p.notes, func() string {
		size, files, _ := dirSize(dir)
		return fmt.Sprintf("the room pack is in %s: %d files, %s, made in %s; on each laptop: git clone %s gomaps && cd gomaps && go run ./tools/course unpack %s",
			o.Dir, files, base.MB(size), time.Since(start).Round(time.Second), filepath.Join(o.Dir, BundleFile), o.Dir)
	})
}

// runSteps runs the steps of pack or unpack up to the first that fails (cli.ErrFailed); when
// they all pass it prints the line done returns, then the notes the steps left.
func runSteps(env *base.Env, list []steps.Step, notes *[]string, done func() string) error {
	if err := (&steps.Runner{Out: env.Stdout, Total: len(list)}).Run(list); err != nil {
		return cli.ErrFailed
	}
	fmt.Fprintln(env.Stdout, done())
	for _, n := range *notes {
		fmt.Fprintf(env.Stdout, "note: %s\n", n)
	}
	return nil
}

type packer struct {
	*base.Env
	ctx   context.Context
	dir   string            // the pack, absolute
	goenv map[string]string // go env
	mods  []gocmd.Module    // what go mod download named, with the files of each in the module cache
	notes []string          // what the pack leaves out, said again at the end
}

// preparePackDir makes dir ready for a new pack: new, empty, or an earlier pack (replaced). Any
// other folder is refused: pack never deletes files that are not a pack's.
func preparePackDir(dir string) error {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return os.MkdirAll(dir, 0o755)
	case err != nil:
		return fmt.Errorf("pack: %v", err)
	case len(entries) > 0 && !base.IsFile(filepath.Join(dir, manifestFile)):
		return fmt.Errorf("pack: %s is not empty and holds no room pack (no %s): choose a new folder", dir, manifestFile)
	}
	for _, e := range entries {
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
			return fmt.Errorf("pack: cannot replace the earlier pack in %s: %v", dir, err)
		}
	}
	return nil
}

// goQuiet runs go with args and the settings hidden and env, showing output and env on failure.
func goQuiet(ctx context.Context, e *base.Env, hidden, env []string, args ...string) error {
	cmd := e.Command(ctx, "go", args...)
	cmd.Env = append(append(cmd.Env, hidden...), env...)
	return install.RunQuiet(cmd, base.EnvPrefix(env)+"go "+strings.Join(args, " "))
}

// download makes sure the module cache has everything the pack copies.
func (p *packer) download() (string, error) {
	out, err := p.Go.Command(p.ctx, "mod", "download", "-json").Output()
	mods, jsonErr := gocmd.DecodeModules(out)
	if jsonErr != nil {
		return "", jsonErr
	}
	for _, m := range mods {
		if m.Error != "" {
			return "", fmt.Errorf("go mod download %s@%s: %s", m.Path, m.Version, m.Error)
		}
	}
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		err = fmt.Errorf("%v: %s", err, strings.TrimSpace(string(exit.Stderr)))
	}
	if err != nil {
		return "", fmt.Errorf("go mod download: %v", err)
	}
	p.mods = mods
	// The whole module graph, so that every go.mod the go command reads offline is cached.
	if err := goQuiet(p.ctx, p.Env, nil, nil, "list", "-m", "all"); err != nil {
		return "", err
	}
	return fmt.Sprintf("%d modules and the Go %s toolchain are in the module cache", len(mods), classic.Release()),
		goQuiet(p.ctx, p.Env, nil, []string{"GOTOOLCHAIN=" + classic.Toolchain}, "version")
}

// copyModules copies into proxy/, from the module cache's download folder (a proxy's layout),
// every module go mod download names, the .mod and .info of every module go.sum lists that is
// cached, and the toolchain module with what the checksum database needs to verify it offline.
func (p *packer) copyModules() (string, error) {
	db := sumdbName(p.goenv["GOSUMDB"])
	if db == "" {
		return "", errors.New("GOSUMDB is off, so the module cache holds no checksum-database record of the toolchain for the pack to carry: run pack with GOSUMDB unset (go env -u GOSUMDB)")
	}
	cache := filepath.Join(p.goenv["GOMODCACHE"], "cache", "download")
	files := map[string]string{} // by path relative to a download folder, the folder it is copied from
	for _, m := range p.mods {
		for _, f := range []string{m.Info, m.GoMod, m.Zip} {
			rel, err := filepath.Rel(cache, f)
			if err != nil || strings.HasPrefix(rel, "..") {
				return "", fmt.Errorf("%s is outside the module cache's download folder", f)
			}
			files[rel] = cache
		}
	}
	gosum, err := os.ReadFile(filepath.Join(p.Root, "go.sum"))
	if err != nil {
		return "", err
	}
	for _, line := range strings.Split(string(gosum), "\n") {
		if w := strings.Fields(line); len(w) == 3 && strings.HasSuffix(w[1], "/go.mod") {
			at := filepath.Join(filepath.FromSlash(escapeModPath(w[0])), "@v", escapeModPath(strings.TrimSuffix(w[1], "/go.mod")))
			for _, rel := range []string{at + ".mod", at + ".info"} {
				if base.IsFile(filepath.Join(cache, rel)) {
					files[rel] = cache
				}
			}
		}
	}
	// The toolchain and its record come from a download of their own: a later download (another
	// lane's toolchain) moves the tree head the go command last saw past what the cached tiles
	// prove, and a laptop could not verify the toolchain offline.
	fresh, cleanup, err := p.downloadToolchain(files, db)
	if err != nil {
		return "", err
	}
	defer cleanup()
	proxy := filepath.Join(p.dir, proxyDir)
	var total int64
	lists := map[string][]string{} // each module's @v/list: the versions the proxy holds
	for _, rel := range slices.Sorted(maps.Keys(files)) {
		n, err := base.CopyFile(filepath.Join(proxy, rel), filepath.Join(files[rel], rel))
		if err != nil {
			return "", err
		}
		total += n
		if dir := filepath.Dir(rel); filepath.Base(dir) == "@v" && strings.HasSuffix(rel, ".mod") {
			lists[dir] = append(lists[dir], strings.TrimSuffix(filepath.Base(rel), ".mod"))
		}
	}
	for dir, versions := range lists {
		slices.Sort(versions)
		if err := os.WriteFile(filepath.Join(proxy, dir, "list"), []byte(strings.Join(versions, "\n")+"\n"), 0o644); err != nil {
			return "", err
		}
	}
	// The tree head the toolchain's record was checked against, and that this proxy serves the database.
	dbDir := filepath.Join(proxy, "sumdb", db)
	if _, err := base.CopyFile(filepath.Join(dbDir, "latest"), filepath.Join(fresh, "gopath", "pkg", "sumdb", db, "latest")); err != nil {
		return "", fmt.Errorf("the checksum database's tree head: %v", err)
	}
	return fmt.Sprintf("%d files, %s", len(files), base.MB(total)), os.WriteFile(filepath.Join(dbDir, "supported"), nil, 0o644)
}

// sumdbName is the database's name in a GOSUMDB value ("name" or "name+key url"), "" when off.
func sumdbName(gosumdb string) string {
	name, _, _ := strings.Cut(strings.TrimSpace(gosumdb), " ")
	name, _, _ = strings.Cut(name, "+")
	if name == "off" {
		return ""
	}
	return name
}

// escapeModPath escapes a module path or version as proxies store it: "A" becomes "!a".
func escapeModPath(s string) string {
	return upper.ReplaceAllStringFunc(s, func(c string) string { return "!" + strings.ToLower(c) })
}

var upper = regexp.MustCompile(`[A-Z]`)

// downloadToolchain downloads the classic toolchain into a GOPATH of its own and adds it, its
// record and the tiles that prove it to files; it returns the folder and what removes it.
func (p *packer) downloadToolchain(files map[string]string, db string) (string, func(), error) {
	dir, err := os.MkdirTemp("", "gomaps-pack-toolchain-")
	if err != nil {
		return "", nil, err
	}
	env := []string{"GOPATH=" + filepath.Join(dir, "gopath"), "GOMODCACHE=" + filepath.Join(dir, "mod"),
		"GOFLAGS=-mod=mod", "GOTOOLCHAIN=local", "GOWORK=off", "GONOSUMDB=", "GONOSUMCHECK=", "GOPRIVATE=", "GOINSECURE="}
	cleanup := func() {
		install.RemoveModuleCache(p.ctx, p.Env, env)
		os.RemoveAll(dir)
	}
	mod := classic.Module(p.goenv["GOOS"], p.goenv["GOARCH"])
	cmd := p.Go.With(env...).In(dir).Command(p.ctx, "mod", "download", mod)
	if err := install.RunQuiet(cmd, base.EnvPrefix(env)+"go mod download "+mod); err != nil {
		cleanup()
		return "", nil, err
	}
	cache := filepath.Join(dir, "mod", "cache", "download")
	path, version, _ := strings.Cut(mod, "@")
	tc := filepath.Join(filepath.FromSlash(path), "@v", version)
	dbDir := filepath.Join("sumdb", db)
	for _, rel := range []string{tc + ".info", tc + ".mod", tc + ".zip", filepath.Join(dbDir, "lookup", filepath.FromSlash(mod))} {
		if !base.IsFile(filepath.Join(cache, rel)) {
			cleanup()
			return "", nil, fmt.Errorf("downloading the toolchain left no %s", filepath.ToSlash(rel))
		}
		files[rel] = cache
	}
	regularFiles(filepath.Join(cache, dbDir, "tile"), func(rel string, _ int64) error {
		files[filepath.Join(dbDir, "tile", rel)] = cache
		return nil
	})
	return dir, cleanup, nil
}

func (p *packer) exportEnvtest() (string, error) {
	if _, err := kubeassets.Dir(); err != nil || os.Getenv(kubeassets.AssetsEnv) != "" {
		// Export copies from the course's own cache only; build into it when it is empty.
		fmt.Fprintln(p.Stdout, "    building them first (go run ./tools/envtest; about 10 minutes the first time)")
		if _, err := kubeassets.Build(p.ctx, p.Stderr); err != nil && os.Getenv(kubeassets.AssetsEnv) == "" {
			return "", err
		}
	}
	dst := filepath.Join(p.dir, envtestDir)
	if err := kubeassets.Export(dst); err != nil {
		return "", err
	}
	size, files, err := dirSize(dst)
	return fmt.Sprintf("kube-apiserver %s and etcd %s, %d files, %s", kubeassets.KubernetesVersion, kubeassets.EtcdVersion, files, base.MB(size)), err
}

func (p *packer) buildBook() (string, error) {
	dst := filepath.Join(p.dir, bookDir)
	var out strings.Builder
	if err := book.Build(p.ctx, p.Env, dst, &out, "--quiet"); err != nil {
		return "", fmt.Errorf("%v\n%s", err, out.String())
	}
	size, files, err := dirSize(dst)
	return fmt.Sprintf("%d files, %s: open %s/index.html in a browser (the Chinese edition: %s/zh/index.html)", files, base.MB(size), bookDir, bookDir), err
}

// downloadDebs downloads mkdocs and every package it needs as if nothing were installed (an
// empty dpkg status); unpack installs only those a laptop lacks or has older.
func (p *packer) downloadDebs() (string, error) {
	system := debianSystem()
	if system == "" {
		p.notes = append(p.notes, "no Debian packages: this machine does not use apt; laptops without mkdocs read the book from "+bookDir+"/index.html")
		return "skipped: this machine does not use apt", nil
	}
	dst := filepath.Join(p.dir, debsDir)
	work, err := os.MkdirTemp("", "gomaps-debs-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(work)
	status := filepath.Join(work, "status")
	os.WriteFile(status, nil, 0o644)
	os.MkdirAll(filepath.Join(dst, "partial"), 0o755)
	args := append([]string{"install", "--download-only", "-y", "-q", "-o", "Dir::State::status=" + status,
		"-o", "Dir::Cache::archives=" + dst + "/", "-o", "Debug::NoLocking=1", "-o", "APT::Sandbox::User=root"}, book.Packages...)
	if err := install.RunQuiet(p.Command(p.ctx, "apt-get", args...), "apt-get "+strings.Join(args, " ")); err != nil {
		return "", fmt.Errorf("%v (run pack with -debs=false to make a pack without them)", err)
	}
	os.RemoveAll(filepath.Join(dst, "partial"))
	os.Remove(filepath.Join(dst, "lock"))
	if err := os.WriteFile(filepath.Join(dst, systemFile), []byte(system+"\n"), 0o644); err != nil {
		return "", err
	}
	size, files, err := dirSize(dst)
	return fmt.Sprintf("%d packages for %s, %s", files-1, system, base.MB(size)), err
}

// debianSystem names this machine's release and architecture ("debian 12 amd64"), "" without apt.
func debianSystem() string {
	_, err := exec.LookPath("apt-get")
	data, err2 := os.ReadFile("/etc/os-release")
	arch, err3 := exec.Command("dpkg", "--print-architecture").Output()
	if err != nil || err2 != nil || err3 != nil {
		return ""
	}
	fields := map[string]string{}
	for _, line := range strings.Split(string(data), "\n") {
		if k, v, ok := strings.Cut(line, "="); ok {
			fields[k] = strings.Trim(v, `"`)
		}
	}
	if fields["ID"] == "" {
		return ""
	}
	return fields["ID"] + " " + fields["VERSION_ID"] + " " + strings.TrimSpace(string(arch))
}

func (p *packer) git(args ...string) (string, error) {
	out, err := exec.CommandContext(p.ctx, "git", append([]string{"-C", p.Root}, args...)...).Output()
	return strings.TrimSpace(string(out)), err
}

func (p *packer) bundle() (string, error) {
	// .git is a folder in a clone, and a file in a worktree of one (git worktree add).
	if _, err := exec.LookPath("git"); err != nil || !base.IsDir(filepath.Join(p.Root, ".git")) && !base.IsFile(filepath.Join(p.Root, ".git")) {
		p.notes = append(p.notes, "no "+BundleFile+": the course is not a git clone here; give learners the course some other way")
		return "skipped: the course is not a git clone", nil
	}
	args := []string{"bundle", "create", "-q", filepath.Join(p.dir, BundleFile), "HEAD"}
	if branch, err := p.git("symbolic-ref", "-q", "HEAD"); err == nil {
		args = append(args, branch)
	}
	if err := install.RunQuiet(p.Command(p.ctx, "git", args...), "git "+strings.Join(args, " ")); err != nil {
		return "", err
	}
	commit, _ := p.git("rev-parse", "--short", "HEAD")
	summary := "commit " + commit
	if dirty, _ := p.git("status", "--porcelain", "--untracked-files=no"); dirty != "" {
		p.notes = append(p.notes, BundleFile+" holds the last commit only: this clone has changes that are not committed")
		summary += " (changes not committed are not in it)"
	}
	return summary, nil
}

// writeManifest writes README.txt, then MANIFEST: what the pack was made for (system, go, the
// course's commit, the SHA-256 of its go.sum, the classic toolchain), then every file.
func (p *packer) writeManifest() (string, error) {
	gosum, err := base.FileSum(filepath.Join(p.Root, "go.sum"))
	if err != nil {
		return "", err
	}
	commit, err := p.git("rev-parse", "HEAD")
	if err != nil {
		commit = "unknown"
	}
	system := p.goenv["GOOS"] + "/" + p.goenv["GOARCH"]
	if err := os.WriteFile(filepath.Join(p.dir, readmeFile), []byte(readme(system)), 0o644); err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# room pack of the course gomaps; go run ./tools/course unpack checks every line\nsystem %s\ngo %s\ncommit %s\ngo.sum %s\nclassic %s\n\n",
		system, p.goenv["GOVERSION"], commit, gosum, classic.Toolchain)
	var files int
	var total int64
	err = regularFiles(p.dir, func(rel string, size int64) error {
		if rel == manifestFile {
			return nil
		}
		sum, err := base.FileSum(filepath.Join(p.dir, rel))
		fmt.Fprintf(&b, "%s %d %s\n", sum, size, filepath.ToSlash(rel))
		files++
		total += size
		return err
	})
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%d files, %s", files, base.MB(total)), os.WriteFile(filepath.Join(p.dir, manifestFile), []byte(b.String()), 0o644)
}

// readme is the pack's README.txt, for a pack made for system.
func readme(system string) string {
	return fmt.Sprintf(`A room pack of the course Go maps under the hood, for %s.

It holds what the course needs with no network: the Go modules it builds and the Go %s
toolchain (proxy/), the kube-apiserver and etcd that envtest starts (envtest/), the book
(book/index.html; in Chinese, book/zh/index.html), the Debian packages of mkdocs when there is a debs/ folder, and the course
itself (course.bundle). MANIFEST lists every file with its SHA-256.

On each laptop, with Go installed:

    git clone PACK/course.bundle gomaps
    cd gomaps
    go run ./tools/course unpack PACK

where PACK is this folder. unpack checks every file against MANIFEST, installs the modules
and the toolchain into the module cache and the binaries into the course's cache, then checks
with GOPROXY=off that the course builds. Then: go run ./tools/lab run 01.
`, system, classic.Release())
}

// selfCheck installs the pack's modules and toolchain into an empty GOPATH, as unpack does.
func (p *packer) selfCheck() (string, error) {
	tmp, err := os.MkdirTemp("", "gomaps-pack-check-")
	if err != nil {
		return "", err
	}
	env := []string{"GOPATH=" + tmp, "GOMODCACHE=" + filepath.Join(tmp, "mod")}
	defer func() {
		install.RemoveModuleCache(p.ctx, p.Env, env)
		os.RemoveAll(tmp)
	}()
	env = append(env, packGoEnv(p.dir, p.goenv["GOSUMDB"])...)
	if err := goQuiet(p.ctx, p.Env, nil, env, "mod", "download"); err != nil {
		return "", err
	}
	return "go mod download and the Go " + classic.Release() + " toolchain work from the pack alone",
		goQuiet(p.ctx, p.Env, nil, append(env, "GOTOOLCHAIN="+classic.Toolchain), "version")
}

// packGoEnv makes the go command take modules and the toolchain from the pack, and nowhere else.
func packGoEnv(pack, gosumdb string) []string {
	proxy := filepath.ToSlash(filepath.Join(pack, proxyDir))
	if !strings.HasPrefix(proxy, "/") {
		proxy = "/" + proxy // C:/pack on Windows
	}
	return []string{"GOPROXY=file://" + proxy, "GOSUMDB=" + cmp.Or(sumdbName(gosumdb), "sum.golang.org"), "GOFLAGS=-mod=readonly",
		"GOPRIVATE=", "GONOPROXY=", "GONOSUMDB=", "GOINSECURE=", "GOWORK=off"}
}

func dirSize(dir string) (size int64, files int, err error) {
	err = regularFiles(dir, func(_ string, n int64) error {
		size += n
		files++
		return nil
	})
	return size, files, err
}

// regularFiles visits every regular file under dir, in lexical order, with its path in dir.
func regularFiles(dir string, visit func(rel string, size int64) error) error {
	return filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		return visit(rel, fi.Size())
	})
}

// packOS is the system this binary runs on, as MANIFEST names it.
func packOS() string { return runtime.GOOS + "/" + runtime.GOARCH }
