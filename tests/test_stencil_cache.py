"""What the stencil header's generator kept of an object is used only while nothing that shaped
it changed."""

from __future__ import annotations

from pathlib import Path

from generator.stencil_cache import SUFFIX, read
from generator.stencil_model import Stencil


def test_entry_is_used_while_object_and_context_match(tmp_path: Path) -> None:
    obj = tmp_path / "_X.cache1.o"
    obj.write_bytes(b"object")
    reads: list[Path] = []

    def extract() -> Stencil:
        reads.append(obj)
        return Stencil("_X.cache1", obj.read_bytes(), b"", (), (), ("nop",), False, False)

    first = read(obj, "x86_64 clang 19", extract)
    assert (tmp_path / f"_X.cache1{SUFFIX}").exists()
    assert read(obj, "x86_64 clang 19", extract) == first
    assert len(reads) == 1
    # Another compiler, then another object: read again, and kept for the next time.
    read(obj, "x86_64 clang 20", extract)
    obj.write_bytes(b"recompiled")
    assert read(obj, "x86_64 clang 20", extract).code == b"recompiled"
    assert read(obj, "x86_64 clang 20", extract).code == b"recompiled"
    assert len(reads) == 3
