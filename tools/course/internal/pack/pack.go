// Package pack is the room pack: everything the course needs offline, made once on the
// instructor's machine (the pack command, Make) and installed on each learner's laptop with no
// network (the unpack command). Its layout:
//
//	MANIFEST        what the pack is for (system, course commit, go.sum), then every file's
//	                SHA-256, size and path
//	README.txt      how to unpack it
//	proxy/          a GOPROXY=file:// tree: the modules the course builds, the Go 1.25.5
//	                toolchain module, and the checksum database's records that verify it
//	envtest/        kube-apiserver and etcd, as go run ./tools/envtest -export writes them
//	book/           the built book, readable from disk (book/index.html; the Chinese edition
//	                book/zh/index.html)
//	debs/           the Debian packages of mkdocs for the book, for the same Debian release
//	course.bundle   the course's last commit, as a git bundle to clone
package pack

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
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
	packManifest = "MANIFEST"
	packReadme   = "README.txt"
	packProxy    = "proxy"
	packEnvtest  = "envtest"
	packBook     = "book"
	packDebs     = "debs"
	// BundleFile is the course's last commit in a pack: a git bundle to clone.
	BundleFile = "course.bundle"
	// packSystemFile, in debs/, names the Debian release the packages are for.
	packSystemFile = "SYSTEM"
)

// Command is the pack command.
func Command() *cli.Command {
	var o Options
	return &cli.Command{
		Name:  "pack",
		Usage: "[-envtest=false] [-book=false] [-debs=false] [-bundle=false] DIR",
		Short: "write a room pack, for a workshop without internet",
		Long: "write a room pack into DIR, for a workshop without internet: a GOPROXY=file:// tree of " +
			"the modules the course builds and of the Go " + lanes.Classic().Release() + " toolchain, with the checksum " +
			"database's records that verify the toolchain (proxy/), kube-apiserver and etcd (envtest/, " +
			"built first when missing), the built book (book/), the Debian packages of mkdocs on a " +
			"machine that uses apt (debs/), the course's last commit (course.bundle), a README.txt and " +
			"a MANIFEST with every file's SHA-256 and size; then it installs the pack's modules and " +
			"toolchain into an empty module cache from the pack alone, to check it. DIR must be new, " +
			"empty or an earlier pack, outside the course. The pack is for the system it is made on",
		Flags: func(fs *flag.FlagSet) {
			fs.BoolVar(&o.Envtest, "envtest", true, "include kube-apiserver and etcd (go run ./tools/envtest builds them first when they are missing)")
			fs.BoolVar(&o.Book, "book", true, "include the built book")
			fs.BoolVar(&o.Debs, "debs", true, "include the Debian packages of mkdocs (on a machine that uses apt)")
			fs.BoolVar(&o.Bundle, "bundle", true, "include the course's last commit as a git bundle")
		},
		Run: func(ctx context.Context, io cli.IO, args []string) error {
			if len(args) != 1 {
				return cli.Usagef("pack: name the folder to write the pack into (go run ./tools/course pack DIR)")
			}
			root, err := base.FindRoot()
			if err != nil {
				return err
			}
			o.Root, o.Dir, o.Stdout, o.Stderr = root, args[0], io.Stdout, io.Stderr
			return Make(ctx, o)
		},
	}
}

// Options say where Make writes a pack, and what it holds besides the modules and the toolchain.
type Options struct {
	Root string // the course
	Dir  string // the pack's folder, as the reader names it: new, empty or an earlier pack, outside the course

	Envtest bool // kube-apiserver and etcd (go run ./tools/envtest builds them first when they are missing)
	Book    bool // the built book
	Debs    bool // the Debian packages of mkdocs, on a machine that uses apt
	Bundle  bool // the course's last commit, as a git bundle

	Stdout, Stderr io.Writer
}

