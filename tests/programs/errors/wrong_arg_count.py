# Uncaught TypeError: a function called with the wrong number of arguments.
def add(a, b):
    return a + b


total = 0
for i in range(300):
    total = add(total, i)
print(total)
print(add(1, 2, 3))
