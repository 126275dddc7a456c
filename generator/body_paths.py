"""Whether a micro-op's body assigns each of its outputs on every path that reaches its end.

A small reading of the body's C tokens, statement by statement, that errs on the safe side: it
may call an output unassigned that the C always assigns (then write the body so that each path
visibly assigns it), never the other way round. docs/dsl.md ("Bodies") states the rule.
"""

from __future__ import annotations

from generator.errors import ToolchainError
from generator.lexer import Kind, Token
from generator.model import OpDecl

# What leaves the micro-op: nothing after them runs, so no output needs a value on that path.
# Guards (DEOPT_IF, EXIT_IF, ERROR_IF) leave only when their condition holds: not these.
LEAVING_MACROS = frozenset(
    {
        "DISPATCH",
        "DISPATCH_INLINED",
        "LEAVE_FRAME",
        "YIELD_FRAME",
        "ENTER_FRAME",
        "RETURN_TO_CALLER",
        "YIELD_TO_CALLER",
        "EXIT_TO_TIER_ONE",
        "LEAVE_TO_TIER_ONE",
        "ERROR_TO_TIER_ONE",
        "JUMP_TO_TOP",
        "QK_GOTO_EXECUTOR",
    }
)
# `break` and `continue` only occur inside loops and switches, whose bodies count for nothing.
_LEAVING_KEYWORDS = frozenset({"return", "goto", "break", "continue"})
# Statements whose body may run no time at all (or be left by `break`) count for nothing; a
# `do` body counts when nothing in it can leave it early.
_LOOPS = frozenset({"while", "for", "switch"})
_OPENING = frozenset("([{")
_CLOSING = frozenset(")]}")

# The outputs assigned on every path that reaches a point; None where no path does.
_State = frozenset[str] | None


def check_outputs_assigned(decl: OpDecl, outputs: list[str]) -> None:
    """Raises a located error for the first of `outputs` (named single outputs that are not
    peeks, in declaration order) that a path through the body leaves unassigned."""
    state = _Paths(decl.body.tokens, frozenset(outputs)).block(0, len(decl.body.tokens))
    for item in decl.effect.outputs:
        if item.name in outputs and state is not None and item.name not in state:
            raise ToolchainError(
                f"output {item.name!r} of {decl.uop_name} is not assigned on every path through "
                "its body (a path that does not leave the micro-op must assign it)",
                item.location,
            )


def _join(a: _State, b: _State) -> _State:
    """Where two paths meet: what both assigned (a path that cannot get there adds nothing)."""
    if a is None or b is None:
        return b if a is None else a
    return a & b


class _Paths:
    def __init__(self, tokens: tuple[Token, ...], outputs: frozenset[str]) -> None:
        self._tokens = tokens
        self._outputs = outputs

    def _text(self, index: int) -> str:
        return self._tokens[index].text if index < len(self._tokens) else ""

    def _after(self, index: int) -> int:
        """The index after the bracket that closes the one at `index`."""
        depth = 0
        while index < len(self._tokens):
            if self._text(index) in _OPENING:
                depth += 1
            elif self._text(index) in _CLOSING:
                depth -= 1
                if depth == 0:
                    return index + 1
            index += 1
        return index

    def _past_statement(self, index: int) -> int:
        """The index after the expression statement at `index`: its `;` (brackets skipped), or
        the `)` of a lone macro call with none after it (`DEOPT_IF(c)` then a new statement)."""
        if self._tokens[index].kind is Kind.IDENT and self._text(index + 1) == "(":
            after = self._after(index + 1)
            if self._text(after) in ("", "{", "}") or self._tokens[after].kind is Kind.IDENT:
                return after
        while index < len(self._tokens) and self._text(index) != ";":
            index = self._after(index) if self._text(index) in _OPENING else index + 1
        return index + 1

    def block(self, index: int, end: int, state: _State = frozenset()) -> _State:
        while index < end:
            state, index = self._statement(index, state)
        return state

    def _statement(self, index: int, state: _State) -> tuple[_State, int]:
        token = self._tokens[index]
        text = token.text
        if text == "{":
            after = self._after(index)
            return self.block(index + 1, after - 1, state), after
        if text == "if":
            taken, after = self._statement(self._after(index + 1), state)
            if self._text(after) != "else":
                return _join(taken, state), after
            other, after = self._statement(after + 1, state)
            return _join(taken, other), after
        if text in _LOOPS:
            _, after = self._statement(self._after(index + 1), state)
            return state, after
        if text == "do":
            # The body runs once, and all of it unless a break or continue leaves it early.
            ran, after = self._statement(index + 1, state)  # then `while (...);`
            early = any(self._text(i) in ("break", "continue") for i in range(index, after))
            return (state if early else ran), self._past_statement(after)
        label = token.kind is Kind.IDENT and self._text(index + 1) == ":"
        if label or text in ("case", "default"):
            # A label: other paths (a goto, a switch) may arrive here with nothing assigned.
            return frozenset(), self._past_label(index)
        if text in _LEAVING_KEYWORDS:
            return None, self._past_statement(index)
        if text in LEAVING_MACROS and self._text(index + 1) == "(":
            return None, self._past_statement(index)
        after = self._past_statement(index)
        return (None if state is None else state | self._assigns(index, after)), after

    def _assigns(self, start: int, end: int) -> frozenset[str]:
        """The outputs an expression statement assigns: `output = ...`, and outputs whose
        address it passes to a call (`f(&output)`: a helper taking one sets it), unless it has
        a part that may not run (`&&`, `||`, `?:`)."""
        texts = [self._text(i) for i in range(start, end)]
        assigned = {texts[0]} if texts[1:2] == ["="] else set()
        if not {"&&", "||", "?"} & set(texts):
            assigned |= {
                texts[i + 1]
                for i in range(1, len(texts) - 1)
                if texts[i] == "&" and texts[i - 1] in ("(", ",", "=")
            }
        return frozenset(assigned) & self._outputs

    def _past_label(self, index: int) -> int:
        while index < len(self._tokens) and self._text(index) != ":":
            index += 1
        return index + 1


def output_aliases(decl: OpDecl, outputs: list[str], inputs: list[str]) -> dict[str, str]:
    """The outputs (of `outputs`) that are an input (of `inputs`) moved to another slot: the body
    assigns the output once, as the whole statement `output = input;`, and never assigns the
    input. The trace optimizer then knows the output as well as it knew the input (a method
    load's `self_or_null = owner;`)."""
    tokens = decl.body.tokens
    assigned: dict[str, list[int]] = {}
    for i, token in enumerate(tokens[:-1]):
        if token.kind is Kind.IDENT and tokens[i + 1].text == "=":
            if i == 0 or tokens[i - 1].text in {";", "{", "}"}:
                assigned.setdefault(token.text, []).append(i)
            else:
                assigned.setdefault(token.text, []).append(-1)  # not a plain statement
    aliases = {}
    for name in outputs:
        places = assigned.get(name, [])
        if len(places) != 1 or places[0] < 0 or places[0] + 3 >= len(tokens):
            continue
        source, end = tokens[places[0] + 2], tokens[places[0] + 3]
        if source.text in inputs and end.text == ";" and source.text not in assigned:
            aliases[name] = source.text
    return aliases
