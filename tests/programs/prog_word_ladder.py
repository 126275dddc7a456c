# Word ladders: a dictionary of four-letter words bucketed by wildcard patterns ("c_ld"), the
# shortest ladder between two words by breadth-first search with a deque, all shortest ladders by
# a layered BFS with parent sets, and the connected components of the word graph.
from collections import defaultdict, deque
from itertools import chain

WORDS = """cold cord card ward warm word worm wore core care cars bars bare bore more mare mars
maps mops tops tips lips laps caps cats bats bass boss moss miss mist most post past pest best bust
dust must mast cast case cave gave give live love lose lost cost coat boat bolt bold gold golf wolf
wool tool toll tell bell ball call calm palm pale pole hole hold held head heal real read road load
loan lean mean meat heat beat belt melt malt salt halt hall hale male mile mild wild wind kind find
fine mine mind bind band hand hard lard lord load fold tail tall jazz quiz fizz fuzz""".split()


def buckets(words):
    table = defaultdict(list)
    for word in words:
        for i in range(len(word)):
            table[word[:i] + "_" + word[i + 1:]].append(word)
    return table


TABLE = buckets(WORDS)


def neighbours(word):
    return sorted({w for i in range(len(word)) for w in TABLE[word[:i] + "_" + word[i + 1:]] if w != word})


def ladder(start, goal):
    parents = {start: None}
    queue = deque([start])
    while queue:
        word = queue.popleft()
        if word == goal:
            path = []
            while word:
                path.append(word)
                word = parents[word]
            return path[::-1]
        for nxt in neighbours(word):
            if nxt not in parents:
                parents[nxt] = word
                queue.append(nxt)
    return None


def all_ladders(start, goal):
    parents = defaultdict(set)
    layer, seen = {start}, {start}
    while layer and goal not in layer:
        following = defaultdict(set)
        for word in layer:
            for nxt in neighbours(word):
                if nxt not in seen:
                    following[nxt].add(word)
        seen.update(following)
        for word, ps in following.items():
            parents[word] |= ps
        layer = set(following)

    def paths(word):
        if word == start:
            yield [start]
            return
        for parent in sorted(parents[word]):
            for path in paths(parent):
                yield path + [word]

    return list(paths(goal)) if goal in layer else []


for start, goal in [("cold", "warm"), ("head", "tail"), ("lose", "find"), ("boat", "wolf"), ("mist", "mist")]:
    path = ladder(start, goal)
    print(f"{start} -> {goal}: {' > '.join(path) if path else 'no ladder'}")
for route in all_ladders("cold", "warm"):
    print("  ", " ".join(route))
print(len(all_ladders("cast", "bell")), all_ladders("cast", "bell")[:2])

unseen, components = set(WORDS), []
while unseen:
    root = min(unseen)
    component, queue = {root}, deque([root])
    while queue:
        for nxt in neighbours(queue.popleft()):
            if nxt not in component:
                component.add(nxt)
                queue.append(nxt)
    unseen -= component
    components.append(sorted(component))
components.sort(key=lambda c: (-len(c), c))
print([len(c) for c in components], components[1:])
degree = {w: len(neighbours(w)) for w in set(chain.from_iterable(components))}
print(sorted(degree.items(), key=lambda kv: (-kv[1], kv[0]))[:5])
