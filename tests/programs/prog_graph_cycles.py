# Directed graphs: cycle detection by three-colour DFS (the cycle itself reported), topological
# order from DFS finishing times, Tarjan's strongly connected components, and a build-order
# resolver for a package dependency table, with an exception for circular dependencies.
import random
from collections import defaultdict
from enum import Enum


class Colour(Enum):
    WHITE = 0
    GREY = 1
    BLACK = 2


class CycleError(Exception):
    def __init__(self, cycle):
        super().__init__(" -> ".join(map(str, cycle)))
        self.cycle = cycle


def topological_order(graph):
    colour = defaultdict(lambda: Colour.WHITE)
    order, stack = [], []

    def visit(node):
        colour[node] = Colour.GREY
        stack.append(node)
        for nxt in graph.get(node, ()):
            if colour[nxt] is Colour.GREY:
                raise CycleError(stack[stack.index(nxt):] + [nxt])
            if colour[nxt] is Colour.WHITE:
                visit(nxt)
        stack.pop()
        colour[node] = Colour.BLACK
        order.append(node)

    for node in sorted(graph):
        if colour[node] is Colour.WHITE:
            visit(node)
    return order[::-1]


def tarjan(graph):
    index, low, on_stack, stack, components = {}, {}, set(), [], []
    counter = 0

    def strong(v):
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            components.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return components


packages = {
    "app": ["web", "db", "log"], "web": ["http", "templates", "log"], "db": ["driver", "log"],
    "http": ["socket", "log"], "templates": ["strings"], "driver": ["socket"], "log": ["strings"],
    "socket": [], "strings": [],
}
order = topological_order(packages)
print("build order:", " ".join(reversed(order)))
packages["log"].append("app")
try:
    topological_order(packages)
except CycleError as e:
    print("circular:", e, len(e.cycle) - 1)
print("components:", [c for c in tarjan(packages) if len(c) > 1])

rng = random.Random(4)
for n, most in ((30, 3), (80, 3), (150, 4)):
    graph = {v: sorted(set(rng.choices(range(n), k=rng.randint(0, most))) - {v}) for v in range(n)}
    sccs = tarjan(graph)
    try:
        order = topological_order(graph)
        status = f"acyclic, first {order[:5]}"
    except CycleError as e:
        status = f"cycle of {len(e.cycle) - 1}: {e.cycle[:6]}"
    sizes = sorted((len(c) for c in sccs), reverse=True)[:5]
    print(f"n={n:3} edges={sum(map(len, graph.values())):4} sccs={len(sccs):3} largest={sizes} {status}")
dag = {v: sorted(rng.sample(range(v + 1, 120), min(3, 119 - v))) for v in range(120)}
order = topological_order(dag)
position = {v: i for i, v in enumerate(order)}
print(all(position[v] < position[w] for v in dag for w in dag[v]), len(tarjan(dag)))
