# Calendar arithmetic without the datetime module: leap years, day of the week by Zeller's
# congruence and by day counting from an epoch (cross-checked), month grids printed like `cal`,
# Easter dates by the anonymous Gregorian algorithm, and Friday-the-13th statistics.
from collections import Counter

MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December"]
DAYS = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]


def is_leap(year):
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def days_in_month(year, month):
    if month == 2:
        return 29 if is_leap(year) else 28
    return 30 if month in (4, 6, 9, 11) else 31


def zeller(year, month, day):
    """0 = Monday ... 6 = Sunday."""
    if month < 3:
        month += 12
        year -= 1
    k, j = year % 100, year // 100
    h = (day + 13 * (month + 1) // 5 + k + k // 4 + j // 4 + 5 * j) % 7
    return (h + 5) % 7


def ordinal(year, month, day):
    """Days since 0001-01-01 (a Monday), as date.toordinal() - 1 counts them."""
    y = year - 1
    days = y * 365 + y // 4 - y // 100 + y // 400
    days += sum(days_in_month(year, m) for m in range(1, month))
    return days + day - 1


def month_grid(year, month):
    lines = [f"{MONTHS[month - 1]} {year}".center(20).rstrip(), " ".join(DAYS)]
    first = zeller(year, month, 1)
    cells = ["  "] * first + [f"{d:2}" for d in range(1, days_in_month(year, month) + 1)]
    for week in range(0, len(cells), 7):
        lines.append(" ".join(cells[week:week + 7]).rstrip())
    return lines


def easter(year):
    a, b, c = year % 19, year // 100, year % 100
    d, e = divmod(b, 4)
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    l = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * l) // 451
    month, day = divmod(h + l - 7 * m + 114, 31)
    return month, day + 1


left, right = month_grid(2024, 2), month_grid(2024, 3)
for a, b in zip(left + [""] * (len(right) - len(left)), right + [""] * (len(left) - len(right))):
    print(f"{a:<22}{b}")
print("\n".join(month_grid(2000, 1)))

mismatches = 0
for year in range(1900, 2101):
    for month in range(1, 13):
        for day in (1, 13, days_in_month(year, month)):
            mismatches += zeller(year, month, day) != ordinal(year, month, day) % 7
print("mismatches:", mismatches, "leap years 1900-2100:", sum(map(is_leap, range(1900, 2101))))

fridays = Counter()
for year in range(1901, 2001):
    for month in range(1, 13):
        if zeller(year, month, 13) == 4:
            fridays[MONTHS[month - 1][:3]] += 1
print(sum(fridays.values()), fridays.most_common(3))
thirteenths = Counter(DAYS[zeller(y, m, 13)] for y in range(2001, 2201) for m in range(1, 13))
print(sorted(thirteenths.items(), key=lambda kv: DAYS.index(kv[0])))
for year in (1961, 2000, 2024, 2025, 2038):
    month, day = easter(year)
    print(f"Easter {year}: {day} {MONTHS[month - 1]} ({DAYS[zeller(year, month, day)]})")
span = ordinal(2024, 12, 25) - ordinal(1969, 7, 20)
print(f"{span} days, {span // 7} weeks and {span % 7} days")