// Make writes a room pack into o.Dir, one step at a time, then checks it. A step that fails
// says why on its FAIL line, and Make returns cli.ErrFailed; a folder it refuses is an error
// before any step.
func Make(ctx context.Context, o Options) error {
	dir, err := filepath.Abs(o.Dir)
	if err != nil {
		return err
	}
	if rel, err := filepath.Rel(o.Root, dir); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return fmt.Errorf("pack: %s is inside the course: choose a folder outside it (the pack holds Go files the course's go vet ./... would read)", o.Dir)
	}
	if err := preparePackDir(dir); err != nil {
		return err
	}
	p := &packer{Setup: &install.Setup{Root: o.Root, Stdout: o.Stdout, Stderr: o.Stderr, Go: gocmd.Machine()}, dir: dir}
	if p.env, err = p.Go.In(o.Root).GoEnv(); err != nil {
		return fmt.Errorf("pack: %v", err)
	}
	start := time.Now()
	return runSteps(o.Stdout, p.steps(ctx, o), &p.notes, func() string {
		size, files, _ := dirSize(dir)
		return fmt.Sprintf("the room pack is in %s: %d files, %s, made in %s; on each laptop: git clone %s gomaps && cd gomaps && go run ./tools/course unpack %s",
			o.Dir, files, base.MB(size), time.Since(start).Round(time.Second), filepath.Join(o.Dir, BundleFile), o.Dir)
	})
}

// runSteps runs the steps of pack or unpack, stopping at the first that fails, whose FAIL line
// says why: then it returns cli.ErrFailed. When they all pass it prints the line done returns,
// then the notes the steps left.
func runSteps(w io.Writer, list []steps.Step, notes *[]string, done func() string) error {
	if err := (&steps.Runner{Out: w, Total: len(list)}).Run(list); err != nil {
		return cli.ErrFailed
	}
	fmt.Fprintln(w, done())
	for _, n := range *notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
	return nil
}

// packer writes a room pack.
type packer struct {
	*install.Setup
	dir   string            // the pack, absolute
	env   map[string]string // go env
	mods  []gocmd.Module    // what go mod download named, with the files of each in the module cache
	notes []string          // what the pack leaves out, said again at the end
}

// steps are the steps of a pack, as o asks for it.
func (p *packer) steps(ctx context.Context, o Options) []steps.Step {
	list := []steps.Step{
		{Name: "modules", Title: "download the course's modules and the Go " + lanes.Classic().Release() + " toolchain (the network is needed here only)", Run: p.download},
		{Name: "proxy", Title: "copy them into " + packProxy + "/, a GOPROXY=file:// tree, with the checksum database's records of the toolchain",
			Run: func() (string, error) { return p.copyModules(ctx) }},
	}
	if o.Envtest {
		list = append(list, steps.Step{Name: "envtest", Title: "export kube-apiserver and etcd into " + packEnvtest + "/ (go run ./tools/envtest -export)",
			Run: func() (string, error) { return p.exportEnvtest(ctx) }})
	}
	if o.Book {
		list = append(list, steps.Step{Name: "book", Title: "build the book into " + packBook + "/ (mkdocs build)", Run: p.buildBook})
	}
	if o.Debs {
		list = append(list, steps.Step{Name: "debs", Title: "download the Debian packages of mkdocs into " + packDebs + "/", Run: p.downloadDebs})
	}
	if o.Bundle {
		list = append(list, steps.Step{Name: "bundle", Title: "bundle the course's last commit into " + BundleFile, Run: p.bundle})
	}
	return append(list,
		steps.Step{Name: "manifest", Title: "write " + packManifest + " (SHA-256 and size of every file) and " + packReadme, Run: p.writeManifest},
		steps.Step{Name: "check", Title: "install the pack's modules and toolchain into an empty module cache, from the pack alone", Run: p.selfCheck},
	)
}

// preparePackDir makes dir ready for a new pack: it may not exist yet, be empty, or hold an
// earlier pack (which is replaced). Any other folder is refused: pack never deletes files that
// are not a pack's.
func preparePackDir(dir string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return os.MkdirAll(dir, 0o755)
	}
	if err != nil {
		return fmt.Errorf("pack: %v", err)
	}
	if len(entries) == 0 {
		return nil
	}
	if !base.IsFile(filepath.Join(dir, packManifest)) {
		return fmt.Errorf("pack: %s is not empty and holds no room pack (no %s): choose a new folder", dir, packManifest)
	}
	for _, e := range entries {
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
			return fmt.Errorf("pack: cannot replace the earlier pack in %s: %v", dir, err)
		}
	}
	return nil
}

