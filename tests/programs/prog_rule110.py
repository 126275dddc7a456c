# Elementary cellular automata (Wolfram rules 30, 90, 110, 184): a row packed into a big int and
# stepped with bitwise operations, a list-based reference, pattern printing, and period detection.
RULES = (30, 90, 110, 184)


def step_int(row, width, rule):
    mask = (1 << width) - 1
    left = row >> 1
    right = (row << 1) & mask
    out = 0
    for pattern in range(8):
        if rule >> pattern & 1:
            a = left if pattern & 4 else ~left
            b = row if pattern & 2 else ~row
            c = right if pattern & 1 else ~right
            out |= a & b & c
    return out & mask


def step_list(cells, rule):
    n = len(cells)
    return [rule >> (4 * (cells[i - 1] if i else 0) + 2 * cells[i] + (cells[i + 1] if i + 1 < n else 0)) & 1
            for i in range(n)]


def to_cells(row, width):
    return [row >> (width - 1 - i) & 1 for i in range(width)]


def show(row, width):
    return format(row, f"0{width}b").replace("0", " ").replace("1", "#")


width = 64
for rule in RULES:
    row = 1 << (width // 2)
    print(f"rule {rule}")
    for generation in range(12):
        print(f"  |{show(row, width)}|")
        row = step_int(row, width, rule)

# The int and the list implementations agree over many generations.
width = 101
for rule in RULES:
    row = (1 << width - 1) | 1 << (width // 3) | 1
    cells = to_cells(row, width)
    population = 0
    for _ in range(300):
        row = step_int(row, width, rule)
        cells = step_list(cells, rule)
        population += bin(row).count("1")
    print(f"rule {rule:3}: agree={cells == to_cells(row, width)} population={population} final={row:#x}")


def period(rule, width, start):
    seen = {}
    row, t = start, 0
    while row not in seen:
        seen[row] = t
        row = step_int(row, width, rule)
        t += 1
    return seen[row], t - seen[row]


for rule in RULES:
    print(rule, [period(rule, w, 0b1011) for w in (8, 12, 16)])
