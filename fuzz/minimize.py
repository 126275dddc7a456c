"""Cuts a failing program down to what the failure needs: greedily, one syntax-tree edit at a time
(delete a statement, replace a compound statement by its body, an expression by one of its
operands, an int by its half), keeping every edit after which the program still fails the same
way."""

from __future__ import annotations

import ast
from collections.abc import Callable

Replacement = ast.AST | list[ast.stmt] | None


def _variants(node: ast.AST) -> list[Replacement]:
    """Smaller things that may stand where `node` is (None: nothing, for a statement)."""
    if isinstance(node, ast.stmt):
        smaller: list[Replacement] = [None]
        if isinstance(node, ast.If | ast.For | ast.While | ast.Try):
            smaller.append(node.body)
        if isinstance(node, ast.If) and node.orelse:
            smaller.append(node.orelse)
        return smaller
    if isinstance(node, ast.BinOp):
        return [node.left, node.right]
    if isinstance(node, ast.BoolOp):
        return list(node.values)
    if isinstance(node, ast.Compare):
        return [node.left, *node.comparators]
    if isinstance(node, ast.IfExp):
        return [node.body, node.orelse]
    if isinstance(node, ast.UnaryOp):
        return [node.operand]
    if isinstance(node, ast.Call):
        return [a for a in node.args if not isinstance(a, ast.Starred)]
    if isinstance(node, ast.Constant) and type(node.value) is int and abs(node.value) > 2:
        return [ast.Constant(node.value // 2)]
    return []


class _Replace(ast.NodeTransformer):
    """Replaces the node visited `target`-th (pre-order) by its `variant`-th smaller form."""

    def __init__(self, target: int, variant: int) -> None:
        self.target = target
        self.variant = variant
        self.count = -1
        self.variants = 0

    def visit(self, node: ast.AST) -> Replacement:
        self.count += 1
        if self.count == self.target:
            options = _variants(node)
            self.variants = len(options)
            if self.variant < len(options):
                return options[self.variant]
        return self.generic_visit(node)


class _FillEmpty(ast.NodeTransformer):
    """A block left with no statement gets `pass`."""

    def generic_visit(self, node: ast.AST) -> ast.AST:
        super().generic_visit(node)
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if isinstance(block, list) and not block and _needs_body(node, field):
                block.append(ast.Pass())
        return node


def _needs_body(node: ast.AST, field: str) -> bool:
    return field == "body" and not isinstance(node, ast.Module)


def _edit(source: str, target: int, variant: int) -> tuple[str | None, int]:
    """The program with one edit, or None if that edit does not apply; and how many variants
    the target node has."""
    replace = _Replace(target, variant)
    edited = replace.visit(ast.parse(source))
    if replace.variant >= replace.variants or not isinstance(edited, ast.Module):
        return None, replace.variants
    tree = _FillEmpty().visit(edited)
    try:
        return ast.unparse(ast.fix_missing_locations(tree)) + "\n", replace.variants
    except (ValueError, TypeError, AttributeError):
        return None, replace.variants


def _count(source: str) -> int:
    counter = _Replace(-1, 0)
    counter.visit(ast.parse(source))
    return counter.count + 1


def minimize(source: str, still_fails: Callable[[str], bool], budget: int = 1500) -> str:
    """The smallest program found for which still_fails holds, trying at most `budget` edits."""
    best = source
    tries = 0
    while True:
        improved = False
        target = 0
        while target < _count(best) and tries < budget:
            accepted = False
            variant = 0
            while True:
                edited, variants = _edit(best, target, variant)
                if variant >= variants:
                    break
                variant += 1
                if edited is None or edited == best:
                    continue
                tries += 1
                if still_fails(edited):
                    best = edited
                    accepted = improved = True
                    break
            if not accepted:
                target += 1
        if not improved or tries >= budget:
            return best