// download makes sure the module cache has everything the pack copies.
func (p *packer) download() (string, error) {
	cmd := p.Command("go", "mod", "download", "-json")
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	runErr := cmd.Run()
	mods, err := gocmd.DecodeModules(out.Bytes())
	if err != nil {
		return "", err
	}
	for _, m := range mods {
		if m.Error != "" {
			return "", fmt.Errorf("go mod download %s@%s: %s", m.Path, m.Version, m.Error)
		}
	}
	if runErr != nil {
		return "", fmt.Errorf("go mod download: %v: %s", runErr, strings.TrimSpace(errOut.String()))
	}
	p.mods = mods
	// The whole module graph, so that every go.mod the go command reads offline is cached.
	if err := p.quiet(nil, "go", "list", "-m", "all"); err != nil {
		return "", err
	}
	if err := p.quiet([]string{"GOTOOLCHAIN=" + lanes.Classic().Toolchain}, "go", "version"); err != nil {
		return "", err
	}
	return fmt.Sprintf("%d modules and the Go %s toolchain are in the module cache", len(mods), lanes.Classic().Release()), nil
}

// quiet runs a command in the course, showing its output only when it fails.
func (p *packer) quiet(env []string, name string, args ...string) error {
	cmd := p.Command(name, args...)
	cmd.Env = append(cmd.Env, env...)
	return install.RunQuiet(cmd, base.EnvPrefix(env)+name+" "+strings.Join(args, " "))
}

// toolchainModule is the classic toolchain's module, path@version, for the pack's system.
func (p *packer) toolchainModule() string {
	return lanes.Classic().Module(p.env["GOOS"], p.env["GOARCH"])
}

// copyModules copies into proxy/ from the module cache's download folder, which has the layout
// of a module proxy: the .info, .mod and .zip of every module go mod download names, the .mod of
// every module go.sum lists (the go command reads them to build the module graph), the
// toolchain module, and what the checksum database needs to verify the toolchain offline
// (go.sum cannot: it lists the course's modules, not toolchains).
func (p *packer) copyModules(ctx context.Context) (string, error) {
	db := sumdbName(p.env["GOSUMDB"])
	if db == "" {
		return "", errors.New("GOSUMDB is off, so the module cache holds no checksum-database record of the toolchain for the pack to carry: run pack with GOSUMDB unset (go env -u GOSUMDB)")
	}
	cache := filepath.Join(p.env["GOMODCACHE"], "cache", "download")
	files := proxyFiles{}
	if err := files.addDownloaded(cache, p.mods); err != nil {
		return "", err
	}
	if err := files.addGoSum(cache, filepath.Join(p.Root, "go.sum")); err != nil {
		return "", err
	}
	// The toolchain and its checksum-database record come from a download of their own: the
	// tiles in the module cache prove the record against the tree head the go command last
	// saw, and a later download (another lane's toolchain) moves that head past what the
	// cached tiles prove, so a laptop could not verify the toolchain offline.
	fresh, cleanup, err := p.downloadToolchain(ctx)
	if err != nil {
		return "", err
	}
	defer cleanup()
	if err := files.addToolchain(fresh, db, p.toolchainModule()); err != nil {
		return "", err
	}
	proxy := filepath.Join(p.dir, packProxy)
	total, err := files.copyTo(proxy)
	if err != nil {
		return "", err
	}
	if err := writeSumdb(proxy, fresh, db); err != nil {
		return "", err
	}
	if err := writeVersionLists(proxy); err != nil {
		return "", err
	}
	return fmt.Sprintf("%d files, %s", len(files), base.MB(total)), nil
}

