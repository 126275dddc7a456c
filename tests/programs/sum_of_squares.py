# Sum of squares with a plain for loop and an accumulating while loop.
total = 0
for i in range(2000):
    total += i * i
print("for:", total)

n = 0
acc = 0
while n < 2000:
    acc = acc + n * n
    n += 1
print("while:", acc, acc == total)
