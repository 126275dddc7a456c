"""The target-neutral model of a relocatable object: sections, symbols and relocations.

Each object format has its reader (elf_reader.py, macho_reader.py, coff_reader.py) and only the
reader touches its parsing library; the rest of the extractor reasons about this plain data.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class SectionKind(enum.Enum):
    """What a section becomes in a stencil."""

    CODE = "code"  # allocated, executable
    DATA = "data"  # allocated, read-only
    WRITABLE = "writable"  # allocated and writable: never allowed in a stencil
    OTHER = "other"  # not loaded at run time (symbols, notes, comments, unwind and debug info)


@dataclass(frozen=True)
class Section:
    index: int  # the format's own numbering (ELF: from 0; Mach-O and COFF: from 1)
    name: str
    kind: SectionKind
    align: int
    size: int
    data: bytes  # empty for sections without contents (.bss, zerofill)


@dataclass(frozen=True)
class Symbol:
    name: str  # for a section symbol, the section's name; Mach-O's leading underscore removed
    section: int | None  # index of the defining section; None when undefined or absolute
    value: int  # offset in its section
    is_section: bool


@dataclass(frozen=True)
class Relocation:
    section: int  # index of the section the relocation patches
    offset: int  # in that section
    type_name: str  # the format's name, as llvm-objdump prints it: R_X86_64_PLT32,
    # X86_64_RELOC_GOT_LOAD, IMAGE_REL_ARM64_PAGEBASE_REL21...
    symbol: Symbol
    # Added to the symbol's address, as ELF's RELA addend is: a PC-relative field holds
    # symbol + addend - (the field's address). Mach-O and COFF keep part or all of it in the
    # patched bytes: their readers decode it into this number.
    addend: int
    # The relocation refers to the address of a slot holding the symbol's address (COFF's
    # `__imp_` import slots), not to the symbol: the stencil gets a GOT slot for it.
    indirect: bool = False


@dataclass(frozen=True)
class ObjectFile:
    arch: str  # x86_64 or aarch64
    sections: tuple[Section, ...]
    relocations: tuple[Relocation, ...]

    def section(self, index: int) -> Section:
        return next(s for s in self.sections if s.index == index)


def name_text(name: str | bytes) -> str:
    """A name as an object file holds it (lief gives str or, where not UTF-8, bytes)."""
    return name if isinstance(name, str) else name.decode("utf-8", "backslashreplace")
