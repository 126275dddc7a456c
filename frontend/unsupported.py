"""Names, for error messages, of the Python constructs quack does not run yet."""

from __future__ import annotations

import ast

_CONSTRUCTS: dict[type[ast.AST], str] = {
    ast.Starred: "starred expression",
    ast.Await: "await",
    ast.AsyncFunctionDef: "async function",
    ast.AsyncFor: "async for",
    ast.AsyncWith: "async with",
    ast.Match: "match statement",
    ast.TryStar: "try statement with except*",
}


def describe(node: ast.AST) -> str:
    """A short human name for a construct, e.g. "with statement"."""
    if isinstance(node, ast.Constant):
        return f"{type(node.value).__name__} literal"
    return _CONSTRUCTS.get(type(node), type(node).__name__)
