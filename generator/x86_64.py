"""x86_64 relocations as holes, for ELF, Mach-O and COFF objects (flags: generator/targets.py).

The three formats name the same few ideas differently: a 64-bit absolute value, a rel32 (jumps,
calls, RIP-relative data), and a rel32 to the symbol's GOT slot, which ELF lets a linker relax to
a direct reference. Each format is one table of type names; one translator serves them all.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from generator.errors import ToolchainError
from generator.object_model import Relocation
from generator.relocations import Blob, StencilBuilder
from generator.stencil_model import Hole, HoleValue, PatchKind

_JMP_REL32 = 0xE9
_JCC_REL32 = 0x0F  # then 0x80 | condition: flipping the condition's low bit negates it
# A jump in llvm-objdump's listing: its address and where it goes.
_JUMP = re.compile(r"^\s*([0-9a-f]+):\s+(j[a-z]+)\s+0x([0-9a-f]+)\b")


def _jumps(disassembly: tuple[str, ...]) -> dict[int, tuple[str, int]]:
    """Every jump instruction of a one-section stencil: address -> (mnemonic, target)."""
    found = (_JUMP.match(line) for line in disassembly)
    return {int(m[1], 16): (m[2], int(m[3], 16)) for m in found if m is not None}


# `test reg, m` and the arithmetic `op reg, m` that have an `op m, imm32` twin (81 /n, f7 /0).
_IMM32_FORMS = frozenset({0x03, 0x0B, 0x13, 0x1B, 0x23, 0x2B, 0x33, 0x3B, 0x85})


@dataclass(frozen=True)
class X86_64:
    """The TargetBackend for one x86_64 object format: its relocation types by meaning."""

    abs64: frozenset[str]
    rel32: frozenset[str]
    got: frozenset[str]  # rel32 to the symbol's GOT slot
    relaxable: frozenset[str]  # of those, the ones a linker may turn into direct references

    def _relaxable(self, code: bytearray, offset: int, rel: Relocation) -> bool:
        """Whether ld.lld would relax this GOT load to a direct reference (given the range).

        lld relaxes only a full 8-byte slot load (addend -4): by `mov` (8b), `call *` (ff 15) or
        `jmp *` (ff 25), and, behind a REX prefix (REX_GOTPCRELX), by `test` (85) or an
        arithmetic `op reg, slot` (03 0b 13 1b 23 2b 33 3b: `cmp rcx, [len@GOTPCREL]`), which
        become `op reg, imm32` in a non-PIC link; other forms keep the slot, and so do we.
        """
        if rel.type_name not in self.relaxable or rel.addend != -4 or offset < 2:
            return False
        op, modrm = code[offset - 2], code[offset - 1]
        if op == 0x8B or (op == 0xFF and modrm in (0x15, 0x25)):
            return True
        return rel.type_name == "R_X86_64_REX_GOTPCRELX" and offset >= 3 and op in _IMM32_FORMS

    def translate(self, builder: StencilBuilder, blob: Blob, offset: int, rel: Relocation) -> None:
        target = builder.target(rel)
        if rel.type_name in self.got or (rel.indirect and rel.type_name in self.rel32):
            slot = builder.got_slot(target)
            if self._relaxable(blob.bytes, offset, rel):
                blob.holes.append(
                    Hole(offset, PatchKind.GOTPCRELX, target.value, target.symbol, rel.addend, slot)
                )
            else:
                blob.holes.append(
                    Hole(offset, PatchKind.REL32, HoleValue.DATA, None, slot + rel.addend)
                )
            return
        if rel.type_name in self.abs64 and not rel.indirect:
            kind = PatchKind.ABS64
        elif rel.type_name in self.rel32:
            kind = PatchKind.REL32
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

    def invert_exit_branch(self, builder: StencilBuilder, disassembly: tuple[str, ...]) -> bool:
        """Turns a final `jcc _JIT_CONTINUE; jmp X` into `jncc X`. Clang ends a stencil so when
        both ways out of its last test leave it (a guard's exit to its stub, and on to the next
        stencil): inverted, the hot path falls through instead of jumping over the exit."""
        code = builder.code
        end = len(code.bytes)
        if len(code.bases) != 1 or end < 11:
            return False
        holes = {h.offset: h for h in code.holes}
        branch, exit_jump = holes.get(end - 9), holes.get(end - 4)
        jumps = _jumps(disassembly)
        if not (
            branch is not None
            and exit_jump is not None
            and code.bytes[end - 11] == _JCC_REL32
            and code.bytes[end - 5] == _JMP_REL32
            and jumps.get(end - 11, ("jmp", 0))[0] != "jmp"
            and jumps.get(end - 5, ("", 0))[0] == "jmp"
            and branch.kind is PatchKind.REL32
            and branch.value is HoleValue.CONTINUE
            and branch.addend == -4
            and exit_jump.kind is PatchKind.REL32
            and exit_jump.addend == -4
        ):
            return False
        # A jump inside the stencil to the final one would land in the next stencil instead.
        relocated = {at for at in jumps if at + 1 in holes or at + 2 in holes}
        if any(target == end - 5 for at, (_, target) in jumps.items() if at not in relocated):
            return False
        code.bytes[end - 10] ^= 1
        del code.bytes[end - 5 :]
        code.holes.remove(branch)
        code.holes.remove(exit_jump)
        code.holes.append(replace(exit_jump, offset=end - 9))
        return True


# -fno-pic -mcmodel=medium: values and data are 64-bit immediates, code rel32, helper calls go
# through GOTPCRELX, which lld relaxes (and so does the patcher) when the helper is near.
ELF = X86_64(
    abs64=frozenset({"R_X86_64_64"}),
    rel32=frozenset({"R_X86_64_PC32", "R_X86_64_PLT32"}),
    got=frozenset({"R_X86_64_GOTPCREL", "R_X86_64_GOTPCRELX", "R_X86_64_REX_GOTPCRELX"}),
    relaxable=frozenset({"R_X86_64_GOTPCRELX", "R_X86_64_REX_GOTPCRELX"}),
)
# Position independent (as Darwin always is) with -fno-plt: every extern symbol, value or helper,
# is loaded or called through its GOT slot. GOT_LOAD is kept through the slot too, as ld64.lld
# does for a symbol that has a GOT entry (it relaxes only symbols no other reference needs there).
MACHO = X86_64(
    abs64=frozenset({"X86_64_RELOC_UNSIGNED"}),
    rel32=frozenset(
        {
            "X86_64_RELOC_BRANCH",
            "X86_64_RELOC_SIGNED",
            "X86_64_RELOC_SIGNED_1",
            "X86_64_RELOC_SIGNED_2",
            "X86_64_RELOC_SIGNED_4",
        }
    ),
    got=frozenset({"X86_64_RELOC_GOT", "X86_64_RELOC_GOT_LOAD"}),
    relaxable=frozenset(),
)
# Everything is rel32; symbols declared dllimport (the value holes, stencil_src/jit_env.h) are
# reached through their `__imp_` slot, which the COFF reader marks indirect.
COFF = X86_64(
    abs64=frozenset({"IMAGE_REL_AMD64_ADDR64"}),
    rel32=frozenset(
        {"IMAGE_REL_AMD64_REL32", *(f"IMAGE_REL_AMD64_REL32_{n}" for n in range(1, 6))}
    ),
    got=frozenset(),
    relaxable=frozenset(),
)
