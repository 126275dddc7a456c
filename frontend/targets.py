"""Assignment targets: storing (with unpacking), deleting and augmented assignment."""

from __future__ import annotations

import ast

from .consumers import Consumers
from .errors import unsupported
from .expressions import no_step
from .unsupported import describe


class Targets(Consumers):
    def store(self, target: ast.expr) -> None:
        """Stores the value on top of the stack into `target`."""
        with self.at(target):
            if isinstance(target, ast.Name):
                self.store_name(target.id)
            elif isinstance(target, ast.Attribute):
                self.expression(target.value)
                self.emit("STORE_ATTR", self.name_index(target.attr))
            elif isinstance(target, ast.Subscript):
                self.expression(target.value)
                plain = no_step(target.slice)
                if plain is not None:
                    self.slice_bounds(plain)
                    self.emit("STORE_SLICE")
                else:
                    self.expression(target.slice)
                    self.emit("STORE_SUBSCR")
            elif isinstance(target, (ast.Tuple, ast.List)):
                self.unpack(target.elts)
            else:
                raise unsupported(target, f"assignment to {describe(target)}")

    def unpack(self, targets: list[ast.expr]) -> None:
        """The values come off the sequence with the first on top, so targets store in order."""
        stars = [i for i, t in enumerate(targets) if isinstance(t, ast.Starred)]
        if stars:
            self.load_const(stars[0])
            self.emit("UNPACK_EX", len(targets))
        else:
            self.emit("UNPACK_SEQUENCE", len(targets))
        for target in targets:
            self.store(target.value if isinstance(target, ast.Starred) else target)

    def delete(self, target: ast.expr) -> None:
        with self.at(target):
            if isinstance(target, ast.Name):
                self.delete_name(target, target.id)
            elif isinstance(target, ast.Attribute):
                self.expression(target.value)
                self.emit("DELETE_ATTR", self.name_index(target.attr))
            elif isinstance(target, ast.Subscript):
                # There is no DELETE_SLICE: the slice is built.
                self.expression(target.value)
                self.expression(target.slice)
                self.emit("DELETE_SUBSCR")
            elif isinstance(target, (ast.Tuple, ast.List)):
                for element in target.elts:
                    self.delete(element)
            else:
                raise unsupported(target, f"deletion of {describe(target)}")

    def augmented_assignment(self, node: ast.AugAssign) -> None:
        """The target's parts are evaluated once: copies of them serve the load and the store."""
        target = node.target
        oparg = self.binary_oparg(node.op, in_place=True)
        if isinstance(target, ast.Name):
            self.load_name(target.id)
            self.expression(node.value)
            self.emit("BINARY_OP", oparg)
            self.store_name(target.id)
        elif isinstance(target, ast.Attribute):
            name = self.name_index(target.attr)
            self.expression(target.value)
            self.emit("COPY", 1)
            self.emit("LOAD_ATTR", name)
            self.expression(node.value)
            self.emit("BINARY_OP", oparg)
            self.emit("SWAP", 2)
            self.emit("STORE_ATTR", name)
        elif isinstance(target, ast.Subscript):
            self.expression(target.value)
            plain = no_step(target.slice)
            # [container, start, stop] or [container, index]: copied, read, operated on, and
            # the result rotated under them for the store.
            parts = 3 if plain is not None else 2
            if plain is not None:
                self.slice_bounds(plain)
            else:
                self.expression(target.slice)
            for _ in range(parts):
                self.emit("COPY", parts)
            self.emit("BINARY_SLICE" if plain is not None else "BINARY_SUBSCR")
            self.expression(node.value)
            self.emit("BINARY_OP", oparg)
            for depth in range(parts + 1, 1, -1):
                self.emit("SWAP", depth)
            self.emit("STORE_SLICE" if plain is not None else "STORE_SUBSCR")
        else:
            raise unsupported(target, f"assignment to {describe(target)}")
