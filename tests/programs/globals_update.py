# Functions that update module globals, called from hot loops.
counter = 0
evens = 0
odds = 0


def bump(k):
    global counter
    counter += k


def classify(n):
    global evens, odds
    if n % 2 == 0:
        evens = evens + 1
    else:
        odds = odds + 1


def local_shadow(n):
    counter = n * 2
    return counter


for i in range(1500):
    bump(i)
    classify(i)
print("counter:", counter, "evens:", evens, "odds:", odds)
print("shadow:", local_shadow(21), "counter unchanged:", counter)
