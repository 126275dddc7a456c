# Classic sorting algorithms written out (insertion, merge, quick with a median-of-three pivot,
# heap, counting, radix), each checked against sorted() on the same generated data.
def insertion(a):
    a = list(a)
    for i in range(1, len(a)):
        x, j = a[i], i - 1
        while j >= 0 and a[j] > x:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = x
    return a


def merge_sort(a):
    if len(a) <= 1:
        return list(a)
    mid = len(a) // 2
    left, right = merge_sort(a[:mid]), merge_sort(a[mid:])
    out, i, j = [], 0, 0
    while i < len(left) and j < len(right):
        if right[j] < left[i]:
            out.append(right[j])
            j += 1
        else:
            out.append(left[i])
            i += 1
    return out + left[i:] + right[j:]


def quick(a):
    if len(a) <= 1:
        return list(a)
    pivot = sorted((a[0], a[len(a) // 2], a[-1]))[1]
    return quick([x for x in a if x < pivot]) + [x for x in a if x == pivot] + quick([x for x in a if x > pivot])


def heap_sort(a):
    a = list(a)
    n = len(a)

    def sift(start, end):
        root = start
        while 2 * root + 1 < end:
            child = 2 * root + 1
            if child + 1 < end and a[child] < a[child + 1]:
                child += 1
            if a[root] >= a[child]:
                return
            a[root], a[child] = a[child], a[root]
            root = child

    for start in range(n // 2 - 1, -1, -1):
        sift(start, n)
    for end in range(n - 1, 0, -1):
        a[0], a[end] = a[end], a[0]
        sift(0, end)
    return a


def counting(a):
    counts = [0] * (max(a) + 1)
    for x in a:
        counts[x] += 1
    return [v for v, c in enumerate(counts) for _ in range(c)]


def radix(a):
    for shift in range(0, 20, 4):
        buckets = [[] for _ in range(16)]
        for x in a:
            buckets[(x >> shift) & 15].append(x)
        a = [x for bucket in buckets for x in bucket]
    return a


state, data = 12345, []
for _ in range(1500):
    state = (state * 1103515245 + 12345) % 2147483648
    data.append((state >> 8) % 100000)
expected = sorted(data)
for sort in (insertion, merge_sort, quick, heap_sort, counting, radix):
    result = sort(data[:600] if sort is insertion else data)
    print(sort.__name__, result == sorted(data[:600] if sort is insertion else data), result[:3])
print(expected[-3:], sum(expected[::100]))
