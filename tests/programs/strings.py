# Printing strings in loops, string concatenation and comparison.
words = 0
for i in range(12):
    if i % 3 == 0:
        print("fizz", i)
    elif i % 3 == 1:
        print("buzz", i)
    else:
        print("plain", i, "of", 12)
    words += 1

s = ""
for i in range(300):
    if i % 100 == 0:
        s = s + "x"
print("built:", s, s == "xxx", s < "xxxx")

label = "a"
for i in range(400):
    if i == 200:
        label = "b"
print("label:", label, label != "a")
print('quote\'s and "double" and unicode: é')
