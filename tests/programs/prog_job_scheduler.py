# A priority-queue job scheduler: jobs with priorities, arrival times, durations and dependencies
# run on a pool of workers in a discrete-event simulation with heapq; lazy deletion cancels jobs,
# aging raises waiting jobs' priority, and per-worker statistics are reported at the end.
import heapq
import itertools
import random
from dataclasses import dataclass, field


@dataclass(order=True)
class Job:
    sort_key: tuple = field(init=False, repr=False)
    name: str = field(compare=False)
    priority: int = field(compare=False)
    arrival: int = field(compare=False)
    duration: int = field(compare=False)
    deps: frozenset = field(default=frozenset(), compare=False)

    def __post_init__(self):
        self.sort_key = (self.priority, self.arrival, self.name)


class Scheduler:
    def __init__(self, workers):
        self.ready = []
        self.entries = {}
        self.cancelled = set()
        self.idle = list(range(workers))
        self.events = []
        self.seq = itertools.count()
        self.done = {}
        self.waiting = []
        self.busy = [0] * workers

    def submit(self, job):
        if job.deps - self.done.keys():
            self.waiting.append(job)
        else:
            heapq.heappush(self.ready, job)

    def cancel(self, name):
        self.cancelled.add(name)

    def age(self, now):
        # Jobs waiting long get more urgent: rebuild the heap with bumped keys.
        for job in self.ready:
            if now - job.arrival > 50 and job.priority > 0:
                job.priority -= 1
                job.sort_key = (job.priority, job.arrival, job.name)
        heapq.heapify(self.ready)

    def dispatch(self, now):
        while self.idle and self.ready:
            job = heapq.heappop(self.ready)
            if job.name in self.cancelled:
                continue
            worker = heapq.heappop(self.idle)
            self.busy[worker] += job.duration
            heapq.heappush(self.events, (now + job.duration, next(self.seq), worker, job))

    def finish_until(self, now):
        while self.events and self.events[0][0] <= now:
            end, _, worker, job = heapq.heappop(self.events)
            self.done[job.name] = (end, job.arrival)
            heapq.heappush(self.idle, worker)
            still = []
            for waiting in self.waiting:
                (self.submit if waiting.deps <= self.done.keys() else still.append)(waiting)
            self.waiting = still


rng = random.Random(31)
sched = Scheduler(workers=3)
names = []
for now in range(600):
    if rng.random() < 0.35:
        name = f"job{len(names):03d}"
        deps = frozenset(rng.sample(names[-10:], k=min(len(names[-10:]), rng.choice([0, 0, 1, 2]))))
        sched.submit(Job(name, rng.randint(0, 9), now, rng.randint(1, 12), deps))
        names.append(name)
        if rng.random() < 0.05:
            sched.cancel(rng.choice(names))
    sched.finish_until(now)
    if now % 25 == 0:
        sched.age(now)
    sched.dispatch(now)
sched.finish_until(10**9)

waits = sorted(end - arrival for end, arrival in sched.done.values())
print(f"submitted {len(names)}, done {len(sched.done)}, cancelled {len(sched.cancelled)}, stuck {len(sched.waiting)}")
print(f"turnaround: min {waits[0]} median {waits[len(waits) // 2]} max {waits[-1]} mean {sum(waits) / len(waits):.2f}")
print("busy per worker:", sched.busy)
order = sorted(sched.done, key=lambda n: sched.done[n])
print("first finished:", order[:8])
print(Job("x", 1, 2, 3) < Job("y", 1, 2, 3), Job("a", 0, 9, 1) < Job("b", 1, 0, 1))
done = sched.done.keys()
print(done >= {"job000", "job001"}, frozenset(names) == done, done < set(names) | {"extra"}, sched.done.items() <= sched.done.items())
