"""Making functions: def, lambda, class bodies and comprehensions, each a nested code object
turned into a function at run time (with defaults, keyword-only defaults and a closure)."""

from __future__ import annotations

import ast

from .assembler import Label
from .codeobject import FLAG_HAS_DOCSTRING, FLAG_VARARGS, FLAG_VARKEYWORDS, CodeObject
from .errors import unsupported
from .symbols import CLASS_CELL, ITER_PARAM, Scope
from .targets import Targets

Comprehension = ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp

_COMPREHENSION_NAMES: dict[type[ast.expr], str] = {
    ast.ListComp: "<listcomp>",
    ast.SetComp: "<setcomp>",
    ast.DictComp: "<dictcomp>",
    ast.GeneratorExp: "<genexpr>",
}

# The empty container a comprehension starts with, and how it adds an element.
_COLLECTORS: dict[type[ast.expr], tuple[str, str]] = {
    ast.ListComp: ("BUILD_LIST", "LIST_APPEND"),
    ast.SetComp: ("BUILD_SET", "SET_ADD"),
    ast.DictComp: ("BUILD_MAP", "MAP_ADD"),
}


class Functions(Targets):
    # -- def and lambda -------------------------------------------------------------------------

    def function_definition(self, node: ast.FunctionDef) -> None:
        """Decorators are evaluated first and called innermost first: `d(PUSH_NULL, f)`."""
        for decorator in node.decorator_list:
            self.expression(decorator)
            self.emit("PUSH_NULL")
        code = self.function_code(node, node.name)
        self.make_function(code, self.table[node], node.args)
        for decorator in reversed(node.decorator_list):
            with self.at(decorator):
                self.emit("CALL", 1)
        self.store_name(node.name)

    def function_value(self, node: ast.Lambda) -> None:
        self.make_function(self.function_code(node, "<lambda>"), self.table[node], node.args)

    def function_code(self, node: ast.FunctionDef | ast.Lambda, name: str) -> CodeObject:
        builder = self.nested(node, name)
        docstring = None if isinstance(node, ast.Lambda) else ast.get_docstring(node, clean=True)
        if docstring is not None:
            builder.const(docstring)  # the first constant, as FLAG_HAS_DOCSTRING says
        builder.prologue()
        if isinstance(node, ast.Lambda):
            builder.expression(node.body)
            builder.emit("RETURN_VALUE")
        else:
            builder.block(node.body[1:] if docstring is not None else node.body)
            builder.return_none(node.body[-1])
        args = node.args
        flags = (FLAG_VARARGS if args.vararg else 0) | (FLAG_VARKEYWORDS if args.kwarg else 0)
        flags |= FLAG_HAS_DOCSTRING if docstring is not None else 0
        return builder.code_object(
            argcount=len(args.posonlyargs) + len(args.args),
            posonlyargcount=len(args.posonlyargs),
            kwonlyargcount=len(args.kwonlyargs),
            flags=flags,
        )

    def make_function(self, code: CodeObject, scope: Scope, args: ast.arguments | None) -> None:
        """The function's attributes go under it on the stack; SET_FUNCTION_ATTRIBUTE takes them
        off in reverse."""
        attributes: list[str] = []
        if args is not None and args.defaults:
            for default in args.defaults:
                self.expression(default)
            self.emit("BUILD_TUPLE", len(args.defaults))
            attributes.append("defaults")
        keyword_defaults = [] if args is None else _keyword_defaults(args)
        if keyword_defaults:
            for name, default in keyword_defaults:
                self.load_const(name)
                self.expression(default)
            self.emit("BUILD_MAP", len(keyword_defaults))
            attributes.append("kwdefaults")
        frees = scope.free_order
        if frees:
            for name in frees:
                self.emit("LOAD_CLOSURE", self.scope.slot(name))
            self.emit("BUILD_TUPLE", len(frees))
            attributes.append("closure")
        self.load_const(code)
        self.emit("MAKE_FUNCTION")
        for attribute in reversed(attributes):
            self.emit_enum("SET_FUNCTION_ATTRIBUTE", attribute)

    # -- classes --------------------------------------------------------------------------------

    def class_definition(self, node: ast.ClassDef) -> None:
        """`__build_class__(body_function, name, *bases, **keywords)`, decorated, then stored
        (the keywords, `metaclass=` among them, are the call's, as in CPython)."""
        for keyword in node.keywords:
            if keyword.arg is None:
                raise unsupported(keyword, "class keyword argument")
        for decorator in node.decorator_list:
            self.expression(decorator)
            self.emit("PUSH_NULL")
        self.emit("LOAD_BUILD_CLASS")
        self.emit("PUSH_NULL")
        self.make_function(self.class_body(node), self.table[node], None)
        self.load_const(node.name)
        for base in node.bases:
            if isinstance(base, ast.Starred):
                raise unsupported(base, "starred base class")
            self.expression(base)
        for keyword in node.keywords:
            self.expression(keyword.value)
        if node.keywords:
            self.load_const(tuple(k.arg for k in node.keywords))
            self.emit("CALL_KW", 2 + len(node.bases) + len(node.keywords))
        else:
            self.emit("CALL", 2 + len(node.bases))
        for decorator in reversed(node.decorator_list):
            with self.at(decorator):
                self.emit("CALL", 1)
        self.store_name(node.name)

    def class_body(self, node: ast.ClassDef) -> CodeObject:
        """Runs with the class namespace as its locals (LOAD_NAME/STORE_NAME). Like CPython's, it
        records __module__ and __qualname__ first, and hands the __class__ cell that methods
        using super() share to __build_class__ as __classcell__."""
        builder = self.nested(node, node.name)
        builder.prologue()
        builder.emit("LOAD_NAME", builder.name_index("__name__"))
        builder.emit("STORE_NAME", builder.name_index("__module__"))
        builder.load_const(builder.qualname)
        builder.emit("STORE_NAME", builder.name_index("__qualname__"))
        builder.setup_annotations(node.body)
        builder.block(node.body)
        if CLASS_CELL in builder.scope.cells:
            builder.emit("LOAD_CLOSURE", builder.scope.slot(CLASS_CELL))
            builder.emit("STORE_NAME", builder.name_index("__classcell__"))
        builder.return_none(node.body[-1])
        return builder.code_object()

    # -- comprehensions -------------------------------------------------------------------------

    def comprehension(self, node: Comprehension) -> None:
        """A function of the first iterator, called at once (CPython 3.11's shape)."""
        builder = self.nested(node, _COMPREHENSION_NAMES[type(node)])
        builder.prologue()
        collector = _COLLECTORS.get(type(node))
        if collector is not None:
            builder.emit(collector[0], 0)
        builder.comprehension_loop(node, 0)
        if collector is not None:
            builder.emit("RETURN_VALUE")
        else:
            builder.return_none(node)
        self.make_function(builder.code_object(argcount=1), self.table[node], None)
        self.emit("PUSH_NULL")
        self.expression(node.generators[0].iter)
        self.emit("GET_ITER")
        self.emit("CALL", 1)

    def comprehension_loop(self, node: Comprehension, index: int) -> None:
        generator = node.generators[index]
        if generator.is_async:
            raise unsupported(generator.iter, "async comprehension")
        if index == 0:
            self.load_name(ITER_PARAM)
        else:
            self.expression(generator.iter)
            self.emit("GET_ITER")
        head, skip, exhausted = Label(), Label(), Label()
        self.bind(head)
        self.emit("FOR_ITER", exhausted)
        self.store(generator.target)
        for condition in generator.ifs:
            self.jump_if(condition, False, skip)
        if index + 1 < len(node.generators):
            self.comprehension_loop(node, index + 1)
        else:
            self.comprehension_element(node)
        self.bind(skip)
        self.jump(head)
        self.bind(exhausted)
        self.emit("END_FOR")

    def comprehension_element(self, node: Comprehension) -> None:
        # The container is under one iterator per `for`.
        below = len(node.generators) + 1
        if isinstance(node, ast.DictComp):
            self.expression(node.key)
            self.expression(node.value)
            self.emit("MAP_ADD", below)
        elif isinstance(node, ast.GeneratorExp):
            self.expression(node.elt)
            self.emit("YIELD_VALUE")
            self.emit("POP_TOP")
        else:
            self.expression(node.elt)
            self.emit(_COLLECTORS[type(node)][1], below)


def _keyword_defaults(args: ast.arguments) -> list[tuple[str, ast.expr]]:
    return [
        (arg.arg, default)
        for arg, default in zip(args.kwonlyargs, args.kw_defaults, strict=True)
        if default is not None
    ]
