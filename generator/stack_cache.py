"""Top-of-stack caching in stencils: which micro-ops keep the top values of the stack in registers,
and the C of each of their stencils, one per cache depth.

Along a trace the JIT passes CACHE_REGISTERS values besides the frame, the stack pointer and the
thread (`_tos0` is the deepest): at depth d the top d stack values are in `_tos0` .. `_tos<d-1>`,
not in memory, and `stack_pointer` points above the values that are. A micro-op's stencil for
depth d takes its inputs from the registers first, then from memory; its outputs go to the
registers, the deepest of them to memory when they do not all fit. So `a * b + c` moves no value
through memory, where every stencil used to store its outputs and the next load them back.

Only micro-ops whose every stack item is one value (named, or `unused` where the output is the
unused input at its slot) and that stay in their frame are cached (`cacheable`); before any other
the JIT copies a spill stencil for the depth it is at, and after it the depth is 0. One that
calls what may collect garbage or look at the stack (it syncs `frame->stack_pointer`) stores the
cached values in memory first, keeping them in the registers.
A guard's exit in a cached stencil jumps to its exit stub with the cached values still in their
registers, and the stub's stencil for that depth stores them (`exit_depths` tells the JIT which);
an error exit stores them itself. So exit stubs, the loop's top and other traces always see the
whole stack in memory, and a guard costs its hot code one conditional jump.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator import stack
from generator.emit_body import Spill, Tier, body_lines
from generator.model import Uop

CACHE_REGISTERS = 2
# Tokens of a body that work on the stack in memory, or leave the trace's straight line.
_MEMORY_NAMES = frozenset({"stack_pointer", "QK_GOTO_EXECUTOR"})


def register(slot: int) -> str:
    return f"_tos{slot}"


def cacheable(uop: Uop) -> bool:
    p = uop.properties
    effect = uop.effect
    items = effect.inputs + effect.outputs
    unused_outputs = [j for j, o in enumerate(effect.outputs) if o.is_unused]
    return (
        uop.has_tier2_form
        and not (p.tier2_only or p.pushes_frame or p.pops_frame or p.jumps)
        and all(not i.is_array for i in items)
        and all(j < len(effect.inputs) and effect.inputs[j].is_unused for j in unused_outputs)
        and _peeked_prefix(uop) == len(stack.peeks(effect)) + len(unused_outputs)
        and not any(t.text in _MEMORY_NAMES for t in uop.decl.body.tokens)
    )


def _input_names(uop: Uop) -> list[str]:
    """The C variable of each input: an `unused` one gets `_unused<i>`, i its position."""
    return [
        f"_unused{i}" if item.is_unused else item.name for i, item in enumerate(uop.effect.inputs)
    ]


def _output_names(uop: Uop) -> list[str]:
    """The value of each output: an `unused` one is the unused input at its slot (cacheable)."""
    return [f"_unused{j}" if o.is_unused else o.name for j, o in enumerate(uop.effect.outputs)]


@dataclass(frozen=True)
class Shape:
    """Where a cached stencil for depth `depth` finds its inputs and puts its outputs."""

    depth: int
    popped: int
    pushed: int

    @property
    def from_registers(self) -> int:
        """Inputs in registers: the top ones."""
        return min(self.popped, self.depth)

    @property
    def from_memory(self) -> int:
        return self.popped - self.from_registers

    @property
    def below(self) -> int:
        """Cached values below the inputs, which stay."""
        return self.depth - self.from_registers

    @property
    def spilled(self) -> int:
        """Values (the deepest cached ones, then outputs) that go to memory for want of room."""
        return max(0, self.below + self.pushed - CACHE_REGISTERS)

    @property
    def depth_out(self) -> int:
        return self.below + self.pushed - self.spilled


def shape(uop: Uop, depth: int) -> Shape:
    return Shape(depth, len(uop.effect.inputs), len(uop.effect.outputs))


def depths_out(uop: Uop) -> tuple[int, ...]:
    """The depth after the micro-op, for each depth before it (all 0 if it is not cached)."""
    if not cacheable(uop):
        return (0,) * (CACHE_REGISTERS + 1)
    return tuple(shape(uop, d).depth_out for d in range(CACHE_REGISTERS + 1))


def _store_all(first: int, count: int) -> list[str]:
    """Stores registers first .. first+count-1 on top of the stack in memory."""
    lines = [f"stack_pointer[{i}] = {register(first + i)};" for i in range(count)]
    return lines + ([f"stack_pointer += {count};"] if count else [])


def _peeked_prefix(uop: Uop) -> int:
    """How many inputs, from the deepest, are peeked (the same output at the same place)."""
    inputs, outputs = uop.effect.inputs, uop.effect.outputs
    n = 0
    while n < min(len(inputs), len(outputs)) and inputs[n].name == outputs[n].name:
        n += 1
    return n


def _input_source(s: Shape, i: int) -> str:
    """Where input i (0 = the deepest) is when the stencil starts."""
    if i < s.from_memory:
        return f"stack_pointer[{i - s.from_memory}]"
    return register(s.below + i - s.from_memory)


def _exit_kept(uop: Uop, s: Shape) -> list[str] | None:
    """What a guard's exit leaves in registers on top of the stack, deepest first: every cached
    value; for a branch form (the instruction completed) those below the inputs and the peeked
    inputs. None when such an exit must store in memory: its inputs came partly from there."""
    if not uop.properties.branch_form:
        return [register(i) for i in range(s.depth)]
    if s.from_memory:
        return None
    return [register(i) for i in range(s.below + _peeked_prefix(uop))]


def exit_depths(uop: Uop) -> tuple[int, ...]:
    """How many values a guard's exit hands its stub in registers, for each depth before the
    micro-op (all 0 if it is not cached)."""
    if not cacheable(uop):
        return (0,) * (CACHE_REGISTERS + 1)
    return tuple(len(_exit_kept(uop, shape(uop, d)) or ()) for d in range(CACHE_REGISTERS + 1))


def _spill(uop: Uop, s: Shape) -> Spill:
    """A guard's exit jumps to its stub with the cached values still in their registers (the stub
    for that depth stores them), so the stencil's exit path is one conditional jump; an error
    exit, and a branch form's whose inputs were partly in memory, store them first."""
    kept = _exit_kept(uop, s)
    branch = _carry(len(kept)) if kept is not None else _consumed(uop, s)
    error = (*_store_all(0, s.depth), "JUMP_TO_ERROR();")
    return Spill(deopt=_carry(s.depth), branch=branch, error=error)


