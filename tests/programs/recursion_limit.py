# A runaway recursion raises RecursionError (never a crash), which the program can catch.


def down(n):
    return down(n + 1)


def countdown(n):
    if n == 0:
        return 0
    return 1 + countdown(n - 1)


try:
    down(0)
except RecursionError as e:
    print("caught:", type(e).__name__, e)

total = 0
for i in range(300):
    total += countdown(200)
print("deep but fine:", total)
