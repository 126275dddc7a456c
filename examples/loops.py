# A loop-heavy example: the JIT traces the hot loops and runs them as machine code.


def collatz_steps(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


def main():
    longest = 0
    best = 0
    for start in range(1, 30000):
        steps = collatz_steps(start)
        if steps > longest:
            longest = steps
            best = start
    print("longest Collatz chain below 30000 starts at", best, "with", longest, "steps")
    total = 0
    for i in range(1000000):
        total += i * i % 7
    print("sum:", total)


main()