def _carry(depth: int) -> tuple[str, ...]:
    if depth == 0:
        return ("JUMP_TO_JUMP_TARGET();",)
    return (*dead_registers(depth), "QK_JIT_TAIL_CALL(_JIT_JUMP_TARGET);")


def _consumed(uop: Uop, s: Shape) -> tuple[str, ...]:
    """A branch form's exit over inputs partly in memory: the cached values below them and the
    peeked inputs are stored over the consumed ones."""
    kept = [register(i) for i in range(s.below)]
    kept += _input_names(uop)[: _peeked_prefix(uop)]
    lines = [f"stack_pointer[{i - s.from_memory}] = {v};" for i, v in enumerate(kept)]
    moved = len(kept) - s.from_memory
    lines += [f"stack_pointer {'+' if moved > 0 else '-'}= {abs(moved)};"] if moved else []
    return (*lines, "JUMP_TO_JUMP_TARGET();")


def variant_lines(uop: Uop, depth: int) -> list[str]:
    """The C of uop's stencil for `depth`: the body between loads from registers and memory and
    stores to registers and memory."""
    s = shape(uop, depth)
    effect = uop.effect
    lines = ["int oparg = (int)CURRENT_OPARG();"] if uop.properties.has_oparg else []
    if uop.operand is not None:
        lines.append(f"uint64_t {uop.operand.name} = CURRENT_OPERAND();")
    for i, (item, name) in enumerate(zip(effect.inputs, _input_names(uop), strict=True)):
        lines.append(f"QkValue {name} = {_input_source(s, i)};")
        if item.is_unused:
            lines.append(f"(void){name};")
    peeked = stack.peeks(effect)
    lines += [
        f"QkValue {o.name};" for o in effect.outputs if not o.is_unused and o.name not in peeked
    ]
    if uop.properties.needs_sync:
        # What the body calls may collect garbage or look at the stack: it sees the cached
        # values in memory too, which the registers keep.
        lines += [f"stack_pointer[{i}] = {register(i)};" for i in range(s.depth)]
        above = f" + {s.depth}" if s.depth else ""
        lines.append(f"frame->stack_pointer = stack_pointer{above};")
    lines += body_lines(uop, Tier.TWO, spill=_spill(uop, s))
    # The stack's new top, deepest first: the cached values below the inputs, then the outputs.
    top = [register(i) for i in range(s.below)] + _output_names(uop)
    for i in range(s.spilled):
        lines.append(f"stack_pointer[{i - s.from_memory}] = {top[i]};")
    kept = top[s.spilled :]
    lines += [f"QkValue _new{i} = {value};" for i, value in enumerate(kept)]
    lines += [f"{register(i)} = _new{i};" for i in range(len(kept))]
    moved = s.spilled - s.from_memory
    if moved:
        lines.append(f"stack_pointer {'+' if moved > 0 else '-'}= {abs(moved)};")
    lines += dead_registers(s.depth_out)
    return lines


