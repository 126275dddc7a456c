"""Statements: dispatch, assignments, control flow, imports and assert."""

from __future__ import annotations

import ast

from .assembler import Label
from .builder import Block, BlockKind
from .errors import unsupported
from .handlers import Handlers
from .symbols import ANNOTATIONS, ScopeKind
from .unsupported import describe


class Statements(Handlers):
    def statement(self, node: ast.stmt) -> None:
        with self.at(node):
            self.statement_at(node)

    def block(self, body: list[ast.stmt]) -> None:
        for statement in body:
            self.statement(statement)

    def statement_at(self, node: ast.stmt) -> None:
        if isinstance(node, ast.Expr):
            self.expression(node.value)
            self.emit("POP_TOP")
        elif isinstance(node, ast.Assign):
            self.expression(node.value)
            for target in node.targets[:-1]:
                self.emit("COPY", 1)
                self.store(target)
            self.store(node.targets[-1])
        elif isinstance(node, ast.AnnAssign):
            self.annotated_assignment(node)
        elif isinstance(node, ast.AugAssign):
            self.augmented_assignment(node)
        elif isinstance(node, ast.Delete):
            for target in node.targets:
                self.delete(target)
        elif isinstance(node, ast.If):
            self.if_statement(node)
        elif isinstance(node, ast.While):
            self.while_loop(node)
        elif isinstance(node, ast.For):
            self.for_loop(node)
        elif isinstance(node, ast.Break):
            self.break_statement()
        elif isinstance(node, ast.Continue):
            self.continue_statement()
        elif isinstance(node, ast.Return):
            self.return_statement(node)
        elif isinstance(node, ast.FunctionDef):
            self.function_definition(node)
        elif isinstance(node, ast.ClassDef):
            self.class_definition(node)
        elif isinstance(node, ast.Try):
            self.try_statement(node)
        elif isinstance(node, ast.With):
            self.with_statement(node)
        elif isinstance(node, ast.Raise):
            self.raise_statement(node)
        elif isinstance(node, ast.Assert):
            self.assert_statement(node)
        elif isinstance(node, ast.Import):
            self.import_statement(node)
        elif isinstance(node, ast.ImportFrom):
            self.import_from(node)
        elif not isinstance(node, (ast.Pass, ast.Global, ast.Nonlocal)):
            # `global` and `nonlocal` only matter to scope analysis (symbols.py).
            raise unsupported(node, describe(node))

    def setup_annotations(self, body: list[ast.stmt]) -> None:
        """A module or class body with annotated names starts with an empty __annotations__, as
        CPython's SETUP_ANNOTATIONS makes it."""
        if _has_annotations(body):
            self.emit("BUILD_MAP", 0)
            self.store_name(ANNOTATIONS)

    def annotated_assignment(self, node: ast.AnnAssign) -> None:
        """`x: T = v`: v is stored first; in a module or class, T is then evaluated (kept as its
        source under `from __future__ import annotations`) into __annotations__['x']. A
        function's annotations are never evaluated."""
        if node.value is not None:
            self.expression(node.value)
            self.store(node.target)
        if not node.simple or self.scope.kind is ScopeKind.FUNCTION:
            return
        assert isinstance(node.target, ast.Name)
        if self.table.future_annotations:
            self.load_const(ast.unparse(node.annotation))
        else:
            self.expression(node.annotation)
        self.load_name(ANNOTATIONS)
        self.load_const(node.target.id)
        self.emit("STORE_SUBSCR")

    def if_statement(self, node: ast.If) -> None:
        orelse = Label()
        self.jump_if(node.test, False, orelse)
        self.block(node.body)
        if node.orelse:
            end = Label()
            self.jump(end)
            self.bind(orelse)
            self.block(node.orelse)
            self.bind(end)
        else:
            self.bind(orelse)

    def while_loop(self, node: ast.While) -> None:
        head, orelse, end = Label(), Label(), Label()
        self.bind(head)
        self.jump_if(node.test, False, orelse)
        with self.inside(Block(BlockKind.WHILE, len(self.handlers), head=head, end=end)):
            self.block(node.body)
        self.jump(head)
        self.bind(orelse)
        self.block(node.orelse)
        self.bind(end)

    def for_loop(self, node: ast.For) -> None:
        head, exhausted, end = Label(), Label(), Label()
        self.expression(node.iter)
        self.emit("GET_ITER")
        self.bind(head)
        self.emit("FOR_ITER", exhausted)
        # The iterator stays on the stack under the loop body.
        with self.deeper(1):
            self.store(node.target)
            with self.inside(Block(BlockKind.FOR, len(self.handlers), head=head, end=end)):
                self.block(node.body)
        self.jump(head)
        self.bind(exhausted)
        self.emit("END_FOR")
        self.block(node.orelse)
        self.bind(end)

    def assert_statement(self, node: ast.Assert) -> None:
        end = Label()
        self.jump_if(node.test, True, end)
        # The error is raised at the test, as CPython's traceback shows it.
        with self.at(node.test):
            self.emit("LOAD_ASSERTION_ERROR")
            if node.msg is not None:
                self.emit("PUSH_NULL")
                self.expression(node.msg)
                self.emit("CALL", 1)
            self.emit("RAISE_VARARGS", 1)
        self.bind(end)

    # IMPORT_NAME imports a dotted name with its parents and pushes the last: `import a.b` binds
    # a (imported again: now found at once), `import a.b as c` binds a.b.
    def import_statement(self, node: ast.Import) -> None:
        for alias in node.names:
            self.emit("IMPORT_NAME", self.name_index(alias.name))
            if alias.asname is None and "." in alias.name:
                self.emit("POP_TOP")
                self.emit("IMPORT_NAME", self.name_index(alias.name.partition(".")[0]))
            self.store_name(alias.asname or alias.name.partition(".")[0])

    def import_from(self, node: ast.ImportFrom) -> None:
        # Future features change nothing quack compiles (annotations are never evaluated).
        if node.module == "__future__":
            return
        if any(alias.name == "*" for alias in node.names):
            raise unsupported(node, "import *")
        # Relative names left by frontend/imports.py keep their dots: they raise when run.
        self.emit("IMPORT_NAME", self.name_index("." * node.level + (node.module or "")))
        for alias in node.names:
            self.emit("IMPORT_FROM", self.name_index(alias.name))
            self.store_name(alias.asname or alias.name)
        self.emit("POP_TOP")


def _has_annotations(body: list[ast.stmt]) -> bool:
    """Whether a simple annotated name is in the body, nested blocks included but not nested
    functions or classes (CPython's find_ann)."""
    for node in body:
        if isinstance(node, ast.AnnAssign) and node.simple:
            return True
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        blocks = [getattr(node, name, []) for name in ("body", "orelse", "finalbody")]
        blocks += [handler.body for handler in getattr(node, "handlers", [])]
        if any(isinstance(block, list) and _has_annotations(block) for block in blocks):
            return True
    return False
