"""Reads a relocatable Mach-O object (x86_64 or arm64) into the neutral model of object_model.py.

lief parses the container: sections, their contents and flags, the symbol table. The relocation
records themselves (8 bytes each, <mach-o/reloc.h>) are decoded here from the table lief locates:
lief 0.17 reports no value for ARM64_RELOC_ADDEND and misplaces section-relative relocations.

Mach-O keeps addends in the patched bytes (x86_64, and arm64's 64-bit pointers) or in an
ARM64_RELOC_ADDEND record before the relocation (arm64 instructions); a section-relative
relocation (r_extern = 0) holds the target's address in the object. All become the model's
ELF-like addend. Symbol names lose the leading underscore C names get (`__JIT_CONTINUE` is
`_JIT_CONTINUE`), and symbol values become offsets in their sections.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import lief  # imported where an object is read: a quarter second ELF builds need not pay

from generator.a64_fields import sign_extend
from generator.errors import ToolchainError
from generator.object_model import (
    ObjectFile,
    Relocation,
    Section,
    SectionKind,
    Symbol,
    name_text,
)

_ARCHES = {"X86_64": "x86_64", "ARM64": "aarch64"}  # by lief's CPU_TYPE name
# r_type's names, by architecture (<mach-o/x86_64/reloc.h>, <mach-o/arm64/reloc.h>).
_TYPES = {
    "x86_64": (
        "UNSIGNED SIGNED BRANCH GOT_LOAD GOT SUBTRACTOR SIGNED_1 SIGNED_2 SIGNED_4 TLV"
    ).split(),
    "aarch64": (
        "UNSIGNED SUBTRACTOR BRANCH26 PAGE21 PAGEOFF12 GOT_LOAD_PAGE21 GOT_LOAD_PAGEOFF12 "
        "POINTER_TO_GOT TLVP_LOAD_PAGE21 TLVP_LOAD_PAGEOFF12 ADDEND"
    ).split(),
}
_PREFIX = {"x86_64": "X86_64_RELOC_", "aarch64": "ARM64_RELOC_"}
_ARM64_ADDEND = 10
_SCATTERED = 0x80000000
_ZEROFILL = {"ZEROFILL", "GB_ZEROFILL"}  # section types, by name


@dataclass(frozen=True)
class _Record:
    """One relocation_info, decoded."""

    address: int  # r_address: the offset in the section
    symbolnum: int  # a symbol's index (r_extern), else a section's ordinal; ADDEND: the addend
    pcrel: bool
    length: int  # log2 of the patched field's size
    extern: bool
    type: int


def _records(raw: bytes, offset: int, count: int) -> list[_Record]:
    records = []
    for address, info in struct.iter_unpack("<II", raw[offset : offset + 8 * count]):
        if address & _SCATTERED:
            raise ValueError("scattered relocation (not used by x86_64 or arm64)")
        records.append(
            _Record(
                address,
                info & 0xFFFFFF,
                bool(info >> 24 & 1),
                info >> 25 & 3,
                bool(info >> 27 & 1),
                info >> 28,
            )
        )
    return records


def _kind(section: lief.MachO.Section) -> SectionKind:
    import lief

    flags = lief.MachO.Section.FLAGS
    if section.flags & (flags.PURE_INSTRUCTIONS | flags.SOME_INSTRUCTIONS):
        return SectionKind.CODE
    loaded = section.segment_name in ("__TEXT", "__DATA")  # not __DWARF, __LD, __LLVM...
    if section.flags & flags.DEBUG_INFO or not loaded:
        return SectionKind.OTHER
    if section.segment_name == "__DATA":  # data, and constants that need relocating at load
        return SectionKind.WRITABLE
    return SectionKind.DATA


def _name(name: str) -> str:
    return name.removeprefix("_")


def _read_field(data: bytes, offset: int, length: int) -> int:
    size = 1 << length
    return int.from_bytes(data[offset : offset + size], "little", signed=True)


def read_object(path: Path, uop: str) -> ObjectFile:
    """Reads one stencil object; `uop` names it in errors."""
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise ToolchainError(f"{uop}: cannot read {path.name}: {error}") from None
    import lief

    lief.logging.disable()
    fat = lief.MachO.parse(str(path))
    if fat is None or fat.size != 1:
        raise ToolchainError(f"{uop}: {path.name} is not a (thin) Mach-O object")
    binary = fat.at(0)
    if binary is None or binary.header.file_type != lief.MachO.Header.FILE_TYPE.OBJECT:
        raise ToolchainError(f"{uop}: {path.name} is not a relocatable object")
    arch = _ARCHES.get(binary.header.cpu_type.name)
    if arch is None:
        raise ToolchainError(f"{uop}: unsupported machine {binary.header.cpu_type}")
    lief_sections = list(binary.sections)
    sections = []
    for ordinal, sec in enumerate(lief_sections, start=1):
        empty = sec.type.name in _ZEROFILL
        sections.append(
            Section(
                ordinal,
                f"{sec.segment_name},{name_text(sec.name)}",
                _kind(sec),
                1 << sec.alignment,
                sec.size,
                b"" if empty else bytes(sec.content),
            )
        )
    symbols = []
    for sym in binary.symbols:
        section = sym.numberof_sections or None
        base = lief_sections[section - 1].virtual_address if section else 0
        symbols.append(Symbol(_name(name_text(sym.name)), section, sym.value - base, False))
    reading = _Reading(uop, arch, sections, lief_sections, symbols)
    relocations = []
    for index, sec in enumerate(lief_sections, start=1):
        try:
            records = _records(raw, sec.relocation_offset, sec.numberof_relocations)
        except (ValueError, struct.error) as error:
            raise ToolchainError(f"{uop}: cannot read {path.name}: {error}") from None
        pending: int | None = None  # an ARM64_RELOC_ADDEND's addend, for the next record
        for record in records:
            if arch == "aarch64" and record.type == _ARM64_ADDEND:
                pending = sign_extend(record.symbolnum, 24)
                continue
            relocations.append(reading.relocation(index, sections[index - 1], record, pending))
            pending = None
    return ObjectFile(arch, tuple(sections), tuple(relocations))


@dataclass(frozen=True)
class _Reading:
    """What turning one record into a Relocation needs to know of its object."""

    uop: str
    arch: str
    sections: list[Section]
    lief_sections: list[lief.MachO.Section]
    symbols: list[Symbol]

    def relocation(
        self, index: int, section: Section, record: _Record, explicit: int | None
    ) -> Relocation:
        names = _TYPES[self.arch]
        type_name = _PREFIX[self.arch] + (
            names[record.type] if record.type < len(names) else f"#{record.type}"
        )
        symbol = self._symbol(record, type_name)
        stored = _read_field(section.data, record.address, record.length)
        if explicit is not None:  # arm64: the instruction holds no addend
            addend = explicit
        elif self.arch == "aarch64":
            addend = stored if record.length == 3 and not record.pcrel else 0
        else:
            # x86_64: the field holds the addend, and a PC-relative one counts from the field's
            # end (lld: S + stored - (P + 4), whatever the SIGNED_n); a section-relative one holds
            # the target's address in the object instead of the section's offset.
            addend = stored - 4 if record.pcrel else stored
        if not record.extern:
            target = self.lief_sections[record.symbolnum - 1].virtual_address
            here = self.lief_sections[index - 1].virtual_address + record.address
            addend = addend + 4 + here - target if record.pcrel else addend - target
        return Relocation(index, record.address, type_name, symbol, addend)

    def _symbol(self, record: _Record, type_name: str) -> Symbol:
        if record.extern:
            if record.symbolnum >= len(self.symbols):
                raise ToolchainError(f"{self.uop}: {type_name} refers to a missing symbol")
            return self.symbols[record.symbolnum]
        if not 1 <= record.symbolnum <= len(self.sections):
            raise ToolchainError(f"{self.uop}: {type_name} refers to a missing section")
        target = self.sections[record.symbolnum - 1]
        return Symbol(target.name, target.index, 0, True)
