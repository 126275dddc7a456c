"""A micro-op body as C lines for one tier: the author's text with the body macros expanded."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from generator import line_directives, stack
from generator.lexer import Kind, Token
from generator.model import Uop


class Tier(Enum):
    ONE = 1
    TWO = 2


# An expansion gets the macro's argument text and the micro-op; it returns statement lines.
_Expansion = Callable[[str, Uop], list[str]]


@dataclass(frozen=True)
class Spill:
    """How a stencil that keeps stack values in registers (generator/stack_cache.py) leaves at an
    exit, each the statements up to and including the jump: `deopt` with the stack as it was,
    `branch` a branch form's exit (the instruction completed: its inputs consumed), `error`."""

    deopt: tuple[str, ...]
    branch: tuple[str, ...]
    error: tuple[str, ...]


def _pop_inputs(uop: Uop, peeks_stay: bool) -> list[str]:
    """The statement consuming the micro-op's stack inputs (peeked ones too, unless peeks_stay)."""
    inputs = stack.total(uop.effect.inputs)
    if peeks_stay:
        peeked = stack.peeks(uop.effect)
        inputs = stack.total(tuple(i for i in uop.effect.inputs if i.name not in peeked))
    return [] if inputs == stack.Linear() else [f"stack_pointer -= {inputs.render()};"]


def _leave(macro: str, peeks_stay: bool = False) -> _Expansion:
    """Leaving the instruction's frame or entering a new one: the inputs are consumed first. A
    frame entered returns to this one, whose peeked inputs stay for what it will push then."""

    def expand(argument: str, uop: Uop) -> list[str]:
        return _pop_inputs(uop, peeks_stay) + [f"{macro}({argument});"]

    return expand


def _exit(cond: str, uop: Uop) -> list[str]:
    """A guard exit. A branch form exits to the direction the trace did not take, where the
    instruction has completed: its inputs are popped first (peeked ones stay)."""
    pop = _pop_inputs(uop, peeks_stay=True) if uop.properties.branch_form else []
    return [f"if ({cond}) {{ {' '.join(pop + ['JUMP_TO_JUMP_TARGET();'])} }}"]


def _spilled(spill: Spill) -> dict[str, _Expansion]:
    """Tier 2's exits in a stencil that caches stack values."""

    def jump(lines: tuple[str, ...]) -> Callable[[str], list[str]]:
        return lambda cond: [f"if ({cond}) {{ {' '.join(lines)} }}"]

    deopt, branch_exit, error = jump(spill.deopt), jump(spill.branch), jump(spill.error)
    return {
        "ERROR_IF": lambda cond, _: error(cond),
        "DEOPT_IF": lambda cond, _: deopt(cond),
        "EXIT_IF": lambda cond, uop: (branch_exit if uop.properties.branch_form else deopt)(cond),
    }


_TIER1: dict[str, _Expansion] = {
    "ERROR_IF": lambda cond, _: [f"if ({cond}) goto error;"],
    "JUMPBY": lambda offset, _: [f"next_instr += ({offset});"],
    "DISPATCH_INLINED": _leave("DISPATCH_INLINED"),
    "ENTER_FRAME": _leave("DISPATCH_INLINED", peeks_stay=True),
    "LEAVE_FRAME": _leave("LEAVE_FRAME"),
    "YIELD_FRAME": _leave("YIELD_FRAME"),
}
_TIER2: dict[str, _Expansion] = {
    "ERROR_IF": lambda cond, _: [f"if ({cond}) {{ JUMP_TO_ERROR(); }}"],
    "DEOPT_IF": lambda cond, _: [f"if ({cond}) {{ JUMP_TO_JUMP_TARGET(); }}"],
    "EXIT_IF": _exit,
    "ENTER_FRAME": _leave("ENTER_FRAME", peeks_stay=True),
    "RETURN_TO_CALLER": _leave("RETURN_TO_CALLER"),
    "YIELD_TO_CALLER": _leave("YIELD_TO_CALLER"),
}
EXPANSIONS = {Tier.ONE: _TIER1, Tier.TWO: _TIER2}


