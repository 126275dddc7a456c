# An elevator controller simulated step by step: requests from a seeded random.Random, a SCAN
# scheduling policy with a deque of pending calls, and statistics on waiting times.
import random
from collections import deque


class Elevator:
    def __init__(self, floors):
        self.floor = 0
        self.direction = 1
        self.floors = floors
        self.targets = set()
        self.moves = 0

    def step(self):
        if not self.targets:
            return
        ahead = [t for t in self.targets if (t - self.floor) * self.direction > 0]
        if not ahead and self.floor not in self.targets:
            self.direction = -self.direction
        if self.floor not in self.targets:
            self.floor += self.direction
            self.moves += 1


def simulate(seed, steps, floors):
    rng = random.Random(seed)
    elevator = Elevator(floors)
    pending = deque()
    waits = []
    for t in range(steps):
        if rng.random() < 0.3:
            pending.append((t, rng.randrange(floors)))
        for _ in range(len(pending)):
            requested_at, floor = pending.popleft()
            if floor == elevator.floor:
                waits.append(t - requested_at)
                elevator.targets.discard(floor)
            else:
                elevator.targets.add(floor)
                pending.append((requested_at, floor))
        elevator.step()
    return len(waits), round(sum(waits) / max(len(waits), 1), 4), max(waits), elevator.moves


for seed in (1, 2, 3):
    print(seed, simulate(seed, 2000, 12))
