"""`#line` directives in generated C: clang reports an error inside a micro-op body at the body's
line in its .uops file, and anything after the body at the generated file's own line.

Emitters put `body_start(...)` before a body's lines and `RESUME` after them; `number(...)` turns
each RESUME into `#line N "FILE"` once the whole file is rendered, when N, the line after it, is
known. Files are named from the repository's root, so no generated file holds an absolute path
and the same sources generate the same bytes wherever the checkout lives.
"""

from __future__ import annotations

import re
from pathlib import Path

from generator.emit_render import c_string

REPO = Path(__file__).resolve().parent.parent
# A line no C author writes: where the generated file's own numbering starts again.
RESUME = "#line QK_RESUME_GENERATED_LINES"
_RESUME_LINE = re.compile(r"([ \t]*)" + re.escape(RESUME) + r"\Z")
_LINE_NUMBER = re.compile(r"^([ \t]*#line) \d+ ", re.MULTILINE)


def source_name(path: Path, outside: Path) -> str:
    """`path` relative to the repository's root when it lies inside it, else to `outside` (a
    file generated into a temporary directory is named the same wherever that is)."""
    resolved = path.resolve()
    base = REPO if resolved.is_relative_to(REPO) else outside.resolve()
    return resolved.relative_to(base).as_posix()


def definition_name(path: str) -> str:
    """A .uops file as the directives name it: outside the repository, as `DIR/FILE.uops`."""
    return source_name(Path(path), Path(path).parent.parent)


def body_start(line: int, path: str) -> str:
    """The directive before a body's first line, which is line `line` of .uops file `path`."""
    return f"#line {line} {c_string(definition_name(path))}"


def number(text: str, name: str) -> str:
    """`text` with every RESUME made a directive naming the generated file `name`."""
    lines = text.split("\n")
    for index, line in enumerate(lines):
        match = _RESUME_LINE.match(line)
        if match is not None:
            # Directive on line index + 1 (1-based): the line after it is index + 2.
            lines[index] = f"{match[1]}#line {index + 2} {c_string(name)}"
    return "\n".join(lines)


def without_numbers(text: str) -> str:
    """`text` with its directives' line numbers left out: what a compiler without debug
    information makes of it does not depend on them."""
    return _LINE_NUMBER.sub(r"\1 ", text)
