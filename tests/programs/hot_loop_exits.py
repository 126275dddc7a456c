# Short inner loops in hot outer loops: traces are often recorded just as an inner loop's
# iterator runs out, so they follow the loop's exit. An exhausted list or tuple iterator stays
# exhausted (items the list gains later are not seen), whichever tier took the last step.


def grid(width, height):
    cells = 0
    for y in range(height):
        for x in range(width):
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                if 0 <= x + dx < width and 0 <= y + dy < height:
                    cells += 1
    return cells


print(grid(40, 30))

saved = []
total = 0
for k in range(400):
    data = [k] if k % 2 else [k, k + 1, k + 2]
    it = iter(data)
    for v in it:
        total += v
    data.append(99)
    saved.append(next(it, "done"))
print(total, saved.count("done"), len(saved))

spans = 0
for k in range(300):
    for i in range(k % 4):
        spans += i
    for t in (k, -k):
        spans += t % 7
print(spans)
