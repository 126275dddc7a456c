# Uncaught ZeroDivisionError from integer division inside a function.
def ratio(a, b):
    return a // b


total = 0
for i in range(10, -1, -1):
    total += ratio(100, i)
    print(i, total)