// proxyFiles are the files of a pack's proxy/: by path relative to a download folder (the
// module cache's, which has a proxy's layout), the folder it is copied from.
type proxyFiles map[string]string

// addDownloaded adds the .info, .mod and .zip of every module go mod download named.
func (files proxyFiles) addDownloaded(cache string, mods []gocmd.Module) error {
	for _, m := range mods {
		for _, f := range []string{m.Info, m.GoMod, m.Zip} {
			rel, err := filepath.Rel(cache, f)
			if err != nil || strings.HasPrefix(rel, "..") {
				return fmt.Errorf("%s is outside the module cache's download folder", f)
			}
			files[rel] = cache
		}
	}
	return nil
}

// addGoSum adds the .mod and .info of every module whose go.mod go.sum lists, when the module
// cache has them: a go.mod the module graph never reads is not cached, nor needed.
func (files proxyFiles) addGoSum(cache, gosum string) error {
	data, err := os.ReadFile(gosum)
	if err != nil {
		return err
	}
	for _, line := range strings.Split(string(data), "\n") {
		words := strings.Fields(line)
		if len(words) != 3 {
			continue
		}
		version, isMod := strings.CutSuffix(words[1], "/go.mod")
		if !isMod {
			continue
		}
		at := filepath.Join(filepath.FromSlash(escapeModPath(words[0])), "@v", escapeModPath(version))
		for _, rel := range []string{at + ".mod", at + ".info"} {
			if base.IsFile(filepath.Join(cache, rel)) {
				files[rel] = cache
			}
		}
	}
	return nil
}

// addToolchain adds the toolchain module mod (path@version), the checksum database's record of
// it and the tiles that prove the record, from fresh, where downloadToolchain downloaded it.
func (files proxyFiles) addToolchain(fresh, db, mod string) error {
	cache := filepath.Join(fresh, "mod", "cache", "download")
	path, version, _ := strings.Cut(mod, "@")
	tc := filepath.Join(filepath.FromSlash(path), "@v", version)
	dbDir := filepath.Join("sumdb", db)
	lookup := filepath.Join(dbDir, "lookup", filepath.FromSlash(mod))
	for _, rel := range []string{tc + ".info", tc + ".mod", tc + ".zip", lookup} {
		if !base.IsFile(filepath.Join(cache, rel)) {
			return fmt.Errorf("downloading the toolchain left no %s", filepath.ToSlash(rel))
		}
		files[rel] = cache
	}
	filepath.WalkDir(filepath.Join(cache, dbDir, "tile"), func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			rel, _ := filepath.Rel(cache, path)
			files[rel] = cache
		}
		return nil
	})
	return nil
}

// copyTo copies the files into proxy, in order, and returns the bytes copied.
func (files proxyFiles) copyTo(proxy string) (int64, error) {
	var total int64
	for _, rel := range slices.Sorted(maps.Keys(files)) {
		n, err := base.CopyFile(filepath.Join(proxy, rel), filepath.Join(files[rel], rel))
		if err != nil {
			return 0, err
		}
		total += n
	}
	return total, nil
}

// writeSumdb writes into proxy the checksum database's signed tree head that the toolchain's
// record was checked against (in fresh's GOPATH), and the file that tells the go command this
// proxy serves the database.
func writeSumdb(proxy, fresh, db string) error {
	dbDir := filepath.Join(proxy, "sumdb", db)
	latest := filepath.Join(fresh, "gopath", "pkg", "sumdb", db, "latest")
	if _, err := base.CopyFile(filepath.Join(dbDir, "latest"), latest); err != nil {
		return fmt.Errorf("the checksum database's tree head: %v", err)
	}
	return os.WriteFile(filepath.Join(dbDir, "supported"), nil, 0o644)
}

// sumdbName is the checksum database's name in a GOSUMDB value ("sum.golang.org", or
// "name+key url"), "" when it is off.
func sumdbName(gosumdb string) string {
	name, _, _ := strings.Cut(strings.TrimSpace(gosumdb), " ")
	name, _, _ = strings.Cut(name, "+")
	if name == "off" {
		return ""
	}
	return name
}

