"""aarch64 ELF relocations as holes, for objects built with -fpic (generator/targets.py).

Every symbol a stencil loads is reached through a GOT slot in the stencil's data (ADRP + LDR, the
slot holding the value or address), so a hole reaches any address; branches are PC-relative
(BL/B reach ±128 MB: the runtime gives a far call a trampoline, see runtime/jit/jit_patch.c).
"""

from __future__ import annotations

from generator.elf_reader import Relocation
from generator.errors import ToolchainError
from generator.relocations import Blob, StencilBuilder
from generator.stencil_model import Hole, HoleValue, PatchKind

_B = 0x14000000  # `b` with a zero offset: what a trailing jump to _JIT_CONTINUE is before patching
_B_MASK = 0xFC000000

# Relocations against the symbol itself, by the patch they need.
_DIRECT = {
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
}
# Relocations against the symbol's GOT slot: the page of the slot, and the 8-byte load from it.
_GOT = {
    "R_AARCH64_ADR_GOT_PAGE": PatchKind.A64_PAGE21,
    "R_AARCH64_LD64_GOT_LO12_NC": PatchKind.A64_LO12_S3,
}


class AArch64:
    """The TargetBackend for aarch64-linux."""

    def translate(self, builder: StencilBuilder, blob: Blob, offset: int, rel: Relocation) -> None:
        target = builder.target(rel)
        if rel.type_name in _GOT:
            slot = builder.got_slot(target)
            blob.holes.append(
                Hole(offset, _GOT[rel.type_name], HoleValue.DATA, None, slot + rel.addend)
            )
            return
        kind = _DIRECT.get(rel.type_name)
        if kind is None or (kind is PatchKind.ABS64 and blob is builder.code):
            raise ToolchainError(
                f"{builder.uop}: unsupported relocation {rel.type_name} against {rel.symbol.name}"
            )
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
