import math

from .util import FACTOR


def area_floor(r):
    return math.floor(math.pi * r * r) + FACTOR
