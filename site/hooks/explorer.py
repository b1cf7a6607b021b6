"""mkdocs hook: put the explorer's program into the built book.

The explorer page (chapters/explorer.md) runs the solutions of labs 02 and 03 compiled to
WebAssembly. After every build, mkdocs build as well as each rebuild of mkdocs serve, this hook
puts that program and Go's wasm_exec.js into the built book. It compiles them only when what
they are built from changed since the last time: it runs `go run ./tools/course explorer -o
build/book-explorer` (some seconds), and keeps there, with the program, a hash of its inputs:
the files the build reads (the solutions of labs 02 and 03, chapters/code/explorer, the packages it
imports from the course, go.mod and go.sum; a learner's own lab files are not among them) and
the Go toolchain's settings. Otherwise it copies the program it has. Without Go, the page says
how to get its program; a failed build fails the book's build.
"""

import hashlib
import logging
import os
import shutil
import subprocess

log = logging.getLogger("mkdocs.hooks.explorer")

CACHE = os.path.join("build", "book-explorer")
STAMP = "inputs.sha256"
FILES = ("explorer.wasm", "wasm_exec.js")

# What the explorer is compiled from (tools/course/internal/explorer/explorer.go and labs/overlay's Explorer): the
# solutions overlay labs 02 and 03, and chapters/code/explorer/inlab adds one file to each.
INPUTS = (
    "go.mod",
    "go.sum",
    "tools/course/internal/explorer/explorer.go",
    "chapters/code/explorer",
    "labs/overlay",
    "labs/courseroot",
    "solutions/02-buckets",
    "solutions/03-swiss",
)
LABS = ("02-buckets", "03-swiss")

# The go command's settings the program depends on.
GOENV = ("GOVERSION", "GOROOT", "GOEXPERIMENT", "GOFLAGS", "GOWASM")


def _files(root):
    """The files the explorer is built from, relative to the root, with slashes."""
    files = []
    for item in INPUTS:
        path = os.path.join(root, *item.split("/"))
        if os.path.isfile(path):
            files.append(item)
        for dirpath, dirs, names in os.walk(path):
            dirs.sort()
            for name in sorted(names):
                files.append(os.path.relpath(os.path.join(dirpath, name), root).replace(os.sep, "/"))
    # The overlay replaces a lab's files that its solution has; a .go file the learner added to
    # lab 02 or 03 is compiled as it is. The learner's versions of the replaced files are not.
    for lab in LABS:
        try:
            solved = set(os.listdir(os.path.join(root, "solutions", lab)))
            names = sorted(os.listdir(os.path.join(root, "labs", lab)))
        except OSError:
            continue
        for name in names:
            if name.endswith(".go") and not name.endswith("_test.go") and name not in solved:
                files.append("labs/%s/%s" % (lab, name))
    return files


def _fingerprint(root, go):
    """A hash of everything the program is built from, or None when go env fails."""
    env = subprocess.run([go, "env", *GOENV], cwd=root, capture_output=True)
    if env.returncode != 0:
        return None
    h = hashlib.sha256()
    h.update(env.stdout)
    for name in _files(root):
        with open(os.path.join(root, *name.split("/")), "rb") as f:
            data = f.read()
        h.update(b"%s\0%d\0" % (name.encode(), len(data)))
        h.update(data)
    return h.hexdigest()


def on_post_build(config, **kwargs):
    root = os.path.dirname(os.path.abspath(config["config_file_path"]))
    out = os.path.join(config["site_dir"], "explorer")
    go = shutil.which("go")
    if go is None:
        log.info("explorer: Go is not installed, so the explorer page has no program")
        return
    cache = os.path.join(root, CACHE)
    stamp = os.path.join(cache, STAMP)
    # Taken before the build: an input changed while it ran makes the next build compile again.
    inputs = _fingerprint(root, go)
    have = None
    if os.path.isfile(stamp):
        with open(stamp) as f:
            have = f.read().strip()
    if inputs is not None and have == inputs and all(os.path.isfile(os.path.join(cache, f)) for f in FILES):
        log.info("explorer: reused %s (what it is built from has not changed)", CACHE)
    else:
        if os.path.exists(stamp):
            os.remove(stamp)
        run = subprocess.run(
            [go, "run", "./tools/course", "explorer", "-o", cache],
            cwd=root, capture_output=True, text=True,
        )
        if run.returncode != 0:
            log.warning("explorer: go run ./tools/course explorer failed:\n%s%s", run.stdout, run.stderr)
            return
        log.info(run.stdout.strip())
        if inputs is not None:
            with open(stamp, "w") as f:
                f.write(inputs + "\n")
    os.makedirs(out, exist_ok=True)
    for f in FILES:
        shutil.copyfile(os.path.join(cache, f), os.path.join(out, f))
