# ASCII fractals: the Mandelbrot set and a Julia set rendered as characters by escape time with
# plain float arithmetic (no complex type), a histogram of iteration counts, and an estimate of the
# Mandelbrot set's area by sampling a grid.
from collections import Counter

SHADES = " .:-=+*#%@"


def escape_time(cx, cy, zx=0.0, zy=0.0, limit=40):
    for i in range(limit):
        zx2, zy2 = zx * zx, zy * zy
        if zx2 + zy2 > 4.0:
            return i
        zx, zy = zx2 - zy2 + cx, 2.0 * zx * zy + cy
    return limit


def render(width, height, x0, x1, y0, y1, point):
    rows = []
    for j in range(height):
        y = y0 + (y1 - y0) * j / (height - 1)
        row = []
        for i in range(width):
            n = point(x0 + (x1 - x0) * i / (width - 1), y)
            row.append(SHADES[min(n * len(SHADES) // 31, len(SHADES) - 1)])
        rows.append("".join(row).rstrip())
    return rows


mandel = render(48, 17, -2.2, 0.8, -1.2, 1.2, lambda x, y: escape_time(x, y, limit=30))
print("\n".join(mandel))
julia = render(36, 11, -1.6, 1.6, -1.0, 1.0, lambda x, y: escape_time(-0.8, 0.156, x, y, limit=30))
print("\n".join(julia))

counts = Counter()
inside = 0
steps = 20
for j in range(steps):
    y = -1.25 + 2.5 * (j + 0.5) / steps
    for i in range(steps):
        n = escape_time(-2.0 + 2.5 * (i + 0.5) / steps, y, limit=40)
        counts[n // 10] += 1
        inside += n == 40
area = 2.5 * 2.5 * inside / steps ** 2
print(f"area ~ {area:.4f} ({inside} of {steps * steps} points)")
print(sorted(counts.items()))
