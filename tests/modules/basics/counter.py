count = 0
_calls = []


def bump():
    global count
    count += 1
    _calls.append(count)


def calls():
    return len(_calls)


if __name__ == "__main__":
    print("never printed: counter is imported")
print("counter loaded as", __name__)
