"""What the stencil header's generator read from each object, kept beside it between builds.

Reading a stencil (its ELF sections and relocations, and its disassembly by llvm-objdump) costs
about 15 ms, over 600 objects 10 s, and the header is written again whenever one object changes:
kept, an edit that recompiles one micro-op's stencils reads just those again. An entry is used
only if the object's bytes and name, the target, the compiler and every generator module and
template are the ones it was read with.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable
from functools import cache
from pathlib import Path

from generator import provenance
from generator.stencil_model import Stencil

SUFFIX = ".stencil"


@cache
def _generator() -> bytes:
    """The extractor's modules and the templates by content (found from its imports)."""
    files = provenance.generator_files("generator.stencils")
    return provenance.digest(f.read_bytes() for f in files).encode()


def read(obj: Path, context: str, extract: Callable[[], Stencil]) -> Stencil:
    """The stencil `extract()` reads from `obj`, from the entry beside `obj` while it matches;
    `context` names what else shapes it (the target and the compiler's version)."""
    key = provenance.digest([_generator(), context.encode(), obj.name.encode(), obj.read_bytes()])
    entry = obj.with_suffix(SUFFIX)
    if entry.exists():
        saved_key, stencil = pickle.loads(entry.read_bytes())
        if saved_key == key and isinstance(stencil, Stencil):
            return stencil
    stencil = extract()
    entry.write_bytes(pickle.dumps((key, stencil)))
    return stencil
