# A discrete-event simulation of a small bank: customers arrive, queue and are served by tellers;
# events are ordered dataclasses in a heapq priority queue, randomness comes from a seeded
# random.Random.
import heapq
import random
from dataclasses import dataclass, field


@dataclass(order=True)
class Event:
    time: float
    order: int
    kind: str = field(compare=False)
    customer: int = field(compare=False)


def simulate(tellers, customers, seed):
    rng = random.Random(seed)
    events, counter = [], 0
    t = 0.0
    for c in range(customers):
        t += rng.expovariate(1.0)
        heapq.heappush(events, Event(t, counter, "arrive", c))
        counter += 1
    free, queue, waits, arrived, finished = tellers, [], [], {}, 0
    while events:
        event = heapq.heappop(events)
        if event.kind == "arrive":
            arrived[event.customer] = event.time
            queue.append(event.customer)
        else:
            free += 1
            finished += 1
        while free and queue:
            customer = queue.pop(0)
            free -= 1
            waits.append(event.time - arrived[customer])
            heapq.heappush(events, Event(event.time + rng.uniform(1.0, 3.0), counter, "done", customer))
            counter += 1
    return finished, round(sum(waits) / len(waits), 6), round(max(waits), 6)


for tellers in (1, 2, 3):
    print(tellers, simulate(tellers, 400, 2024))
