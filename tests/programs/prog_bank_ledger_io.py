# A bank ledger kept as CSV-like text: transactions parsed from an io.StringIO, balances checked
# with a custom exception, monthly statements written to another StringIO, totals by category.
import io
from collections import defaultdict


class InsufficientFunds(Exception):
    def __init__(self, account, needed, available):
        super().__init__(f"{account}: needs {needed:.2f}, has {available:.2f}")
        self.account = account


CSV = """date,account,category,amount
2024-01-03,alice,salary,2500.00
2024-01-04,alice,rent,-1200.00
2024-01-05,bob,salary,1800.00
2024-01-09,bob,food,-230.45
2024-01-15,alice,food,-310.10
2024-01-20,carol,gift,50.00
2024-01-21,carol,games,-75.00
2024-02-01,alice,rent,-1200.00
2024-02-02,bob,rent,-950.00
2024-02-03,alice,salary,2500.00
2024-02-10,bob,food,-199.99
2024-02-14,carol,salary,900.00
"""

balances = defaultdict(float)
by_category = defaultdict(float)
by_month = defaultdict(list)
rejected = []
reader = io.StringIO(CSV)
header = reader.readline().strip().split(",")
for line in reader:
    row = dict(zip(header, line.strip().split(",")))
    amount = float(row["amount"])
    try:
        if balances[row["account"]] + amount < 0:
            raise InsufficientFunds(row["account"], -amount, balances[row["account"]])
    except InsufficientFunds as error:
        rejected.append(str(error))
        continue
    balances[row["account"]] += amount
    by_category[row["category"]] += amount
    by_month[row["date"][:7]].append(row)
out = io.StringIO()
for month in sorted(by_month):
    rows = by_month[month]
    print(f"== {month}: {len(rows)} transactions", file=out)
    for row in rows:
        print(f"  {row['date']} {row['account']:<6} {row['category']:<7} {float(row['amount']):>9.2f}", file=out)
print(out.getvalue(), end="")
print({name: round(total, 2) for name, total in sorted(balances.items())})
print(sorted((round(v, 2), k) for k, v in by_category.items()))
print(rejected)
