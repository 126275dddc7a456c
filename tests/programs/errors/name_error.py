# Uncaught NameError: a global that is never defined.
def compute(n):
    total = 0
    for i in range(n):
        total += i
    return total + undefined_quantity_xyz  # noqa: F821 (the point of the test)


print("before")
print(compute(300))
