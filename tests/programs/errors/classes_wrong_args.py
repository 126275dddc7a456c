class Pair:
    first = 0


pairs = [Pair() for i in range(30)]
print(len(pairs))
Pair(1, 2)
