"""mkdocs hook: put the explorer's program into the built book.

The explorer page (chapters/explorer.md) runs the solutions of labs 02 and 03 compiled to
WebAssembly. After every build, mkdocs build as well as each rebuild of mkdocs serve, this hook
runs `go run ./tools/course explorer -o SITE/explorer`, which compiles them (about a second
when Go's build cache is warm) and copies Go's wasm_exec.js beside them. Without Go, the page
says how to get its program; a failed build fails the book's build.
"""

import logging
import os
import shutil
import subprocess

log = logging.getLogger("mkdocs.hooks.explorer")


def on_post_build(config, **kwargs):
    root = os.path.dirname(os.path.abspath(config["config_file_path"]))
    out = os.path.join(config["site_dir"], "explorer")
    go = shutil.which("go")
    if go is None:
        log.info("explorer: Go is not installed, so the explorer page has no program")
        return
    run = subprocess.run(
        [go, "run", "./tools/course", "explorer", "-o", out],
        cwd=root, capture_output=True, text=True,
    )
    if run.returncode != 0:
        log.warning("explorer: go run ./tools/course explorer failed:\n%s%s", run.stdout, run.stderr)
        return
    log.info(run.stdout.strip())
