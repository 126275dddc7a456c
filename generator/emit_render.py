"""The jinja2 environment every emitter renders with, and how generated files are written."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import jinja2

from generator import provenance

TEMPLATES = Path(__file__).parent / "templates"


def c_string(text: str) -> str:
    """A C string literal (the DSL's symbols are printable ASCII, but be safe)."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + "".join(c if 32 <= ord(c) < 127 else f"\\x{ord(c):02x}" for c in escaped) + '"'


@cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
    )
    env.filters["c_string"] = c_string
    env.filters["py_string"] = json.dumps
    return env


def render(template: str, **context: object) -> str:
    return environment().get_template(template).render(**context)


@cache
def generator_digest() -> str:
    """Templates and generator code, by content: outputs change when the generator does."""
    return provenance.digest(p.read_bytes() for p in provenance.generator_files("generator.cases"))


def write_if_changed(path: Path, text: str) -> bool:
    """Write only new bytes, so an unchanged output keeps its mtime and SCons stays quiet."""
    data = text.encode("utf-8")
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True
