package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
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
	"gomaps/tools/internal/cli"
	"gomaps/tools/internal/gocmd"
)

// The room pack: everything the course needs offline, made once on the instructor's machine
// (pack) and installed on each learner's laptop with no network (unpack). Its layout:
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
const (
	packManifest = "MANIFEST"
	packReadme   = "README.txt"
	packProxy    = "proxy"
	packEnvtest  = "envtest"
	packBook     = "book"
	packDebs     = "debs"
	packBundle   = "course.bundle"
	// packSystemFile, in debs/, names the Debian release the packages are for.
	packSystemFile = "SYSTEM"
)

// bookPackages are the Debian packages that serve the book.
var bookPackages = []string{"mkdocs", "mkdocs-material", "python3-pymdownx"}

// goEnv is what pack and unpack read from go env.
type goEnv struct {
	GOMODCACHE, GOPATH, GOSUMDB, GOOS, GOARCH, GOVERSION string
}

func readGoEnv(root string, env []string) (goEnv, error) {
	var e goEnv
	cmd := exec.Command("go", "env", "-json", "GOMODCACHE", "GOPATH", "GOSUMDB", "GOOS", "GOARCH", "GOVERSION")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.Output()
	if err != nil {
		return e, fmt.Errorf("go env: %v", err)
	}
	return e, json.Unmarshal(out, &e)
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

// packer writes a room pack.
type packer struct {
	*install.Setup
	dir   string // the pack, absolute
	env   goEnv
	mods  []packModule // what go mod download named, with the files of each in the module cache
	notes []string     // what the pack leaves out, said again at the end
}

// packStep is one step of pack or unpack; it returns a short summary of what it did.
type packStep struct {
	title string
	run   func() (string, error)
}

// runSteps runs steps in order, printing each as it starts and what it did, with its time:
// a step that takes minutes never leaves the screen silent.
func runSteps(w io.Writer, steps []packStep) error {
	for i, step := range steps {
		fmt.Fprintf(w, "==> [%d/%d] %s\n", i+1, len(steps), step.title)
		start := time.Now()
		summary, err := step.run()
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "    %s (%.1fs)\n", summary, time.Since(start).Seconds())
	}
	return nil
}

func runPack(args []string, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("pack", flag.ContinueOnError)
	withEnvtest := flags.Bool("envtest", true, "include kube-apiserver and etcd (go run ./tools/envtest builds them first when they are missing)")
	withBook := flags.Bool("book", true, "include the built book")
	withDebs := flags.Bool("debs", true, "include the Debian packages of mkdocs (on a machine that uses apt)")
	withBundle := flags.Bool("bundle", true, "include the course's last commit as a git bundle")
	if help, err := parseFlags(flags, args, stdout); help || err != nil {
		return err
	}
	if flags.NArg() != 1 {
		return cli.Usagef("pack: name the folder to write the pack into (go run ./tools/course pack DIR)")
	}
	root, err := base.FindRoot()
	if err != nil {
		return err
	}
	dir, err := filepath.Abs(flags.Arg(0))
	if err != nil {
		return err
	}
	if rel, err := filepath.Rel(root, dir); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return fmt.Errorf("pack: %s is inside the course: choose a folder outside it (the pack holds Go files the course's go vet ./... would read)", flags.Arg(0))
	}
	if err := preparePackDir(dir); err != nil {
		return err
	}
	p := &packer{Setup: &install.Setup{Root: root, Stdout: stdout, Stderr: stderr, Go: gocmd.Machine()}, dir: dir}
	if p.env, err = readGoEnv(root, nil); err != nil {
		return err
	}
	steps := []packStep{
		{"download the course's modules and the Go " + strings.TrimPrefix(lanes.Classic().Toolchain, "go") + " toolchain (the network is needed here only)", p.download},
		{"copy them into " + packProxy + "/, a GOPROXY=file:// tree, with the checksum database's records of the toolchain", p.copyModules},
	}
	if *withEnvtest {
		steps = append(steps, packStep{"export kube-apiserver and etcd into " + packEnvtest + "/ (go run ./tools/envtest -export)", p.exportEnvtest})
	}
	if *withBook {
		steps = append(steps, packStep{"build the book into " + packBook + "/ (mkdocs build)", p.buildBook})
	}
	if *withDebs {
		steps = append(steps, packStep{"download the Debian packages of mkdocs into " + packDebs + "/", p.downloadDebs})
	}
	if *withBundle {
		steps = append(steps, packStep{"bundle the course's last commit into " + packBundle, p.bundle})
	}
	steps = append(steps,
		packStep{"write " + packManifest + " (SHA-256 and size of every file) and " + packReadme, p.writeManifest},
		packStep{"check the pack: install its modules and toolchain into an empty module cache, from the pack alone", p.selfCheck},
	)
	start := time.Now()
	if err := runSteps(stdout, steps); err != nil {
		return fmt.Errorf("pack: %v", err)
	}
	size, files, _ := dirSize(dir)
	fmt.Fprintf(stdout, "the room pack is in %s: %d files, %s, made in %s; on each laptop: git clone %s gomaps && cd gomaps && go run ./tools/course unpack %s\n",
		flags.Arg(0), files, base.MB(size), time.Since(start).Round(time.Second), filepath.Join(flags.Arg(0), packBundle), flags.Arg(0))
	for _, n := range p.notes {
		fmt.Fprintf(stdout, "note: %s\n", n)
	}
	return nil
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

