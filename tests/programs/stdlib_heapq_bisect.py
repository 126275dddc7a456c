# heapq and bisect from quack's lib/ (written in Python): the same heap order as CPython's sift
# algorithms, merge, nlargest/nsmallest, bisection with key=, and their errors.
import heapq
import bisect
from heapq import heappush, heappop

h = []
for i in range(50):
    heappush(h, (i * 37) % 23)
print(h)
print([heappop(h) for _ in range(10)], h[:5])
data = [(i * 7919) % 101 for i in range(40)]
heapq.heapify(data)
print(data)
print(heapq.heapreplace(data, 50), heapq.heappushpop(data, -1), heapq.heappushpop(data, 200))
print(heapq.nlargest(5, data), heapq.nsmallest(3, data, key=lambda v: -v))
print(list(heapq.merge([1, 4, 9], [2, 3, 10], [0, 4])))
print(list(heapq.merge([9, 4, 1], [10, 3], reverse=True)))
print(list(heapq.merge(["bb", "a"], ["ccc"], key=len)))
try:
    heappop([])
except IndexError as e:
    print(e)
try:
    heappush((), 1)
except TypeError as e:
    print(e)
a = [1, 2, 2, 2, 5, 8]
print(bisect.bisect(a, 2), bisect.bisect_left(a, 2), bisect.bisect_right(a, 0), bisect.bisect_left(a, 9))
bisect.insort(a, 3)
bisect.insort_left(a, 2)
print(a)
recs = [(1, "a"), (3, "b"), (5, "c")]
print(bisect.bisect_left(recs, 3, key=lambda r: r[0]))
bisect.insort(recs, (4, "d"), key=lambda r: r[0])
print(recs)
try:
    bisect.bisect(a, 1, -1)
except ValueError as e:
    print(e)

total = 0
h = []
for i in range(3000):
    heappush(h, (i * 7919) % 1009)
    if i % 3 == 2:
        total += heappop(h)
print(total, len(h), h[:4])
