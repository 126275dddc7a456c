"""Scope analysis: for every module, class, function, lambda and comprehension, which names are
fast locals, cells, free variables, globals or (in class bodies) namespace names.

The rules are Python's: a name bound in a function is local to it unless declared `global` or
`nonlocal`; a name a nested function uses but does not bind is free there and a cell in the
nearest enclosing function that binds it (class bodies are skipped); `super` in a method makes
`__class__` free, and the class body provides it as a cell.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from enum import Enum

COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)
# The parameter through which a comprehension's function receives its first iterator.
ITER_PARAM = ".0"
CLASS_CELL = "__class__"

ScopeNode = ast.Module | ast.FunctionDef | ast.Lambda | ast.ClassDef | ast.expr


class ScopeKind(Enum):
    MODULE = "module"
    FUNCTION = "function"
    CLASS = "class"


class Access(Enum):
    """How code in a scope reaches a name."""

    FAST = "fast"  # a plain local slot
    DEREF = "deref"  # a cell in a local slot (own cell or a free variable)
    GLOBAL = "global"
    NAME = "name"  # the class body's namespace, then globals and builtins


class SlotKind(Enum):
    """The kinds of local slots, numbered as the code image stores them."""

    PLAIN = 0
    CELL = 1
    FREE = 2


@dataclass(eq=False)
class Scope:
    kind: ScopeKind
    parent: Scope | None = None
    params: list[str] = field(default_factory=list)
    # Names bound in the scope, in order of first appearance (dicts as ordered sets).
    bound: dict[str, None] = field(default_factory=dict)
    used: dict[str, None] = field(default_factory=dict)
    explicit_globals: set[str] = field(default_factory=set)
    nonlocals: set[str] = field(default_factory=set)
    children: list[Scope] = field(default_factory=list)
    is_generator: bool = False
    is_comprehension: bool = False
    # Results of resolution.
    cells: set[str] = field(default_factory=set)
    frees: set[str] = field(default_factory=set)
    varnames: list[str] = field(default_factory=list)
    kinds: list[SlotKind] = field(default_factory=list)

    def binds(self, name: str) -> bool:
        """Whether `name` is a local (fast or cell) of this function scope."""
        if self.kind is not ScopeKind.FUNCTION:
            return False
        if name in self.explicit_globals or name in self.nonlocals:
            return False
        return name in self.bound or name in self.params

    def access(self, name: str) -> tuple[Access, int]:
        """The access kind and, for FAST and DEREF, the slot."""
        if self.kind is ScopeKind.MODULE or name in self.explicit_globals:
            return Access.GLOBAL, 0
        class_name = name in self.bound and name not in self.nonlocals
        if self.kind is ScopeKind.CLASS and class_name:
            return Access.NAME, 0
        if name in self.cells or name in self.frees:
            return Access.DEREF, self.varnames.index(name)
        if self.kind is ScopeKind.CLASS:
            return Access.NAME, 0
        if self.binds(name):
            return Access.FAST, self.varnames.index(name)
        return Access.GLOBAL, 0

    def slot(self, name: str) -> int:
        return self.varnames.index(name)

    @property
    def free_order(self) -> list[str]:
        """The free variables in slot order: the order of the closure tuple."""
        return [n for n, k in zip(self.varnames, self.kinds, strict=True) if k is SlotKind.FREE]

    @property
    def cell_slots(self) -> list[int]:
        """Slots that MAKE_CELL turns into cells when the code starts."""
        return [i for i, k in enumerate(self.kinds) if k is SlotKind.CELL]


ANNOTATIONS = "__annotations__"


class SymbolTable:
    """The scopes of a module, looked up by the AST node that opens them."""

    def __init__(self, module: ast.Module) -> None:
        self.scopes: dict[ast.AST, Scope] = {}
        # `from __future__ import annotations` (PEP 563): annotations are kept as their source.
        self.future_annotations = any(
            isinstance(node, ast.ImportFrom)
            and node.module == "__future__"
            and any(alias.name == "annotations" for alias in node.names)
            for node in module.body
        )
        self.module = self._open(module, ScopeKind.MODULE, None)
        _Collector(self).visit_body(module.body, self.module)
        _resolve(self.module)

    def _open(self, node: ast.AST, kind: ScopeKind, parent: Scope | None) -> Scope:
        scope = Scope(kind, parent)
        if parent is not None:
            parent.children.append(scope)
        self.scopes[node] = scope
        return scope

    def __getitem__(self, node: ast.AST) -> Scope:
        return self.scopes[node]


def parameters(args: ast.arguments) -> list[str]:
    """Parameter names in slot order: positional, keyword-only, *args, **kwargs."""
    names = [a.arg for a in args.posonlyargs + args.args + args.kwonlyargs]
    names += [a.arg for a in (args.vararg, args.kwarg) if a is not None]
    return names


class _Collector:
    """Walks the tree once, recording bindings and uses per scope."""

    def __init__(self, table: SymbolTable) -> None:
        self.table = table

    def visit_body(self, body: list[ast.stmt], scope: Scope) -> None:
        for statement in body:
            self.visit(statement, scope)

    def visit(self, node: ast.AST, scope: Scope) -> None:
        if isinstance(node, (ast.FunctionDef, ast.Lambda)):
            self.function(node, scope)
        elif isinstance(node, ast.ClassDef):
            self.klass(node, scope)
        elif isinstance(node, COMPREHENSIONS):
            self.comprehension(node, scope)
        elif isinstance(node, ast.NamedExpr):
            self.visit(node.value, scope)
            self.assignment_expression(node.target.id, scope)
        else:
            self.plain(node, scope)
            for child in ast.iter_child_nodes(node):
                self.visit(child, scope)

    def plain(self, node: ast.AST, scope: Scope) -> None:
        if isinstance(node, ast.Name):
            if isinstance(node.ctx, ast.Load):
                scope.used[node.id] = None
                if node.id == "super" and scope.kind is ScopeKind.FUNCTION:
                    scope.used[CLASS_CELL] = None
            else:
                scope.bound[node.id] = None
        elif isinstance(node, ast.Global):
            scope.explicit_globals.update(node.names)
        elif isinstance(node, ast.Nonlocal):
            scope.nonlocals.update(node.names)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                scope.bound[alias.asname or alias.name.partition(".")[0]] = None
        elif isinstance(node, ast.ExceptHandler) and node.name:
            scope.bound[node.name] = None
        elif (
            isinstance(node, ast.AnnAssign) and node.simple and scope.kind is not ScopeKind.FUNCTION
        ):
            # The annotation goes into the namespace's __annotations__ (statements.py).
            scope.bound[ANNOTATIONS] = None
            scope.used[ANNOTATIONS] = None
        elif isinstance(node, (ast.Yield, ast.YieldFrom, ast.Await)):
            scope.is_generator = True

    def assignment_expression(self, name: str, scope: Scope) -> None:
        """`(name := value)` binds in the nearest scope that is not a comprehension (PEP 572):
        the comprehensions between reach it as a nonlocal, or as a global from the module."""
        target = scope
        while target.is_comprehension and target.parent is not None:
            target = target.parent
        target.bound[name] = None
        inner = scope
        while inner is not target:
            if target.kind is ScopeKind.MODULE or name in target.explicit_globals:
                inner.explicit_globals.add(name)
            else:
                inner.nonlocals.add(name)
            assert inner.parent is not None
            inner = inner.parent

    def function(self, node: ast.FunctionDef | ast.Lambda, scope: Scope) -> None:
        args = node.args
        # Decorators and defaults are evaluated where the function is defined.
        if isinstance(node, ast.FunctionDef):
            scope.bound[node.name] = None
            for decorator in node.decorator_list:
                self.visit(decorator, scope)
        for default in args.defaults + [d for d in args.kw_defaults if d is not None]:
            self.visit(default, scope)
        inner = self.table._open(node, ScopeKind.FUNCTION, scope)
        inner.params = parameters(args)
        if isinstance(node, ast.FunctionDef):
            self.visit_body(node.body, inner)
        else:
            self.visit(node.body, inner)

    def klass(self, node: ast.ClassDef, scope: Scope) -> None:
        scope.bound[node.name] = None
        for expr in [*node.decorator_list, *node.bases, *(k.value for k in node.keywords)]:
            self.visit(expr, scope)
        self.visit_body(node.body, self.table._open(node, ScopeKind.CLASS, scope))

    def comprehension(
        self, node: ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp, scope: Scope
    ) -> None:
        # The first iterable is evaluated outside; everything else inside the comprehension.
        self.visit(node.generators[0].iter, scope)
        inner = self.table._open(node, ScopeKind.FUNCTION, scope)
        inner.params = [ITER_PARAM]
        inner.is_comprehension = True
        inner.is_generator = isinstance(node, ast.GeneratorExp)
        for i, generator in enumerate(node.generators):
            if i:
                self.visit(generator.iter, inner)
            self.visit(generator.target, inner)
            for condition in generator.ifs:
                self.visit(condition, inner)
        elements = [node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt]
        for element in elements:
            self.visit(element, inner)


def _resolve(scope: Scope) -> None:
    """Marks cells and free variables (children first: their free names are uses here), then
    lays out the slots."""
    for child in scope.children:
        _resolve(child)
    if scope.kind is ScopeKind.MODULE:
        return
    from_children: set[str] = set()
    for child in scope.children:
        from_children |= child.frees
    own = set(scope.used) | scope.nonlocals
    if scope.kind is ScopeKind.CLASS:
        # The class's own bindings are namespace names, invisible to its methods.
        own -= set(scope.bound) - scope.nonlocals
        if CLASS_CELL in from_children:
            scope.cells.add(CLASS_CELL)
    else:
        scope.cells = {n for n in from_children if scope.binds(n)}
    for name in own | from_children:
        if name in scope.explicit_globals or scope.binds(name) or name in scope.cells:
            continue
        if _defined_above(scope, name):
            scope.frees.add(name)
    _layout(scope)


def _defined_above(scope: Scope, name: str) -> bool:
    """Whether an enclosing function (or, for __class__, class) binds `name`."""
    parent = scope.parent
    while parent is not None and parent.kind is not ScopeKind.MODULE:
        if parent.kind is ScopeKind.CLASS and name == CLASS_CELL:
            return True
        if parent.binds(name):
            return True
        if name in parent.explicit_globals:
            return False
        parent = parent.parent
    return False


def _layout(scope: Scope) -> None:
    if scope.kind is ScopeKind.FUNCTION:
        plain = [n for n in scope.bound if scope.binds(n) and n not in scope.params]
        others = [n for n in plain if n not in scope.cells]
        cell_only = sorted(n for n in scope.cells if n not in scope.params)
        names = scope.params + others + cell_only
    else:
        names = sorted(scope.cells)
    scope.varnames = names + sorted(scope.frees)
    own = [SlotKind.CELL if n in scope.cells else SlotKind.PLAIN for n in names]
    scope.kinds = own + [SlotKind.FREE] * len(scope.frees)
