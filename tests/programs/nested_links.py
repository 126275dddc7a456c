# Nested hot loops whose traces jump into each other (the inner loop's exit links to a side trace
# that runs the outer loop's body and enters the inner loop's trace again), while a class the
# inner loop's trace relies on changes: every tree linked to an invalid one goes too.


class Weight:
    factor = 2

    def apply(self, x):
        return x * self.factor


def grid(rows, cols):
    w = Weight()
    total = 0
    for r in range(rows):
        for c in range(cols):
            total += w.apply(c) + r
        if r == rows // 2:
            Weight.factor = 3
    return total


print(grid(60, 40))
print(grid(60, 40))
