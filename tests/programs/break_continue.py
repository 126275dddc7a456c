# break and continue in for and while loops, with while/else and for/else.
skipped = 0
kept = 0
for i in range(1000):
    if i % 7 == 0:
        skipped += 1
        continue
    if i > 900:
        break
    kept += i
print("kept", kept, "skipped", skipped)

n = 0
found = -1
while n < 500:
    n += 1
    if n % 3 == 0:
        continue
    if n * n > 200000:
        found = n
        break
else:
    print("while finished without break")
print("first n with n*n > 200000 and n % 3 != 0:", found)

m = 0
while m < 300:
    m += 1
else:
    print("while/else ran, m =", m)

for j in range(400):
    if j == 1000:
        break
else:
    print("for/else ran, j =", j)

hits = 0
for a in range(30):
    for b in range(30):
        if b > a:
            break
        if (a + b) % 4 == 0:
            continue
        hits += 1
print("hits:", hits)
