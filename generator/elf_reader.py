"""Reads a relocatable ELF object into the neutral model of object_model.py.

Only this module touches pyelftools, so the rest of the extractor reasons about plain data.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from elftools.common.exceptions import ELFError
from elftools.elf.constants import SH_FLAGS
from elftools.elf.elffile import ELFFile
from elftools.elf.enums import ENUM_RELOC_TYPE_AARCH64, ENUM_RELOC_TYPE_x64
from elftools.elf.relocation import RelocationSection
from elftools.elf.sections import Section as ElfSection
from elftools.elf.sections import SymbolTableSection

from generator.errors import ToolchainError
from generator.object_model import ObjectFile, Relocation, Section, SectionKind, Symbol


def _names(table: Mapping[str, object], missing: dict[int, str]) -> dict[int, str]:
    names = {v: k for k, v in table.items() if isinstance(v, int)}
    return {**names, **missing}


_ARCHES = {"EM_X86_64": "x86_64", "EM_AARCH64": "aarch64"}
# pyelftools 0.33 lacks some types clang emits: add them from the psABI.
_RELOC_NAMES = {
    "EM_X86_64": _names(
        ENUM_RELOC_TYPE_x64,
        {32: "R_X86_64_SIZE32", 33: "R_X86_64_SIZE64", 41: "R_X86_64_GOTPCRELX"},
    ),
    "EM_AARCH64": _names(ENUM_RELOC_TYPE_AARCH64, {299: "R_AARCH64_LDST128_ABS_LO12_NC"}),
}


def _kind(section: ElfSection) -> SectionKind:
    flags = section["sh_flags"]
    if not flags & SH_FLAGS.SHF_ALLOC:
        return SectionKind.OTHER
    if flags & SH_FLAGS.SHF_WRITE:
        return SectionKind.WRITABLE
    if flags & SH_FLAGS.SHF_EXECINSTR:
        return SectionKind.CODE
    return SectionKind.DATA


def _symbols(elf: ELFFile) -> list[Symbol]:
    table = elf.get_section_by_name(".symtab")
    if not isinstance(table, SymbolTableSection):
        return []
    symbols = []
    for sym in table.iter_symbols():
        shndx = sym["st_shndx"]
        section = shndx if isinstance(shndx, int) else None
        is_section = sym["st_info"]["type"] == "STT_SECTION"
        name = elf.get_section(shndx).name if is_section and section is not None else sym.name
        symbols.append(Symbol(name, section, sym["st_value"], is_section))
    return symbols


def read_object(path: Path, uop: str) -> ObjectFile:
    """Reads one stencil object; `uop` names it in errors."""
    try:
        with path.open("rb") as stream:
            elf = ELFFile(stream)
            machine = elf["e_machine"]
            if elf["e_type"] != "ET_REL":
                raise ToolchainError(f"{uop}: {path.name} is not a relocatable object")
            names = _RELOC_NAMES.get(machine)
            if names is None:
                raise ToolchainError(f"{uop}: unsupported machine {machine}")
            sections = []
            for index, sec in enumerate(elf.iter_sections()):
                nobits = sec["sh_type"] == "SHT_NOBITS"
                sections.append(
                    Section(
                        index,
                        sec.name,
                        _kind(sec),
                        max(sec["sh_addralign"], 1),
                        sec["sh_size"],
                        b"" if nobits else sec.data(),
                    )
                )
            symbols = _symbols(elf)
            relocations = []
            for sec in elf.iter_sections():
                if not isinstance(sec, RelocationSection):
                    continue
                if not sec.is_RELA():
                    raise ToolchainError(f"{uop}: REL relocations in {sec.name} are not supported")
                target = sec["sh_info"]
                for rel in sec.iter_relocations():
                    type_id = rel["r_info_type"]
                    relocations.append(
                        Relocation(
                            target,
                            rel["r_offset"],
                            names.get(type_id, f"#{type_id}"),
                            symbols[rel["r_info_sym"]],
                            rel["r_addend"],
                        )
                    )
    except (ELFError, OSError) as error:
        raise ToolchainError(f"{uop}: cannot read {path.name}: {error}") from None
    return ObjectFile(_ARCHES[machine], tuple(sections), tuple(relocations))
