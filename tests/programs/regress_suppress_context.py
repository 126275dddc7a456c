# raise ... from None: the context is kept (__context__) but not printed, and
# __suppress_context__ says so (found by the fuzzer).
try:
    try:
        {}[1]
    except KeyError as e:
        raise ValueError("v") from None
except ValueError as e:
    print(repr(e), e.__cause__, e.__context__, e.__suppress_context__)
try:
    try:
        {}[1]
    except KeyError as e:
        raise ValueError("w")
except ValueError as e:
    print(repr(e), e.__cause__, repr(e.__context__), e.__suppress_context__)
try:
    raise ValueError("x") from KeyError(2)
except ValueError as e:
    print(repr(e), repr(e.__cause__), e.__context__, e.__suppress_context__)
print(ValueError().__suppress_context__)


def hot(n):
    seen = []
    for i in range(n):
        try:
            try:
                [][i]
            except IndexError:
                if i % 2:
                    raise KeyError(i) from None
                raise KeyError(-i)
        except KeyError as e:
            seen.append((e.__suppress_context__, type(e.__context__).__name__, e.__cause__))
    return seen[-2:], len(seen)


print(hot(100))
