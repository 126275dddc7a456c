"""aarch64 relocations as holes, for ELF, Mach-O and COFF objects (flags: generator/targets.py).

Every symbol a stencil loads is reached through a GOT slot in the stencil's data (ADRP + LDR, the
slot holding the value or address), so a hole reaches any address; branches are PC-relative
(BL/B reach ±128 MB: the runtime gives a far call a trampoline, see runtime/jit/jit_patch.c).
Each object format is one table of its type names; one translator serves them all.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from generator import a64_fields
from generator.errors import ToolchainError
from generator.object_model import Relocation
from generator.relocations import Blob, StencilBuilder
from generator.stencil_model import Hole, HoleValue, PatchKind

_B = 0x14000000  # `b` with a zero offset: what a trailing jump to _JIT_CONTINUE is before patching
_B_MASK = 0xFC000000
# Mach-O's and COFF's low-12-bits relocations leave the scaling to the instruction (an add, or a
# load/store of 1 to 16 bytes): this stands for "read it from the instruction".
LO12_BY_INSTRUCTION = None
_LO12_KINDS = (
    PatchKind.A64_LO12,
    PatchKind.A64_LO12_S1,
    PatchKind.A64_LO12_S2,
    PatchKind.A64_LO12_S3,
    PatchKind.A64_LO12_S4,
)


@dataclass(frozen=True)
class AArch64:
    """The TargetBackend for one aarch64 object format: its relocation types by the patch they
    need, against the symbol itself (direct) or against its GOT slot (got)."""

    direct: Mapping[str, PatchKind | None]
    got: Mapping[str, PatchKind | None]

    def _kind(
        self, builder: StencilBuilder, blob: Blob, offset: int, rel: Relocation
    ) -> PatchKind | None:
        table = self.got if rel.type_name in self.got else self.direct
        kind = table[rel.type_name]
        if kind is not LO12_BY_INSTRUCTION:
            return kind
        word = int.from_bytes(blob.bytes[offset : offset + 4], "little")
        scale = a64_fields.lo12_scale(word)
        if scale is None:
            raise ToolchainError(
                f"{builder.uop}: {rel.type_name} against {rel.symbol.name} patches "
                f"{word:#010x}, neither an add nor a load/store"
            )
        return _LO12_KINDS[scale]

    def translate(self, builder: StencilBuilder, blob: Blob, offset: int, rel: Relocation) -> None:
        target = builder.target(rel)
        known = rel.type_name in self.got or rel.type_name in self.direct
        kind = self._kind(builder, blob, offset, rel) if known else None
        if kind is None or (kind is PatchKind.ABS64 and (blob is builder.code or rel.indirect)):
            raise ToolchainError(
                f"{builder.uop}: unsupported relocation {rel.type_name} against {rel.symbol.name}"
            )
        if rel.type_name in self.got or rel.indirect:
            slot = builder.got_slot(target)
            blob.holes.append(Hole(offset, kind, HoleValue.DATA, None, slot + rel.addend))
            return
        blob.holes.append(
            Hole(offset, kind, target.value, target.symbol, target.offset + rel.addend)
        )

    def drop_trailing_jump(self, builder: StencilBuilder) -> bool:
        code = builder.code
        end = len(code.bytes)
        if not code.holes or end < 4:
            return False
        last = max(code.holes, key=lambda h: h.offset)
        word = int.from_bytes(code.bytes[end - 4 :], "little")
        if not (
            last.offset == end - 4
            and word & _B_MASK == _B
            and last.kind is PatchKind.A64_BRANCH26
            and last.value is HoleValue.CONTINUE
            and last.addend == 0
        ):
            return False
        del code.bytes[end - 4 :]
        code.holes.remove(last)
        return True

    def invert_exit_branch(self, builder: StencilBuilder, disassembly: tuple[str, ...]) -> bool:
        """Not done on aarch64: a conditional branch reaches ±1 MB, a trace's stubs and
        trampolines may lie further."""
        return False


# -fpic: values and data through GOT slots (ADR_GOT_PAGE + LD64_GOT_LO12_NC).
ELF = AArch64(
    direct={
        "R_AARCH64_ABS64": PatchKind.ABS64,
        "R_AARCH64_ADR_PREL_PG_HI21": PatchKind.A64_PAGE21,
        "R_AARCH64_ADD_ABS_LO12_NC": PatchKind.A64_LO12,
        "R_AARCH64_LDST8_ABS_LO12_NC": PatchKind.A64_LO12,
        "R_AARCH64_LDST16_ABS_LO12_NC": PatchKind.A64_LO12_S1,
        "R_AARCH64_LDST32_ABS_LO12_NC": PatchKind.A64_LO12_S2,
        "R_AARCH64_LDST64_ABS_LO12_NC": PatchKind.A64_LO12_S3,
        "R_AARCH64_LDST128_ABS_LO12_NC": PatchKind.A64_LO12_S4,
        "R_AARCH64_CALL26": PatchKind.A64_BRANCH26,
        "R_AARCH64_JUMP26": PatchKind.A64_BRANCH26,
        "R_AARCH64_CONDBR19": PatchKind.A64_BRANCH19,
        "R_AARCH64_TSTBR14": PatchKind.A64_BRANCH14,
    },
    got={
        "R_AARCH64_ADR_GOT_PAGE": PatchKind.A64_PAGE21,
        "R_AARCH64_LD64_GOT_LO12_NC": PatchKind.A64_LO12_S3,
    },
)
# Position independent, as Darwin always is: extern symbols through GOT_LOAD pairs.
MACHO = AArch64(
    direct={
        "ARM64_RELOC_UNSIGNED": PatchKind.ABS64,
        "ARM64_RELOC_BRANCH26": PatchKind.A64_BRANCH26,
        "ARM64_RELOC_PAGE21": PatchKind.A64_PAGE21,
        "ARM64_RELOC_PAGEOFF12": LO12_BY_INSTRUCTION,
    },
    got={
        "ARM64_RELOC_GOT_LOAD_PAGE21": PatchKind.A64_PAGE21,
        "ARM64_RELOC_GOT_LOAD_PAGEOFF12": PatchKind.A64_LO12_S3,
    },
)
# Symbols declared dllimport (the value holes, stencil_src/jit_env.h) are loaded from their
# `__imp_` slot (indirect relocations, coff_reader.py); everything else is direct.
COFF = AArch64(
    direct={
        "IMAGE_REL_ARM64_ADDR64": PatchKind.ABS64,
        "IMAGE_REL_ARM64_BRANCH26": PatchKind.A64_BRANCH26,
        "IMAGE_REL_ARM64_BRANCH19": PatchKind.A64_BRANCH19,
        "IMAGE_REL_ARM64_BRANCH14": PatchKind.A64_BRANCH14,
        "IMAGE_REL_ARM64_PAGEBASE_REL21": PatchKind.A64_PAGE21,
        "IMAGE_REL_ARM64_PAGEOFFSET_12A": PatchKind.A64_LO12,
        "IMAGE_REL_ARM64_PAGEOFFSET_12L": LO12_BY_INSTRUCTION,
    },
    got={},
)