// packModule is one module as go mod download -json reports it.
type packModule struct {
	Path, Version, Info, GoMod, Zip, Error string
}

// download makes sure the module cache has everything the pack copies.
func (p *packer) download() (string, error) {
	cmd := p.Command("go", "mod", "download", "-json")
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	runErr := cmd.Run()
	mods, err := decodeModules(out.Bytes())
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
	return fmt.Sprintf("%d modules and the Go %s toolchain are in the module cache", len(mods), strings.TrimPrefix(lanes.Classic().Toolchain, "go")), nil
}

// quiet runs a command in the course, showing its output only when it fails.
func (p *packer) quiet(env []string, name string, args ...string) error {
	cmd := p.Command(name, args...)
	cmd.Env = append(os.Environ(), env...)
	return install.RunQuiet(cmd, base.EnvPrefix(env)+name+" "+strings.Join(args, " "))
}

func decodeModules(data []byte) ([]packModule, error) {
	var mods []packModule
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		var m packModule
		if err := dec.Decode(&m); err == io.EOF {
			return mods, nil
		} else if err != nil {
			return nil, fmt.Errorf("go mod download -json: %v", err)
		}
		mods = append(mods, m)
	}
}

// copyModules copies from the module cache's download folder, which has the layout of a
// module proxy: the .info, .mod and .zip of every module go mod download names, the .mod of
// every module go.sum lists (the go command reads them to build the module graph), the
// toolchain module, and what the checksum database needs to verify the toolchain offline
// (go.sum cannot: it lists the course's modules, not toolchains).
func (p *packer) copyModules() (string, error) {
	cache := filepath.Join(p.env.GOMODCACHE, "cache", "download")
	proxy := filepath.Join(p.dir, packProxy)
	files := map[string]string{} // paths relative to a download folder: that folder
	add := func(rel string, required bool) error {
		if base.IsFile(filepath.Join(cache, rel)) {
			files[rel] = cache
			return nil
		}
		if required {
			return fmt.Errorf("the module cache has no %s", filepath.ToSlash(rel))
		}
		return nil
	}
	for _, m := range p.mods {
		for _, f := range []string{m.Info, m.GoMod, m.Zip} {
			rel, err := filepath.Rel(cache, f)
			if err != nil || strings.HasPrefix(rel, "..") {
				return "", fmt.Errorf("%s is outside the module cache's download folder", f)
			}
			files[rel] = cache
		}
	}
	sum, err := os.Open(filepath.Join(p.Root, "go.sum"))
	if err != nil {
		return "", err
	}
	sc := bufio.NewScanner(sum)
	for sc.Scan() {
		words := strings.Fields(sc.Text())
		if len(words) != 3 {
			continue
		}
		version, isMod := strings.CutSuffix(words[1], "/go.mod")
		if !isMod {
			continue
		}
		base := filepath.Join(filepath.FromSlash(escapeModPath(words[0])), "@v", escapeModPath(version))
		add(base+".mod", false) // a go.mod the graph never reads is not cached, nor needed
		add(base+".info", false)
	}
	sum.Close()

	db := sumdbName(p.env.GOSUMDB)
	if db == "" {
		return "", errors.New("GOSUMDB is off, so the module cache holds no checksum-database record of the toolchain for the pack to carry: run pack with GOSUMDB unset (go env -u GOSUMDB)")
	}
	// The toolchain and its checksum-database record come from a download of their own: the
	// tiles in the module cache prove the record against the tree head the go command last
	// saw, and a later download (another lane's toolchain) moves that head past what the
	// cached tiles prove, so a laptop could not verify the toolchain offline.
	fresh, cleanup, err := p.downloadToolchain()
	if err != nil {
		return "", err
	}
	defer cleanup()
	freshCache := filepath.Join(fresh, "mod", "cache", "download")
	version := lanes.Classic().ModuleVersion(p.env.GOOS, p.env.GOARCH)
	tc := filepath.Join(filepath.FromSlash(lanes.ToolchainModule), "@v", version)
	dbDir := filepath.Join("sumdb", db)
	lookup := filepath.Join(dbDir, "lookup", filepath.FromSlash(lanes.ToolchainModule)+"@"+version)
	for _, rel := range []string{tc + ".info", tc + ".mod", tc + ".zip", lookup} {
		if !base.IsFile(filepath.Join(freshCache, rel)) {
			return "", fmt.Errorf("downloading the toolchain left no %s", filepath.ToSlash(rel))
		}
		files[rel] = freshCache
	}
	filepath.WalkDir(filepath.Join(freshCache, dbDir, "tile"), func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			rel, _ := filepath.Rel(freshCache, path)
			files[rel] = freshCache
		}
		return nil
	})

	var total int64
	for _, rel := range slices.Sorted(maps.Keys(files)) {
		n, err := base.CopyFile(filepath.Join(proxy, rel), filepath.Join(files[rel], rel))
		if err != nil {
			return "", err
		}
		total += n
	}
	// The signed tree head the records were checked against, and the file that tells the go
	// command this proxy serves the checksum database.
	latest := filepath.Join(fresh, "gopath", "pkg", "sumdb", db, "latest")
	if _, err := base.CopyFile(filepath.Join(proxy, dbDir, "latest"), latest); err != nil {
		return "", fmt.Errorf("the checksum database's tree head: %v", err)
	}
	if err := os.WriteFile(filepath.Join(proxy, dbDir, "supported"), nil, 0o644); err != nil {
		return "", err
	}
	if err := writeVersionLists(proxy); err != nil {
		return "", err
	}
	return fmt.Sprintf("%d files, %s", len(files), base.MB(total)), nil
}