def dead_registers(depth: int) -> list[str]:
    """Marks the registers at `depth` and above as holding nothing: an empty asm "sets" them, so
    the compiler neither keeps their old values alive across a call nor zeroes them."""
    dead = [f'"=r"({register(i)})' for i in range(depth, CACHE_REGISTERS)]
    return [f'__asm__("" : {", ".join(dead)});'] if dead else []


def _by_depth(lines_for: list[list[str]], first: int) -> str:
    """C choosing one of `lines_for` (for depths first, first+1, ...) by QK_CACHE_DEPTH."""
    out: list[str] = []
    for i, lines in enumerate(lines_for):
        out.append(f"#{'if' if i == 0 else 'elif'} QK_CACHE_DEPTH == {first + i}")
        out += lines
    out += ["#else", f'#error "QK_CACHE_DEPTH must be {first} to {CACHE_REGISTERS}"', "#endif"]
    return "\n".join(out)


def cached_text(uop: Uop) -> str:
    """Every depth's stencil C, chosen by QK_CACHE_DEPTH when the stencil is compiled."""
    return _by_depth([variant_lines(uop, d) for d in range(CACHE_REGISTERS + 1)], 0)


# The stub a guard's exit jumps to (uop_defs/tier2.uops): it has a stencil per depth, which
# stores the values the exit handed it in registers, then runs its body.
EXIT_STUB = "_SIDE_EXIT"


def exit_stub_text(body: str) -> str:
    return _by_depth(
        [[*_store_all(0, d), *dead_registers(0), body] for d in range(CACHE_REGISTERS + 1)], 0
    )


# The stencil the JIT copies before a micro-op that is not cached, at a depth above 0.
SPILL = "_SPILL"


def spill_text() -> str:
    """The spill stencil's C for each depth from 1: the cached values go on the stack in memory."""
    return _by_depth(
        [_store_all(0, d) + dead_registers(0) for d in range(1, CACHE_REGISTERS + 1)], 1
    )


def c_macros() -> list[tuple[str, str]]:
    """(name, definition) of the macros stencil_src/jit_env.h builds the stencils' signature
    and tail calls from."""
    registers = [register(i) for i in range(CACHE_REGISTERS)]
    return [
        ("QK_CACHE_REGISTERS", str(CACHE_REGISTERS)),
        ("QK_CACHE_PARAMS", ", ".join(f"QkValue {r}" for r in registers)),
        ("QK_CACHE_ARGS", ", ".join(registers)),
        ("QK_CACHE_FORGET()", dead_registers(0)[0].rstrip(";")),
    ]
