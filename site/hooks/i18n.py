"""mkdocs hook: the book in two languages, one mkdocs config each.

mkdocs.yml builds the English book from chapters/ into build/book/; mkdocs.zh.yml inherits it
(INHERIT) and builds the Chinese edition from chapters/zh/ into build/book/zh/. The Chinese pages
sit inside the English docs_dir, so the English build drops them here: without this hook it
would render them as English pages and then the Chinese build would write over them.
The page-to-page language switch is the theme override's (site/overrides/main.html).

The 404 page is the one page whose links mkdocs writes from the site's root ("/assets/...",
"/02-buckets.html"), for a server that shows it at any missing address. The Chinese edition is
served at /zh/, so its 404 page gets its links rewritten to start there.
"""

import os
import re

from mkdocs.structure.files import Files


def on_files(files, config):
    docs = os.path.normpath(config["docs_dir"])
    if os.path.basename(docs) == "zh":
        return files
    return Files([f for f in files if not f.src_path.replace(os.sep, "/").startswith("zh/")])


def on_post_build(config):
    docs = os.path.normpath(config["docs_dir"])
    if os.path.basename(docs) != "zh":
        return
    path = os.path.join(config["site_dir"], "404.html")
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError:
        return
    text = re.sub(r'((?:href|src)=")/(?!zh/|/)', r"\1/zh/", text)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
