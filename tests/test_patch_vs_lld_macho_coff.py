"""The proof for Mach-O and COFF: runtime/jit/jit_patch.c patches every real stencil of the Darwin
and Windows targets as lld's Mach-O flavour (ld64.lld) and COFF flavour (lld-link) link its object.

As tests/test_patch_vs_lld.py does for ELF: every stencil is compiled in a temporary directory,
patched by tests/patch_check.c (on this machine, whatever the target) and linked alone by lld at
the same addresses, with the same values for the holes, and the bytes are compared: all the code,
all the data. What differs from the ELF oracle, and why:

- Neither flavour takes a linker script, so the harness is told where each lays the sections out
  (QK_CHECK_DATA_DELTA). ld64.lld: -pagezero_size puts __TEXT (the headers alone: the stencil's
  __text is renamed into a segment of its own) a fixed distance below the code; __DATA_CONST, which
  holds the GOT, follows __TEXT and the code segment follows it, so the data is one page (4 KB on
  x86_64, 16 KB on arm64) below the code. lld-link: /align:0x10000 puts .text 64 KB above /base
  and .rdata 64 KB above .text.
- Values and helpers are absolute symbols of a small assembled object (Mach-O and COFF linkers
  have no --defsym).
- The GOT. ld64.lld builds its own; a symbol it finds only GOT_LOAD references to is relaxed out
  of it (movq to leaq, adrp/ldr to adrp/add) where the JIT keeps a slot, since a hole's value is
  anywhere. So the small object also points at every symbol the stencil has a slot for through a
  reference a linker cannot relax (X86_64_RELOC_GOT, ARM64_RELOC_POINTER_TO_GOT), in the stencil's
  slot order: lld's GOT is then the stencil's, at the same address, and is compared byte for byte.
  arm64 objects also carry linker optimization hints, which ld64.lld applies (adrp+ldr becoming
  nop+ldr literal) and the JIT does not: -ignore_optimization_hints.
- COFF has no GOT: an `__imp_NAME` symbol is the import slot of a DLL's NAME. The small object
  defines each as a slot in .rdata, in the stencil's slot order, holding NAME; lld-link writes the
  slot (IMAGE_REL_*_ADDR64) and every reference to it. COFF absolute symbols have 32 bits, so a
  value beyond that (_JIT_OPERAND, 0x1122334455667788 + k) is written into its slot as a number.
  It also defines _fltused, which MSVC-style objects that use floating point name (no relocation
  refers to it) for the C library to define.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import lief
import pytest
from stencil_build import as_extracted, build_stencils, harness, helper_symbols, run

from generator.clang import Clang, find_clang
from generator.object_model import SectionKind
from generator.relocations import build_stencil
from generator.stencil_model import SPECIAL_SYMBOLS, HoleValue
from generator.stencils import BACKENDS, read_object
from generator.targets import find_target

HELPER_BASE = 0x14000000  # within an arm64 call's reach of every stencil: calls are direct
SLOT_NAMES = {value: name for name, value in SPECIAL_SYMBOLS.items()}


@dataclass(frozen=True)
class Flavour:
    """How one target's objects are linked at fixed addresses."""

    linker: str  # ld64.lld or lld-link
    arch: str  # -arch (Mach-O) or /machine: (COFF)
    data_delta: int  # data address - code address in the linked image
    jump_to_self: str  # a kept trailing jump to _JIT_CONTINUE, linked
    force_got: str = ""  # Mach-O: a reference that puts {symbol} in the GOT for good
    flags: tuple[str, ...] = ()


FLAVOURS = {
    "x86_64-darwin": Flavour("ld64.lld", "x86_64", -0x1000, "e9fbffffff", ".long {}@GOTPCREL"),
    "aarch64-darwin": Flavour(
        "ld64.lld",
        "arm64",
        -0x4000,
        "00000014",
        ".long {}@GOT - .",
        ("-ignore_optimization_hints",),
    ),
    "x86_64-windows": Flavour("lld-link", "x64", 0x10000, "e9fbffffff"),
    "aarch64-windows": Flavour("lld-link", "arm64", 0x10000, "00000014"),
}


