"""The target-neutral model of a stencil: bytes plus the holes the runtime patches.

The enums' numeric values are written into the generated header, so the C patch routine and this
model share one numbering.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

# A stencil compiled for one oparg is named `_UOP.oparg<N>`, one for D values cached in registers
# (D > 0) `_UOP.cache<D>`, one for both `_UOP.oparg<N>.cache<D>`: its object's stem and its name
# in the header. The dot cannot occur in a micro-op's name, so the name parses back.
OPARG_MARK = ".oparg"
CACHE_MARK = ".cache"


def stencil_name(uop: str, oparg: int | None, depth: int | None = None) -> str:
    name = uop if oparg is None else f"{uop}{OPARG_MARK}{oparg}"
    return name if not depth else f"{name}{CACHE_MARK}{depth}"


def parse_stencil_name(name: str) -> tuple[str, int | None, int]:
    """(micro-op, oparg or None, cache depth) from a stencil's name."""
    rest, mark, depth = name.partition(CACHE_MARK)
    uop, mark_oparg, oparg = rest.partition(OPARG_MARK)
    return (
        uop,
        int(oparg) if mark_oparg and oparg.isdigit() else None,
        int(depth) if mark and depth.isdigit() else 0,
    )


class PatchKind(enum.IntEnum):
    """How a hole's bytes are computed from its value (the C names drop the prefix QK_PATCH_)."""

    ABS64 = 0  # 8 bytes: value + addend
    REL32 = 1  # 4 bytes: value + addend - hole address, which must fit in int32
    GOTPCRELX = 2  # x86_64 load/call/jmp through a GOT slot in this stencil's data, relaxable
    # aarch64 (the bits of one instruction; V is value + addend, P the hole's address):
    A64_PAGE21 = 3  # adrp: (page(V) - page(P)) >> 12 in immlo:immhi, within ±4 GB
    A64_LO12 = 4  # add (immediate): V & 0xfff in imm12
    A64_LO12_S1 = 5  # ldr/str of 2 bytes: (V & 0xfff) >> 1 in imm12
    A64_LO12_S2 = 6  # of 4 bytes
    A64_LO12_S3 = 7  # of 8 bytes
    A64_LO12_S4 = 8  # of 16 bytes
    A64_BRANCH26 = 9  # b/bl: (V - P) >> 2 in imm26, ±128 MB; a far call gets a trampoline
    A64_BRANCH19 = 10  # b.cond/cbz/cbnz: (V - P) >> 2 in imm19, ±1 MB
    A64_BRANCH14 = 11  # tbz/tbnz: (V - P) >> 2 in imm14, ±32 KB


class HoleValue(enum.IntEnum):
    """What a hole refers to (the C names drop the prefix QK_HOLE_)."""

    CODE = 0  # this stencil's code
    DATA = 1  # this stencil's data
    CONTINUE = 2  # the next micro-op
    JUMP_TARGET = 3
    ERROR_TARGET = 4
    TOP = 5  # the start of the trace
    OPARG = 6
    OPERAND = 7
    TARGET = 8  # the instruction offset the micro-op exits to
    SYMBOL = 9  # a runtime function or datum, resolved by the ordinary linker


# The hole symbols template.c declares, and what each refers to.
SPECIAL_SYMBOLS = {
    "_JIT_CONTINUE": HoleValue.CONTINUE,
    "_JIT_JUMP_TARGET": HoleValue.JUMP_TARGET,
    "_JIT_ERROR_TARGET": HoleValue.ERROR_TARGET,
    "_JIT_TOP": HoleValue.TOP,
    "_JIT_OPARG": HoleValue.OPARG,
    "_JIT_OPERAND": HoleValue.OPERAND,
    "_JIT_TARGET": HoleValue.TARGET,
}


@dataclass(frozen=True)
class Hole:
    offset: int  # in the stencil's code or data
    kind: PatchKind
    value: HoleValue
    symbol: str | None  # the runtime symbol for SYMBOL holes, else None
    addend: int
    got_offset: int = 0  # GOTPCRELX only: offset of the symbol's GOT slot in the stencil's data

    @property
    def name(self) -> str:
        """A readable name for dumps and the harness: the symbol or the value kind."""
        return self.symbol if self.symbol is not None else self.value.name


@dataclass(frozen=True)
class Stencil:
    name: str  # the micro-op, "_UOP.oparg<N>" (see stencil_name) or "shim"
    code: bytes
    data: bytes
    code_holes: tuple[Hole, ...]
    data_holes: tuple[Hole, ...]
    disassembly: tuple[str, ...]
    dropped_trailing_jump: bool  # the final `jmp _JIT_CONTINUE` was removed
    inverted_exit_branch: bool  # a final `jcc _JIT_CONTINUE; jmp X` became `jncc X`

    @property
    def symbols(self) -> list[str]:
        """The runtime symbols the stencil refers to, sorted."""
        names = {h.symbol for h in self.code_holes + self.data_holes if h.symbol is not None}
        return sorted(names)

    @property
    def uop(self) -> str:
        return parse_stencil_name(self.name)[0]

    @property
    def oparg(self) -> int | None:
        """The oparg compiled in as a constant, or None for the stencil of any oparg."""
        return parse_stencil_name(self.name)[1]

    @property
    def depth(self) -> int:
        """How many stack values are cached in registers when it starts."""
        return parse_stencil_name(self.name)[2]

    @property
    def family(self) -> str:
        """The name of the stencil for any oparg at the same depth."""
        return stencil_name(self.uop, None, self.depth)

    @property
    def ident(self) -> str:
        """The name as part of a C identifier."""
        return self.name.replace(OPARG_MARK, "_oparg").replace(CACHE_MARK, "_cache")
