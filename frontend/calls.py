"""Calls. The stack under a call is [callable, self_or_null, args...]: LOAD_METHOD pushes a
method and its self, anything else is followed by PUSH_NULL."""

from __future__ import annotations

import ast

from .expressions import Expressions
from .symbols import Access


class Calls(Expressions):
    def call(self, node: ast.Call) -> None:
        if self.is_zero_argument_super(node):
            self.zero_argument_super()
            return
        if isinstance(node.func, ast.Attribute):
            self.expression(node.func.value)
            with self.at(node.func):
                self.emit("LOAD_METHOD", self.name_index(node.func.attr))
        else:
            self.expression(node.func)
            self.emit("PUSH_NULL")
        self.call_arguments(node)

    def call_arguments(self, node: ast.Call) -> None:
        """The arguments and the call, with the callable and its self or NULL on the stack."""
        starred = any(isinstance(a, ast.Starred) for a in node.args)
        if starred or any(k.arg is None for k in node.keywords):
            self.call_ex(node)
            return
        for arg in node.args:
            self.expression(arg)
        if not node.keywords:
            self.emit("CALL", len(node.args))
            return
        for keyword in node.keywords:
            self.expression(keyword.value)
        self.load_const(tuple(k.arg for k in node.keywords if k.arg is not None))
        self.emit("CALL_KW", len(node.args) + len(node.keywords))

    def call_ex(self, node: ast.Call) -> None:
        """f(*a, b, **k, c=1): the positional arguments as one tuple, the keywords as one dict
        (or NULL), each built in source order. A lone `*a` is passed as it is (as CPython 3.11
        compiles it): CALL_FUNCTION_EX makes it a tuple, naming the callable if it cannot."""
        if len(node.args) == 1 and isinstance(node.args[0], ast.Starred):
            self.expression(node.args[0].value)
        elif any(isinstance(a, ast.Starred) for a in node.args):
            self.starred_sequence(node.args, "BUILD_LIST", "LIST_APPEND", "LIST_EXTEND")
            self.emit("LIST_TO_TUPLE")
        else:
            for arg in node.args:
                self.expression(arg)
            self.emit("BUILD_TUPLE", len(node.args))
        if node.keywords:
            self.keyword_dict(node.keywords)
        else:
            self.emit("PUSH_NULL")
        self.emit("CALL_FUNCTION_EX")

    def keyword_dict(self, keywords: list[ast.keyword]) -> None:
        """Runs of named keywords become one BUILD_MAP each; the first run is the dict itself,
        later ones and every `**mapping` merge into it (DICT_MERGE rejects repeated names)."""
        started = False
        run: list[ast.keyword] = []
        for keyword in [*keywords, None]:
            if keyword is not None and keyword.arg is not None:
                run.append(keyword)
                continue
            if run or not started:
                for named in run:
                    self.load_const(named.arg)
                    self.expression(named.value)
                self.emit("BUILD_MAP", len(run))
                if started:
                    self.emit("DICT_MERGE", 1)
                started, run = True, []
            if keyword is not None:
                self.expression(keyword.value)
                self.emit("DICT_MERGE", 1)

    def is_zero_argument_super(self, node: ast.Call) -> bool:
        return (
            isinstance(node.func, ast.Name)
            and node.func.id == "super"
            and not node.args
            and not node.keywords
            and self.scope.access("__class__")[0] is Access.DEREF
            and bool(self.scope.params)
        )

    def zero_argument_super(self) -> None:
        """super() is super(__class__, <first parameter>), as CPython's compiler makes it."""
        self.load_name("super")
        self.emit("PUSH_NULL")
        self.load_name("__class__")
        self.load_name(self.scope.params[0])
        self.emit("CALL", 2)
