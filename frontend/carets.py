"""The caret line a traceback prints under an instruction's source line, as CPython 3.11 prints it
(Python/traceback.c): `^` under the instruction's expression, or for a binary operation or a
subscript `~` under the operands and `^` under the operator or the subscript:

        return [1][5]                   x = (1 +
               ~~~^^^                       ^^^^

Computed here, where the source and the AST are at hand, into two words per instruction that the
runtime prints from (runtime/objects/errors.c), in characters after the line's leading
whitespace: `span` = start | end << 16, NO_CARETS for no caret line (an expression that is the
whole line, or none known); `anchors` = left | right << 16 relative to start, NO_CARETS for none:
then the characters in (left, right] are `^` and the others `~`."""

from __future__ import annotations

import ast

NO_CARETS = 0xFFFFFFFF
_WHITESPACE = " \t\f"
_LIMIT = 0xFFFF


def source_lines(source: str) -> list[str]:
    """The lines as the runtime reads them back: split at newlines, without the line ending."""
    return [line.removesuffix("\r") for line in source.split("\n")]


def caret_marks(node: ast.AST, lines: list[str]) -> tuple[int, int]:
    """(span, anchors) for an instruction attributed to `node`."""
    lineno = getattr(node, "lineno", None)
    end_lineno = getattr(node, "end_lineno", None)
    col = getattr(node, "col_offset", None)
    end_col = getattr(node, "end_col_offset", None)
    if lineno is None or end_lineno is None or col is None or end_col is None:
        return NO_CARETS, NO_CARETS
    if not 0 < lineno <= len(lines):
        return NO_CARETS, NO_CARETS
    line = lines[lineno - 1]
    start = _characters(line, col)
    anchors: tuple[int, int] | None = None
    if end_lineno == lineno:
        end = _characters(line, end_col)
        anchors = _anchors(node, line, start)
    else:
        # To the last non-blank byte of the first line, counted in bytes as CPython counts it.
        end = len(line.encode("utf-8").rstrip(_WHITESPACE.encode()))
    indent = len(line) - len(line.lstrip(" \t"))
    if end - start == len(line) - indent and anchors is None:
        return NO_CARETS, NO_CARETS
    start, end = start - indent, end - indent
    if not 0 <= start <= end <= _LIMIT:
        return NO_CARETS, NO_CARETS
    packed = NO_CARETS if anchors is None else anchors[0] | anchors[1] << 16
    return start | end << 16, packed


def _characters(line: str, byte_offset: int) -> int:
    return len(line.encode("utf-8")[:byte_offset].decode("utf-8", errors="replace"))


def _anchors(node: ast.AST, line: str, start: int) -> tuple[int, int] | None:
    """(left, right) relative to start, for the two kinds of expression CPython 3.11 splits."""
    if isinstance(node, ast.BinOp):
        operand_end = _characters(line, node.left.end_col_offset or 0)
        right_start = _characters(line, node.right.col_offset)
        anchors: tuple[int, int] | None = None
        for i in range(operand_end, right_start):
            if line[i] in _WHITESPACE:
                continue
            # The operator, one or two characters; a closing parenthesis is passed over.
            two = i + 1 < right_start and line[i + 1] not in _WHITESPACE
            anchors = (i - start, i + 1 + two - start)
            if i + 1 < right_start and line[i] == ")":
                continue
            break
        return anchors
    if isinstance(node, ast.Subscript):
        value_end = _characters(line, node.value.end_col_offset or 0)
        slice_end = _characters(line, node.slice.end_col_offset or 0)
        return value_end - start, slice_end + 1 - start
    return None