// downloadToolchain downloads the classic toolchain module into a new module cache and GOPATH
// of their own, through the same proxy and checksum database, so that its record, the tiles
// that prove it and the tree head they prove it against agree. It returns the folder and a
// function that removes it.
func (p *packer) downloadToolchain() (string, func(), error) {
	dir, err := os.MkdirTemp("", "gomaps-pack-toolchain-")
	if err != nil {
		return "", nil, err
	}
	env := []string{"GOPATH=" + filepath.Join(dir, "gopath"), "GOMODCACHE=" + filepath.Join(dir, "mod"),
		"GOFLAGS=-mod=mod", "GOTOOLCHAIN=local", "GOWORK=off", "GONOSUMDB=", "GONOSUMCHECK=", "GOPRIVATE=", "GOINSECURE="}
	cleanup := func() {
		clean := exec.Command("go", "clean", "-modcache")
		clean.Dir, clean.Env = dir, append(os.Environ(), env...)
		clean.Run()
		os.RemoveAll(dir)
	}
	mod := lanes.ToolchainModule + "@" + lanes.Classic().ModuleVersion(p.env.GOOS, p.env.GOARCH)
	cmd := exec.Command("go", "mod", "download", mod)
	cmd.Dir, cmd.Env = dir, append(os.Environ(), env...)
	if err := install.RunQuiet(cmd, base.EnvPrefix(env)+"go mod download "+mod); err != nil {
		cleanup()
		return "", nil, err
	}
	return dir, cleanup, nil
}

