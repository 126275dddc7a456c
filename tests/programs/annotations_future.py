# Under `from __future__ import annotations` (PEP 563) annotations are kept as their source text,
# even names that do not exist; a function's own annotations are never evaluated either.
from __future__ import annotations

count: int = 0
later: Undefined[int]


class Node:
    value: int
    next: Node | None = None
    children: list[Node] = []

    def walk(self, depth: Deep) -> Result:
        local: AlsoUndefined = 3
        return local + depth


print(__annotations__)
print(Node.__annotations__, Node().walk(2))
total = 0
for i in range(500):
    total += Node().walk(i)
print(total)
