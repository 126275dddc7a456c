"""The front end's code object: what the compiler produces, the image stores and dis prints."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeAlias


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
    consts: list[Const] = field(default_factory=list)
    # Global names, indexed by LOAD_GLOBAL/STORE_GLOBAL opargs.
    names: list[str] = field(default_factory=list)
    # Local names, parameters first, indexed by LOAD_FAST/STORE_FAST opargs.
    varnames: list[str] = field(default_factory=list)

    @property
    def nlocals(self) -> int:
        return len(self.varnames)


# A constant: None, a bool, an int in the 63-bit range, a str, or a nested code object.
Const: TypeAlias = "None | bool | int | str | CodeObject"
