"""mkdocs hook: each command output of a chapter says which output it is.

A chapter shows an output of chapters/out with a fence around an include:

    ```text
    --8<-- "chapters/out/NAME.txt"
    ```

This hook gives such a fence the attribute data-output="NAME" (pymdownx.superfences, with
attr_list, puts it on the block's <div class="highlight">), so that the page's run buttons
(assets/javascripts/run.js) know which output each block shows. A diagram drawn from an output
(a mermaid fence) gets none. The attribute alone changes nothing in the page: the buttons appear
only when the book is served by go run ./tools/course, whose assets/javascripts/run-config.js
lists the outputs it can run; the book's own copy of that file lists none.
"""

import re

# The fence's opening line, the include, the closing line; the fence's indentation is kept (a
# fence inside a tab or an admonition is indented).
_OUTPUT = re.compile(
    r'^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<lang>[\w+-]*)[ \t]*\n'
    r'(?P=indent)--8<-- "chapters/out/(?P<name>[a-z0-9][a-z0-9-]*)\.txt"[ \t]*\n'
    r'(?P=indent)(?P=fence)[ \t]*$',
    re.MULTILINE,
)


def _mark(m):
    lang = m.group("lang") or "text"
    if lang == "mermaid":
        return m.group(0)
    indent, fence, name = m.group("indent"), m.group("fence"), m.group("name")
    return (
        f'{indent}{fence} {{ .{lang} data-output="{name}" }}\n'
        f'{indent}--8<-- "chapters/out/{name}.txt"\n'
        f"{indent}{fence}"
    )


def on_page_markdown(markdown, page, config, files):
    return _OUTPUT.sub(_mark, markdown)
