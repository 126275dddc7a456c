"""Scope analysis: which names of a function are locals (fast slots) and which are globals."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

# Nodes whose bodies are scopes of their own: their assignments do not bind in the enclosing one.
_NESTED_SCOPES = (
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.ClassDef,
    ast.Lambda,
    ast.ListComp,
    ast.SetComp,
    ast.DictComp,
    ast.GeneratorExp,
)


@dataclass
class Scope:
    """The module scope has no locals: every name there is a global."""

    locals: list[str] = field(default_factory=list)

    def local_index(self, name: str) -> int | None:
        return self.locals.index(name) if name in self.locals else None


def function_scope(node: ast.FunctionDef) -> Scope:
    """Parameters come first, then names assigned anywhere in the body, in source order, less
    those declared `global`."""
    params = [arg.arg for arg in node.args.posonlyargs + node.args.args]
    assigned: list[str] = []
    declared_global: set[str] = set()
    for statement in node.body:
        _collect(statement, assigned, declared_global)
    names = list(dict.fromkeys(params + assigned))
    return Scope([name for name in names if name not in declared_global])


def _collect(node: ast.AST, assigned: list[str], declared_global: set[str]) -> None:
    if isinstance(node, ast.Global):
        declared_global.update(node.names)
    elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
        assigned.append(node.id)
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        assigned.append(node.name)
    if isinstance(node, _NESTED_SCOPES):
        return
    for child in ast.iter_child_nodes(node):
        _collect(child, assigned, declared_global)