// escapeModPath escapes a module path or version as the module cache and proxies store it:
// each upper-case letter becomes "!" and its lower case.
func escapeModPath(s string) string {
	var b strings.Builder
	for _, r := range s {
		if 'A' <= r && r <= 'Z' {
			b.WriteByte('!')
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// fileURL is the file:// URL of an absolute path, as GOPROXY takes it.
func fileURL(path string) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // C:/pack on Windows
	}
	return "file://" + p
}

// downloadToolchain downloads the classic toolchain module into a new module cache and GOPATH
// of their own, through the same proxy and checksum database, so that its record, the tiles
// that prove it and the tree head they prove it against agree. It returns the folder and a
// function that removes it.
func (p *packer) downloadToolchain(ctx context.Context) (string, func(), error) {
	dir, err := os.MkdirTemp("", "gomaps-pack-toolchain-")
	if err != nil {
		return "", nil, err
	}
	env := []string{"GOPATH=" + filepath.Join(dir, "gopath"), "GOMODCACHE=" + filepath.Join(dir, "mod"),
		"GOFLAGS=-mod=mod", "GOTOOLCHAIN=local", "GOWORK=off", "GONOSUMDB=", "GONOSUMCHECK=", "GOPRIVATE=", "GOINSECURE="}
	cleanup := func() {
		p.RemoveModuleCache(env)
		os.RemoveAll(dir)
	}
	mod := p.toolchainModule()
	cmd := p.Go.With(env...).In(dir).Command(ctx, "mod", "download", mod)
	if err := install.RunQuiet(cmd, base.EnvPrefix(env)+"go mod download "+mod); err != nil {
		cleanup()
		return "", nil, err
	}
	return dir, cleanup, nil
}

// writeVersionLists writes each module's @v/list, the versions the proxy holds.
func writeVersionLists(proxy string) error {
	lists := map[string][]string{}
	err := filepath.WalkDir(proxy, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if dir := filepath.Dir(path); filepath.Base(dir) == "@v" && strings.HasSuffix(path, ".mod") {
			lists[dir] = append(lists[dir], strings.TrimSuffix(d.Name(), ".mod"))
		}
		return nil
	})
	if err != nil {
		return err
	}
	for dir, versions := range lists {
		sort.Strings(versions)
		if err := os.WriteFile(filepath.Join(dir, "list"), []byte(strings.Join(versions, "\n")+"\n"), 0o644); err != nil {
			return err
		}
	}
	return nil
}

func (p *packer) exportEnvtest(ctx context.Context) (string, error) {
	if _, err := kubeassets.Dir(); err != nil || os.Getenv(kubeassets.AssetsEnv) != "" {
		// Export copies from the course's own cache only; build into it when it is empty.
		fmt.Fprintln(p.Stdout, "    building them first (go run ./tools/envtest; about 10 minutes the first time)")
		if _, err := kubeassets.Build(ctx, p.Stderr); err != nil && os.Getenv(kubeassets.AssetsEnv) == "" {
			return "", err
		}
	}
	dst := filepath.Join(p.dir, packEnvtest)
	if err := kubeassets.Export(dst); err != nil {
		return "", err
	}
	size, files, err := dirSize(dst)
	return fmt.Sprintf("kube-apiserver %s and etcd %s, %d files, %s", kubeassets.KubernetesVersion, kubeassets.EtcdVersion, files, base.MB(size)), err
}

func (p *packer) buildBook() (string, error) {
	dst := filepath.Join(p.dir, packBook)
	var out bytes.Buffer
	if err := book.Build(p.Setup, dst, &out, "--quiet"); err != nil {
		return "", fmt.Errorf("%v\n%s", err, out.String())
	}
	size, files, err := dirSize(dst)
	return fmt.Sprintf("%d files, %s: open %s/index.html in a browser (the Chinese edition: %s/zh/index.html)", files, base.MB(size), packBook, packBook), err
}