@pytest.fixture(scope="module", params=FLAVOURS)
def built(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Any]:
    target: str = request.param
    clang = find_clang()
    out = tmp_path_factory.mktemp(target)
    _, objects, shim = build_stencils(clang, out, target)
    names = helper_symbols([*objects, shim], target)
    near = {sym: HELPER_BASE + i * 0x100 for i, sym in enumerate(names)}
    flavour = FLAVOURS[target]
    return {
        "target": target,
        "clang": clang,
        "objects": [*objects, shim],
        "patched": harness(clang, out, target, near, "patch_check", flavour.data_delta),
    }


def slot_symbols(target: str, obj: Path) -> list[str]:
    """The symbol of each GOT slot of the stencil, in the order of its slots."""
    found = find_target(target)
    model = read_object(obj, obj.stem, found)
    stencil = build_stencil(obj.stem, model, BACKENDS[(found.arch, found.object_format)], ())
    return [
        hole.symbol if hole.value is HoleValue.SYMBOL else SLOT_NAMES[hole.value]
        for hole in stencil.data_holes
        if hole.symbol is not None or hole.value in SLOT_NAMES
    ]


def addresses(entry: dict[str, Any], undefined: set[str]) -> dict[str, int]:
    """What the harness patched each of the object's undefined symbols with."""
    known = {**entry["values"], **entry["symbols"]}
    missing = undefined - known.keys()
    assert not missing, f"harness gave no address for {missing}"
    return {name: known[name] for name in sorted(undefined)}


def assemble(clang: Clang, target: str, source: Path, obj: Path) -> None:
    run([clang.path, f"--target={find_target(target).triple}", "-c", str(source), "-o", str(obj)])


def link_macho(
    clang: Clang, flavour: Flavour, obj: Path, entry: dict[str, Any], work: Path
) -> tuple[int, bytes, int, bytes]:
    """Links one Mach-O stencil object alone; returns (code address, code, GOT address, GOT)."""
    model = read_object(obj, obj.stem, find_target(entry["target"]))
    undefined = {r.symbol.name for r in model.relocations if r.symbol.section is None}
    lines = [f".globl _{n}\n_{n} = {v:#x}" for n, v in addresses(entry, undefined).items()]
    # Relocation records are emitted last line first, and ld64.lld numbers GOT entries in the
    # order it meets them: the first object's records first.
    lines.append(".section __DATA_HELPER,__force")
    lines += [flavour.force_got.format(f"_{n}") for n in reversed(entry["slots"])]
    helper = work / f"{obj.stem}.helper.o"
    source = helper.with_suffix(".s")
    source.write_text("\n".join(lines) + "\n")
    assemble(clang, entry["target"], source, helper)
    page = -flavour.data_delta
    # __TEXT (the headers) from the end of __PAGEZERO, then __DATA_CONST (the GOT, if any), then
    # the code.
    pagezero = entry["code_addr"] - (2 if entry["slots"] else 1) * page
    image = work / f"{obj.stem}.macho"
    run(
        [
            clang.tool("ld64.lld"),
            "-arch",
            flavour.arch,
            "-platform_version",
            "macos",
            "11.0",
            "11.0",
            "-execute",
            "-e",
            "__JIT_ENTRY",
            "-pagezero_size",
            f"{pagezero:#x}",
            "-rename_section",
            "__TEXT",
            "__text",
            "__STENCIL",
            "__text",
            *flavour.flags,
            "-o",
            str(image),
            str(helper),
            str(obj),
        ]
    )
    fat = lief.MachO.parse(str(image))
    assert fat is not None
    linked = fat.at(0)
    text = linked.get_section("__STENCIL", "__text")
    got = linked.get_section("__DATA_CONST", "__got")
    return (
        text.virtual_address,
        bytes(text.content),
        got.virtual_address if got is not None else entry["data_addr"],
        bytes(got.content) if got is not None else b"",
    )