// firstPath is the first folder of a GOPATH list.
func firstPath(list string) string {
	first, _, _ := strings.Cut(list, string(os.PathListSeparator))
	return first
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

func (p *packer) exportEnvtest() (string, error) {
	if _, err := kubeassets.Dir(); err != nil || os.Getenv(kubeassets.AssetsEnv) != "" {
		// Export copies from the course's own cache only; build into it when it is empty.
		fmt.Fprintln(p.Stdout, "    building them first (go run ./tools/envtest; about 10 minutes the first time)")
		if _, err := kubeassets.Build(context.Background(), p.Stderr); err != nil && os.Getenv(kubeassets.AssetsEnv) == "" {
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
		"-o", "APT::Sandbox::User=root"}, bookPackages...)
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
	if _, err := exec.LookPath("git"); err != nil || !base.IsDir(filepath.Join(p.Root, ".git")) {
		p.notes = append(p.notes, "no "+packBundle+": the course is not a git clone here; give learners the course some other way")
		return "skipped: the course is not a git clone", nil
	}
	refs := []string{"HEAD"}
	if branch, err := exec.Command("git", "-C", p.Root, "symbolic-ref", "-q", "HEAD").Output(); err == nil {
		refs = append(refs, strings.TrimSpace(string(branch)))
	}
	if err := p.quiet(nil, "git", append([]string{"bundle", "create", "-q", filepath.Join(p.dir, packBundle)}, refs...)...); err != nil {
		return "", err
	}
	commit, _ := exec.Command("git", "-C", p.Root, "rev-parse", "--short", "HEAD").Output()
	summary := "commit " + strings.TrimSpace(string(commit))
	if dirty, _ := exec.Command("git", "-C", p.Root, "status", "--porcelain", "--untracked-files=no").Output(); len(dirty) > 0 {
		p.notes = append(p.notes, packBundle+" holds the last commit only: this clone has changes that are not committed")
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

func (p *packer) writeManifest() (string, error) {
	gosum, err := base.FileSum(filepath.Join(p.Root, "go.sum"))
	if err != nil {
		return "", err
	}
	commit := "unknown"
	if out, err := exec.Command("git", "-C", p.Root, "rev-parse", "HEAD").Output(); err == nil {
		commit = strings.TrimSpace(string(out))
	}
	h := packHeader{System: p.env.GOOS + "/" + p.env.GOARCH, Go: p.env.GOVERSION, Commit: commit, GoSum: gosum, Classic: lanes.Classic().Toolchain}
	readme := fmt.Sprintf(`A room pack of the course Go maps under the hood, for %s.

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
`, h.System, strings.TrimPrefix(lanes.Classic().Toolchain, "go"))
	if err := os.WriteFile(filepath.Join(p.dir, packReadme), []byte(readme), 0o644); err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# room pack of the course gomaps; go run ./tools/course unpack checks every line\nsystem %s\ngo %s\ncommit %s\ngo.sum %s\nclassic %s\n\n",
		h.System, h.Go, h.Commit, h.GoSum, h.Classic)
	var files int
	var total int64
	err = filepath.WalkDir(p.dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		rel, _ := filepath.Rel(p.dir, path)
		if rel == packManifest {
			return nil
		}
		sum, err := base.FileSum(path)
		if err != nil {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "%s %d %s\n", sum, fi.Size(), filepath.ToSlash(rel))
		files++
		total += fi.Size()
		return nil
	})
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%d files, %s", files, base.MB(total)), os.WriteFile(filepath.Join(p.dir, packManifest), []byte(b.String()), 0o644)
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
	env = append(env, packGoEnv(p.dir, p.env.GOSUMDB)...)
	if err := p.quiet(env, "go", "mod", "download"); err != nil {
		return "", err
	}
	if err := p.quiet(append(env, "GOTOOLCHAIN="+lanes.Classic().Toolchain), "go", "version"); err != nil {
		return "", err
	}
	return "go mod download and the Go " + strings.TrimPrefix(lanes.Classic().Toolchain, "go") + " toolchain work from the pack alone", nil
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

func dirSize(dir string) (size int64, files int, err error) {
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		size += fi.Size()
		files++
		return nil
	})
	return size, files, err
}

// packOS reports the system this binary runs on, as MANIFEST names it.
func packOS() string { return runtime.GOOS + "/" + runtime.GOARCH }
