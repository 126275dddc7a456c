def compute(x):
    return x // (x - x)


result = compute(3)
