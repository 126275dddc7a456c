# An error inside a key function max() calls from a loop in the caller (frontend/consumers.py):
# the traceback shows the call of max() and then the lambda, as CPython's does.


def heaviest(loads):
    return max(loads, key=lambda load: load["kg"] / load["count"])


print(heaviest([{"kg": 4, "count": 2}, {"kg": 3, "count": 1}]))
print(heaviest([{"kg": 4, "count": 2}, {"kg": 3, "count": 0}]))
