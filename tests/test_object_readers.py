"""The Mach-O and COFF readers: addends where each format keeps them, Mach-O's underscore and
section-relative relocations, COFF's import slots; and one located line for what they reject."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from stencil_build import extract_command

from generator.clang import Clang, find_clang, stencil_flags
from generator.object_model import ObjectFile, Relocation
from generator.relocations import build_stencil
from generator.stencil_model import HoleValue, PatchKind
from generator.stencils import BACKENDS, read_object
from generator.targets import find_target

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def clang() -> Clang:
    return find_clang()


def compile_c(clang: Clang, target: str, source: str, out: Path) -> Path:
    src = out.with_suffix(".c")
    src.write_text(source)
    subprocess.run([clang.path, *stencil_flags(target), "-c", str(src), "-o", str(out)], check=True)
    return out


def assemble(clang: Clang, target: str, source: str, out: Path) -> Path:
    src = out.with_suffix(".s")
    src.write_text(source)
    triple = f"--target={find_target(target).triple}"
    subprocess.run([clang.path, triple, "-c", str(src), "-o", str(out)], check=True)
    return out


def relocation(model: ObjectFile, type_name: str, symbol: str) -> Relocation:
    found = [r for r in model.relocations if r.type_name == type_name and r.symbol.name == symbol]
    assert len(found) == 1, model.relocations
    return found[0]


# &table[3]: 24 bytes into read-only data the stencil carries (Windows' long has 32 bits).
TABLE = """
extern void take(const long long *p);
static const long long table[8] = {1, 2, 3, 4, 5, 6, 7, 8};
void f(void);
void f(void) { take(&table[3]); }
"""


def test_macho_arm64_addend_records(clang: Clang, tmp_path: Path) -> None:
    """ARM64_RELOC_ADDEND gives the next relocation its addend; names lose their underscore."""
    target = find_target("aarch64-darwin")
    obj = compile_c(clang, target.name, TABLE, tmp_path / "_T.o")
    model = read_object(obj, "_T", target)
    assert relocation(model, "ARM64_RELOC_PAGE21", "table").addend == 24
    assert relocation(model, "ARM64_RELOC_PAGEOFF12", "table").addend == 24
    assert relocation(model, "ARM64_RELOC_BRANCH26", "take").addend == 0
    stencil = build_stencil("_T", model, BACKENDS[("aarch64", "macho")], ())
    kinds = {(h.kind, h.value, h.addend) for h in stencil.code_holes}
    assert (PatchKind.A64_PAGE21, HoleValue.DATA, 24) in kinds
    assert (PatchKind.A64_LO12, HoleValue.DATA, 24) in kinds  # an add: not scaled
    assert stencil.data[24:32] == (4).to_bytes(8, "little")


def test_macho_x86_64_section_relative(clang: Clang, tmp_path: Path) -> None:
    """A string literal is reached by a section-relative rel32: the model makes it an offset in
    __TEXT,__cstring (minus the 4 bytes rel32 counts from), like ELF's .rodata + addend."""
    source = (
        "extern void say(const char *a, const char *b);\n"
        'void f(void);\nvoid f(void) { say("ab", "cd"); }\n'
    )
    obj = compile_c(clang, "x86_64-darwin", source, tmp_path / "_S.o")
    model = read_object(obj, "_S", find_target("x86_64-darwin"))
    strings = [r for r in model.relocations if r.symbol.name == "__TEXT,__cstring"]
    assert sorted(r.addend for r in strings) == [-4, -1]  # "ab\0" at 0, "cd\0" at 3
    assert all(r.type_name == "X86_64_RELOC_SIGNED" and r.symbol.is_section for r in strings)


