# The Josephus problem three ways (deque rotation, list index arithmetic, the recurrence),
# checked against each other for many circle sizes, and the elimination order of one circle.
from collections import deque


def by_deque(n, k):
    circle = deque(range(1, n + 1))
    order = []
    while circle:
        circle.rotate(-(k - 1))
        order.append(circle.popleft())
    return order


def by_list(n, k):
    people, i, order = list(range(1, n + 1)), 0, []
    while people:
        i = (i + k - 1) % len(people)
        order.append(people.pop(i))
    return order


def survivor(n, k):
    s = 0
    for m in range(2, n + 1):
        s = (s + k) % m
    return s + 1


print(by_deque(10, 3))
agree = all(by_deque(n, k)[-1] == by_list(n, k)[-1] == survivor(n, k)
            for n in range(1, 60) for k in range(1, 8))
print(agree, [survivor(n, 2) for n in range(1, 17)], survivor(1000, 7))
