"""Reads a COFF object (x86_64 or arm64 Windows) into the neutral model of object_model.py.

lief parses it. COFF relocations have no addend field: the addend is what the patched bytes hold
(the rel32 or the 64-bit word on x86_64; an arm64 instruction's immediate), decoded here into the
model's ELF-like addend as lld-link applies it. A reference to `__imp_NAME`, the slot a DLL import
is loaded from, becomes an indirect relocation against NAME: the stencil gets a GOT slot for it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import lief  # imported where an object is read: a quarter second ELF builds need not pay

from generator import a64_fields
from generator.errors import ToolchainError
from generator.object_model import (
    ObjectFile,
    Relocation,
    Section,
    SectionKind,
    Symbol,
    name_text,
)

_ARCHES = {"AMD64": "x86_64", "ARM64": "aarch64"}  # by lief's MACHINE_TYPES name
IMPORT_PREFIX = "__imp_"

# Section characteristics (IMAGE_SCN_*).
_CNT_UNINITIALIZED_DATA = 0x80
_LNK_INFO = 0x200
_LNK_REMOVE = 0x800
_MEM_DISCARDABLE = 0x02000000
_MEM_EXECUTE = 0x20000000
_MEM_READ = 0x40000000
_MEM_WRITE = 0x80000000


def _int(data: bytes, offset: int, size: int) -> int:
    return int.from_bytes(data[offset : offset + size], "little", signed=True)


def _word(data: bytes, offset: int) -> int:
    return int.from_bytes(data[offset : offset + 4], "little")


def _rel32(after: int, data: bytes, offset: int) -> int:
    """A rel32 counts from the field's end, and `after` bytes further (REL32_1 .. REL32_5)."""
    return _int(data, offset, 4) - 4 - after


def _lo12_load(data: bytes, offset: int) -> int:
    """PAGEOFFSET_12L: the load's imm12 counts units of its access size."""
    word = _word(data, offset)
    return a64_fields.imm12(word) << (a64_fields.lo12_scale(word) or 0)


# The addend each relocation type keeps in the patched bytes: (data, offset) -> addend.
_ADDENDS: dict[str, Callable[[bytes, int], int]] = {
    "IMAGE_REL_AMD64_ADDR64": lambda d, o: _int(d, o, 8),
    "IMAGE_REL_AMD64_ADDR32": lambda d, o: _int(d, o, 4),
    "IMAGE_REL_AMD64_ADDR32NB": lambda d, o: _int(d, o, 4),
    "IMAGE_REL_AMD64_REL32": partial(_rel32, 0),
    **{f"IMAGE_REL_AMD64_REL32_{n}": partial(_rel32, n) for n in range(1, 6)},
    "IMAGE_REL_ARM64_ADDR64": lambda d, o: _int(d, o, 8),
    "IMAGE_REL_ARM64_ADDR32": lambda d, o: _int(d, o, 4),
    "IMAGE_REL_ARM64_BRANCH26": lambda d, o: a64_fields.branch_offset(_word(d, o), 26),
    "IMAGE_REL_ARM64_BRANCH19": lambda d, o: a64_fields.branch_offset(_word(d, o), 19),
    "IMAGE_REL_ARM64_BRANCH14": lambda d, o: a64_fields.branch_offset(_word(d, o), 14),
    "IMAGE_REL_ARM64_PAGEBASE_REL21": lambda d, o: a64_fields.adr_immediate(_word(d, o)),
    "IMAGE_REL_ARM64_PAGEOFFSET_12A": lambda d, o: a64_fields.imm12(_word(d, o)),
    "IMAGE_REL_ARM64_PAGEOFFSET_12L": _lo12_load,
}


def _kind(characteristics: int) -> SectionKind:
    if characteristics & (_LNK_INFO | _LNK_REMOVE | _MEM_DISCARDABLE):
        return SectionKind.OTHER
    if characteristics & _MEM_EXECUTE:
        return SectionKind.CODE
    if characteristics & _MEM_WRITE:
        return SectionKind.WRITABLE
    if characteristics & _MEM_READ:
        return SectionKind.DATA
    return SectionKind.OTHER


def _align(characteristics: int) -> int:
    """IMAGE_SCN_ALIGN_*: 2**(n-1) bytes; an object's sections default to 16."""
    n = characteristics >> 20 & 0xF
    return 1 << (n - 1) if n else 16


def _section_name(binary: lief.COFF.Binary, section: lief.COFF.Section) -> str:
    """Names longer than 8 bytes are `/OFFSET` into the string table."""
    name = name_text(section.name)
    if name.startswith("/") and name[1:].isdigit():
        found = binary.find_string(int(name[1:]))
        return name if found is None else name_text(found.string)
    return name


def read_object(path: Path, uop: str) -> ObjectFile:
    """Reads one stencil object; `uop` names it in errors."""
    if not path.is_file():
        raise ToolchainError(f"{uop}: cannot read {path.name}: no such file")
    import lief

    lief.logging.disable()
    binary = lief.COFF.parse(str(path))
    if binary is None:
        raise ToolchainError(f"{uop}: {path.name} is not a COFF object")
    arch = _ARCHES.get(binary.header.machine.name)
    if arch is None:
        raise ToolchainError(f"{uop}: unsupported machine {binary.header.machine}")
    sections = []
    for index, sec in enumerate(binary.sections, start=1):
        characteristics = sec.characteristics
        empty = characteristics & _CNT_UNINITIALIZED_DATA
        sections.append(
            Section(
                index,
                _section_name(binary, sec),
                _kind(characteristics),
                _align(characteristics),
                sec.sizeof_raw_data,
                b"" if empty else bytes(sec.content),
            )
        )
    relocations = []
    for section, sec in zip(sections, binary.sections, strict=True):
        for rel in sec.relocations:
            relocations.append(_relocation(uop, section, rel))
    return ObjectFile(arch, tuple(sections), tuple(relocations))


def _relocation(uop: str, section: Section, rel: lief.COFF.Relocation) -> Relocation:
    type_name = f"IMAGE_REL_{rel.type.name}"
    sym = rel.symbol
    if sym is None:
        raise ToolchainError(f"{uop}: {type_name} refers to a missing symbol")
    name = name_text(sym.name)
    indirect = name.startswith(IMPORT_PREFIX)
    defined = sym.section_idx > 0
    symbol = Symbol(
        name.removeprefix(IMPORT_PREFIX),
        sym.section_idx if defined else None,
        sym.value,
        defined and sym.value == 0 and len(list(sym.auxiliary_symbols)) > 0,
    )
    decode = _ADDENDS.get(type_name)
    addend = 0 if decode is None else decode(section.data, rel.address)
    return Relocation(section.index, rel.address, type_name, symbol, addend, indirect)
