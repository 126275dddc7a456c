# Uncaught AttributeError at a site that ran hot on another class: the printed line suggests
# the nearest of dir(obj), as CPython 3.11 does; str(e) never carries it.
import math


class Account:
    def __init__(self, balance):
        self.balance = balance


class Draft:
    def __init__(self, balance):
        self.balanse = balance


try:
    math.sqr(4)
except AttributeError as e:
    print(str(e))


def total(accounts):
    s = 0
    for a in accounts:
        s += a.balance
    return s


accounts = [Account(i) for i in range(50)]
for r in range(20):
    print(total(accounts)) if r == 19 else total(accounts)
total(accounts + [Draft(1)])
