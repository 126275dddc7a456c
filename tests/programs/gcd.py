# Euclid's gcd with a while loop, summed over a grid of pairs.
def gcd(a, b):
    while b != 0:
        r = a % b
        a = b
        b = r
    return a


total = 0
coprime = 0
for x in range(1, 80):
    for y in range(1, 80):
        g = gcd(x, y)
        total += g
        if g == 1:
            coprime += 1
print("sum of gcds:", total)
print("coprime pairs:", coprime)
print(gcd(1071, 462), gcd(0, 5), gcd(17, 0))
