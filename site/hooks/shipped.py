"""mkdocs hook: the book's listings of lab files show them as shipped, not as the learner has them.

The chapters include lab files with --8<-- "labs/...", and the learner edits those files: a
chapter that says "here is the lab's file as shipped", or shows a bug to fix, must not show the
learner's version. Before every build this hook keeps build/_shipped/labs/, a copy of every lab
file as shipped, and pymdownx.snippets looks there before the course's root (its base_path in
mkdocs.yml).

"As shipped" is what the lab runner calls it: labs/shipped.sum holds the SHA-256 of every lab
file as shipped (Windows line endings made plain). A copy already in build/_shipped with that
hash is kept; a missing one is copied from labs/ when the file there has that hash, or else
taken from git (the branch the course was cloned from, then HEAD) when git's version has it. So
a course folder without git history (one unpacked from a pack) shows the shipped files too once
the book was built before the learner's edits. A file whose shipped version is nowhere is shown
as it is in labs/, and the build says so in one line. The folder's name starts with "_" so that
the go command's ./... patterns skip the Go files in it.
"""

import hashlib
import logging
import os
import subprocess

log = logging.getLogger("mkdocs.hooks.shipped")

SHIPPED = os.path.join("build", "_shipped")
MANIFEST = "labs/shipped.sum"


def _hash(data):
    return hashlib.sha256(data.replace(b"\r\n", b"\n")).hexdigest()


def _read(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def _manifest(root):
    """The manifest's hashes by file (relative to the root, with slashes), or None."""
    data = _read(os.path.join(root, *MANIFEST.split("/")))
    if data is None:
        return None
    sums = {}
    for line in data.decode("utf-8", "replace").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        digest, sep, name = line.partition("  ")
        if sep and len(digest) == 64:
            sums[name] = digest
    return sums


def _git(root, *args):
    """git's stdout, or None when git or the repository is missing or the command fails."""
    try:
        run = subprocess.run(["git", *args], cwd=root, capture_output=True)
    except OSError:
        return None
    return run.stdout if run.returncode == 0 else None


def _refs(root):
    """The commits that may hold the labs as shipped, as the lab runner's ShippedRef: the
    branch the course was cloned from, then HEAD. Empty when the course is not a git checkout of
    its own (a folder inside another repository has not the course's history)."""
    top = _git(root, "rev-parse", "--show-toplevel")
    if top is None or os.path.realpath(top.strip().decode()) != os.path.realpath(root):
        return []
    refs = []
    for spec in ("@{upstream}", "HEAD"):
        out = _git(root, "rev-parse", "--verify", "-q", spec)
        if out and out.strip().decode() not in refs:
            refs.append(out.strip().decode())
    return refs


def _write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = "%s.tmp%d" % (path, os.getpid())
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def _names(files):
    if len(files) <= 3:
        return ", ".join(files)
    return "%s and %d more" % (", ".join(files[:3]), len(files) - 3)


def on_pre_build(config, **kwargs):
    root = os.path.dirname(os.path.abspath(config["config_file_path"]))
    store = os.path.join(root, SHIPPED)
    sums = _manifest(root)
    if sums is None:
        log.info("book: there is no %s to tell the shipped lab files, so the book shows labs/ as it is", MANIFEST)
        sums = {}
    refs = None  # asked of git only when a lab file is not as shipped
    from_git, missing = [], []
    for name, want in sorted(sums.items()):
        dst = os.path.join(store, *name.split("/"))
        have = _read(dst)
        if have is not None and _hash(have) == want:
            continue
        data = _read(os.path.join(root, *name.split("/")))
        if data is None or _hash(data) != want:
            data = None
            if refs is None:
                refs = _refs(root)
            for ref in refs:
                blob = _git(root, "show", "%s:./%s" % (ref, name))
                if blob is not None and _hash(blob) == want:
                    data = blob
                    from_git.append(name)
                    break
        if data is None:
            if have is not None:
                os.remove(dst)
            missing.append(name)
            continue
        _write(dst, data)
    # A file the manifest no longer lists is no lab file: the book must not show an old copy.
    for dirpath, _, files in os.walk(store):
        for f in files:
            path = os.path.join(dirpath, f)
            rel = os.path.relpath(path, store).replace(os.sep, "/")
            if rel not in sums and ".tmp" not in f:  # another build's file being written
                os.remove(path)
    if from_git:
        log.info("book: the listings of %s show the shipped version, from git, not yours", _names(from_git))
    if missing and not refs:
        log.info("book: %s %s not as shipped, and without the course's git history the book shows "
                 "your version: clone the course with git to see the shipped one",
                 _names(missing), "is" if len(missing) == 1 else "are")
    elif missing:
        log.info("book: %s %s not as %s says, nor in git: the book shows %s as in labs/",
                 _names(missing), "is" if len(missing) == 1 else "are", MANIFEST,
                 "it" if len(missing) == 1 else "them")
