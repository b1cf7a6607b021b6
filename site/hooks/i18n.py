"""mkdocs hook: the book in two languages, one mkdocs config each.

mkdocs.yml builds the English book from chapters/ into build/book/; mkdocs.zh.yml inherits it
(INHERIT) and builds the Chinese edition from chapters/zh/ into build/book/zh/. The Chinese pages
sit inside the English docs_dir, so the English build drops them here: without this hook it
would render them as English pages and then the Chinese build would write over them.
The page-to-page language switch is the theme override's (site/overrides/main.html).

In the Chinese edition, a line break between two Chinese characters is taken out before the page
is rendered: a browser shows a line break in running text as a space, which Chinese does not put
between words (the English book breaks its lines where it likes; so may its translation).

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


_HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
# A line that ends in a Chinese character or punctuation, and the next, which after its
# indentation starts with one: one paragraph, to be joined without a space.
_BREAK = re.compile("([" + _HAN + "\u3000-\u303f\uff00-\uffef])\n[ \t]*(?=[" + _HAN + "\u3000-\u303f\uff00-\uffef])")
_FENCE = re.compile(r"^\s*(`{3,}|~{3,})")


def on_page_markdown(markdown, page, config, files):
    docs = os.path.normpath(config["docs_dir"])
    if os.path.basename(docs) != "zh":
        return markdown
    # Only outside fenced code: split the page into its fenced blocks and the text between them.
    out, chunk, fence = [], [], None
    for line in markdown.split("\n"):
        m = _FENCE.match(line)
        if fence is None and m:
            out.append(_BREAK.sub(r"\1", "\n".join(chunk)))
            chunk, fence = [line], m.group(1)
            continue
        chunk.append(line)
        if fence is not None and line.strip().startswith(fence) and set(line.strip()) == {fence[0]}:
            out.append("\n".join(chunk))
            chunk, fence = [], None
    out.append("\n".join(chunk) if fence is not None else _BREAK.sub(r"\1", "\n".join(chunk)))
    return "\n".join(out)
