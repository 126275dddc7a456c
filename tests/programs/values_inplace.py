# Augmented assignment: lists and sets change in place (aliases see it), immutables rebind.
a = [1, 2]
alias = a
a += [3]
a += (4, 5)
a += "xy"
a *= 2
print(a, alias, a is alias)
t = (1,)
t2 = t
t += (2,)
print(t, t2, t is t2)
s = "ab"
s += "cd"
s *= 2
print(s)
st = {1, 2}
st_alias = st
st |= {3}
st &= {1, 3, 4}
st -= {4}
st ^= {5, 1}
print(st, st_alias, st is st_alias)
d = {"a": 1}
d_alias = d
d |= {"b": 2}
d |= [("c", 3)]
print(d, d_alias)
n = 10
n -= 3
n *= 4
n //= 3
n %= 5
n **= 3
n <<= 2
n >>= 1
n |= 1
n &= 13
n ^= 6
print(n)
f = 1.5
f += 1
f /= 4
f -= 0.125
print(f)
acc = []
total = 0
for i in range(50):
    acc += [i]
    total += i * i
    if i % 10 == 9:
        acc *= 1
        print(i, len(acc), acc[-3:], total)
