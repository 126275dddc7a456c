FACTOR = 3


def scale(x):
    return x * FACTOR % 11
