"""Typed access to the generated opcode table `quack_opcodes` (out/<target>/lib on PYTHONPATH)."""

from __future__ import annotations

import importlib

# Imported by name at run time: the table is a build product, not part of the source tree, so the
# type checker cannot see it; these typed aliases are the front end's view of it.
try:
    _table = importlib.import_module("quack_opcodes")
except ModuleNotFoundError as error:
    raise ImportError(
        "quack_opcodes not found: build it with scons and put out/<target>/lib on PYTHONPATH",
        name="quack_opcodes",
    ) from error

DIGEST: str = _table.DIGEST
OPCODES: dict[str, int] = _table.OPCODES
CACHE_SIZE: dict[str, int] = _table.CACHE_SIZE
OPARG_SYMBOLS: dict[str, dict[str, int]] = _table.OPARG_SYMBOLS
OPARGS: dict[str, dict[str, int]] = _table.OPARGS
# (constant, coefficient of oparg) of the items each instruction pops and pushes.
POPPED: dict[str, tuple[int, int]] = _table.POPPED
PUSHED: dict[str, tuple[int, int]] = _table.PUSHED
HAS_JUMP: frozenset[str] = _table.HAS_JUMP
HAS_ARG: frozenset[str] = _table.HAS_ARG

OPNAMES: dict[int, str] = {code: name for name, code in OPCODES.items()}


def size(name: str) -> int:
    """Code units an instruction occupies: itself and its inline cache."""
    return 1 + CACHE_SIZE.get(name, 0)
