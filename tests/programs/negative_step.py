# range with a negative step, and countdown loops.
total = 0
for i in range(1000, 0, -3):
    total += i
print("sum of 1000 down by 3:", total)

countdown = 0
for i in range(500, -500, -1):
    if i < 0:
        countdown -= i
    else:
        countdown += i
print("countdown:", countdown)

alternating = 0
sign = 1
for i in range(999, -1, -2):
    alternating += sign * i
    sign = -sign
print("alternating:", alternating)
print("power:", 2**40, 7**3, -7 // 2, -7 % 3, 7 // -2)
