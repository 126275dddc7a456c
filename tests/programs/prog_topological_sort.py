# Build-order planning: Kahn's topological sort with a deque and in-degree counts, cycle
# detection, the longest (critical) path, and levels of tasks that can run in parallel.
from collections import defaultdict, deque

DEPENDS = {
    "app": ["lib", "ui", "config"],
    "lib": ["core", "utils"],
    "ui": ["lib", "assets"],
    "core": ["utils"],
    "tests": ["app", "fixtures"],
    "fixtures": ["utils"],
    "docs": ["app"],
    "assets": [],
    "utils": [],
    "config": ["utils"],
}
COST = {"app": 5, "lib": 4, "ui": 3, "config": 1, "core": 6, "utils": 2, "tests": 7,
        "fixtures": 2, "docs": 1, "assets": 3}


def order(depends):
    users = defaultdict(list)
    indegree = {task: len(deps) for task, deps in depends.items()}
    for task, deps in depends.items():
        for dep in deps:
            users[dep].append(task)
    ready = deque(sorted(t for t, n in indegree.items() if n == 0))
    result = []
    while ready:
        task = ready.popleft()
        result.append(task)
        for user in sorted(users[task]):
            indegree[user] -= 1
            if indegree[user] == 0:
                ready.append(user)
    if len(result) != len(depends):
        raise ValueError(f"cycle among {sorted(set(depends) - set(result))}")
    return result


plan = order(DEPENDS)
print(plan)
finish = {}
for task in plan:
    finish[task] = COST[task] + max((finish[d] for d in DEPENDS[task]), default=0)
print(max(finish.values()), max(finish, key=finish.get))
level = {}
for task in plan:
    level[task] = 1 + max((level[d] for d in DEPENDS[task]), default=-1)
layers = defaultdict(list)
for task, n in level.items():
    layers[n].append(task)
print([sorted(layers[n]) for n in sorted(layers)])
try:
    order({"a": ["b"], "b": ["c"], "c": ["a"], "d": []})
except ValueError as error:
    print(error)
