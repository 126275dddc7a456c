from .util import FACTOR

print("shapes package", __name__, FACTOR)


def describe():
    from . import polygon, circle

    return f"{polygon.__name__} {circle.__name__} {FACTOR}"