def test_coff_addends_are_in_the_instruction(clang: Clang, tmp_path: Path) -> None:
    x86 = read_object(
        compile_c(clang, "x86_64-windows", TABLE, tmp_path / "_X.o"),
        "_X",
        find_target("x86_64-windows"),
    )
    rel = relocation(x86, "IMAGE_REL_AMD64_REL32", "table")
    assert rel.addend == 24 - 4
    arm = read_object(
        compile_c(clang, "aarch64-windows", TABLE, tmp_path / "_A.o"),
        "_A",
        find_target("aarch64-windows"),
    )
    assert relocation(arm, "IMAGE_REL_ARM64_PAGEBASE_REL21", "table").addend == 24
    assert relocation(arm, "IMAGE_REL_ARM64_PAGEOFFSET_12A", "table").addend == 24


def test_coff_imports_are_indirect(clang: Clang, tmp_path: Path) -> None:
    source = (
        "__declspec(dllimport) extern char _JIT_OPARG[];\n"
        "long long f(void);\nlong long f(void) { return (long long)_JIT_OPARG; }\n"
    )
    for target in ("x86_64-windows", "aarch64-windows"):
        found = find_target(target)
        model = read_object(compile_c(clang, target, source, tmp_path / f"{target}.o"), "_I", found)
        assert [(r.symbol.name, r.indirect) for r in model.relocations] == [
            ("_JIT_OPARG", True)
        ] * len(model.relocations)
        stencil = build_stencil("_I", model, BACKENDS[(found.arch, "coff")], ())
        assert [(h.kind, h.value) for h in stencil.data_holes] == [
            (PatchKind.ABS64, HoleValue.OPARG)
        ]


def extract(target: str, shim: Path, out: Path, *objects: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        extract_command(target, shim, out, list(objects)),
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


def assert_one_line_error(result: subprocess.CompletedProcess[str], expected: str) -> None:
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith(f"error: {expected}"), result.stderr


SHIM = "int shim_entry(void);\nint shim_entry(void) { return 0; }\n"
# Per target: a relocation the translator rejects, and the one-line error it gives.
UNSUPPORTED = {
    "x86_64-darwin": (
        ".text\n_a: ret\n.section __TEXT,__const\n_b: .quad _a - _b\n",
        "_R: unsupported relocation X86_64_RELOC_SUBTRACTOR against b",
    ),
    "aarch64-darwin": (
        ".text\nadrp x0, _v@TLVPPAGE\n",
        "_R: unsupported relocation ARM64_RELOC_TLVP_LOAD_PAGE21 against v",
    ),
    "x86_64-windows": (
        ".text\n.secrel32 v\n",
        "_R: unsupported relocation IMAGE_REL_AMD64_SECREL against v",
    ),
    "aarch64-windows": (
        ".text\n.secrel32 v\n",
        "_R: unsupported relocation IMAGE_REL_ARM64_SECREL against v",
    ),
}
WRITABLE = {
    "x86_64-darwin": "__DATA,__data",
    "aarch64-darwin": "__DATA,__data",
    "x86_64-windows": ".data",
    "aarch64-windows": ".data",
}


@pytest.mark.parametrize("target", sorted(UNSUPPORTED))
def test_what_is_not_handled_is_one_line(clang: Clang, tmp_path: Path, target: str) -> None:
    shim = compile_c(clang, target, SHIM, tmp_path / "shim.o")
    source, message = UNSUPPORTED[target]
    obj = assemble(clang, target, source, tmp_path / "_R.o")
    assert_one_line_error(extract(target, shim, tmp_path, obj), message)
    writable = compile_c(
        clang,
        target,
        "static int n = 1;\nint g(void);\nint g(void) { return n++; }\n",
        tmp_path / "_W.o",
    )
    assert_one_line_error(
        extract(target, shim, tmp_path, writable),
        f"_W: writable section {WRITABLE[target]} (4 bytes) in stencil",
    )
    garbage = tmp_path / "_G.o"
    garbage.write_bytes(b"not an object at all")
    result = extract(target, shim, tmp_path, garbage)
    assert_one_line_error(result, "_G: ")
    other = "x86_64-windows" if target.endswith("darwin") else "x86_64-darwin"
    foreign = compile_c(clang, other, SHIM, tmp_path / "_F.o")
    assert_one_line_error(extract(target, shim, tmp_path, foreign), "_F: ")
    assert not (tmp_path / f"quack_stencils-{target}.h").exists()
