package kubeassets

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// ExportInfo is the file [Export] writes beside the binaries: which versions they are and for
// which system, then the SHA-256 of each binary, one "sum  name" line each, as sha256sum prints.
const ExportInfo = "ENVTEST"

// Export copies the binaries [Build] made into dst, for a machine without the network (a
// workshop's room pack), with the file [ExportInfo] that [Import] checks. It copies only from
// the course's own cache folder: binaries from $KUBEBUILDER_ASSETS are of versions this package
// cannot vouch for.
func Export(dst string) error {
	src, err := CacheDir()
	if err != nil {
		return err
	}
	if missing := Missing(src); len(missing) > 0 {
		return fmt.Errorf("there are no envtest binaries to export (%s missing in the course's cache): run `%s` first", strings.Join(missing, " and "), BuildCommand)
	}
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	var info strings.Builder
	fmt.Fprintf(&info, "kube-apiserver %s\netcd %s\nsystem %s/%s\n", KubernetesVersion, EtcdVersion, runtime.GOOS, runtime.GOARCH)
	for _, name := range Binaries {
		sum, err := copyFile(filepath.Join(dst, name), filepath.Join(src, name), 0o755)
		if err != nil {
			return fmt.Errorf("cannot export %s: %v", name, err)
		}
		fmt.Fprintf(&info, "%s  %s\n", sum, name)
	}
	return os.WriteFile(filepath.Join(dst, ExportInfo), []byte(info.String()), 0o644)
}

// Import installs into [CacheDir] the binaries that [Export] wrote into src, after checking
// that they are the versions this course pins, for this system, and that their SHA-256 sums
// match. Binaries already in the cache are replaced. It returns the cache folder.
func Import(ctx context.Context, src string) (string, error) {
	want, err := readExportInfo(src)
	if err != nil {
		return "", err
	}
	dir, err := CacheDir()
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("cannot create the cache folder for kube-apiserver and etcd: %v", err)
	}
	unlock, _, err := lockDir(ctx, dir, io.Discard)
	if err != nil {
		return "", err
	}
	defer unlock()
	for _, name := range Binaries {
		// Copy beside the final name, then rename: a reader never sees half a binary.
		tmp := filepath.Join(dir, buildPrefix+name+"-import")
		sum, err := copyFile(tmp, filepath.Join(src, name), 0o755)
		if err != nil {
			os.Remove(tmp)
			return "", fmt.Errorf("cannot import %s: %v", name, err)
		}
		if sum != want[name] {
			os.Remove(tmp)
			return "", fmt.Errorf("%s in %s is damaged (its SHA-256 is not the one %s lists): copy the folder again", name, src, ExportInfo)
		}
		if err := os.Rename(tmp, filepath.Join(dir, name)); err != nil {
			os.Remove(tmp)
			return "", fmt.Errorf("cannot import %s: %v", name, err)
		}
	}
	return dir, nil
}

// readExportInfo reads src's [ExportInfo], checks that it is for this course's versions and
// this system, and returns each binary's SHA-256.
func readExportInfo(src string) (map[string]string, error) {
	f, err := os.Open(filepath.Join(src, ExportInfo))
	if err != nil {
		return nil, fmt.Errorf("%s holds no exported envtest binaries (no %s file): export them with `%s -export DIR` on a machine that has them", src, ExportInfo, BuildCommand)
	}
	defer f.Close()
	fields := map[string]string{}
	sums := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if sum, name, ok := strings.Cut(sc.Text(), "  "); ok {
			sums[name] = sum
		} else if key, value, ok := strings.Cut(sc.Text(), " "); ok {
			fields[key] = value
		}
	}
	want := fmt.Sprintf("kube-apiserver %s, etcd %s for %s/%s", KubernetesVersion, EtcdVersion, runtime.GOOS, runtime.GOARCH)
	got := fmt.Sprintf("kube-apiserver %s, etcd %s for %s", fields["kube-apiserver"], fields["etcd"], fields["system"])
	if got != want {
		return nil, fmt.Errorf("the envtest binaries in %s are %s; this course and machine need %s: export them again from a machine of this system with this course", src, got, want)
	}
	for _, name := range Binaries {
		if sums[name] == "" {
			return nil, fmt.Errorf("%s in %s lists no SHA-256 for %s: export the binaries again", ExportInfo, src, name)
		}
	}
	return sums, nil
}

// copyFile copies src to dst with the given mode and returns the SHA-256 of what it copied.
func copyFile(dst, src string, mode os.FileMode) (string, error) {
	in, err := os.Open(src)
	if err != nil {
		return "", err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, mode)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	if _, err := io.Copy(io.MultiWriter(out, h), in); err != nil {
		out.Close()
		return "", err
	}
	if err := out.Close(); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), os.Chmod(dst, mode)
}
