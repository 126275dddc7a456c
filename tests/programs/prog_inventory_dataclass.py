# An inventory kept as dataclasses: restocking, orders that fail with a custom exception,
# reports sorted several ways, and a JSON export of the state.
import json
from dataclasses import asdict, dataclass, field


class OutOfStock(Exception):
    pass


@dataclass(order=True)
class Item:
    sku: str
    name: str = field(compare=False)
    price: float = field(compare=False)
    quantity: int = field(default=0, compare=False)
    tags: list = field(default_factory=list, compare=False)

    def value(self):
        return round(self.price * self.quantity, 2)


@dataclass
class Inventory:
    items: dict = field(default_factory=dict)
    log: list = field(default_factory=list)

    def add(self, item):
        self.items[item.sku] = item

    def restock(self, sku, amount):
        self.items[sku].quantity += amount
        self.log.append(("restock", sku, amount))

    def order(self, sku, amount):
        item = self.items[sku]
        if item.quantity < amount:
            raise OutOfStock(f"{item.name}: wanted {amount}, have {item.quantity}")
        item.quantity -= amount
        self.log.append(("order", sku, amount))
        return round(item.price * amount, 2)


inventory = Inventory()
for sku, name, price, qty, tags in [("A100", "bolt", 0.25, 500, ["hardware"]),
                                    ("B200", "hammer", 12.5, 10, ["tool"]),
                                    ("C300", "saw", 24.99, 3, ["tool", "sharp"]),
                                    ("A050", "nut", 0.1, 800, ["hardware"])]:
    inventory.add(Item(sku, name, price, qty, tags))
revenue = 0.0
for step in range(60):
    sku = ["A100", "B200", "C300", "A050"][step % 4]
    try:
        revenue += inventory.order(sku, 1 + step % 5)
    except OutOfStock as error:
        print("out of stock:", error)
        inventory.restock(sku, 10)
print(round(revenue, 2), len(inventory.log))
for item in sorted(inventory.items.values()):
    print(f"{item.sku} {item.name:8} {item.quantity:5} {item.value():9.2f}")
print(max(inventory.items.values(), key=Item.value).name)
print(json.dumps({sku: asdict(item) for sku, item in sorted(inventory.items.items())}, sort_keys=True))
