"""Lays out instructions: resolves jump labels, computes the line table and the stack depth."""

from __future__ import annotations

from dataclasses import dataclass

from . import opcodes
from .codeobject import ExceptionEntry
from .errors import CompileError
from .instrs import EMITTABLE, TERMINAL, Arg, arg_kind, jumps, popped, stack_effect

MAX_OPARG = (1 << 24) - 1


class Label:
    """A position in the instruction list, bound once; jumps name it before or after binding."""

    def __init__(self) -> None:
        self.index: int | None = None


class Handler:
    """An exception handler: where an exception raised by a covered instruction goes, and the
    value-stack depth the runtime cuts to before pushing the exception."""

    def __init__(self, label: Label, depth: int) -> None:
        self.label = label
        self.depth = depth


@dataclass
class Instr:
    name: str
    oparg: int | Label
    line: int
    handler: Handler | None
    carets: tuple[int, int]  # carets.py: (span, anchors)


@dataclass
class Assembled:
    code: list[int]
    lines: list[int]
    carets: list[tuple[int, int]]
    stacksize: int
    exceptions: list[ExceptionEntry]


class Assembler:
    def __init__(self) -> None:
        self.instrs: list[Instr] = []

    def emit(
        self,
        name: str,
        oparg: int | Label,
        line: int,
        handler: Handler | None,
        carets: tuple[int, int],
    ) -> None:
        assert name in EMITTABLE, name
        self.instrs.append(Instr(name, oparg, line, handler, carets))

    def bind(self, label: Label) -> None:
        assert label.index is None, "label bound twice"
        label.index = len(self.instrs)

    def assemble(self) -> Assembled:
        offsets = [0]
        for instr in self.instrs:
            offsets.append(offsets[-1] + opcodes.size(instr.name))
        code: list[int] = []
        lines: list[int] = []
        carets: list[tuple[int, int]] = []
        for i, instr in enumerate(self.instrs):
            oparg = self._resolve(i, instr, offsets)
            if oparg > MAX_OPARG:
                raise CompileError("unsupported", "code object too large", instr.line, 1)
            code.append(opcodes.OPCODES[instr.name] | oparg << 8)
            code.extend([0] * opcodes.CACHE_SIZE.get(instr.name, 0))
            lines.extend([instr.line] * opcodes.size(instr.name))
            carets.extend([instr.carets] * opcodes.size(instr.name))
        return Assembled(code, lines, carets, self._max_depth(), self._exception_table(offsets))

    def _exception_table(self, offsets: list[int]) -> list[ExceptionEntry]:
        """One entry per run of consecutive instructions with the same handler: entries never
        overlap, so the runtime's lookup is a search for the one containing the offset."""
        entries: list[ExceptionEntry] = []
        run_start = 0
        for i, instr in enumerate(self.instrs):
            handler = instr.handler
            if handler is None:
                continue
            last = i + 1 == len(self.instrs) or self.instrs[i + 1].handler is not handler
            if i == 0 or self.instrs[i - 1].handler is not handler:
                run_start = i
            if last:
                target = offsets[self._handler_target(handler)]
                entries.append(
                    ExceptionEntry(offsets[run_start], offsets[i + 1], target, handler.depth)
                )
        return entries

    def _resolve(self, i: int, instr: Instr, offsets: list[int]) -> int:
        """The oparg of instruction `i`: jumps count units from the end of the instruction."""
        if not isinstance(instr.oparg, Label):
            return instr.oparg
        target = instr.oparg.index
        assert target is not None, f"unbound label in {instr.name}"
        end = offsets[i + 1]
        if arg_kind(instr.name) is Arg.JUMP_BACKWARD:
            delta = end - offsets[target]
        else:
            delta = offsets[target] - end
        assert delta >= 0, f"{instr.name} at {i} jumps the wrong way"
        return delta

    def _target(self, instr: Instr) -> int:
        assert isinstance(instr.oparg, Label) and instr.oparg.index is not None
        return instr.oparg.index

    def _handler_target(self, handler: Handler) -> int:
        assert handler.label.index is not None, "unbound handler label"
        return handler.label.index

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
            oparg = instr.oparg if isinstance(instr.oparg, int) else 0
            assert popped(instr.name, oparg) <= depth, f"{instr.name} {oparg} at depth {depth}"
            if instr.handler is not None:
                assert depth >= instr.handler.depth, f"below its handler's depth at {index}"
                reach(self._handler_target(instr.handler), instr.handler.depth + 1)
            if jumps(instr.name):
                reach(self._target(instr), depth + stack_effect(instr.name, oparg, jump=True))
            after = depth + stack_effect(instr.name, oparg, jump=False)
            highest = max(highest, depth, after)
            if instr.name not in TERMINAL:
                reach(index + 1, after)
        return highest
