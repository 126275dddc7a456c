# Uncaught ValueError from int() of a string that is not a number.
words = ["12", " 7 ", "-3", "0x1f", "x"]
total = 0
for i in range(20):
    total += int(words[i % 3])
print(total)
for w in words:
    print(int(w, 0) if w.startswith("0x") else int(w))
