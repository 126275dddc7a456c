"""The generation a generated file belongs to, checked when C includes it.

Every run of generator.cases is one generation: the digest of the DSL sources and of the
generator's code. quack_generation.h records it; the case files and each target's stencil header
record the generation they were made from and refuse to compile (#error, after a message naming
the other generation) when it is not the one in quack_generation.h. A stencil header kept from
an older generation next to newer cases cannot then build an interpreter whose tiers disagree.
"""

from __future__ import annotations

import re
from pathlib import Path

from generator import provenance
from generator.errors import ToolchainError

HEADER = "quack_generation.h"
_DEFINE = re.compile(r'^#define QK_GENERATION_STR "([0-9a-f]{16})"$', re.MULTILINE)


def generation_header(digest: str) -> str:
    return (
        provenance.header_line("generator.cases", digest)
        + "// The micro-op generation the generated files of this tree come from (the digest of\n"
        "// the DSL sources and the generator): the case files and the stencil headers check it.\n"
        "#ifndef QUACK_GENERATION_H\n"
        "#define QUACK_GENERATION_H\n\n"
        f"#define QK_GENERATION 0x{digest}u\n"
        f'#define QK_GENERATION_STR "{digest}"\n\n'
        "#endif\n"
    )


def generation_check(name: str, digest: str) -> str:
    """C lines for a file `name` of generation `digest`: fail unless quack_generation.h agrees."""
    return (
        f'#include "{HEADER}"\n'
        f"#if QK_GENERATION != 0x{digest}u\n"
        f'#pragma message("{HEADER} is micro-op generation " QK_GENERATION_STR)\n'
        f'#error "{name} is micro-op generation {digest}, not the one in {HEADER}: regenerate '
        f'both (python -m generator check DIR names the stale files)"\n'
        "#endif\n"
    )


def read_generation(include_dir: Path) -> str:
    """The generation recorded in include_dir/quack_generation.h."""
    path = include_dir / HEADER
    try:
        match = _DEFINE.search(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ToolchainError(f"cannot read {path} (generate the cases first): {error}") from None
    if match is None:
        raise ToolchainError(f"{path}: no QK_GENERATION_STR line")
    return match.group(1)
