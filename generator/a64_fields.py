"""The fields of aarch64 instructions that relocations patch, decoded.

COFF keeps a relocation's addend in the instruction itself (coff_reader.py), and a relocation of
the low 12 bits of an address does not say, in Mach-O and COFF, by how much a load or store scales
them: both are read from the instruction word here.
"""

from __future__ import annotations


def sign_extend(value: int, bits: int) -> int:
    """`value`'s low `bits` bits as a two's-complement number."""
    value &= (1 << bits) - 1
    return value - (1 << bits) if value >> (bits - 1) else value


def branch_offset(word: int, width: int) -> int:
    """The byte offset of a b/bl (imm26 at bit 0), b.cond/cbz (imm19 at 5) or tbz (imm14 at 5)."""
    shift = 0 if width == 26 else 5
    return sign_extend(word >> shift, width) * 4


def adr_immediate(word: int) -> int:
    """An adrp's immediate: immlo at bit 29 (2 bits), immhi at bit 5 (19 bits)."""
    return sign_extend((word >> 29) & 3 | ((word >> 5) & 0x7FFFF) << 2, 21)


def imm12(word: int) -> int:
    """The 12-bit unsigned immediate at bit 10 of an add or a load/store."""
    return (word >> 10) & 0xFFF


def is_add_immediate(word: int) -> bool:
    return word & 0x1F800000 == 0x11000000


def is_load_store(word: int) -> bool:
    """A load or store with an unsigned 12-bit offset."""
    return word & 0x3B000000 == 0x39000000


def lo12_scale(word: int) -> int | None:
    """log2 of how much the instruction scales its imm12: 0 for an add, the access size's for a
    load or store (4 for 128-bit vector registers); None for any other instruction."""
    if is_add_immediate(word):
        return 0
    if not is_load_store(word):
        return None
    size = word >> 30
    vector = word >> 26 & 1
    return 4 if vector and size == 0 and word >> 23 & 1 else size
