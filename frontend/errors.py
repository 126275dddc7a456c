"""Errors in the user's program, reported as one `FILE:LINE:COL: kind: message` line."""

from __future__ import annotations

import ast


class CompileError(Exception):
    """A program the front end rejects; `kind` is "error" (invalid Python) or "unsupported"."""

    def __init__(self, kind: str, message: str, line: int, col: int) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.line = line
        self.col = col

    def format(self, filename: str) -> str:
        return f"{filename}:{self.line}:{self.col}: {self.kind}: {self.message}"


def unsupported(node: ast.AST, construct: str) -> CompileError:
    """The error for valid Python that quack cannot run yet, located at `node`."""
    # ast columns are 0-based; compilers report 1-based ones.
    return CompileError(
        "unsupported", construct, getattr(node, "lineno", 1), getattr(node, "col_offset", 0) + 1
    )
