# A program split into modules and a package: plain and dotted imports, `as`, `from` imports of
# names and of submodules, relative imports inside the package, module state shared by every
# importer, `if __name__ == "__main__":` in an imported module, and a hot loop calling into
# modules (their functions run with their own globals in traces).
import counter
import counter as again
import shapes.polygon
import shapes.polygon as poly
from shapes import circle
from shapes.polygon import Square, perimeter
from shapes.util import scale

print(counter.__name__, shapes.__name__, shapes.polygon.__name__, circle.__name__)
print(counter is again, poly is shapes.polygon, shapes.circle is circle)
print(shapes.__package__, poly.__package__, repr(counter.__package__))
print(counter.__file__.endswith("counter.py"), shapes.__file__.endswith("__init__.py"))
print(repr(counter).startswith("<module 'counter' from '"), repr(counter).endswith("counter.py'>"))

total = 0
for i in range(2000):
    counter.bump()
    total += perimeter(Square(i % 7)) + scale(i) + circle.area_floor(i % 5)
print(total, counter.count, again.count, counter.calls())
counter.count = -1
print(again.count, shapes.describe())


def main():
    print("main ran", __name__)


if __name__ == "__main__":
    main()