// downloadDebs downloads mkdocs and every package it needs, as if nothing were installed (an
// empty dpkg status), so that the pack serves a minimal system of the same release; unpack
// installs only those a laptop lacks or has older.
func (p *packer) downloadDebs() (string, error) {
	system := debianSystem()
	if system == "" {
		p.notes = append(p.notes, "no Debian packages: this machine does not use apt; laptops without mkdocs read the book from "+packBook+"/index.html")
		return "skipped: this machine does not use apt", nil
	}
	dst := filepath.Join(p.dir, packDebs)
	work, err := os.MkdirTemp("", "gomaps-debs-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(work)
	status := filepath.Join(work, "status")
	os.WriteFile(status, nil, 0o644)
	os.MkdirAll(filepath.Join(dst, "partial"), 0o755)
	args := append([]string{"install", "--download-only", "-y", "-q",
		"-o", "Dir::State::status=" + status,
		"-o", "Dir::Cache::archives=" + dst + "/",
		"-o", "Debug::NoLocking=1",
		"-o", "APT::Sandbox::User=root"}, book.Packages...)
	if err := p.quiet(nil, "apt-get", args...); err != nil {
		return "", fmt.Errorf("%v (run pack with -debs=false to make a pack without them)", err)
	}
	os.RemoveAll(filepath.Join(dst, "partial"))
	os.Remove(filepath.Join(dst, "lock"))
	if err := os.WriteFile(filepath.Join(dst, packSystemFile), []byte(system+"\n"), 0o644); err != nil {
		return "", err
	}
	size, files, err := dirSize(dst)
	return fmt.Sprintf("%d packages for %s, %s", files-1, system, base.MB(size)), err
}

// debianSystem names this machine's Debian-style release and architecture ("debian 12
// amd64"), or "" when it does not use apt and dpkg.
func debianSystem() string {
	for _, tool := range []string{"apt-get", "dpkg"} {
		if _, err := exec.LookPath(tool); err != nil {
			return ""
		}
	}
	data, err := os.ReadFile("/etc/os-release")
	if err != nil {
		return ""
	}
	fields := map[string]string{}
	for _, line := range strings.Split(string(data), "\n") {
		if k, v, ok := strings.Cut(line, "="); ok {
			fields[k] = strings.Trim(v, `"`)
		}
	}
	arch, err := exec.Command("dpkg", "--print-architecture").Output()
	if err != nil || fields["ID"] == "" {
		return ""
	}
	return fields["ID"] + " " + fields["VERSION_ID"] + " " + strings.TrimSpace(string(arch))
}

func (p *packer) bundle() (string, error) {
	// .git is a folder in a clone, and a file in a worktree of one (git worktree add).
	if _, err := exec.LookPath("git"); err != nil || !base.IsDir(filepath.Join(p.Root, ".git")) && !base.IsFile(filepath.Join(p.Root, ".git")) {
		p.notes = append(p.notes, "no "+BundleFile+": the course is not a git clone here; give learners the course some other way")
		return "skipped: the course is not a git clone", nil
	}
	refs := []string{"HEAD"}
	if branch, err := exec.Command("git", "-C", p.Root, "symbolic-ref", "-q", "HEAD").Output(); err == nil {
		refs = append(refs, strings.TrimSpace(string(branch)))
	}
	if err := p.quiet(nil, "git", append([]string{"bundle", "create", "-q", filepath.Join(p.dir, BundleFile)}, refs...)...); err != nil {
		return "", err
	}
	commit, _ := exec.Command("git", "-C", p.Root, "rev-parse", "--short", "HEAD").Output()
	summary := "commit " + strings.TrimSpace(string(commit))
	if dirty, _ := exec.Command("git", "-C", p.Root, "status", "--porcelain", "--untracked-files=no").Output(); len(dirty) > 0 {
		p.notes = append(p.notes, BundleFile+" holds the last commit only: this clone has changes that are not committed")
		summary += " (changes not committed are not in it)"
	}
	return summary, nil
}

// packHeader is the first part of MANIFEST: what the pack was made for.
type packHeader struct {
	System  string // GOOS/GOARCH
	Go      string // the go command that made it
	Commit  string // the course's commit, or "unknown"
	GoSum   string // SHA-256 of the course's go.sum
	Classic string // the classic toolchain in proxy/
}

// writeManifest writes README.txt, then MANIFEST: the header, then every file of the pack.
func (p *packer) writeManifest() (string, error) {
	h, err := p.header()
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(p.dir, packReadme), []byte(readme(h.System)), 0o644); err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# room pack of the course gomaps; go run ./tools/course unpack checks every line\nsystem %s\ngo %s\ncommit %s\ngo.sum %s\nclassic %s\n\n",
		h.System, h.Go, h.Commit, h.GoSum, h.Classic)
	var files int
	var total int64
	err = regularFiles(p.dir, func(rel string, size int64) error {
		if rel == packManifest {
			return nil
		}
		sum, err := base.FileSum(filepath.Join(p.dir, rel))
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "%s %d %s\n", sum, size, filepath.ToSlash(rel))
		files++
		total += size
		return nil
	})
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%d files, %s", files, base.MB(total)), os.WriteFile(filepath.Join(p.dir, packManifest), []byte(b.String()), 0o644)
}

