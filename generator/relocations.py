"""Turns a relocatable object into a stencil: lays out its sections, makes every relocation a hole.

The target-independent part lives here (section layout, what a symbol refers to, GOT slots); each
target module says how its relocation types patch bytes (see x86_64.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from generator.errors import ToolchainError
from generator.object_model import ObjectFile, Relocation, Section, SectionKind
from generator.stencil_model import SPECIAL_SYMBOLS, Hole, HoleValue, PatchKind, Stencil

GOT_SLOT_SIZE = 8
MAX_DATA_ALIGN = 16  # the runtime places data at this alignment (QK_STENCIL_DATA_ALIGN)


@dataclass(frozen=True)
class Target:
    """What a relocation refers to, before the relocation's own addend is applied."""

    value: HoleValue
    symbol: str | None
    offset: int  # into this stencil's code or data for CODE/DATA, else 0


class Blob:
    """The bytes of one stencil part (code or data), built by appending aligned sections."""

    def __init__(self) -> None:
        self.bytes = bytearray()
        self.holes: list[Hole] = []
        self.bases: dict[int, int] = {}  # section index -> offset in the blob

    def append(self, section: Section) -> None:
        self.bytes.extend(b"\0" * (-len(self.bytes) % section.align))
        self.bases[section.index] = len(self.bytes)
        self.bytes.extend(section.data.ljust(section.size, b"\0"))


class StencilBuilder:
    """The state a target's relocation translator works on for one stencil."""

    def __init__(self, uop: str, obj: ObjectFile) -> None:
        self.uop = uop
        self.code = Blob()
        self.data = Blob()
        self._got: dict[Target, int] = {}
        for section in obj.sections:
            if section.kind is SectionKind.WRITABLE and section.size > 0:
                raise ToolchainError(
                    f"{uop}: writable section {section.name} ({section.size} bytes) in stencil; "
                    "stencils must not carry writable data"
                )
            if section.kind is SectionKind.CODE:
                self.code.append(section)
            elif section.kind is SectionKind.DATA:
                if section.align > MAX_DATA_ALIGN:
                    raise ToolchainError(
                        f"{uop}: {section.name} needs {section.align}-byte "
                        f"alignment; stencil data gets {MAX_DATA_ALIGN}"
                    )
                self.data.append(section)
        self._got_base = len(self.data.bytes) + -len(self.data.bytes) % GOT_SLOT_SIZE

    def blob_of(self, section: int) -> Blob | None:
        for blob in (self.code, self.data):
            if section in blob.bases:
                return blob
        return None

    def target(self, rel: Relocation) -> Target:
        sym = rel.symbol
        if sym.section is None:
            if sym.name in SPECIAL_SYMBOLS:
                return Target(SPECIAL_SYMBOLS[sym.name], None, 0)
            return Target(HoleValue.SYMBOL, sym.name, 0)
        if sym.section in self.code.bases:
            return Target(HoleValue.CODE, None, self.code.bases[sym.section] + sym.value)
        if sym.section in self.data.bases:
            return Target(HoleValue.DATA, None, self.data.bases[sym.section] + sym.value)
        raise ToolchainError(f"{self.uop}: relocation against {sym.name}, which is not loaded")

    def got_slot(self, target: Target) -> int:
        """The data offset of the GOT slot holding `target`'s address, one slot per target.

        Slots follow the object's own data, so its layout (and offsets) match a linker's.
        """
        index = self._got.setdefault(target, len(self._got))
        return self._got_base + index * GOT_SLOT_SIZE

    def finish(self, disassembly: tuple[str, ...], dropped: bool, inverted: bool) -> Stencil:
        data = self.data
        if self._got:
            data.bytes.extend(b"\0" * (self._got_base - len(data.bytes)))
        for target in self._got:
            data.holes.append(
                Hole(
                    self.got_slot(target),
                    PatchKind.ABS64,
                    target.value,
                    target.symbol,
                    target.offset,
                )
            )
            data.bytes.extend(b"\0" * GOT_SLOT_SIZE)
        return Stencil(
            name=self.uop,
            code=bytes(self.code.bytes),
            data=bytes(data.bytes),
            code_holes=tuple(sorted(self.code.holes, key=lambda h: h.offset)),
            data_holes=tuple(sorted(data.holes, key=lambda h: h.offset)),
            disassembly=disassembly,
            dropped_trailing_jump=dropped,
            inverted_exit_branch=inverted,
        )


class TargetBackend(Protocol):
    """A target's relocation knowledge."""

    def translate(self, builder: StencilBuilder, blob: Blob, offset: int, rel: Relocation) -> None:
        """Appends to `blob.holes` the hole(s) for `rel`, found at `offset` in the blob."""

    def drop_trailing_jump(self, builder: StencilBuilder) -> bool:
        """Removes a final jump to _JIT_CONTINUE from the code; True when it did."""

    def invert_exit_branch(self, builder: StencilBuilder, disassembly: tuple[str, ...]) -> bool:
        """Makes a final conditional jump to _JIT_CONTINUE followed by a jump elsewhere one
        conditional jump elsewhere, falling through; True when it did."""


def build_stencil(
    uop: str, obj: ObjectFile, backend: TargetBackend, disassembly: tuple[str, ...]
) -> Stencil:
    builder = StencilBuilder(uop, obj)
    for rel in obj.relocations:
        blob = builder.blob_of(rel.section)
        if blob is not None:  # relocations of unloaded sections (notes, debug info) don't matter
            backend.translate(builder, blob, blob.bases[rel.section] + rel.offset, rel)
    dropped = backend.drop_trailing_jump(builder)
    inverted = not dropped and backend.invert_exit_branch(builder, disassembly)
    return builder.finish(disassembly, dropped, inverted)
