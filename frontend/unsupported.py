"""Names, for error messages, of the Python constructs quack does not run yet."""

from __future__ import annotations

import ast

_CONSTRUCTS: dict[type[ast.AST], str] = {
    ast.Lambda: "lambda",
    ast.ListComp: "list comprehension",
    ast.SetComp: "set comprehension",
    ast.DictComp: "dict comprehension",
    ast.GeneratorExp: "generator expression",
    ast.List: "list display",
    ast.Tuple: "tuple",
    ast.Set: "set display",
    ast.Dict: "dict display",
    ast.Attribute: "attribute access",
    ast.Subscript: "subscript",
    ast.Slice: "slice",
    ast.Starred: "starred expression",
    ast.JoinedStr: "f-string",
    ast.FormattedValue: "f-string",
    ast.NamedExpr: "assignment expression",
    ast.Await: "await",
    ast.Yield: "yield",
    ast.YieldFrom: "yield from",
    ast.ClassDef: "class definition",
    ast.AsyncFunctionDef: "async function",
    ast.Delete: "del statement",
    ast.AnnAssign: "annotated assignment",
    ast.AsyncFor: "async for",
    ast.With: "with statement",
    ast.AsyncWith: "async with",
    ast.Match: "match statement",
    ast.Raise: "raise statement",
    ast.Try: "try statement",
    ast.TryStar: "try statement",
    ast.Assert: "assert statement",
    ast.Import: "import",
    ast.ImportFrom: "import",
    ast.Nonlocal: "nonlocal declaration",
    ast.UAdd: "unary +",
    ast.Is: "'is' comparison",
    ast.IsNot: "'is not' comparison",
    ast.In: "'in' comparison",
    ast.NotIn: "'not in' comparison",
}

_CONSTANT_KINDS: dict[type, str] = {
    float: "float literal",
    complex: "complex literal",
    bytes: "bytes literal",
    type(...): "Ellipsis",
}


def describe(node: ast.AST) -> str:
    """A short human name for a construct, e.g. "list comprehension"."""
    if isinstance(node, ast.Constant):
        return _CONSTANT_KINDS.get(type(node.value), f"{type(node.value).__name__} literal")
    return _CONSTRUCTS.get(type(node), type(node).__name__)