// header says what the pack is made for.
func (p *packer) header() (packHeader, error) {
	gosum, err := base.FileSum(filepath.Join(p.Root, "go.sum"))
	if err != nil {
		return packHeader{}, err
	}
	commit := "unknown"
	if out, err := exec.Command("git", "-C", p.Root, "rev-parse", "HEAD").Output(); err == nil {
		commit = strings.TrimSpace(string(out))
	}
	return packHeader{System: p.env["GOOS"] + "/" + p.env["GOARCH"], Go: p.env["GOVERSION"], Commit: commit, GoSum: gosum, Classic: lanes.Classic().Toolchain}, nil
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
`, system, lanes.Classic().Release())
}

// selfCheck installs the pack's modules and toolchain into a new, empty GOPATH and module
// cache with the pack as the only proxy, as unpack does on a laptop.
func (p *packer) selfCheck() (string, error) {
	tmp, err := os.MkdirTemp("", "gomaps-pack-check-")
	if err != nil {
		return "", err
	}
	env := []string{"GOPATH=" + tmp, "GOMODCACHE=" + filepath.Join(tmp, "mod")}
	defer func() {
		p.RemoveModuleCache(env)
		os.RemoveAll(tmp)
	}()
	env = append(env, packGoEnv(p.dir, p.env["GOSUMDB"])...)
	if err := p.quiet(env, "go", "mod", "download"); err != nil {
		return "", err
	}
	if err := p.quiet(append(env, "GOTOOLCHAIN="+lanes.Classic().Toolchain), "go", "version"); err != nil {
		return "", err
	}
	return "go mod download and the Go " + lanes.Classic().Release() + " toolchain work from the pack alone", nil
}

// packGoEnv is the environment that makes the go command take modules and the toolchain from
// the pack and from nowhere else, with the checksum database (served by the pack) checking
// the toolchain; settings that send modules elsewhere are cleared.
func packGoEnv(pack, gosumdb string) []string {
	db := sumdbName(gosumdb)
	if db == "" {
		db = "sum.golang.org"
	}
	return []string{
		"GOPROXY=" + fileURL(filepath.Join(pack, packProxy)),
		"GOSUMDB=" + db,
		"GOFLAGS=-mod=readonly",
		"GOPRIVATE=", "GONOPROXY=", "GONOSUMDB=", "GOINSECURE=",
		"GOWORK=off",
	}
}

// dirSize counts the files under dir and their bytes.
func dirSize(dir string) (size int64, files int, err error) {
	err = regularFiles(dir, func(_ string, n int64) error {
		size += n
		files++
		return nil
	})
	return size, files, err
}

// regularFiles calls visit with the path relative to dir and the size of every regular file
// under dir, in lexical order.
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

// packOS reports the system this binary runs on, as MANIFEST names it.
func packOS() string { return runtime.GOOS + "/" + runtime.GOARCH }
