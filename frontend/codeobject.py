"""The front end's code object: what the compiler produces, the image stores and dis prints."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import EllipsisType
from typing import TypeAlias

# Code flags, as the image stores them (CPython's values).
FLAG_VARARGS = 0x04
FLAG_VARKEYWORDS = 0x08
FLAG_GENERATOR = 0x20
FLAG_HAS_DOCSTRING = 0x4000000  # consts[0] is the docstring (CPython 3.13's CO_HAS_DOCSTRING)


@dataclass(frozen=True)
class ExceptionEntry:
    """Instructions in [start, end) (code units) that raise go to `target`, with the value stack
    cut to `depth` and the exception pushed."""

    start: int
    end: int
    target: int
    depth: int


@dataclass(eq=False)
class CodeObject:
    """One function's (or the module's) code; compared by identity, like the constants it is."""

    name: str
    firstlineno: int
    argcount: int
    stacksize: int
    code: list[int]
    # The source line of every code unit, caches included.
    lines: list[int]
    # The same, (span, anchors) of the traceback's caret line (carets.py).
    carets: list[tuple[int, int]] = field(default_factory=list)
    consts: list[Const] = field(default_factory=list)
    # Global, attribute and imported names, indexed by the opargs that name them.
    names: list[str] = field(default_factory=list)
    # Local slots: parameters first, then other locals, cell-only variables, free variables.
    varnames: list[str] = field(default_factory=list)
    # Per slot: 0 plain, 1 cell, 2 free (symbols.SlotKind).
    kinds: list[int] = field(default_factory=list)
    posonlyargcount: int = 0
    kwonlyargcount: int = 0
    flags: int = 0
    exceptions: list[ExceptionEntry] = field(default_factory=list)
    # The dotted name CPython reports in errors and reprs ("Duck.quack", "f.<locals>.g").
    qualname: str = ""

    @property
    def nlocals(self) -> int:
        return len(self.varnames)


# A constant: None, a bool, an int, a float, a complex, a str, a bytes, Ellipsis, a tuple of
# constants, or a nested code object.
Const: TypeAlias = (
    "None | bool | int | float | complex | str | bytes | EllipsisType | tuple[Const, ...]"
    " | CodeObject"
)