def link_coff(
    clang: Clang, flavour: Flavour, obj: Path, entry: dict[str, Any], work: Path
) -> tuple[int, bytes, int, bytes]:
    """Links one COFF stencil object alone; returns (code address, code, data address, data)."""
    model = read_object(obj, obj.stem, find_target(entry["target"]))
    undefined = {r.symbol.name for r in model.relocations if r.symbol.section is None}
    values = addresses(entry, undefined)
    lines = [f".globl {n}\n.set {n}, {v:#x}" for n, v in values.items() if v < 1 << 32]
    lines.append(".globl _fltused\n.set _fltused, 0")  # what the C library defines
    lines += ['.section .rdata,"dr"', ".p2align 3"]
    for name in entry["slots"]:
        value = values[name]
        lines.append(f".globl __imp_{name}\n__imp_{name}:")
        lines.append(f".quad {name}" if value < 1 << 32 else f".quad {value:#x}")
    helper = work / f"{obj.stem}.helper.o"
    source = helper.with_suffix(".s")
    source.write_text("\n".join(lines) + "\n")
    assemble(clang, entry["target"], source, helper)
    image = work / f"{obj.stem}.exe"
    run(
        [
            clang.tool("lld-link"),
            "/nologo",
            f"/machine:{flavour.arch}",
            "/subsystem:console",
            "/entry:_JIT_ENTRY",
            "/nodefaultlib",
            f"/base:{entry['code_addr'] - flavour.data_delta:#x}",
            f"/align:{flavour.data_delta:#x}",
            f"/out:{image}",
            str(helper),
            str(obj),
        ]
    )
    linked = lief.PE.parse(str(image))
    assert linked is not None
    base = linked.optional_header.imagebase
    text, rdata = linked.get_section(".text"), linked.get_section(".rdata")
    return (
        base + text.virtual_address,
        bytes(text.content),
        base + rdata.virtual_address if rdata is not None else entry["data_addr"],
        bytes(rdata.content) if rdata is not None else b"",
    )


def test_every_stencil_patches_like_lld(built: dict[str, Any], tmp_path: Path) -> None:
    target = built["target"]
    flavour = FLAVOURS[target]
    link = link_macho if flavour.linker == "ld64.lld" else link_coff
    jump = bytes.fromhex(flavour.jump_to_self)
    mismatches = []
    slots = 0
    ways: list[str] = []
    for obj in built["objects"]:
        name = obj.stem
        entry = {**built["patched"][name], "target": target, "slots": slot_symbols(target, obj)}
        assert entry["status"] == 0, name
        assert entry["trampolines"] == "", name  # every helper is near
        model = read_object(obj, name, find_target(target))
        loaded = [s for s in model.sections if s.kind is not SectionKind.OTHER and s.size > 0]
        # One code section and no data of its own (so the linked data is the GOT alone).
        assert [s.kind for s in loaded] == [SectionKind.CODE], f"{name}: {loaded}"
        code, data = bytes.fromhex(entry["code"]), bytes.fromhex(entry["data"])
        code_addr, lld_code, data_addr, lld_data = link(
            built["clang"], flavour, obj, entry, tmp_path
        )
        assert (code_addr, data_addr) == (entry["code_addr"], entry["data_addr"]), name
        lld_code = lld_code[: loaded[0].size]  # the section is padded to its alignment
        lld_code, way = as_extracted(lld_code, code, jump)
        ways.append(way)
        if lld_code != code:
            mismatches.append(f"{name} code:\n  lld  {lld_code.hex()}\n  ours {code.hex()}")
        if lld_data[: len(data)] != data:
            mismatches.append(f"{name} data:\n  lld  {lld_data.hex()}\n  ours {data.hex()}")
        slots += len(entry["slots"])
    assert not mismatches, "\n".join(mismatches[:20])
    assert "dropped" in ways and slots > 0
    assert ("inverted" in ways) == target.startswith("x86_64")
