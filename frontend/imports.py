"""Import statements as the compiler sees them: relative names made absolute, and the modules a
module may import (what the front end looks for on the search path: frontend/modules.py)."""

from __future__ import annotations

import ast


def absolutize(tree: ast.Module, package: str | None) -> None:
    """Rewrites `from .m import x` in place to the absolute name it means in `package` (None for
    the main program), as CPython resolves it from `__package__`. One that cannot be resolved (no
    package, or beyond the top-level one) stays relative: it raises CPython's ImportError when it
    runs, as it does there (`try: from . import m` / `except ImportError: import m` is common)."""
    parts = package.split(".") if package else []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and 0 < node.level <= len(parts):
            base = ".".join(parts[: len(parts) - node.level + 1])
            node.module = f"{base}.{node.module}" if node.module else base
            node.level = 0


def imported_names(tree: ast.Module) -> list[str]:
    """Every module an (absolutized) import statement of the module may load, each dotted name
    with its parents; `from p import n` may load the submodule p.n. In first-seen order."""
    names: dict[str, None] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                _add_with_parents(names, alias.name)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module != "__future__":
            assert node.module is not None
            _add_with_parents(names, node.module)
            for alias in node.names:
                if alias.name != "*":
                    names[f"{node.module}.{alias.name}"] = None
    return list(names)


def _add_with_parents(names: dict[str, None], dotted: str) -> None:
    parts = dotted.split(".")
    for i in range(1, len(parts) + 1):
        names[".".join(parts[:i])] = None
