"""Compiles a Python module's AST, in quack's supported subset, to code objects."""

from __future__ import annotations

import ast
import warnings
from importlib.util import decode_source

from .carets import source_lines
from .codeobject import CodeObject
from .errors import CompileError
from .imports import absolutize, imported_names
from .statements import Statements
from .symbols import ScopeKind, SymbolTable


def compile_source(source: str | bytes, filename: str) -> CodeObject:
    """Compiles a program; raises CompileError for invalid or unsupported programs."""
    return compile_module(source, filename, None)[0]


def compile_module(
    source: str | bytes, filename: str, package: str | None
) -> tuple[CodeObject, list[str]]:
    """Compiles a module of `package` (None: the main program): its code, and the modules its
    import statements may load (frontend/imports.py)."""
    tree = _parse(source, filename)
    absolutize(tree, package)
    return _compile_tree(tree, source), imported_names(tree)


def _compile_tree(tree: ast.Module, source: str | bytes) -> CodeObject:
    try:
        table = SymbolTable(tree)
        text = source if isinstance(source, str) else decode_source(source)
        builder = CodeBuilder(table, table.module, "<module>", "", 1, source_lines(text))
        builder.setup_annotations(tree.body)
        builder.block(tree.body)
        if tree.body:
            builder.return_none(tree.body[-1])
        else:
            builder.load_const(None)
            builder.emit("RETURN_VALUE")
        return builder.code_object()
    except RecursionError:
        raise _too_deep() from None


def _parse(source: str | bytes, filename: str) -> ast.Module:
    try:
        # CPython's own compiler first, for every SyntaxError it reports (including those found
        # after parsing, like `break` outside a loop), so quack rejects exactly what it rejects.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            compile(source, filename, "exec", dont_inherit=True)
        return ast.parse(source, filename)
    except SyntaxError as error:
        # Some errors (a bad coding declaration) have no column: offset -1 or None.
        raise CompileError(
            "error", error.msg, error.lineno or 1, max(error.offset or 1, 1)
        ) from None
    except ValueError as error:  # e.g. null bytes in the source
        raise CompileError("error", str(error), 1, 1) from None
    except (RecursionError, MemoryError):
        # How CPython's parser and compiler fail on deeply nested expressions.
        raise _too_deep() from None


def _too_deep() -> CompileError:
    return CompileError("error", "program too deeply nested", 1, 1)


class CodeBuilder(Statements):
    """Builds one code object: the module, a function, a lambda, a comprehension or a class."""

    def nested(self, node: ast.AST, name: str) -> CodeBuilder:
        # Qualified names as CPython's: functions' inner names go through `<locals>`.
        prefix = self.qualname
        if self.scope.kind is ScopeKind.FUNCTION:
            prefix += ".<locals>"
        qualname = f"{prefix}.{name}" if prefix else name
        return CodeBuilder(
            self.table, self.table[node], name, qualname, getattr(node, "lineno", 1), self.source
        )
