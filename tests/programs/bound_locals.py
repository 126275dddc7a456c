# A trace loads a local it already stored or loaded with no check (_LOAD_FAST_BOUND); `del` and a
# call that may not bind a local keep the check where the local may be unbound.


def deleting(n):
    total = 0
    for i in range(n):
        x = i
        total += x + x
        if i % 97 == 50:
            del x
        try:
            total += x
        except UnboundLocalError as e:
            print("caught:", e)
    return total


def maybe(n):
    total = 0
    for i in range(n):
        if i % 3:
            y = i
        try:
            total += y * 2 + y
        except UnboundLocalError as e:
            if i < 3:
                print("caught:", e)
    return total


print(deleting(400), maybe(400))
