# Small-object allocation churn: short-lived points, events and tuples created and dropped in
# a simulation step, a free-list-like queue of records, and a linked list rebuilt each round,
# as in event systems and interpreters themselves.

MOD = 1000003


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def moved(self, dx, dy):
        return Point(self.x + dx, self.y + dy)


class Event:
    def __init__(self, time, kind, payload):
        self.time = time
        self.kind = kind
        self.payload = payload


class Node:
    def __init__(self, value, next_node):
        self.value = value
        self.next = next_node


def main():
    checksum = 0
    points = [Point(i, i * 2) for i in range(200)]
    for step in range(1500):
        moved = []
        for p in points:
            q = p.moved(step % 3 - 1, 1 - step % 2)
            pair = (q.x % 17, q.y % 13)
            moved.append(q if pair[0] != pair[1] else Point(0, 0))
        points = moved
        events = [Event(step * 10 + k, k % 4, (k, step)) for k in range(40)]
        for event in events:
            if event.kind == 2:
                checksum = (checksum + event.time + event.payload[0]) % MOD
        head = None
        for value in range(50):
            head = Node(value * step, head)
        total = 0
        while head is not None:
            total += head.value
            head = head.next
        checksum = (checksum * 31 + total) % MOD
    for p in points:
        checksum = (checksum * 7 + p.x * 3 + p.y) % MOD
    print("object_churn", checksum)


main()
