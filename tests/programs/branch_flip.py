# if/elif chains in hot loops whose branch directions change partway through.
def bucket(i):
    if i < 300:
        return 1
    elif i < 600:
        return 2
    elif i < 900:
        return 3
    else:
        return 4


low = 0
mid = 0
high = 0
top = 0
for i in range(1200):
    b = bucket(i)
    if b == 1:
        low += i
    elif b == 2:
        mid += i
    elif b == 3:
        high += i
    else:
        top += i
print(low, mid, high, top)

x = 0
phase_changes = 0
last = True
for i in range(2000):
    small = i < 1000
    if small != last:
        phase_changes += 1
        last = small
    if small:
        x = x + 3
    else:
        x = x - 1
    if not small and x % 5 == 0 or i == 1500:
        x += 2
print("x =", x, "phase changes:", phase_changes)

flag = 1
ones = 0
for i in range(1000):
    if i == 500:
        flag = 0
    ones += 1 if flag else 0
print("ones:", ones)
