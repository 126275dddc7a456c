# Generator-heavy: a lazy data pipeline. A sensor feed is produced by a generator, then
# filtered, transformed, windowed, batched and merged by chained generators (yield, yield from,
# generator expressions consumed by sum/max/min/any/all and comprehensions).

MOD = 1000003


def readings(seed, n):
    state = seed
    for i in range(n):
        state = (state * 1103515245 + 12345) % 2147483648
        yield i, (state >> 10) % 1000


def valid(stream):
    for i, value in stream:
        if value % 17 != 0:
            yield i, value


def scaled(stream, factor):
    for i, value in stream:
        yield i, value * factor % 1009


def windows(stream, size):
    window = []
    for _, value in stream:
        window.append(value)
        if len(window) == size:
            yield window
            window = window[1:]


def batched(stream, size):
    batch = []
    for item in stream:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def take(stream, n):
    for item in stream:
        if n <= 0:
            return
        n -= 1
        yield item


def chain(*streams):
    for s in streams:
        yield from s


def interleave(a, b):
    for x in a:
        yield x
        for y in b:
            yield y
            break


def running_total(values):
    acc = 0
    for v in values:
        acc = (acc + v) % MOD
        yield acc


def main():
    checksum = 0
    pipeline = windows(scaled(valid(readings(1, 180000)), 7), 5)
    for w in pipeline:
        checksum = (checksum * 3 + sum(w) + max(w) - min(w)) % MOD

    sensors = chain(readings(2, 70000), readings(3, 70000))
    for batch in batched(valid(sensors), 64):
        total = sum(v for _, v in batch)
        high = sum(1 for _, v in batch if v > 900)
        flag = any(v == 0 for _, v in batch) or all(v > 10 for _, v in batch)
        checksum = (checksum + total + high * 7 + flag) % MOD

    merged = interleave(readings(4, 90000), readings(5, 90000))
    last = 0
    for acc in running_total(v for _, v in take(merged, 150000)):
        last = acc
    squares = [v * v % 101 for _, v in readings(6, 90000) if v % 2 == 0]
    evens = {v % 97 for _, v in readings(7, 5000)}
    print("generators:", checksum, last, sum(squares) % MOD, len(squares), len(evens))


main()
