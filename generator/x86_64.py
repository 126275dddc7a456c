"""x86_64 ELF relocations as holes, for objects built with -fno-pic -mcmodel=medium (clang.py)."""

from __future__ import annotations

from generator.elf_reader import Relocation
from generator.errors import ToolchainError
from generator.relocations import Blob, StencilBuilder
from generator.stencil_model import Hole, HoleValue, PatchKind

_JMP_REL32 = 0xE9
_GOT_RELAXABLE = {"R_X86_64_GOTPCRELX", "R_X86_64_REX_GOTPCRELX"}
_GOT_INDIRECT = _GOT_RELAXABLE | {"R_X86_64_GOTPCREL"}


def _relaxable(code: bytearray, offset: int, rel: Relocation) -> bool:
    """Whether ld.lld would relax this GOT load to a direct reference (given the range).

    lld relaxes only a full 8-byte slot load (addend -4) by `mov` (8b), `call *` (ff 15) or
    `jmp *` (ff 25); other instruction forms keep the slot, and so do we.
    """
    if rel.type_name not in _GOT_RELAXABLE or rel.addend != -4 or offset < 2:
        return False
    op, modrm = code[offset - 2], code[offset - 1]
    return op == 0x8B or (op == 0xFF and modrm in (0x15, 0x25))


class X86_64:
    """The TargetBackend for x86_64-linux."""

    def translate(self, builder: StencilBuilder, blob: Blob, offset: int, rel: Relocation) -> None:
        target = builder.target(rel)
        if rel.type_name == "R_X86_64_64":
            kind = PatchKind.ABS64
        elif rel.type_name in ("R_X86_64_PC32", "R_X86_64_PLT32"):
            kind = PatchKind.REL32
        elif rel.type_name in _GOT_INDIRECT:
            slot = builder.got_slot(target)
            if _relaxable(blob.bytes, offset, rel):
                blob.holes.append(
                    Hole(offset, PatchKind.GOTPCRELX, target.value, target.symbol, rel.addend, slot)
                )
            else:
                blob.holes.append(
                    Hole(offset, PatchKind.REL32, HoleValue.DATA, None, slot + rel.addend)
                )
            return
        else:
            raise ToolchainError(
                f"{builder.uop}: unsupported relocation {rel.type_name} against {rel.symbol.name}"
            )
        blob.holes.append(
            Hole(offset, kind, target.value, target.symbol, target.offset + rel.addend)
        )

    def drop_trailing_jump(self, builder: StencilBuilder) -> bool:
        code = builder.code
        if not code.holes or len(code.bytes) < 5:
            return False
        last = max(code.holes, key=lambda h: h.offset)
        end = len(code.bytes)
        if not (
            last.offset == end - 4
            and code.bytes[end - 5] == _JMP_REL32
            and last.kind is PatchKind.REL32
            and last.value is HoleValue.CONTINUE
            and last.addend == -4
        ):
            return False
        del code.bytes[end - 5 :]
        code.holes.remove(last)
        return True
