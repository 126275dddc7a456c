# An uncaught exception raised 'from None' inside a handler prints without the exception it
# replaced (no 'During handling of the above exception').


def f():
    try:
        {}[1]
    except KeyError:
        raise ValueError("final") from None
f()
