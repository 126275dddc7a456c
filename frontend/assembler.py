"""Lays out instructions: resolves jump labels, computes the line table and the stack depth."""

from __future__ import annotations

from dataclasses import dataclass

from . import opcodes
from .errors import CompileError
from .instrs import INSTRUCTIONS, Arg, stack_effect

MAX_OPARG = (1 << 24) - 1


class Label:
    """A position in the instruction list, bound once; jumps name it before or after binding."""

    def __init__(self) -> None:
        self.index: int | None = None


@dataclass
class Instr:
    name: str
    oparg: int | Label
    line: int


@dataclass
class Assembled:
    code: list[int]
    lines: list[int]
    stacksize: int


class Assembler:
    def __init__(self) -> None:
        self.instrs: list[Instr] = []

    def emit(self, name: str, oparg: int | Label, line: int) -> None:
        assert name in INSTRUCTIONS, name
        self.instrs.append(Instr(name, oparg, line))

    def bind(self, label: Label) -> None:
        assert label.index is None, "label bound twice"
        label.index = len(self.instrs)

    def assemble(self) -> Assembled:
        offsets = [0]
        for instr in self.instrs:
            offsets.append(offsets[-1] + opcodes.size(instr.name))
        code: list[int] = []
        lines: list[int] = []
        for i, instr in enumerate(self.instrs):
            oparg = self._resolve(i, instr, offsets)
            if oparg > MAX_OPARG:
                raise CompileError("unsupported", "code object too large", instr.line, 1)
            code.append(opcodes.OPCODES[instr.name] | oparg << 8)
            code.extend([0] * opcodes.CACHE_SIZE.get(instr.name, 0))
            lines.extend([instr.line] * opcodes.size(instr.name))
        return Assembled(code, lines, self._max_depth())

    def _resolve(self, i: int, instr: Instr, offsets: list[int]) -> int:
        """The oparg of instruction `i`: jumps count units from the end of the instruction."""
        if not isinstance(instr.oparg, Label):
            return instr.oparg
        target = instr.oparg.index
        assert target is not None, f"unbound label in {instr.name}"
        end = offsets[i + 1]
        if INSTRUCTIONS[instr.name].arg is Arg.JUMP_BACKWARD:
            delta = end - offsets[target]
        else:
            delta = offsets[target] - end
        assert delta >= 0, f"{instr.name} at {i} jumps the wrong way"
        return delta

    def _target(self, instr: Instr) -> int:
        assert isinstance(instr.oparg, Label) and instr.oparg.index is not None
        return instr.oparg.index

    def _max_depth(self) -> int:
        """Walks every path from the entry; the depth at each instruction must agree on all paths
        (a disagreement is a compiler bug, caught here rather than at run time)."""
        depth_at: dict[int, int] = {0: 0} if self.instrs else {}
        work = list(depth_at)
        highest = 0

        def reach(index: int, depth: int) -> None:
            assert index < len(self.instrs), "control falls off the end of the code"
            assert depth >= 0, f"stack underflow at instruction {index}"
            if index in depth_at:
                assert depth_at[index] == depth, f"stack depth disagrees at instruction {index}"
                return
            depth_at[index] = depth
            work.append(index)

        while work:
            index = work.pop()
            instr = self.instrs[index]
            depth = depth_at[index]
            info = INSTRUCTIONS[instr.name]
            oparg = instr.oparg if isinstance(instr.oparg, int) else 0
            if instr.name == "COPY":
                assert 1 <= oparg <= depth, f"COPY {oparg} at depth {depth}"
            if info.jump_effect is not None:
                reach(self._target(instr), depth + stack_effect(instr.name, oparg, jump=True))
            after = depth + stack_effect(instr.name, oparg, jump=False)
            highest = max(highest, depth, after)
            if not info.terminal:
                reach(index + 1, after)
        return highest
