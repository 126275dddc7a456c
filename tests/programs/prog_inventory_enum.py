# A warehouse inventory: items with Enum statuses whose transitions are checked, an IntEnum of
# priorities, a Flag of storage requirements, restocking rules, and a report grouped by status.
import random
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from enum import Enum, Flag, IntEnum, auto


class Status(Enum):
    IN_STOCK = "in stock"
    LOW = "low"
    OUT = "out of stock"
    ORDERED = "on order"
    DISCONTINUED = "discontinued"

    def can_become(self, other):
        return other in ALLOWED[self]


ALLOWED = {
    Status.IN_STOCK: {Status.LOW, Status.OUT, Status.DISCONTINUED},
    Status.LOW: {Status.IN_STOCK, Status.OUT, Status.ORDERED, Status.DISCONTINUED},
    Status.OUT: {Status.ORDERED, Status.DISCONTINUED},
    Status.ORDERED: {Status.IN_STOCK, Status.LOW},
    Status.DISCONTINUED: set(),
}


class Priority(IntEnum):
    LOW = 1
    NORMAL = 2
    HIGH = 3


class Storage(Flag):
    DRY = auto()
    COLD = auto()
    FRAGILE = auto()
    HAZMAT = auto()


class TransitionError(Exception):
    pass


@dataclass
class Item:
    sku: str
    quantity: int
    reorder_at: int
    priority: Priority = Priority.NORMAL
    storage: Storage = Storage.DRY
    status: Status = Status.IN_STOCK
    log: list = field(default_factory=list, repr=False)

    def set_status(self, new):
        if new is self.status:
            return
        if not self.status.can_become(new):
            raise TransitionError(f"{self.sku}: {self.status.value} -> {new.value} not allowed")
        self.log.append((self.status, new))
        self.status = new

    def refresh(self):
        if self.status in (Status.DISCONTINUED, Status.ORDERED) and self.quantity == 0:
            return
        target = Status.OUT if self.quantity == 0 else Status.LOW if self.quantity <= self.reorder_at else Status.IN_STOCK
        self.set_status(target)


rng = random.Random(5)
items = [
    Item("bolt-m4", 500, 100, Priority.LOW),
    Item("milk-1l", 40, 15, Priority.HIGH, Storage.COLD),
    Item("glass-vase", 12, 3, storage=Storage.FRAGILE | Storage.DRY),
    Item("solvent", 30, 10, Priority.HIGH, Storage.HAZMAT | Storage.COLD),
    Item("lamp", 8, 2),
]
errors = Counter()
for day in range(1, 2001):
    item = rng.choice(items)
    if item.status is Status.DISCONTINUED:
        continue
    item.quantity = max(0, item.quantity - rng.randint(1, 12))
    try:
        item.refresh()
        if item.status in (Status.LOW, Status.OUT) and item.priority >= Priority.NORMAL:
            item.set_status(Status.ORDERED)
            item.quantity += item.reorder_at * 4
            item.refresh()
        if day >= 1500 and item.sku == "lamp":
            item.set_status(Status.DISCONTINUED)
    except TransitionError as e:
        errors[str(e).split(": ")[1]] += 1

by_status = defaultdict(list)
for item in items:
    by_status[item.status].append(item)
for status in Status:
    names = ", ".join(f"{i.sku}({i.quantity})" for i in by_status[status]) or "-"
    print(f"{status.name:<13} {status.value:<13} {names}")
for item in sorted(items, key=lambda i: (-i.priority, i.sku)):
    flags = "|".join(f.name for f in Storage if f in item.storage)
    moves = Counter(f"{a.name}->{b.name}" for a, b in item.log)
    print(f"{item.sku:<11} {item.priority.name:<6} {int(item.priority)} {flags:<12} {len(item.log):4} {moves.most_common(2)}")
print(sorted(errors.items()))
print(Storage.COLD | Storage.HAZMAT, Priority.HIGH > Priority.LOW, Status("low"), Priority(2))
try:
    Status("lost")
except ValueError as e:
    print(e)