def _miss(head: str) -> _Expansion:
    """A tier-1 guard of a family member: on a miss the runtime counts it (and may de-specialize),
    then the generic instruction runs instead, from its inputs still on the stack."""

    def expand(cond: str, _: Uop) -> list[str]:
        return [f"if ({cond}) {{ SPECIALIZATION_MISS({head}); goto PREDICTED_{head}; }}"]

    return expand


def body_lines(
    uop: Uop, tier: Tier, family_head: str | None = None, spill: Spill | None = None
) -> list[str]:
    """The body, dedented, with blank lines at either end dropped, between a #line directive
    naming its first line in the DSL and one going back to the generated file's own lines (none
    for an empty body: see generator/line_directives.py). `family_head`: the generic
    instruction a family member's tier-1 guards fall back to (the analyzer allows tier-1 guards
    only in members, so tier 1 never needs another expansion for them). `spill`: tier 2's exits
    store cached stack values first."""
    body = uop.decl.body
    source = body.source
    expansions = EXPANSIONS[tier]
    if spill is not None:
        expansions = {**expansions, **_spilled(spill)}
    if tier is Tier.ONE and family_head is not None:
        miss = _miss(family_head)
        expansions = {**expansions, "DEOPT_IF": miss, "EXIT_IF": miss}
    tokens = body.tokens
    pieces: list[str] = []
    cursor = body.start
    index = 0
    while index < len(tokens):
        token = tokens[index]
        following = tokens[index + 1].text if index + 1 < len(tokens) else ""
        expansion = expansions.get(token.text)
        if token.kind is not Kind.IDENT or following != "(" or expansion is None:
            index += 1
            continue
        closing = _matching_paren(tokens, index + 1)
        last = (
            closing + 1
            if closing + 1 < len(tokens) and tokens[closing + 1].text == ";"
            else closing
        )
        argument = source[tokens[index + 1].end : tokens[closing].start].strip()
        pieces.append(source[cursor : token.start])
        # One line, padded to the lines it replaces: every line of the body stays the line of
        # the DSL its #line directive says it is.
        replaced = source[token.start : tokens[last].end].count("\n")
        statements = " ".join(expansion(argument, uop))
        pieces.append(statements + "\n" * (replaced - statements.count("\n")))
        cursor = tokens[last].end
        index = last + 1
    pieces.append(source[cursor : body.end])
    skipped, lines = _dedent("".join(pieces))
    if not lines:
        return []
    start = line_directives.body_start(body.location.line + skipped, body.location.path)
    return [start, *lines, line_directives.RESUME]


def _matching_paren(tokens: tuple[Token, ...], opening: int) -> int:
    depth = 0
    for index in range(opening, len(tokens)):
        if tokens[index].text == "(":
            depth += 1
        elif tokens[index].text == ")":
            depth -= 1
            if depth == 0:
                return index
    return len(tokens) - 1  # the parser balanced the braces, not the parens: keep what is there


def _dedent(text: str) -> tuple[int, list[str]]:
    """The lines of `text` (which starts on the `{` line) from its first that is not blank,
    without their common indentation and the blank lines at the end; and how many lines were
    skipped before them."""
    lines = [line.rstrip() for line in text.split("\n")]
    skipped = next((i for i, line in enumerate(lines) if line.strip()), len(lines))
    # Text on the `{` line itself has no indentation of its own to remove.
    rest = lines[max(skipped, 1) :]
    margin = min((len(line) - len(line.lstrip()) for line in rest if line), default=0)
    result = [lines[0].strip()] if skipped == 0 else []
    result += [line[margin:] for line in rest]
    while result and not result[-1]:
        result.pop()
    return skipped, result
