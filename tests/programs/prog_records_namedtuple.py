# Records as namedtuples: parsing CSV-like lines, sorting by operator.itemgetter/attrgetter,
# grouping with itertools.groupby, totals with functools.reduce.
from collections import namedtuple
from functools import reduce
from itertools import groupby
from operator import attrgetter, itemgetter

Sale = namedtuple("Sale", "region product units price")

RAW = """north,widget,12,2.50
south,gadget,3,10.00
north,gadget,7,9.50
east,widget,20,2.25
south,widget,8,2.75
east,gizmo,1,99.99
north,gizmo,2,95.00
west,widget,15,2.40"""

sales = []
for line in RAW.splitlines():
    region, product, units, price = line.split(",")
    sales.append(Sale(region, product, int(units), float(price)))
print(sales[0], sales[0]._asdict())
by_region = sorted(sales, key=attrgetter("region", "product"))
for region, group in groupby(by_region, key=attrgetter("region")):
    items = list(group)
    revenue = sum(s.units * s.price for s in items)
    print(f"{region:6} {len(items)} {revenue:8.2f} {max(items, key=attrgetter('units')).product}")
print([s.product for s in sorted(sales, key=itemgetter(3), reverse=True)[:3]])
print(reduce(lambda acc, s: acc + s.units, sales, 0))
best = max(sales, key=lambda s: s.units * s.price)
print(best._replace(units=0), best.units)
totals = {}
for i in range(400):
    s = sales[i % len(sales)]
    totals[s.product] = totals.get(s.product, 0) + s.units
print(sorted(totals.items(), key=itemgetter(1)))
